/// An input file held in memory. `path` is the display path used in diagnostics: the folder as
/// given on the command line (or in the config) joined with the file's relative path.
public struct SourceFile: Hashable, Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
