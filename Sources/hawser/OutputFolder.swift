import Foundation
import HawserCore

/// The output folder on disk: what differs from a build's files, and writing only that.
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

        var isUpToDate: Bool { stale.isEmpty && missing.isEmpty && extra.isEmpty }
    }

    func display(_ file: String) -> String { ProjectInputs.join(path, file) }

    func plan(_ files: [String: [UInt8]]) throws -> Plan {
        var plan = Plan()
        let fileManager = FileManager.default
        for (file, bytes) in files.sorted(by: { $0.key < $1.key }) {
            guard let existing = fileManager.contents(atPath: display(file)) else {
                plan.missing.append(file)
                continue
            }
            if Array(existing) == bytes { plan.unchanged += 1 } else { plan.stale.append(file) }
        }
        plan.extra = previousFiles().filter { files[$0] == nil && fileManager.fileExists(atPath: display($0)) }.sorted()
        return plan
    }

    /// The files the manifest of the last build lists; only these may be deleted.
    func previousFiles() -> [String] {
        guard let data = FileManager.default.contents(atPath: display(manifest)),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = object["files"] as? [String]
        else { return [] }
        // Never follow a manifest out of the folder.
        return files.filter { !$0.hasPrefix("/") && !$0.split(separator: "/").contains("..") }
    }

    /// Writes the stale and missing files (each atomically), deletes the extra ones, and writes
    /// the manifest last: if anything fails before, the old manifest still lists what to clean up.
    func apply(_ plan: Plan, files: [String: [UInt8]]) throws {
        let fileManager = FileManager.default
        let writes = (plan.missing + plan.stale).sorted { ($0 == manifest ? 1 : 0, $0) < ($1 == manifest ? 1 : 0, $1) }
        for file in plan.extra {
            do {
                try fileManager.removeItem(atPath: display(file))
            } catch {
                throw UsageError(message: "cannot delete '\(display(file))': \(error.localizedDescription)")
            }
        }
        // A script in a subfolder (`reader/index.js`) leaves its folder behind: removed when empty.
        let folders = Set(plan.extra.flatMap { file in
            let components = file.split(separator: "/").dropLast()
            return components.indices.map { components[...$0].joined(separator: "/") }
        })
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            if (try? fileManager.contentsOfDirectory(atPath: display(folder)))?.isEmpty == true {
                try? fileManager.removeItem(atPath: display(folder))
            }
        }
        for file in writes {
            let url = URL(fileURLWithPath: display(file))
            do {
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(files[file] ?? []).write(to: url, options: .atomic)
            } catch {
                throw UsageError(message: "cannot write '\(display(file))': \(error.localizedDescription)")
            }
        }
    }
}
