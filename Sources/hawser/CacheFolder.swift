import Foundation
import HawserCore

/// The fact cache on disk: one file per entry, named by its key, in one folder
/// (`.build/hawser-cache` by default). An entry is written to a temporary file in the same
/// folder and renamed into place, so a reader (another run at the same time) sees the whole old
/// entry, the whole new one, or none. What is read is verified by `FactCache`, never trusted.
/// A folder that cannot be created or written leaves the run uncached, with one note.
final class CacheFolder: CacheStore, @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    private var failed = false
    /// Whether the folder is known to exist: it is made once, by the first entry stored.
    private var folderExists = false
    private let io: StandardStreams

    init(path: String, io: StandardStreams) {
        self.path = path
        self.io = io
    }

    /// The cache a command uses: none with `--no-cache`; `--cache-dir`, or `.build/hawser-cache`
    /// in the folder of the config file (the current folder without one).
    static func cache(_ options: CommonOptions, project: ProjectInputs, io: StandardStreams) -> FactCache? {
        guard !options.noCache else { return nil }
        let folder = options.cacheDirectory ?? ProjectInputs.join(project.baseFolder, defaultFolder)
        return FactCache(store: CacheFolder(path: folder, io: io), salt: executableIdentity)
    }

    /// This executable's path, size, inode and modification time: a rebuilt or updated hawser
    /// of the same version (a development build, a checkout of main updated under the plugin's
    /// cache) is a different program, whose cached facts and runs must not be reused. Empty when
    /// it cannot be read; the version alone then separates the entries.
    static let executableIdentity: [UInt8] = {
        guard let path = Bundle.main.executablePath.map({ URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }),
              let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? NSNumber,
              let modified = attributes[.modificationDate] as? Date
        else { return [] }
        let inode = (attributes[.systemFileNumber] as? NSNumber)?.stringValue ?? ""
        return Array("\(path)\u{0}\(size.stringValue)\u{0}\(inode)\u{0}\(modified.timeIntervalSince1970)".utf8)
    }()

    static let defaultFolder = ".build/hawser-cache"

    func load(_ key: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file(key)).map(Array.init)
    }

    func store(_ key: String, _ bytes: [UInt8]) {
        guard let ready = lock.withLock({ failed ? nil : folderExists }) else { return }
        let temporary = ProjectInputs.join(path, ".tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        do {
            if !ready {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                lock.withLock { folderExists = true }
            }
            // Written without fsync: an entry torn by a crash fails `FactCache`'s check when read,
            // and is then a miss; rename(2) replaces the entry in one step. (Foundation's
            // `Data.write` syncs every file: without it, a cold build of 400 modules went from
            // 1.15 s to 0.53 s.)
            try POSIXFile.write(bytes, to: temporary, display: temporary, sync: false)
            guard rename(temporary, file(key)) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            unlink(temporary)
            let first = lock.withLock { () -> Bool in
                defer { failed = true }
                return !failed
            }
            if first { io.err("hawser: note: cannot write the cache in \(path); continuing without it\n") }
        }
    }

    private func file(_ key: String) -> String { ProjectInputs.join(path, key) }
}

/// What a whole run of `hawser lint` or `hawser build` printed and wrote, cached under the
/// digest of everything it is a function of (`key`): every input file's path and bytes, the
/// config file's path and bytes, the options that change the output, the current folder, and
/// Hawser's version. A later run with the same key prints the same and, for a build whose output
/// folder still holds exactly the recorded bytes, has nothing to write: it parses, checks and
/// generates nothing.
struct RunRecord: Codable {
    var stdout: String
    var stderr: String
    var status: Int32
    /// For a build: each output file (relative to the output folder) and its SHA-256 digest.
    var files: [String: String] = [:]
    /// Each file the module graph read beyond the listed inputs (modules elsewhere, packages,
    /// their `package.json`) and its digest: the run is a function of them too.
    var dependencies: [String: String] = [:]

    /// The files `project`'s module graph read that are not among its listed inputs, digested.
    static func dependencies(of project: ProjectInputs) -> [String: String] {
        guard let read = project.files?.filesRead else { return [:] }
        let listed = Set((project.scripts + project.pages + project.swift + project.schemas).map { ModulePath.normalize($0.path) })
        return read.filter { !listed.contains($0.key) }.mapValues { SHA256.hex(SHA256.hash($0)) }
    }

    /// Whether every dependency still has the bytes it had.
    var dependenciesUnchanged: Bool {
        dependencies.allSatisfy { path, digest in
            FileManager.default.contents(atPath: path).map { SHA256.hex(SHA256.hash(Array($0))) == digest } ?? false
        }
    }

    static func key(_ command: CommandName, project: ProjectInputs, options: [String]) -> [UInt8]? {
        // The config's bytes: read again, from where `load` read it (its own folder when it ran there).
        var config: [UInt8] = []
        if let file = project.configFile {
            guard let data = FileManager.default.contents(atPath: project.runsInConfigFolder ? ProjectInputs.configName : file) else {
                return nil
            }
            config = Array(data)
        }
        return FactCache.key("run-\(command.rawValue)") { hasher in
            hasher.field(ProjectInputs.absolute("."))
            hasher.field(project.configFile ?? "")
            hasher.field(config)
            hasher.update(project.runsInConfigFolder ? 1 : 0)
            hasher.field(project.outputFolder)
            hasher.update(options.count)
            for option in options { hasher.field(option) }
            for files in [project.scripts, project.pages, project.swift, project.schemas, project.pairingOnly] {
                hasher.update(files.count)
                for file in files {
                    hasher.field(file.path)
                    hasher.field(file.relativePath)
                    hasher.field(file.bytes)
                }
            }
        }
    }

    static func load(_ key: [UInt8], from cache: FactCache) -> RunRecord? {
        cache.bytes(key).flatMap { try? JSONDecoder().decode(RunRecord.self, from: Data($0)) }
    }

    func store(_ key: [UInt8], in cache: FactCache) {
        guard let data = try? FactCache.encoder.encode(self) else { return }
        cache.setBytes(Array(data), for: key)
    }

    /// The digests of a build's output files.
    static func digests(_ files: [String: [UInt8]]) -> [String: String] {
        // On every core: a build's outputs are a few files of megabytes each.
        let paths = Array(files.keys)
        let lock = NSLock()
        nonisolated(unsafe) var digests: [String: String] = [:]
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let digest = SHA256.hex(SHA256.hash(files[paths[index]]!))
            lock.withLock { digests[paths[index]] = digest }
        }
        return digests
    }

    /// Whether `folder` holds exactly the recorded files' bytes. The recorded manifest is among
    /// them, so it lists no file this build would delete.
    func isWritten(in folder: OutputFolder) -> Bool {
        !files.isEmpty && files.allSatisfy { file, digest in
            FileManager.default.contents(atPath: folder.display(file)).map { SHA256.hex(SHA256.hash(Array($0))) == digest } ?? false
        }
    }
}
