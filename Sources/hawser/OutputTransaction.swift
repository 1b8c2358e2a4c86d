import Foundation
import HawserCore

/// `write(2)`, under a name that `POSIXFile.write` does not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }

/// Writes a build's changed files into the output folder so that a crash (`kill -9`, a full
/// disk, a power cut after the data reached the disk) never leaves a mix of two builds that the
/// next build cannot tell apart and finish:
///
/// 1. the journal `.hawser-journal.json` is written with state `prepare`, listing the files to
///    write and to delete;
/// 2. each file is written in full to a temporary file beside it (`dir/.NAME.hawser-tmp`) and
///    flushed to disk;
/// 3. the journal is replaced (atomically, by rename) by one with state `commit`: from here the
///    new output is on disk in full and the build can only be finished, never lost;
/// 4. each temporary file is renamed over its file, the obsolete files are deleted, the
///    manifest is renamed last, and the journal is removed.
///
/// A failure before 3 removes the temporary files: the folder holds the previous output. A
/// crash before 3 leaves a `prepare` journal, and the next build removes what it lists; a
/// crash after 3 leaves a `commit` journal, and the next build finishes the renames before it
/// does anything else (`recover`). Every rename stays inside one folder, so each is atomic.
struct OutputTransaction {
    /// The output folder.
    var folder: String
    /// Files to write, in order; the manifest, when written, is last.
    var writes: [String]
    /// Files to delete (obsolete outputs an earlier manifest lists).
    var deletes: [String]

    static let journalName = ".hawser-journal.json"
    static let temporarySuffix = ".hawser-tmp"

    enum Recovery {
        /// A build stopped before its commit point: its temporary files were removed.
        case rolledBack
        /// A build stopped after its commit point: its renames and deletions were finished.
        case finished
    }

    /// A relative path that stays inside the folder: no absolute path, no `..`.
    static func isInsideFolder(_ file: String) -> Bool {
        !file.isEmpty && !file.hasPrefix("/") && !file.split(separator: "/").contains("..")
    }

    private func path(_ file: String) -> String { ProjectInputs.join(folder, file) }

    /// `dir/.NAME.hawser-tmp` for `dir/NAME`: hidden, beside its file, so the rename is atomic.
    private func temporaryPath(_ file: String) -> String {
        let name = (file as NSString).lastPathComponent
        let parent = (file as NSString).deletingLastPathComponent
        return path(ProjectInputs.join(parent.isEmpty ? "." : parent, "." + name + Self.temporarySuffix))
    }

    private var journalPath: String { path(Self.journalName) }

    /// Writes every file of `writes` (from `files`) and deletes `deletes`, as described above.
    func run(_ files: [String: [UInt8]]) throws {
        var written: [String] = []
        var createdFolders: [String] = []
        do {
            try writeJournal(state: "prepare")
            for file in writes {
                let parent = (path(file) as NSString).deletingLastPathComponent
                createdFolders += try POSIXFile.makeFolders(parent)
                try POSIXFile.write(files[file] ?? [], to: temporaryPath(file), display: path(file))
                written.append(file)
            }
            try writeJournal(state: "commit")
        } catch {
            for file in written { unlink(temporaryPath(file)) }
            for created in createdFolders.reversed() { rmdir(created) }
            unlink(journalPath)
            unlink(journalPath + Self.temporarySuffix)
            guard var failure = error as? UsageError else { throw error }
            failure.message += "; nothing was changed in \(folder)"
            throw failure
        }
        try finish()
    }

    /// Step 4: the renames, the deletions, the manifest last, then the journal. Each step is
    /// done only if it is still to do, so a finish interrupted in turn can be finished again.
    private func finish() throws {
        let manifest = Pipeline.manifestFile
        for file in writes where file != manifest { try replace(file) }
        try delete()
        if writes.contains(manifest) { try replace(manifest) }
        unlink(journalPath)
    }

    /// Renames the temporary file of `file` over it, unless that was done already.
    private func replace(_ file: String) throws {
        let temporary = temporaryPath(file)
        guard access(temporary, F_OK) == 0 else { return }
        guard rename(temporary, path(file)) == 0 else {
            throw UsageError(message: "cannot replace '\(path(file))': \(POSIXFile.reason()); the next hawser build finishes it")
        }
    }

    /// Deletes the obsolete files, and the folders they leave empty.
    private func delete() throws {
        for file in deletes where unlink(path(file)) != 0 && errno != ENOENT {
            throw UsageError(message: "cannot delete '\(path(file))': \(POSIXFile.reason())")
        }
        // A script in a subfolder (`reader/index.js`) leaves its folder behind: removed when empty.
        let folders = Set(deletes.flatMap { file in
            let components = file.split(separator: "/").dropLast()
            return components.indices.map { components[...$0].joined(separator: "/") }
        })
        for sub in folders.sorted(by: { $0.count > $1.count }) { rmdir(path(sub)) }
    }

    /// Replaces the journal atomically (temporary file, flush, rename).
    private func writeJournal(state: String) throws {
        let object: [String: Any] = ["state": state, "writes": writes, "deletes": deletes]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        let temporary = journalPath + Self.temporarySuffix
        try POSIXFile.write(Array(data), to: temporary, display: journalPath)
        guard rename(temporary, journalPath) == 0 else {
            let reason = POSIXFile.reason()
            unlink(temporary)
            throw UsageError(message: "cannot write '\(journalPath)': \(reason)")
        }
    }

    /// Whether a build left a journal in `folder` (it stopped before it was done).
    static func isInterrupted(_ folder: String) -> Bool {
        access(ProjectInputs.join(folder, journalName), F_OK) == 0
    }

    /// Finishes or undoes a build that stopped in `folder`, per its journal; nil when there is
    /// none. Called with the folder's lock held, before a build reads the folder.
    static func recover(_ folder: String) throws -> Recovery? {
        let journal = ProjectInputs.join(folder, journalName)
        unlink(journal + temporarySuffix)
        guard let data = FileManager.default.contents(atPath: journal) else { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let state = object["state"] as? String, state == "prepare" || state == "commit",
              let writes = object["writes"] as? [String], let deletes = object["deletes"] as? [String],
              (writes + deletes).allSatisfy(isInsideFolder)
        else {
            throw UsageError(message: "'\(journal)' is not a journal Hawser wrote; remove it, then build again")
        }
        let transaction = OutputTransaction(folder: folder, writes: writes, deletes: deletes)
        if state == "commit" {
            try transaction.finish()
            return .finished
        }
        for file in writes { unlink(transaction.temporaryPath(file)) }
        unlink(journal)
        return .rolledBack
    }
}

/// The few file operations the output needs, in POSIX terms so that a failure says why
/// (`No space left on device`, `Permission denied`, `Read-only file system`).
enum POSIXFile {
    /// The system's text for the current `errno`.
    static func reason() -> String { String(cString: strerror(errno)) }

    /// Writes `bytes` to a new file at `path` and, with `sync`, flushes it to disk (the cache's
    /// entries are not: a torn one is a miss). On failure the partial file is removed and the
    /// error names `display`.
    static func write(_ bytes: [UInt8], to path: String, display: String, sync: Bool = true) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw UsageError(message: "cannot write '\(display)': \(reason())") }
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = reason()
                    return
                }
                offset += count
            }
        }
        if sync, failure == nil, fsync(descriptor) != 0 { failure = reason() }
        if close(descriptor) != 0, failure == nil { failure = reason() }
        if let failure {
            unlink(path)
            throw UsageError(message: "cannot write '\(display)': \(failure)")
        }
    }

    /// Creates `path` and its missing parents; returns the folders it created, outermost first.
    static func makeFolders(_ path: String) throws -> [String] {
        var missing: [String] = []
        var current = path
        var info = stat()
        while !current.isEmpty, current != "/", current != ".", stat(current, &info) != 0 {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        if !current.isEmpty, current != ".", stat(current, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
            throw UsageError(message: "cannot create folder '\(missing.last ?? path)': '\(current)' is a file")
        }
        for folder in missing.reversed() where mkdir(folder, 0o777) != 0 && errno != EEXIST {
            throw UsageError(message: "cannot create folder '\(folder)': \(reason())")
        }
        return missing.reversed()
    }
}
