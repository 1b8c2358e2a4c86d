import Foundation
import HawserCore

/// The output folder on disk: what differs from a build's files, and writing only that, so
/// that the folder always holds one build's complete output (see `OutputTransaction`).
struct OutputFolder {
    var path: String
    /// The manifest file, whose `files` list says which files an earlier build generated.
    var manifest: String

    struct Plan {
        /// Generated files whose bytes differ.
        var stale: [String] = []
        /// Generated files that are not there.
        var missing: [String] = []
        /// Files an earlier build generated (its manifest lists them) that this build does not
        /// produce: `--check` reports them as extra, a build deletes them. Files no manifest
        /// lists are the user's and never touched.
        var extra: [String] = []
        var unchanged = 0
        /// Files this build would replace that are not Hawser's: no Hawser manifest lists them
        /// and they carry no Hawser header (or, for the manifest, no `generator` field). The
        /// build stops unless `--force` is given. With the reason each is not Hawser's.
        var conflicts: [(file: String, reason: String)] = []

        var isUpToDate: Bool { stale.isEmpty && missing.isEmpty && extra.isEmpty }
    }

    func display(_ file: String) -> String { ProjectInputs.join(path, file) }

    /// What the folder is: absent, a folder, or something else (a file) that cannot be one.
    enum State { case absent, folder, notAFolder }

    var state: State {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .absent }
        return isDirectory.boolValue ? .folder : .notAFolder
    }

    /// The error for an output path that is a file.
    var notAFolderError: UsageError {
        UsageError(message: "the output folder '\(path)' is a file, not a folder; nothing was written. Remove it, or choose another output folder")
    }

    func plan(_ files: [String: [UInt8]]) throws -> Plan {
        var plan = Plan()
        let fileManager = FileManager.default
        let previous = Set(previousFiles())
        for (file, bytes) in files.sorted(by: { $0.key < $1.key }) {
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: display(file), isDirectory: &isDirectory), isDirectory.boolValue {
                plan.conflicts.append((file, "it is a folder, where the build writes a file"))
                plan.stale.append(file)
                continue
            }
            guard let existing = fileManager.contents(atPath: display(file)) else {
                plan.missing.append(file)
                continue
            }
            if Array(existing) == bytes {
                plan.unchanged += 1
                continue
            }
            plan.stale.append(file)
            if !previous.contains(file), !Pipeline.isOwnOutput(Array(existing), file: file) {
                plan.conflicts.append((file, file == manifest
                    ? "it is not a Hawser manifest (no 'generator' field names Hawser)"
                    : "no Hawser manifest lists it and it has no Hawser header"))
            }
        }
        plan.extra = previous.filter { files[$0] == nil && fileManager.fileExists(atPath: display($0)) }.sorted()
        return plan
    }

    /// The files the manifest of the last build lists; only these may be deleted. A
    /// `manifest.json` that Hawser did not write lists nothing.
    func previousFiles() -> [String] {
        guard let data = FileManager.default.contents(atPath: display(manifest)), Pipeline.isOwnOutput(Array(data), file: manifest),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = object["files"] as? [String]
        else { return [] }
        return files.filter(OutputTransaction.isInsideFolder)
    }

    /// Writes the stale and missing files, deletes the extra ones, and writes the manifest
    /// last, as one `OutputTransaction`: on any failure the folder keeps the previous output.
    func apply(_ plan: Plan, files: [String: [UInt8]]) throws {
        let writes = (plan.missing + plan.stale).sorted { ($0 == manifest ? 1 : 0, $0) < ($1 == manifest ? 1 : 0, $1) }
        guard !writes.isEmpty || !plan.extra.isEmpty else { return }
        try OutputTransaction(folder: path, writes: writes, deletes: plan.extra).run(files)
    }
}
