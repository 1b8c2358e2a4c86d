import Foundation

/// The lock that keeps two `hawser build` runs on one output folder from interleaving: an
/// advisory `flock` on `.hawser-lock` in the folder. The kernel releases it when its process
/// ends in any way (`kill -9` included), so a crashed build never blocks the next one. A build
/// holds it exclusively from before it reads the folder until it has written it, and removes
/// the file when done; `--check` takes it shared, when the file exists, so that it never reads
/// a folder in the middle of a write.
final class OutputLock {
    static let fileName = ".hawser-lock"

    private let path: String
    private let descriptor: Int32
    private let exclusive: Bool

    private init(path: String, descriptor: Int32, exclusive: Bool) {
        self.path = path
        self.descriptor = descriptor
        self.exclusive = exclusive
    }

    /// Takes the lock of `folder` (which exists). While another build holds it, says so once on
    /// `io` and waits. Shared (`exclusive: false`) returns nil when no lock file exists: no
    /// build is running.
    static func acquire(_ folder: String, exclusive: Bool, io: StandardStreams) throws -> OutputLock? {
        let path = ProjectInputs.join(folder, fileName)
        var announced = false
        while true {
            let descriptor = exclusive ? open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666) : open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 {
                if !exclusive, errno == ENOENT { return nil }
                throw UsageError(message: "cannot write to the output folder '\(folder)': \(POSIXFile.reason()); nothing was written")
            }
            let operation = exclusive ? LOCK_EX : LOCK_SH
            if flock(descriptor, operation | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK else {
                    let reason = POSIXFile.reason()
                    close(descriptor)
                    throw UsageError(message: "cannot lock the output folder '\(folder)': \(reason)")
                }
                if !announced {
                    announced = true
                    io.err("hawser: \(folder) is being written by another hawser build\(holder(path)); waiting for it to finish\n")
                }
                while flock(descriptor, operation) != 0 {
                    guard errno == EINTR else {
                        let reason = POSIXFile.reason()
                        close(descriptor)
                        throw UsageError(message: "cannot lock the output folder '\(folder)': \(reason)")
                    }
                }
            }
            // The build that held it may have removed the file before we locked it: the lock is
            // ours only if the path still names the file we locked.
            var held = stat(), named = stat()
            if fstat(descriptor, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev {
                let lock = OutputLock(path: path, descriptor: descriptor, exclusive: exclusive)
                if exclusive {
                    let pid = Array("\(getpid())\n".utf8)
                    _ = ftruncate(descriptor, 0)
                    _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
                }
                return lock
            }
            close(descriptor)
        }
    }

    /// `" (pid N)"` from the lock file, when it names the holder.
    private static func holder(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path),
              let pid = Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else { return "" }
        return " (pid \(pid))"
    }

    /// Releases the lock; an exclusive holder removes the file first, while it still holds it.
    func release() {
        if exclusive { unlink(path) }
        close(descriptor)
    }
}
