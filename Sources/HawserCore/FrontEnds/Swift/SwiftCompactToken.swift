/// One token as the scanner walks it: kind, interned word, flags, byte range and position,
/// without its text. It holds no String or reference, so an array of them is copied, sliced
/// and freed without reference counting, and a token is 24 bytes instead of a `SwiftToken`'s
/// hundred-odd. The text lives in the file's bytes; `SwiftTokenList` reads it, decodes string
/// values and builds the full `SwiftToken` on demand.
///
/// Offsets, lines and columns are 32-bit: the lexer reads at most the first 4 GiB of a file.
struct SwiftCompactToken {
    var start: UInt32
    var end: UInt32
    var line: UInt32
    var column: UInt32
    /// The line of the token's last byte (differs from `line` for multi-line strings and comments).
    var endLine: UInt32
    var kind: SwiftTokenKind
    /// The spelling the token is, when the scanner has a name for it (see `SwiftWord`).
    var word: SwiftWord
    var flags: Flags

    struct Flags: OptionSet {
        var rawValue: UInt8
        /// Only whitespace precedes the token on its line.
        static let firstOnLine = Flags(rawValue: 1 << 0)
        /// A string literal with at least one interpolation.
        static let interpolated = Flags(rawValue: 1 << 1)
        /// A string literal with `"""` delimiters.
        static let multiline = Flags(rawValue: 1 << 2)
        /// A string or block comment that reaches the end of input without its closing delimiter.
        static let unterminated = Flags(rawValue: 1 << 3)
    }

    var range: Range<Int> { Int(start)..<Int(end) }
    var isFirstOnLine: Bool { flags.contains(.firstOnLine) }
    var hasInterpolation: Bool { flags.contains(.interpolated) }
    var isMultiline: Bool { flags.contains(.multiline) }
    var isUnterminated: Bool { flags.contains(.unterminated) }

    /// Whether the token is `word`: `is(.let)` for the keyword, `is(.leftParen)` for `(`.
    func `is`(_ word: SwiftWord) -> Bool { self.word == word }

    var isComment: Bool {
        switch kind {
        case .lineComment, .docLineComment, .blockComment, .docBlockComment: return true
        default: return false
        }
    }
}
