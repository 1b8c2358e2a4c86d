#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system calls that reading the inputs needs, made on POSIX directly: every
/// failure carries the system's reason (`Permission denied`), a symbolic link is followed but a
/// loop of them is not, and nothing blocks on a named pipe or reads a device.
enum FileSystem {
    /// A file or folder as the system knows it, whatever path reaches it: two paths with the same
    /// identity (a symbolic link and its target, two hard links) are one file.
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// What a path is, after following symbolic links.
    enum Kind: Equatable {
        case file(Identity)
        case folder(Identity)
        /// Not readable as a file, and why: a symbolic link to nothing, a named pipe, an errno.
        case unreadable(String)
    }

    /// The system's text for an errno value: `No such file or directory`.
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
                if code == ENOENT { return .unreadable("it is a symbolic link to '\(linkTarget(path))', which does not exist") }
                return .unreadable("it is a symbolic link that cannot be followed (\(reason(code)))")
            }
            return .unreadable(reason(code))
        }
        let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(identity)
        case S_IFDIR: return .folder(identity)
        case S_IFIFO: return .unreadable("it is a named pipe, not a regular file")
        case S_IFSOCK: return .unreadable("it is a socket, not a regular file")
        default: return .unreadable("it is a device, not a regular file")
        }
    }

    /// The text of the symbolic link at `path`, as printable text.
    private static func linkTarget(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count)
        guard count >= 0 else { return "?" }
        return display(buffer[0..<count].map { UInt8(bitPattern: $0) })
    }

    /// The bytes of the regular file at `path`, or why they cannot be had. Opened without
    /// blocking, so a path that became a named pipe since it was listed is refused, not waited on.
    static func read(_ path: String) -> Result<[UInt8], ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if case .unreadable(let why) = kind(of: path) { return .failure(ReadFailure(reason: why)) }
            return .failure(ReadFailure(reason: reason(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(ReadFailure(reason: reason(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(ReadFailure(reason: "it is a folder"))
        default: return .failure(ReadFailure(reason: "it is not a regular file"))
        }
        // Read straight into the array, sized by the file's length (plus room to see that it
        // ends there); a file that grew since is read on in chunks.
        var bytes: [UInt8] = []
        var capacity = max(Int(info.st_size) + 1, 4096)
        while true {
            var failure: Int32 = 0
            let start = bytes.count
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                if start > 0 { _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<start]).initialize(from: bytes) }
                initialized = start
                while initialized < capacity {
                    let count = systemRead(descriptor, buffer.baseAddress! + initialized, capacity - initialized)
                    if count == 0 { capacity = -1; return }
                    if count < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    initialized += count
                }
            }
            if failure != 0 { return .failure(ReadFailure(reason: reason(failure))) }
            if capacity < 0 { return .success(bytes) }
            capacity *= 2
        }
    }

    struct ReadFailure: Error {
        var reason: String
    }

    /// The names in the folder at `path`, each as its bytes (a name need not be UTF-8), without
    /// `.` and `..`, in byte order.
    static func names(in path: String) -> Result<[[UInt8]], ReadFailure> {
        guard let folder = opendir(path) else { return .failure(ReadFailure(reason: reason(errno))) }
        defer { closedir(folder) }
        var names: [[UInt8]] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name)
        }
        return .success(names.sorted { $0.lexicographicallyPrecedes($1) })
    }

    /// A name's bytes as text: as they are when they are UTF-8, with `\xFF` for each byte that
    /// is not. Such a name cannot be passed back to the system, so its file is reported, not read.
    static func display(_ name: [UInt8]) -> String {
        if let text = String(validating: name, as: UTF8.self) { return text }
        var out = ""
        var i = 0
        while i < name.count {
            if name[i] < 0x80 {
                out.unicodeScalars.append(Unicode.Scalar(name[i]))
                i += 1
                continue
            }
            var length = 1
            while length <= 4, i + length <= name.count, String(validating: name[i..<(i + length)], as: UTF8.self) == nil { length += 1 }
            if length <= 4, i + length <= name.count, let scalar = String(validating: name[i..<(i + length)], as: UTF8.self) {
                out += scalar
                i += length
            } else {
                out += "\\x" + String(name[i], radix: 16, uppercase: true)
                i += 1
            }
        }
        return out
    }
}

/// POSIX `read`, which `FileSystem.read` hides inside the type.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
