/// The lexical category of an `ObjCToken`.
enum ObjCTokenKind: String, Hashable, Sendable {
    /// A C identifier or keyword (`if`, `NSString`, `self`); keywords are not told apart.
    case identifier
    /// `@` followed by a name: `@interface`, `@end`, `@selector`, `@property` …
    case atKeyword
    /// A preprocessing number: `42`, `0x1F`, `1.5e-3f`, `1'000`.
    case number
    /// A string literal: `@"…"` (an `NSString`), a C string `"…"` with an optional prefix
    /// (`L`, `u8`, `u`, `U`), or a C++ raw string `R"d(…)d"`. Adjacent literals are one token.
    case string
    /// A character literal: `'a'`, `L'x'`.
    case character
    /// One punctuator, longest match: `[`, `->`, `==`, `...`, `::`, `##`, `@` …
    case punctuation
    /// `#` and the directive's name at the start of a line: `#define`, `#import`, `#if`.
    /// The directive's other tokens follow it as ordinary tokens, up to `directiveEnd`.
    case directive
    /// `// …`, continued by a `\` at the end of a line.
    case lineComment
    /// `/* … */` (not nested, as in C).
    case blockComment
    /// A byte the lexer does not understand (a stray backslash or control byte).
    case unknown
}

/// One token of Objective-C (or C, or C++) source. Positions are 1-based; columns count UTF-8 bytes.
struct ObjCToken: Hashable, Sendable {
    var kind: ObjCTokenKind
    /// The token's source text exactly as written (for concatenated strings, from the first
    /// literal's start to the last one's end, with whatever lies between).
    var text: String
    /// The token's byte offsets in the input.
    var range: Range<Int>
    var line: Int
    var column: Int
    /// The line of the token's last byte.
    var endLine: Int
    /// True when only whitespace precedes the token on its line.
    var isFirstOnLine: Bool
    /// For a string or character literal: its decoded value, the parts of a concatenation
    /// joined. Nil for other tokens and for unterminated literals.
    var stringValue: String?
    /// For a string literal: at least one part is an Objective-C `@"…"` literal, so the whole
    /// is an `NSString`.
    var isObjCString: Bool
    /// A literal or comment that reaches the end of its line (or of the input) unclosed.
    var isUnterminated: Bool
    /// For a `directive`: its name (`define`, `import`; empty for a lone `#`).
    var directiveName: String?
    /// For a `directive`: the byte offset where its logical line ends (after `\` continuations).
    /// Every token that starts before it belongs to the directive.
    var directiveEnd: Int?
    /// True for a token that belongs to a preprocessor directive's line (the directive itself
    /// included).
    var inDirective: Bool

    init(
        kind: ObjCTokenKind, text: String, range: Range<Int>, line: Int, column: Int, endLine: Int,
        isFirstOnLine: Bool = false, stringValue: String? = nil, isObjCString: Bool = false,
        isUnterminated: Bool = false, directiveName: String? = nil, directiveEnd: Int? = nil, inDirective: Bool = false
    ) {
        self.kind = kind
        self.text = text
        self.range = range
        self.line = line
        self.column = column
        self.endLine = endLine
        self.isFirstOnLine = isFirstOnLine
        self.stringValue = stringValue
        self.isObjCString = isObjCString
        self.isUnterminated = isUnterminated
        self.directiveName = directiveName
        self.directiveEnd = directiveEnd
        self.inDirective = inDirective
    }

    var isComment: Bool { kind == .lineComment || kind == .blockComment }

    /// True for an identifier spelled `word`.
    func isWord(_ word: String) -> Bool { kind == .identifier && text == word }

    /// True for a punctuation token spelled `symbol`.
    func isSymbol(_ symbol: String) -> Bool { kind == .punctuation && text == symbol }

    /// True for a complete `NSString` literal (`@"…"`, possibly concatenated).
    var isObjCStringLiteral: Bool { kind == .string && isObjCString && !isUnterminated && stringValue != nil }
}
