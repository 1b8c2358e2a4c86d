/// The lexical category of a `SwiftToken`.
enum SwiftTokenKind: String, Hashable, Sendable {
    /// A name or keyword, possibly in backticks (`` `class` ``). Keywords are not told apart
    /// from names by the lexer; compare `text` (backticked keywords keep their backticks there).
    case identifier
    case number
    /// Any string literal: plain, multi-line `"""`, or raw `#"…"#` at any depth.
    case string
    /// A run of operator characters (`==`, `!=`, `=`, `->`, `?`, `..<` …).
    case operatorSymbol
    /// One of `( ) { } [ ] , : ; . @ # \`.
    case punctuation
    /// `#` followed by a name: `#if`, `#endif`, `#selector`, `#available` …
    case directive
    /// `@` followed by a name: `@objc`, `@MainActor` …
    case attribute
    case lineComment
    /// `/// …`
    case docLineComment
    /// `/* … */`, nesting allowed.
    case blockComment
    /// `/** … */`
    case docBlockComment
    /// A byte the lexer does not understand (for example a lone backtick).
    case unknown
}

/// One token of Swift source. Positions are 1-based; columns count UTF-8 bytes.
struct SwiftToken: Hashable, Sendable {
    var kind: SwiftTokenKind
    /// The token's source text exactly as written (delimiters and backticks included).
    var text: String
    /// The token's byte offsets in the input.
    var range: Range<Int>
    var line: Int
    var column: Int
    /// The line of the token's last byte (differs from `line` for multi-line strings and comments).
    var endLine: Int
    /// True when only whitespace precedes the token on its line.
    var isFirstOnLine: Bool
    /// For a string literal without interpolation: its decoded value (escapes applied and, for
    /// multi-line literals, indentation stripped). Nil for other tokens and for interpolated strings.
    var stringValue: String?
    /// For a string literal: it contains at least one `\(…)` (or `\#(…)` in a raw string).
    var hasInterpolation: Bool
    /// For a string literal: it uses `"""` delimiters.
    var isMultiline: Bool
    /// For a string literal: the number of `#` around it (0 for an ordinary string).
    var rawDepth: Int
    /// A string, comment or backticked name that reaches the end of input without its closing delimiter.
    var isUnterminated: Bool

    init(
        kind: SwiftTokenKind, text: String, range: Range<Int>, line: Int, column: Int, endLine: Int,
        isFirstOnLine: Bool = false, stringValue: String? = nil, hasInterpolation: Bool = false,
        isMultiline: Bool = false, rawDepth: Int = 0, isUnterminated: Bool = false
    ) {
        self.kind = kind
        self.text = text
        self.range = range
        self.line = line
        self.column = column
        self.endLine = endLine
        self.isFirstOnLine = isFirstOnLine
        self.stringValue = stringValue
        self.hasInterpolation = hasInterpolation
        self.isMultiline = isMultiline
        self.rawDepth = rawDepth
        self.isUnterminated = isUnterminated
    }

    /// For an identifier, its name without backticks; otherwise `text`.
    var identifier: String {
        guard kind == .identifier, text.count >= 2, text.hasPrefix("`"), text.hasSuffix("`") else { return text }
        return String(text.dropFirst().dropLast())
    }

    var isComment: Bool {
        switch kind {
        case .lineComment, .docLineComment, .blockComment, .docBlockComment: return true
        default: return false
        }
    }

    /// True for an unbackticked identifier spelled `word` (a keyword check).
    func isKeyword(_ word: String) -> Bool { kind == .identifier && text == word }

    /// True for a punctuation or operator token spelled `symbol`.
    func isSymbol(_ symbol: String) -> Bool {
        (kind == .punctuation || kind == .operatorSymbol) && text == symbol
    }
}
