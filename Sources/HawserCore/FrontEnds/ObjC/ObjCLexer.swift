/// A hand-written lexer for Objective-C, the C it contains, and enough of C++ for `.mm` files
/// (raw strings, `::`). It never fails: malformed input yields `unknown` or unterminated tokens.
///
/// One pass over the bytes, each byte looked at a bounded number of times; line and column
/// come from a table of line starts read forwards, so the whole is linear in the input.
///
/// - Adjacent string literals are one token, as the compiler concatenates them:
///   `@"a" @"b"`, `@"a" "b"` and `"a" "b"` (comments may stand between them).
/// - A `#` first on its line starts a directive: a `directive` token (`#define`) and then the
///   directive's tokens, ordinary but marked `inDirective`, up to the end of the logical line
///   (`\` at the end of a line continues it; so does a block comment that spans lines).
/// - `\` followed by a line break is whitespace everywhere, and continues a `//` comment, a
///   string and a directive.
struct ObjCLexer {
    private let bytes: [UInt8]
    /// Where each line starts; lookups mostly move forwards.
    private var lines: LineTable
    private var pos = 0
    private var tokens: [ObjCToken] = []
    /// The index in `tokens` of the directive whose line is being lexed.
    private var openDirective: Int?
    /// The index of the last token that is not a comment, for string concatenation.
    private var lastSignificant: Int?
    /// The last line any token so far ends on (0 before the first).
    private var lastEndLine = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        self.lines = LineTable(bytes)
    }

    /// Lexes `bytes` into tokens, comments included.
    static func tokenize(_ bytes: [UInt8]) -> [ObjCToken] {
        var lexer = ObjCLexer(bytes: bytes)
        return lexer.tokenize()
    }

    /// Lexes the whole input from the start, comments included.
    mutating func tokenize() -> [ObjCToken] {
        pos = 0
        tokens = []
        tokens.reserveCapacity(bytes.count / 6)
        openDirective = nil
        lastSignificant = nil
        lastEndLine = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }
        while true {
            skipWhitespace()
            guard pos < bytes.count else { break }
            append(nextToken())
        }
        closeDirective(at: bytes.count)
        return tokens
    }

    /// The 1-based line and byte column of `offset`.
    mutating func position(of offset: Int) -> (line: Int, column: Int) {
        lines.position(of: offset)
    }

    // MARK: - Tokens

    private mutating func append(_ token: ObjCToken) {
        var token = token
        token.inDirective = openDirective != nil || token.kind == .directive
        token.isFirstOnLine = lastEndLine < token.line
        lastEndLine = max(lastEndLine, token.endLine)
        if token.kind == .string, let previous = lastSignificant, tokens[previous].kind == .string,
           !tokens[previous].isUnterminated, tokens[previous].inDirective == token.inDirective {
            concatenate(token, onto: previous)
            return
        }
        tokens.append(token)
        if !token.isComment { lastSignificant = tokens.count - 1 }
        if token.kind == .directive { openDirective = tokens.count - 1 }
    }

    /// `"a" "b"`: the literal at `index` grows to end where `token` ends.
    private mutating func concatenate(_ token: ObjCToken, onto index: Int) {
        var merged = tokens[index]
        merged.range = merged.range.lowerBound..<token.range.upperBound
        merged.text = String(decoding: bytes[merged.range], as: UTF8.self)
        merged.endLine = token.endLine
        merged.isObjCString = merged.isObjCString || token.isObjCString
        merged.isUnterminated = token.isUnterminated
        if let head = merged.stringValue, let tail = token.stringValue {
            merged.stringValue = head + tail
        } else {
            merged.stringValue = nil
        }
        tokens[index] = merged
    }

    private mutating func closeDirective(at offset: Int) {
        guard let index = openDirective else { return }
        tokens[index].directiveEnd = offset
        openDirective = nil
    }

    private mutating func nextToken() -> ObjCToken {
        let start = pos
        let b = bytes[pos]
        switch b {
        case ObjCByte.slash where peek(1) == ObjCByte.slash:
            return lexLineComment(start)
        case ObjCByte.slash where peek(1) == ObjCByte.star:
            return lexBlockComment(start)
        case ObjCByte.quote:
            return lexQuoted(start, quote: ObjCByte.quote, kind: .string)
        case ObjCByte.apostrophe:
            return lexQuoted(start, quote: ObjCByte.apostrophe, kind: .character)
        case ObjCByte.at:
            if peek(1) == ObjCByte.quote {
                pos += 1
                var token = lexQuoted(start, quote: ObjCByte.quote, kind: .string)
                token.isObjCString = true
                return token
            }
            if let next = peek(1), isIdentifierStart(next) {
                pos += 1
                while pos < bytes.count, isIdentifierBody(bytes[pos]) { pos += 1 }
                return make(.atKeyword, start)
            }
            pos += 1
            return make(.punctuation, start)
        case ObjCByte.hash where openDirective == nil && startsLine(start):
            return lexDirective(start)
        case ObjCByte.dot where peek(1).map(isDigit) == true:
            return lexNumber(start)
        case _ where isDigit(b):
            return lexNumber(start)
        case _ where isIdentifierStart(b):
            while pos < bytes.count, isIdentifierBody(bytes[pos]) { pos += 1 }
            if pos < bytes.count, bytes[pos] == ObjCByte.quote || bytes[pos] == ObjCByte.apostrophe,
               let literal = lexPrefixedLiteral(start) {
                return literal
            }
            return make(.identifier, start)
        default:
            if let length = punctuatorLength(at: pos) {
                pos += length
                return make(.punctuation, start)
            }
            pos += 1
            return make(.unknown, start)
        }
    }

    /// Whether no token ends on the line of `offset` before it.
    private mutating func startsLine(_ offset: Int) -> Bool {
        lastEndLine < position(of: offset).line
    }

    private mutating func make(_ kind: ObjCTokenKind, _ start: Int) -> ObjCToken {
        let (line, column) = position(of: start)
        let endLine = position(of: max(start, pos - 1)).line
        return ObjCToken(
            kind: kind, text: String(decoding: bytes[start..<pos], as: UTF8.self), range: start..<pos,
            line: line, column: column, endLine: endLine)
    }

    /// Skips blanks, line breaks and `\`-line-break splices. An unspliced line break ends an
    /// open directive.
    private mutating func skipWhitespace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case ObjCByte.space, ObjCByte.tab, 0x0B, 0x0C, 0x00:
                pos += 1
            case ObjCByte.newline, ObjCByte.carriageReturn:
                closeDirective(at: pos)
                pos += 1
            case ObjCByte.backslash:
                guard let after = splice(at: pos) else { return }
                pos = after
            default:
                return
            }
        }
    }

    /// When a `\` at `offset` is followed by a line break: the offset after the break.
    private func splice(at offset: Int) -> Int? { Self.splice(bytes, at: offset) }

    /// When a `\` at `offset` in `bytes` is followed by a line break: the offset after the
    /// break. Shared with `ObjCStringDecoder`.
    static func splice(_ bytes: [UInt8], at offset: Int) -> Int? {
        guard offset < bytes.count, bytes[offset] == ObjCByte.backslash, offset + 1 < bytes.count else { return nil }
        if bytes[offset + 1] == ObjCByte.newline { return offset + 2 }
        if bytes[offset + 1] == ObjCByte.carriageReturn {
            return offset + 2 < bytes.count && bytes[offset + 2] == ObjCByte.newline ? offset + 3 : offset + 2
        }
        return nil
    }

    private mutating func lexLineComment(_ start: Int) -> ObjCToken {
        while pos < bytes.count, !isNewline(bytes[pos]) {
            if let after = splice(at: pos) { pos = after } else { pos += 1 }
        }
        return make(.lineComment, start)
    }

    private mutating func lexBlockComment(_ start: Int) -> ObjCToken {
        pos += 2
        var closed = false
        while pos < bytes.count {
            if bytes[pos] == ObjCByte.star, peek(1) == ObjCByte.slash {
                pos += 2
                closed = true
                break
            }
            pos += 1
        }
        var token = make(.blockComment, start)
        token.isUnterminated = !closed
        return token
    }

    /// `#`, optional blanks, and the directive's name.
    private mutating func lexDirective(_ start: Int) -> ObjCToken {
        pos += 1
        while pos < bytes.count, bytes[pos] == ObjCByte.space || bytes[pos] == ObjCByte.tab { pos += 1 }
        let nameStart = pos
        while pos < bytes.count, isIdentifierBody(bytes[pos]) { pos += 1 }
        var token = make(.directive, start)
        token.directiveName = String(decoding: bytes[nameStart..<pos], as: UTF8.self)
        token.directiveEnd = bytes.count
        return token
    }

    /// A preprocessing number: digits, letters, `_`, `.`, a sign after an exponent letter, and
    /// `'` between digits (C++14 and C23 separators).
    private mutating func lexNumber(_ start: Int) -> ObjCToken {
        pos += 1
        while pos < bytes.count {
            let b = bytes[pos]
            if (b == ObjCByte.plus || b == ObjCByte.minus), pos > start,
               [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")].contains(bytes[pos - 1]) {
                pos += 1
            } else if b == ObjCByte.apostrophe, let next = peek(1), isDigit(next) || isLetter(next) {
                pos += 2
            } else if b < 0x80, isIdentifierBody(b) || b == ObjCByte.dot {
                pos += 1
            } else {
                break
            }
        }
        return make(.number, start)
    }

    /// The identifier `start..<pos` followed by a quote: a prefixed literal (`L"…"`, `u8'x'`,
    /// `R"(…)"`, `u8R"x(…)x"`), or nil when the identifier is not a literal prefix.
    private mutating func lexPrefixedLiteral(_ start: Int) -> ObjCToken? {
        let prefix = String(decoding: bytes[start..<pos], as: UTF8.self)
        if bytes[pos] == ObjCByte.quote {
            if ["R", "LR", "uR", "UR", "u8R"].contains(prefix) {
                return lexRawString(start)
            }
            guard ["L", "u", "U", "u8"].contains(prefix) else { return nil }
            return lexQuoted(start, quote: ObjCByte.quote, kind: .string)
        }
        guard ["L", "u", "U", "u8"].contains(prefix) else { return nil }
        return lexQuoted(start, quote: ObjCByte.apostrophe, kind: .character)
    }

    /// A literal whose opening `quote` is at `pos`; `start` is where its prefix began. A line
    /// break that is not spliced ends it unterminated, before the break.
    private mutating func lexQuoted(_ start: Int, quote: UInt8, kind: ObjCTokenKind) -> ObjCToken {
        pos += 1
        var value: [UInt8] = []
        var closed = false
        while pos < bytes.count {
            let b = bytes[pos]
            if b == quote {
                pos += 1
                closed = true
                break
            }
            if isNewline(b) { break }
            if b == ObjCByte.backslash {
                if let after = splice(at: pos) {
                    pos = after
                    continue
                }
                decodeEscape(into: &value)
                continue
            }
            value.append(b)
            pos += 1
        }
        var token = make(kind, start)
        token.isUnterminated = !closed
        token.stringValue = closed ? String(decoding: value, as: UTF8.self) : nil
        return token
    }

    /// `R"delimiter( … )delimiter"`, which may span lines and holds no escapes. A malformed
    /// delimiter makes it an ordinary string.
    private mutating func lexRawString(_ start: Int) -> ObjCToken {
        let quote = pos
        var p = quote + 1
        while p < bytes.count, p - quote <= 17, bytes[p] != ObjCByte.lparen {
            let b = bytes[p]
            if b == ObjCByte.space || b == ObjCByte.rparen || b == ObjCByte.backslash || b == ObjCByte.quote || isNewline(b) { break }
            p += 1
        }
        guard p < bytes.count, bytes[p] == ObjCByte.lparen, p - quote <= 17 else {
            return lexQuoted(start, quote: ObjCByte.quote, kind: .string)
        }
        let delimiter = Array(bytes[(quote + 1)..<p])
        let contentStart = p + 1
        var q = contentStart
        while q < bytes.count {
            if bytes[q] == ObjCByte.rparen, matches(delimiter, at: q + 1), q + 1 + delimiter.count < bytes.count,
               bytes[q + 1 + delimiter.count] == ObjCByte.quote {
                pos = q + delimiter.count + 2
                var token = make(.string, start)
                token.stringValue = String(decoding: bytes[contentStart..<q], as: UTF8.self)
                return token
            }
            q += 1
        }
        pos = bytes.count
        var token = make(.string, start)
        token.isUnterminated = true
        return token
    }

    private func matches(_ needle: [UInt8], at offset: Int) -> Bool {
        guard offset + needle.count <= bytes.count else { return false }
        for (k, b) in needle.enumerated() where bytes[offset + k] != b { return false }
        return true
    }

    /// Decodes the escape whose `\` is at `pos` into `value` (as UTF-8) and moves past it.
    private mutating func decodeEscape(into value: inout [UInt8]) {
        Self.decodeEscape(bytes, at: &pos, into: &value)
    }

    /// Decodes the escape whose `\` is at `pos` in `bytes` into `value` (as UTF-8) and moves
    /// `pos` past it. Shared with `ObjCStringDecoder`, which needs each byte's source offset.
    static func decodeEscape(_ bytes: [UInt8], at pos: inout Int, into value: inout [UInt8]) {
        pos += 1
        guard pos < bytes.count else { return }
        let e = bytes[pos]
        pos += 1
        switch e {
        case UInt8(ascii: "n"): value.append(0x0A)
        case UInt8(ascii: "t"): value.append(0x09)
        case UInt8(ascii: "r"): value.append(0x0D)
        case UInt8(ascii: "a"): value.append(0x07)
        case UInt8(ascii: "b"): value.append(0x08)
        case UInt8(ascii: "f"): value.append(0x0C)
        case UInt8(ascii: "v"): value.append(0x0B)
        case UInt8(ascii: "e"), UInt8(ascii: "E"): value.append(0x1B)
        case UInt8(ascii: "x"):
            var code: UInt32 = 0
            var digits = 0
            while pos < bytes.count, let digit = hexValue(bytes[pos]) {
                if code <= 0x10FFFF { code = code * 16 + digit }
                digits += 1
                pos += 1
            }
            if digits == 0 { value.append(UInt8(ascii: "x")) } else { appendScalar(code, to: &value) }
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var code = UInt32(e - UInt8(ascii: "0"))
            var digits = 1
            while digits < 3, pos < bytes.count, bytes[pos] >= UInt8(ascii: "0"), bytes[pos] <= UInt8(ascii: "7") {
                code = code * 8 + UInt32(bytes[pos] - UInt8(ascii: "0"))
                digits += 1
                pos += 1
            }
            appendScalar(code, to: &value)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = e == UInt8(ascii: "u") ? 4 : 8
            var code: UInt32 = 0
            var digits = 0
            while digits < count, pos < bytes.count, let digit = hexValue(bytes[pos]) {
                if code <= 0x10FFFF { code = code * 16 + digit }
                digits += 1
                pos += 1
            }
            if digits == 0 { value.append(e) } else { appendScalar(code, to: &value) }
        default:
            // `\\`, `\"`, `\'`, `\?`, and unknown escapes, which stand for the character itself.
            value.append(e)
        }
    }

    private static func appendScalar(_ code: UInt32, to value: inout [UInt8]) {
        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
        value.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    /// The length of the punctuator at `offset` (longest match), or nil for a byte that is none.
    private func punctuatorLength(at offset: Int) -> Int? {
        let b = bytes[offset]
        let b1 = offset + 1 < bytes.count ? bytes[offset + 1] : 0
        let b2 = offset + 2 < bytes.count ? bytes[offset + 2] : 0
        switch b {
        case ObjCByte.lparen, ObjCByte.rparen, ObjCByte.lbrace, ObjCByte.rbrace, ObjCByte.lbracket, ObjCByte.rbracket,
             ObjCByte.comma, ObjCByte.semicolon, ObjCByte.question, ObjCByte.tilde, ObjCByte.at:
            return 1
        case ObjCByte.dot:
            if b1 == ObjCByte.dot && b2 == ObjCByte.dot { return 3 }
            return b1 == ObjCByte.star ? 2 : 1
        case ObjCByte.colon:
            return b1 == ObjCByte.colon ? 2 : 1
        case ObjCByte.hash:
            return b1 == ObjCByte.hash ? 2 : 1
        case ObjCByte.minus:
            if b1 == ObjCByte.greater { return b2 == ObjCByte.star ? 3 : 2 }
            return b1 == ObjCByte.minus || b1 == ObjCByte.equals ? 2 : 1
        case ObjCByte.plus, ObjCByte.ampersand, ObjCByte.pipe:
            return b1 == b || b1 == ObjCByte.equals ? 2 : 1
        case ObjCByte.less:
            if b1 == ObjCByte.less { return b2 == ObjCByte.equals ? 3 : 2 }
            if b1 == ObjCByte.equals { return b2 == ObjCByte.greater ? 3 : 2 }
            return 1
        case ObjCByte.greater:
            if b1 == ObjCByte.greater { return b2 == ObjCByte.equals ? 3 : 2 }
            return b1 == ObjCByte.equals ? 2 : 1
        case ObjCByte.equals, ObjCByte.bang, ObjCByte.star, ObjCByte.slash, ObjCByte.percent, ObjCByte.caret:
            return b1 == ObjCByte.equals ? 2 : 1
        default:
            return nil
        }
    }

    // MARK: - Bytes

    private func peek(_ offset: Int) -> UInt8? {
        pos + offset < bytes.count ? bytes[pos + offset] : nil
    }

    private func isNewline(_ b: UInt8) -> Bool { b == ObjCByte.newline || b == ObjCByte.carriageReturn }
    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    private func isLetter(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
    }
    /// Letters, `_`, `$` and any byte of a multi-byte UTF-8 sequence (clang accepts Unicode names).
    private func isIdentifierStart(_ b: UInt8) -> Bool {
        isLetter(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: "$") || b >= 0x80
    }
    private func isIdentifierBody(_ b: UInt8) -> Bool { isIdentifierStart(b) || isDigit(b) }

    private static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

/// ASCII bytes the lexer compares against.
enum ObjCByte {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let slash = UInt8(ascii: "/")
    static let backslash = UInt8(ascii: "\\")
    static let star = UInt8(ascii: "*")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let hash = UInt8(ascii: "#")
    static let bang = UInt8(ascii: "!")
    static let at = UInt8(ascii: "@")
    static let dot = UInt8(ascii: ".")
    static let plus = UInt8(ascii: "+")
    static let minus = UInt8(ascii: "-")
    static let equals = UInt8(ascii: "=")
    static let less = UInt8(ascii: "<")
    static let greater = UInt8(ascii: ">")
    static let ampersand = UInt8(ascii: "&")
    static let pipe = UInt8(ascii: "|")
    static let percent = UInt8(ascii: "%")
    static let caret = UInt8(ascii: "^")
    static let question = UInt8(ascii: "?")
    static let tilde = UInt8(ascii: "~")
    static let lparen = UInt8(ascii: "(")
    static let rparen = UInt8(ascii: ")")
    static let lbrace = UInt8(ascii: "{")
    static let rbrace = UInt8(ascii: "}")
    static let lbracket = UInt8(ascii: "[")
    static let rbracket = UInt8(ascii: "]")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let semicolon = UInt8(ascii: ";")
}
