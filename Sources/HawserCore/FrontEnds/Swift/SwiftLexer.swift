/// A hand-written lexer for Swift source, sufficient for finding calls, declarations and string
/// literals. It never fails: malformed input yields `unknown` or unterminated tokens.
///
/// It makes `SwiftCompactToken`s (`tokenList`), counting lines forward as it goes; the full
/// `SwiftToken`s of `tokenize` are built from those. The work is done by a `SwiftLexerCursor`
/// over the bytes' buffer.
///
/// Not handled: regex literals (`/…/`) are lexed as operators and ordinary tokens.
struct SwiftLexer {
    private let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Lexes `bytes` into tokens, comments included.
    static func tokenize(_ bytes: [UInt8]) -> [SwiftToken] {
        var lexer = SwiftLexer(bytes: bytes)
        return lexer.tokenize()
    }

    /// Lexes the whole input from the start, comments included.
    mutating func tokenize() -> [SwiftToken] {
        tokenList().allTokens
    }

    /// Lexes `bytes` into compact tokens, code and comments apart.
    static func tokenList(_ bytes: [UInt8]) -> SwiftTokenList {
        var lexer = SwiftLexer(bytes: bytes)
        return lexer.tokenList()
    }

    /// Lexes the whole input from the start into compact tokens, code and comments apart.
    mutating func tokenList() -> SwiftTokenList {
        var list = SwiftTokenList(bytes: bytes)
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = SwiftLexerCursor(buffer)
            cursor.tokens(into: &list)
        }
        return list
    }

    /// The decoded value of a string literal token without interpolation: escapes applied and,
    /// for multi-line literals, indentation stripped.
    func stringValue(of token: SwiftCompactToken) -> String {
        bytes.withUnsafeBufferPointer { SwiftLexerCursor($0).stringValue(of: token) }
    }
}

/// The lexer's work over an unsafe buffer of the input, so that the byte reads of its inner
/// loops are not bounds-checked: every read is guarded by `pos < count` or an explicit length
/// check (debug builds still check them all).
private struct SwiftLexerCursor {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// How many bytes are read: all, up to the 32-bit offsets of `SwiftCompactToken`.
    private let count: Int
    private(set) var pos = 0
    private let identifierWords = SwiftWord.identifiers
    private let directiveWords = SwiftWord.directives
    /// `ByteClass.table`, read without a bounds check (every byte value has an entry).
    private let classes = ByteClass.table

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.count = min(bytes.count, Int(UInt32.max))
    }

    /// Lexes the whole input from the start.
    mutating func tokens(into list: inout SwiftTokenList) {
        pos = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }
        if count >= pos + 2, bytes[pos] == Byte.hash, bytes[pos + 1] == Byte.bang {
            while pos < count, !isNewline(bytes[pos]) { pos += 1 }
        }
        blanksOnly = pos == 0
        // About one token per five bytes of ordinary Swift.
        list.code.reserveCapacity(count / 5)
        while let token = nextPlacedToken() {
            if token.isComment { list.comments.append(token) } else { list.code.append(token) }
        }
    }

    // MARK: - Positions

    // Lines are counted forward as the lexer moves on, instead of a binary search over line
    // starts per token: `skipWhitespace` counts the line breaks between tokens, and a string or
    // block comment, the only tokens that can hold one, counts its own. A line ends after
    // `\n`, after `\r\n`, and after a `\r` not followed by `\n`.

    /// The line `pos` is on.
    private var line = 1
    /// The offset of the first byte of `line`.
    private var lineStart = 0
    /// Only spaces and tabs are between `lineStart` and `pos`: a token here is first on its line.
    private var blanksOnly = true
    /// Off while an interpolation's tokens are skipped: the string they are in counts its lines.
    private var tracksLines = true

    /// Starts lexing at `offset`, whose line starts at `lineStart` (a position known from an
    /// earlier token), counting the line breaks from `known` on.
    mutating func start(at offset: Int, line: Int, lineStart: Int, countingFrom known: Int) {
        pos = known
        self.line = line
        self.lineStart = lineStart
        countLines(upTo: offset)
        pos = offset
        blanksOnly = onlyWhitespaceBefore(offset)
    }

    /// Counts the line breaks from `pos` up to `end` (moving `pos` there).
    private mutating func countLines(upTo end: Int) {
        while pos < end {
            if bytes[pos] == Byte.newline || bytes[pos] == Byte.carriageReturn { lineBreak() }
            pos += 1
        }
    }

    /// Notes the line break at `pos`, if the `\r` or `\n` there ends a line.
    private mutating func lineBreak() {
        if bytes[pos] == Byte.carriageReturn, pos + 1 < bytes.count, bytes[pos + 1] == Byte.newline { return }
        line += 1
        lineStart = pos + 1
        blanksOnly = true
    }

    /// The next token with its line, column, end line and `firstOnLine` flag.
    mutating func nextPlacedToken() -> SwiftCompactToken? {
        guard var token = nextToken() else { return nil }
        let start = Int(token.start)
        token.line = UInt32(truncatingIfNeeded: line)
        token.column = UInt32(truncatingIfNeeded: start - lineStart + 1)
        if blanksOnly { token.flags.insert(.firstOnLine) }
        switch token.kind {
        case .string, .blockComment, .docBlockComment:
            // The end line is the line of the token's last byte.
            let end = pos
            pos = start
            countLines(upTo: max(start, end - 1))
            token.endLine = UInt32(truncatingIfNeeded: line)
            countLines(upTo: end)
        default:
            // No other token holds a line break: names, numbers, operators and punctuation are
            // made of other bytes, and a line comment stops before its line's break.
            token.endLine = token.line
        }
        blanksOnly = false
        return token
    }

    // MARK: - Tokens

    /// The next token, without its position (see `nextPlacedToken`).
    private mutating func nextToken() -> SwiftCompactToken? {
        skipWhitespace()
        guard pos < count else { return nil }
        let start = pos
        let b = bytes[pos]
        // Names first: the most common token, and their first bytes start no other.
        if isIdentifierStart(b) {
            var p = pos + 1
            while p < count, isIdentifierBody(bytes[p]) { p += 1 }
            pos = p
            return make(.identifier, start, word: word(in: identifierWords, start))
        }
        switch b {
        case Byte.slash where peek(1) == Byte.slash:
            return lexLineComment(start)
        case Byte.slash where peek(1) == Byte.star:
            return lexBlockComment(start)
        case Byte.quote:
            return lexString(start)
        case Byte.hash:
            var p = pos
            while p < count, bytes[p] == Byte.hash { p += 1 }
            if p < count, bytes[p] == Byte.quote { return lexString(start) }
            if let next = peek(1), isIdentifierStart(next) {
                pos += 1
                while pos < count, isIdentifierBody(bytes[pos]) { pos += 1 }
                return make(.directive, start, word: word(in: directiveWords, start))
            }
            pos += 1
            return make(.punctuation, start)
        case Byte.at:
            if let next = peek(1), isIdentifierStart(next) {
                pos += 1
                while pos < count, isIdentifierBody(bytes[pos]) { pos += 1 }
                return make(.attribute, start)
            }
            pos += 1
            return make(.punctuation, start)
        case Byte.backtick:
            var p = pos + 1
            while p < count, isIdentifierBody(bytes[p]) { p += 1 }
            if p < count, bytes[p] == Byte.backtick, p > pos + 1 {
                pos = p + 1
                // A backticked name is never a keyword.
                return make(.identifier, start)
            }
            pos += 1
            return make(.unknown, start)
        case Byte.dot:
            if peek(1) == Byte.dot {
                while pos < count, bytes[pos] == Byte.dot || isOperatorChar(bytes[pos]), !startsComment(pos) {
                    pos += 1
                }
                return make(.operatorSymbol, start)
            }
            pos += 1
            return make(.punctuation, start, word: .dot)
        case _ where isDigit(b):
            return lexNumber(start)
        case _ where isOperatorChar(b):
            pos += 1
            while pos < count, isOperatorChar(bytes[pos]), !startsComment(pos) { pos += 1 }
            return make(.operatorSymbol, start, word: symbolWord(start))
        case Byte.lparen, Byte.rparen, Byte.lbrace, Byte.rbrace, Byte.lbracket, Byte.rbracket,
             Byte.comma, Byte.colon, Byte.semicolon, Byte.backslash:
            pos += 1
            return make(.punctuation, start, word: symbolWord(start))
        default:
            pos += 1
            // Keep a malformed multi-byte sequence in one token.
            while pos < count, bytes[pos] & 0xC0 == 0x80 { pos += 1 }
            return make(.unknown, start)
        }
    }

    private func make(_ kind: SwiftTokenKind, _ start: Int, word: SwiftWord = .other, flags: SwiftCompactToken.Flags = []) -> SwiftCompactToken {
        SwiftCompactToken(
            start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: pos), line: 0, column: 0, endLine: 0,
            kind: kind, word: word, flags: flags)
    }

    /// The word the bytes from `start` to `pos` spell in `table`.
    private func word(in table: SwiftWord.Table, _ start: Int) -> SwiftWord {
        table.word(bytes, start..<pos)
    }

    private func symbolWord(_ start: Int) -> SwiftWord {
        SwiftWord.symbol(bytes, start..<pos)
    }

    private func onlyWhitespaceBefore(_ offset: Int) -> Bool {
        var p = offset - 1
        while p >= 0 {
            let b = bytes[p]
            if isNewline(b) { return true }
            if b != Byte.space && b != Byte.tab { return false }
            p -= 1
        }
        return true
    }

    /// Skips spaces, tabs, line breaks, vertical tabs, form feeds and NULs, counting lines.
    private mutating func skipWhitespace() {
        // Bit b is set for each whitespace byte b below 0x40.
        let whitespace: UInt64 = 1 << 0x00 | 1 << 0x09 | 1 << 0x0A | 1 << 0x0B | 1 << 0x0C | 1 << 0x0D | 1 << 0x20
        var p = pos
        defer { pos = p }
        while p < count {
            let b = bytes[p]
            if b == Byte.space {
                // Indentation: eight spaces at a time while there are eight to read.
                if p + 8 <= count, let base = bytes.baseAddress,
                   UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 {
                    p += 8
                } else {
                    p += 1
                }
                continue
            }
            guard b < 0x40, (whitespace >> UInt64(b)) & 1 != 0 else { return }
            if b != Byte.space, tracksLines {
                if b == Byte.newline || b == Byte.carriageReturn {
                    if b == Byte.newline || p + 1 >= bytes.count || bytes[p + 1] != Byte.newline {
                        line += 1
                        lineStart = p + 1
                        blanksOnly = true
                    }
                } else if b != Byte.tab {
                    blanksOnly = false
                }
            }
            p += 1
        }
    }

    private mutating func lexLineComment(_ start: Int) -> SwiftCompactToken {
        while pos < count, !isNewline(bytes[pos]) { pos += 1 }
        let isDoc = pos - start >= 3 && bytes[start + 2] == Byte.slash && (pos - start == 3 || bytes[start + 3] != Byte.slash)
        return make(isDoc ? .docLineComment : .lineComment, start)
    }

    /// Block comments nest: `/* a /* b */ c */` is one comment.
    private mutating func lexBlockComment(_ start: Int) -> SwiftCompactToken {
        pos += 2
        var depth = 1
        while pos < count {
            if bytes[pos] == Byte.slash, peek(1) == Byte.star {
                depth += 1
                pos += 2
            } else if bytes[pos] == Byte.star, peek(1) == Byte.slash {
                depth -= 1
                pos += 2
                if depth == 0 { break }
            } else {
                pos += 1
            }
        }
        let isDoc = pos - start >= 5 && bytes[start + 2] == Byte.star
            && bytes[start + 3] != Byte.star && bytes[start + 3] != Byte.slash
        return make(isDoc ? .docBlockComment : .blockComment, start, flags: depth > 0 ? .unterminated : [])
    }

    private mutating func lexNumber(_ start: Int) -> SwiftCompactToken {
        let isHex = bytes[pos] == Byte.zero && (peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "X"))
        pos += 1
        while pos < count {
            let b = bytes[pos]
            if isIdentifierBody(b) && b < 0x80 {
                pos += 1
                let isExponent = isHex ? (b == UInt8(ascii: "p") || b == UInt8(ascii: "P"))
                                       : (b == UInt8(ascii: "e") || b == UInt8(ascii: "E"))
                if isExponent, pos < count, bytes[pos] == Byte.plus || bytes[pos] == Byte.minus { pos += 1 }
            } else if b == Byte.dot, let next = peek(1), isDigit(next) {
                pos += 1
            } else {
                break
            }
        }
        return make(.number, start)
    }

    // MARK: - Strings

    /// Lexes any string literal form starting at `start` (at `"` or at the first `#`). The
    /// decoded value is made later, from the token (`stringValue(of:)`).
    private mutating func lexString(_ start: Int) -> SwiftCompactToken {
        var depth = 0
        pos = start
        while bytes[pos] == Byte.hash { depth += 1; pos += 1 }
        let multiline = peek(1) == Byte.quote && peek(2) == Byte.quote
        pos += multiline ? 3 : 1
        var hasInterpolation = false
        var terminated = false
        while pos < count {
            let b = bytes[pos]
            if b == Byte.backslash, hashes(at: pos + 1, count: depth) {
                pos += 1 + depth
                guard pos < count else { break }
                if bytes[pos] == Byte.lparen {
                    hasInterpolation = true
                    pos += 1
                    skipInterpolation()
                } else {
                    pos += 1
                }
                continue
            }
            if b == Byte.quote {
                let closeLength = multiline ? 3 : 1
                if (!multiline || (peek(1) == Byte.quote && peek(2) == Byte.quote)),
                   hashes(at: pos + closeLength, count: depth) {
                    pos += closeLength + depth
                    terminated = true
                    break
                }
            }
            pos += 1
        }
        if !terminated { pos = count }
        var flags: SwiftCompactToken.Flags = []
        if multiline { flags.insert(.multiline) }
        if hasInterpolation { flags.insert(.interpolated) }
        if !terminated { flags.insert(.unterminated) }
        return make(.string, start, flags: flags)
    }

    /// The decoded value of a string literal token without interpolation.
    func stringValue(of token: SwiftCompactToken) -> String {
        let start = Int(token.start)
        var depth = 0
        while bytes[start + depth] == Byte.hash { depth += 1 }
        let delimiter = token.isMultiline ? 3 : 1
        let contentStart = start + depth + delimiter
        let contentEnd = token.isUnterminated ? Int(token.end) : Int(token.end) - delimiter - depth
        return token.isMultiline
            ? decodeMultiline(contentStart..<contentEnd, depth: depth, terminated: !token.isUnterminated)
            : decode(contentStart..<contentEnd, depth: depth, indent: nil)
    }

    /// Consumes the tokens of an interpolation up to and including its closing `)`. Nested
    /// strings (and their own interpolations) are lexed as ordinary tokens, so any `)` or `"`
    /// inside them is skipped correctly.
    private mutating func skipInterpolation() {
        let tracked = tracksLines
        tracksLines = false
        defer { tracksLines = tracked }
        var parens = 0
        while let token = nextToken() {
            if token.is(.leftParen) {
                parens += 1
            } else if token.is(.rightParen) {
                if parens == 0 { return }
                parens -= 1
            }
        }
    }

    /// Applies Swift's multi-line rules: the content starts on the line after the opening
    /// delimiter, the line break before the closing delimiter is not part of the value, and the
    /// closing delimiter's indentation is removed from every line.
    fileprivate func decodeMultiline(_ content: Range<Int>, depth: Int, terminated: Bool) -> String {
        var bodyStart = content.lowerBound
        while bodyStart < content.upperBound, !isNewline(bytes[bodyStart]) { bodyStart += 1 }
        if bodyStart >= content.upperBound {
            // Closing delimiter on the opening line: not valid Swift; take the text as is.
            return decode(content, depth: depth, indent: nil)
        }
        bodyStart += newlineLength(at: bodyStart)
        guard terminated else { return decode(bodyStart..<content.upperBound, depth: depth, indent: []) }
        // Find the start of the closing delimiter's line.
        var lineStart = content.upperBound
        while lineStart > bodyStart, !isNewline(bytes[lineStart - 1]) { lineStart -= 1 }
        let indentation = Array(bytes[lineStart..<content.upperBound])
        guard indentation.allSatisfy({ $0 == Byte.space || $0 == Byte.tab }) else {
            // Closing delimiter after text on its line: not valid Swift; keep everything.
            return decode(bodyStart..<content.upperBound, depth: depth, indent: [])
        }
        if lineStart <= bodyStart { return "" }
        var bodyEnd = lineStart - 1
        if bytes[bodyEnd] == Byte.newline, bodyEnd > bodyStart, bytes[bodyEnd - 1] == Byte.carriageReturn {
            bodyEnd -= 1
        }
        return decode(bodyStart..<max(bodyStart, bodyEnd), depth: depth, indent: indentation)
    }

    /// Decodes escapes in `range`. With `indent` (multi-line literals), strips it from the start of
    /// each line, turns line breaks into `\n`, and honours `\` at the end of a line.
    fileprivate func decode(_ range: Range<Int>, depth: Int, indent: [UInt8]?) -> String {
        var out: [UInt8] = []
        var i = range.lowerBound
        let end = range.upperBound
        var atLineStart = indent != nil
        while i < end {
            if atLineStart, let indent {
                atLineStart = false
                var k = 0
                while i < end, k < indent.count, bytes[i] == indent[k] { i += 1; k += 1 }
                continue
            }
            let b = bytes[i]
            if indent != nil, isNewline(b) {
                out.append(Byte.newline)
                i += newlineLength(at: i)
                atLineStart = true
                continue
            }
            if b == Byte.backslash, hashes(at: i + 1, count: depth) {
                let e = i + 1 + depth
                if indent != nil {
                    // Line continuation: `\`, optional trailing blanks, line break.
                    var j = e
                    while j < end, bytes[j] == Byte.space || bytes[j] == Byte.tab { j += 1 }
                    if j < end, isNewline(bytes[j]) {
                        i = j + newlineLength(at: j)
                        atLineStart = true
                        continue
                    }
                }
                if let (decoded, next) = decodeEscape(at: e, end: end) {
                    out.append(contentsOf: decoded)
                    i = next
                    continue
                }
            }
            out.append(b)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes the escape whose letter is at `e`; nil when it is not a valid escape.
    fileprivate func decodeEscape(at e: Int, end: Int) -> ([UInt8], Int)? {
        guard e < end else { return nil }
        switch bytes[e] {
        case Byte.zero: return ([0], e + 1)
        case Byte.backslash: return ([Byte.backslash], e + 1)
        case UInt8(ascii: "t"): return ([Byte.tab], e + 1)
        case UInt8(ascii: "n"): return ([Byte.newline], e + 1)
        case UInt8(ascii: "r"): return ([Byte.carriageReturn], e + 1)
        case Byte.quote: return ([Byte.quote], e + 1)
        case UInt8(ascii: "'"): return ([UInt8(ascii: "'")], e + 1)
        case UInt8(ascii: "u"):
            guard e + 1 < end, bytes[e + 1] == Byte.lbrace else { return nil }
            var j = e + 2
            var value: UInt32 = 0
            var digits = 0
            while j < end, let digit = hexValue(bytes[j]), digits < 8 {
                value = value &* 16 &+ digit
                digits += 1
                j += 1
            }
            guard digits > 0, j < end, bytes[j] == Byte.rbrace, let scalar = Unicode.Scalar(value) else { return nil }
            return (Array(String(Character(scalar)).utf8), j + 1)
        default:
            return nil
        }
    }

    // MARK: - Byte helpers

    private func peek(_ offset: Int) -> UInt8? {
        pos + offset < count ? bytes[pos + offset] : nil
    }

    fileprivate func hashes(at offset: Int, count: Int) -> Bool {
        guard offset + count <= self.count else { return false }
        for i in offset..<(offset + count) where bytes[i] != Byte.hash { return false }
        return true
    }

    private func startsComment(_ offset: Int) -> Bool {
        offset + 1 < count && bytes[offset] == Byte.slash
            && (bytes[offset + 1] == Byte.slash || bytes[offset + 1] == Byte.star)
    }

    fileprivate func newlineLength(at offset: Int) -> Int {
        bytes[offset] == Byte.carriageReturn && offset + 1 < bytes.count && bytes[offset + 1] == Byte.newline ? 2 : 1
    }

    fileprivate func isNewline(_ b: UInt8) -> Bool { b == Byte.newline || b == Byte.carriageReturn }
    private func isDigit(_ b: UInt8) -> Bool { b >= Byte.zero && b <= UInt8(ascii: "9") }

    private func isIdentifierStart(_ b: UInt8) -> Bool {
        // `b | 0x20` maps exactly `A`…`Z` and `a`…`z` onto `a`…`z`.
        let lower = b | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "$") || b >= 0x80
    }

    @inline(__always)
    private func isIdentifierBody(_ b: UInt8) -> Bool { classes[Int(b)] & ByteClass.identifierBody != 0 }

    @inline(__always)
    private func isOperatorChar(_ b: UInt8) -> Bool { classes[Int(b)] & ByteClass.operatorChar != 0 }

    private func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

/// The classes of each byte value, one bit each, in a table made once and never freed: the
/// lexer's inner loops test a byte with one load.
private enum ByteClass {
    /// `$`, digits, ASCII letters, `_`, and every byte from 0x80 (UTF-8 of any other name character).
    static let identifierBody: UInt8 = 1 << 0
    /// `/ = - + ! * % < > & | ^ ~ ?`
    static let operatorChar: UInt8 = 1 << 1

    /// Written once, while it is made, and only read after: safe to share between threads.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for value in 0..<256 {
            let b = UInt8(value)
            var classes: UInt8 = 0
            let lower = b | 0x20
            if b >= 0x80 || (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || b == UInt8(ascii: "_")
                || b == UInt8(ascii: "$") || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) {
                classes |= identifierBody
            }
            if "/=-+!*%<>&|^~?".utf8.contains(b) { classes |= operatorChar }
            table[value] = classes
        }
        return UnsafePointer(table)
    }()
}

/// ASCII bytes the lexer compares against.
private enum Byte {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let slash = UInt8(ascii: "/")
    static let backslash = UInt8(ascii: "\\")
    static let star = UInt8(ascii: "*")
    static let quote = UInt8(ascii: "\"")
    static let hash = UInt8(ascii: "#")
    static let bang = UInt8(ascii: "!")
    static let at = UInt8(ascii: "@")
    static let backtick = UInt8(ascii: "`")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let plus = UInt8(ascii: "+")
    static let minus = UInt8(ascii: "-")
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

/// One piece of a single-line string literal: decoded text, or the tokens of an interpolation.
enum SwiftStringPart: Equatable {
    case text(String)
    case interpolation([SwiftToken])
}

extension SwiftLexer {
    /// The pieces of a terminated single-line string literal, interpolations as their own tokens
    /// (comments removed). Nil for multi-line and unterminated literals.
    static func parts(of token: SwiftToken) -> [SwiftStringPart]? {
        guard token.kind == .string, !token.isMultiline, !token.isUnterminated else { return nil }
        if let value = token.stringValue { return [.text(value)] }
        let bytes = Array(token.text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in parts(of: token, text: buffer, bytes: bytes) }
    }

    private static func parts(of token: SwiftToken, text: UnsafeBufferPointer<UInt8>, bytes: [UInt8]) -> [SwiftStringPart]? {
        let lexer = SwiftLexerCursor(text)
        let depth = token.rawDepth
        var parts: [SwiftStringPart] = []
        var i = depth + 1
        let end = bytes.count - 1 - depth
        var segmentStart = i
        while i < end {
            guard bytes[i] == Byte.backslash, lexer.hashes(at: i + 1, count: depth), i + 1 + depth < end,
                  bytes[i + 1 + depth] == Byte.lparen else {
                i += bytes[i] == Byte.backslash ? 2 : 1
                continue
            }
            if segmentStart < i { parts.append(.text(lexer.decode(segmentStart..<i, depth: depth, indent: nil))) }
            // The interpolation's tokens, up to its balancing `)`, placed in the literal's text.
            var inner = SwiftLexerCursor(text)
            inner.start(at: i + 2 + depth, line: 1, lineStart: 0, countingFrom: 0)
            let list = SwiftTokenList(bytes: bytes)
            var tokens: [SwiftToken] = []
            var parens = 0
            var closed = false
            while let t = inner.nextPlacedToken() {
                if t.is(.leftParen) { parens += 1 }
                if t.is(.rightParen) {
                    if parens == 0 { closed = true; break }
                    parens -= 1
                }
                if !t.isComment { tokens.append(list.token(t)) }
            }
            guard closed else { return nil }
            parts.append(.interpolation(tokens))
            i = inner.pos
            segmentStart = i
        }
        if segmentStart < end { parts.append(.text(lexer.decode(segmentStart..<end, depth: depth, indent: nil))) }
        return parts
    }
}

/// A string literal's decoded bytes, each interpolation as a filler identifier, with the source
/// position of every run of bytes: how JavaScript held in a Swift literal is read in place.
struct SwiftDecodedLiteral {
    var bytes: [UInt8] = []
    /// (script offset, source byte offset) where each run copied one for one starts.
    var runs: [(scriptOffset: Int, sourceOffset: Int)] = []
    /// The tokens of each interpolation, in order; the filler for the n-th is `prefix + n`.
    var interpolations: [[SwiftToken]] = []
}

extension SwiftLexer {
    /// Decodes the literal `token` of `bytes` (the whole file, which `token` was lexed from, so
    /// that its line and column place the interpolations' tokens) as Swift does — escapes, the
    /// multi-line indentation rule, line continuations — keeping where each byte came from.
    /// Each interpolation becomes `fillerPrefix` followed by its number.
    static func decodeWithPositions(_ token: SwiftToken, in bytes: [UInt8], fillerPrefix: String) -> SwiftDecodedLiteral? {
        guard token.kind == .string, !token.isUnterminated else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            decodeWithPositions(token, buffer: buffer, bytes: bytes, fillerPrefix: fillerPrefix)
        }
    }

    private static func decodeWithPositions(
        _ token: SwiftToken, buffer: UnsafeBufferPointer<UInt8>, bytes: [UInt8], fillerPrefix: String
    ) -> SwiftDecodedLiteral? {
        let lexer = SwiftLexerCursor(buffer)
        let depth = token.rawDepth
        let delimiter = token.isMultiline ? 3 : 1
        let contentStart = token.range.lowerBound + depth + delimiter
        let contentEnd = token.range.upperBound - depth - delimiter
        guard contentStart <= contentEnd else { return nil }
        var out = SwiftDecodedLiteral()
        var i = contentStart
        var end = contentEnd
        var indent: [UInt8] = []
        if token.isMultiline {
            // The content starts on the line after `"""`; the closing line's indentation is
            // removed from every line, and the line break before `"""` is not part of it.
            while i < end, !lexer.isNewline(bytes[i]) { i += 1 }
            guard i < end else { return nil }
            i += lexer.newlineLength(at: i)
            var lineStart = end
            while lineStart > i, !lexer.isNewline(bytes[lineStart - 1]) { lineStart -= 1 }
            indent = Array(bytes[lineStart..<end])
            guard indent.allSatisfy({ $0 == Byte.space || $0 == Byte.tab }) else { return nil }
            end = max(i, lineStart - 1)
            if end > i, bytes[end] == Byte.newline, bytes[end - 1] == Byte.carriageReturn { end -= 1 }
            if lineStart <= i { end = i }
        }
        var atLineStart = token.isMultiline
        var runOpen = false
        func startRun(at source: Int) {
            out.runs.append((out.bytes.count, source))
            runOpen = true
        }
        while i < end {
            if atLineStart {
                atLineStart = false
                var k = 0
                while i < end, k < indent.count, bytes[i] == indent[k] { i += 1; k += 1 }
                runOpen = false
                continue
            }
            let b = bytes[i]
            if token.isMultiline, lexer.isNewline(b) {
                if !runOpen { startRun(at: i) }
                out.bytes.append(Byte.newline)
                i += lexer.newlineLength(at: i)
                atLineStart = true
                runOpen = false
                continue
            }
            if b == Byte.backslash, lexer.hashes(at: i + 1, count: depth) {
                let e = i + 1 + depth
                if e < end, bytes[e] == Byte.lparen {
                    // An interpolation: its tokens, up to the balancing `)`, lines counted on
                    // from the literal's own position.
                    var inner = SwiftLexerCursor(buffer)
                    inner.start(
                        at: e + 1, line: token.line, lineStart: token.range.lowerBound - (token.column - 1),
                        countingFrom: token.range.lowerBound)
                    let list = SwiftTokenList(bytes: bytes)
                    var tokens: [SwiftToken] = []
                    var parens = 0
                    while let t = inner.nextPlacedToken(), inner.pos <= end + depth + delimiter {
                        if t.is(.leftParen) { parens += 1 }
                        if t.is(.rightParen) {
                            if parens == 0 { break }
                            parens -= 1
                        }
                        if !t.isComment { tokens.append(list.token(t)) }
                    }
                    startRun(at: i)
                    out.bytes += Array((fillerPrefix + String(out.interpolations.count)).utf8)
                    out.interpolations.append(tokens)
                    runOpen = false
                    i = inner.pos
                    continue
                }
                if token.isMultiline {
                    var j = e
                    while j < end, bytes[j] == Byte.space || bytes[j] == Byte.tab { j += 1 }
                    if j < end, lexer.isNewline(bytes[j]) {
                        i = j + lexer.newlineLength(at: j)
                        atLineStart = true
                        runOpen = false
                        continue
                    }
                }
                if let (decoded, next) = lexer.decodeEscape(at: e, end: end) {
                    startRun(at: i)
                    out.bytes += decoded
                    runOpen = false
                    i = next
                    continue
                }
            }
            if !runOpen { startRun(at: i) }
            out.bytes.append(b)
            i += 1
            // A line break in a one-line literal (not valid Swift, but the lexer reads on to the
            // closing quote): the next line's bytes are a run of their own, at their own line.
            if lexer.isNewline(b), lexer.newlineLength(at: i - 1) == 1 { runOpen = false }
        }
        return out
    }
}
