import Foundation
import HawserCore

/// The `FileProvider` the CLI gives the core: reads files from the disk, relative to the current
/// folder, and remembers every file it read, so a build's record (`RunRecord`) can tell when a
/// module or a `package.json` outside the scripts folders changed. Files below the output
/// folder are never read: they are the build's own output.
final class DiskFiles: FileProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var read: [String: [UInt8]] = [:]
    private let outputFolder: String

    init(outputFolder: String) {
        self.outputFolder = ModulePath.normalize(outputFolder)
    }

    /// A file is read from the disk once per run: the resolver asks for a file to learn that
    /// it exists, and the graph then reads it (its bytes are the build's input either way).
    func contents(of path: String) -> [UInt8]? {
        let path = ModulePath.normalize(path)
        lock.lock()
        let known = read[path]
        lock.unlock()
        if let known { return known }
        guard !isInOutput(path), case .file = FileSystem.kind(of: path), case .success(let bytes) = FileSystem.read(path) else { return nil }
        lock.lock()
        read[path] = bytes
        lock.unlock()
        return bytes
    }

    func isFolder(_ path: String) -> Bool {
        let path = ModulePath.normalize(path)
        guard !isInOutput(path), case .folder = FileSystem.kind(of: path) else { return false }
        return true
    }

    /// Every file read so far, with its bytes, by path.
    var filesRead: [String: [UInt8]] {
        lock.lock()
        defer { lock.unlock() }
        return read
    }

    private func isInOutput(_ path: String) -> Bool {
        outputFolder != "." && (path == outputFolder || path.hasPrefix(outputFolder + "/"))
    }
}
