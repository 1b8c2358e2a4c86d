/// An input file held in memory. `path` is the display path used in diagnostics: the folder as
/// given on the command line (or in the config) joined with the file's relative path.
public struct SourceFile: Hashable, Sendable {
    public var path: String
    public var bytes: [UInt8]
    /// The file's path inside the folder it was read from (`reader/index.js`), which is a user
    /// script's identity: its default name is this path without the extension. Without one, the
    /// file name, as if the file sat directly in its folder.
    public var relativePath: String

    public init(path: String, bytes: [UInt8], relativePath: String? = nil) {
        self.path = path
        self.bytes = bytes
        self.relativePath = relativePath ?? (path.split(separator: "/").last.map(String.init) ?? path)
    }

    public init(path: String, text: String, relativePath: String? = nil) {
        self.init(path: path, bytes: Array(text.utf8), relativePath: relativePath)
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// An input file the CLI (or another tool) listed but could not read: a permission problem, a
/// symbolic link to nothing, a file removed while the folder was read, a named pipe. Each becomes
/// one `unreadable-file` error at the file, so a run reports every such file and never stops at
/// the first or silently builds without it.
public struct UnreadableFile: Hashable, Sendable {
    public var path: String
    /// Why, as the system says it: `Permission denied`.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
