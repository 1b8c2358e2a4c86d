/// A hand-written lexer for Swift source, sufficient for finding calls, declarations and string
/// literals. It never fails: malformed input yields `unknown` or unterminated tokens.
///
/// Not handled: regex literals (`/…/`) are lexed as operators and ordinary tokens.
struct SwiftLexer {
    private let bytes: [UInt8]
    /// Byte offset of the first byte of each line.
    private let lineStarts: [Int]
    private var pos = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == Byte.newline {
                starts.append(i + 1)
            } else if b == Byte.carriageReturn, i + 1 >= bytes.count || bytes[i + 1] != Byte.newline {
                starts.append(i + 1)
            }
            i += 1
        }
        self.lineStarts = starts
    }

    /// Lexes `bytes` into tokens, comments included.
    static func tokenize(_ bytes: [UInt8]) -> [SwiftToken] {
        var lexer = SwiftLexer(bytes: bytes)
        return lexer.tokenize()
    }

    /// Lexes the whole input from the start, comments included.
    mutating func tokenize() -> [SwiftToken] {
        pos = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }
        if bytes.count >= pos + 2, bytes[pos] == Byte.hash, bytes[pos + 1] == Byte.bang {
            while pos < bytes.count, !isNewline(bytes[pos]) { pos += 1 }
        }
        var tokens: [SwiftToken] = []
        while let token = nextToken() { tokens.append(token) }
        return tokens
    }

    /// The 1-based line and byte column of `offset`.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    // MARK: - Tokens

    private mutating func nextToken() -> SwiftToken? {
        skipWhitespace()
        guard pos < bytes.count else { return nil }
        let start = pos
        let b = bytes[pos]
        switch b {
        case Byte.slash where peek(1) == Byte.slash:
            return lexLineComment(start)
        case Byte.slash where peek(1) == Byte.star:
            return lexBlockComment(start)
        case Byte.quote:
            return lexString(start)
        case Byte.hash:
            var p = pos
            while p < bytes.count, bytes[p] == Byte.hash { p += 1 }
            if p < bytes.count, bytes[p] == Byte.quote { return lexString(start) }
            if let next = peek(1), isIdentifierStart(next) {
                pos += 1
                while pos < bytes.count, isIdentifierBody(bytes[pos]) { pos += 1 }
                return make(.directive, start)
            }
            pos += 1
            return make(.punctuation, start)
        case Byte.at:
            if let next = peek(1), isIdentifierStart(next) {
                pos += 1
                while pos < bytes.count, isIdentifierBody(bytes[pos]) { pos += 1 }
                return make(.attribute, start)
            }
            pos += 1
            return make(.punctuation, start)
        case Byte.backtick:
            var p = pos + 1
            while p < bytes.count, isIdentifierBody(bytes[p]) { p += 1 }
            if p < bytes.count, bytes[p] == Byte.backtick, p > pos + 1 {
                pos = p + 1
                return make(.identifier, start)
            }
            pos += 1
            return make(.unknown, start)
        case Byte.dot:
            if peek(1) == Byte.dot {
                while pos < bytes.count, bytes[pos] == Byte.dot || isOperatorChar(bytes[pos]), !startsComment(pos) {
                    pos += 1
                }
                return make(.operatorSymbol, start)
            }
            pos += 1
            return make(.punctuation, start)
        case _ where isDigit(b):
            return lexNumber(start)
        case _ where isIdentifierStart(b):
            while pos < bytes.count, isIdentifierBody(bytes[pos]) { pos += 1 }
            return make(.identifier, start)
        case _ where isOperatorChar(b):
            pos += 1
            while pos < bytes.count, isOperatorChar(bytes[pos]), !startsComment(pos) { pos += 1 }
            return make(.operatorSymbol, start)
        case Byte.lparen, Byte.rparen, Byte.lbrace, Byte.rbrace, Byte.lbracket, Byte.rbracket,
             Byte.comma, Byte.colon, Byte.semicolon, Byte.backslash:
            pos += 1
            return make(.punctuation, start)
        default:
            pos += 1
            // Keep a malformed multi-byte sequence in one token.
            while pos < bytes.count, bytes[pos] & 0xC0 == 0x80 { pos += 1 }
            return make(.unknown, start)
        }
    }

    private func make(_ kind: SwiftTokenKind, _ start: Int) -> SwiftToken {
        let (line, column) = position(of: start)
        let endLine = position(of: max(start, pos - 1)).line
        return SwiftToken(
            kind: kind, text: String(decoding: bytes[start..<pos], as: UTF8.self), range: start..<pos,
            line: line, column: column, endLine: endLine, isFirstOnLine: onlyWhitespaceBefore(start))
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

    private mutating func skipWhitespace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case Byte.space, Byte.tab, Byte.newline, Byte.carriageReturn, 0x0B, 0x0C, 0x00: pos += 1
            default: return
            }
        }
    }

    private mutating func lexLineComment(_ start: Int) -> SwiftToken {
        while pos < bytes.count, !isNewline(bytes[pos]) { pos += 1 }
        let isDoc = pos - start >= 3 && bytes[start + 2] == Byte.slash && (pos - start == 3 || bytes[start + 3] != Byte.slash)
        return make(isDoc ? .docLineComment : .lineComment, start)
    }

    /// Block comments nest: `/* a /* b */ c */` is one comment.
    private mutating func lexBlockComment(_ start: Int) -> SwiftToken {
        pos += 2
        var depth = 1
        while pos < bytes.count {
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
        var token = make(isDoc ? .docBlockComment : .blockComment, start)
        token.isUnterminated = depth > 0
        return token
    }

    private mutating func lexNumber(_ start: Int) -> SwiftToken {
        let isHex = bytes[pos] == Byte.zero && (peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "X"))
        pos += 1
        while pos < bytes.count {
            let b = bytes[pos]
            if isIdentifierBody(b) && b < 0x80 {
                pos += 1
                let isExponent = isHex ? (b == UInt8(ascii: "p") || b == UInt8(ascii: "P"))
                                       : (b == UInt8(ascii: "e") || b == UInt8(ascii: "E"))
                if isExponent, pos < bytes.count, bytes[pos] == Byte.plus || bytes[pos] == Byte.minus { pos += 1 }
            } else if b == Byte.dot, let next = peek(1), isDigit(next) {
                pos += 1
            } else {
                break
            }
        }
        return make(.number, start)
    }

    // MARK: - Strings

    /// Lexes any string literal form starting at `start` (at `"` or at the first `#`).
    private mutating func lexString(_ start: Int) -> SwiftToken {
        var depth = 0
        pos = start
        while bytes[pos] == Byte.hash { depth += 1; pos += 1 }
        let multiline = peek(1) == Byte.quote && peek(2) == Byte.quote
        pos += multiline ? 3 : 1
        let contentStart = pos
        var contentEnd = bytes.count
        var hasInterpolation = false
        var terminated = false
        while pos < bytes.count {
            let b = bytes[pos]
            if b == Byte.backslash, hashes(at: pos + 1, count: depth) {
                pos += 1 + depth
                guard pos < bytes.count else { break }
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
                    contentEnd = pos
                    pos += closeLength + depth
                    terminated = true
                    break
                }
            }
            pos += 1
        }
        if !terminated { pos = bytes.count }
        var token = make(.string, start)
        token.isMultiline = multiline
        token.rawDepth = depth
        token.hasInterpolation = hasInterpolation
        token.isUnterminated = !terminated
        if !hasInterpolation {
            token.stringValue = multiline
                ? decodeMultiline(contentStart..<contentEnd, depth: depth, terminated: terminated)
                : decode(contentStart..<contentEnd, depth: depth, indent: nil)
        }
        return token
    }

    /// Consumes the tokens of an interpolation up to and including its closing `)`. Nested
    /// strings (and their own interpolations) are lexed as ordinary tokens, so any `)` or `"`
    /// inside them is skipped correctly.
    private mutating func skipInterpolation() {
        var parens = 0
        while let token = nextToken() {
            guard token.kind == .punctuation else { continue }
            if token.text == "(" {
                parens += 1
            } else if token.text == ")" {
                if parens == 0 { return }
                parens -= 1
            }
        }
    }

    /// Applies Swift's multi-line rules: the content starts on the line after the opening
    /// delimiter, the line break before the closing delimiter is not part of the value, and the
    /// closing delimiter's indentation is removed from every line.
    private func decodeMultiline(_ content: Range<Int>, depth: Int, terminated: Bool) -> String {
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
    private func decode(_ range: Range<Int>, depth: Int, indent: [UInt8]?) -> String {
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
    private func decodeEscape(at e: Int, end: Int) -> ([UInt8], Int)? {
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
        pos + offset < bytes.count ? bytes[pos + offset] : nil
    }

    private func hashes(at offset: Int, count: Int) -> Bool {
        guard offset + count <= bytes.count else { return false }
        for i in offset..<(offset + count) where bytes[i] != Byte.hash { return false }
        return true
    }

    private func startsComment(_ offset: Int) -> Bool {
        offset + 1 < bytes.count && bytes[offset] == Byte.slash
            && (bytes[offset + 1] == Byte.slash || bytes[offset + 1] == Byte.star)
    }

    private func newlineLength(at offset: Int) -> Int {
        bytes[offset] == Byte.carriageReturn && offset + 1 < bytes.count && bytes[offset + 1] == Byte.newline ? 2 : 1
    }

    private func isNewline(_ b: UInt8) -> Bool { b == Byte.newline || b == Byte.carriageReturn }
    private func isDigit(_ b: UInt8) -> Bool { b >= Byte.zero && b <= UInt8(ascii: "9") }

    private func isIdentifierStart(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "$") || b >= 0x80
    }

    private func isIdentifierBody(_ b: UInt8) -> Bool { isIdentifierStart(b) || isDigit(b) }

    private func isOperatorChar(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
             UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
             UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    private func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
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
        let lexer = SwiftLexer(bytes: bytes)
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
            // The interpolation's tokens, up to its balancing `)`.
            var inner = SwiftLexer(bytes: bytes)
            inner.pos = i + 2 + depth
            var tokens: [SwiftToken] = []
            var parens = 0
            var closed = false
            while let t = inner.nextToken() {
                if t.kind == .punctuation, t.text == "(" { parens += 1 }
                if t.kind == .punctuation, t.text == ")" {
                    if parens == 0 { closed = true; break }
                    parens -= 1
                }
                if !t.isComment { tokens.append(t) }
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
    /// Decodes the literal `token` of `bytes` (the whole file) as Swift does — escapes, the
    /// multi-line indentation rule, line continuations — keeping where each byte came from.
    /// Each interpolation becomes `fillerPrefix` followed by its number.
    static func decodeWithPositions(_ token: SwiftToken, in bytes: [UInt8], fillerPrefix: String) -> SwiftDecodedLiteral? {
        guard token.kind == .string, !token.isUnterminated else { return nil }
        let lexer = SwiftLexer(bytes: bytes)
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
                    // An interpolation: its tokens, up to the balancing `)`.
                    var inner = SwiftLexer(bytes: bytes)
                    inner.pos = e + 1
                    var tokens: [SwiftToken] = []
                    var parens = 0
                    while let t = inner.nextToken(), inner.pos <= end + depth + delimiter {
                        if t.kind == .punctuation, t.text == "(" { parens += 1 }
                        if t.kind == .punctuation, t.text == ")" {
                            if parens == 0 { break }
                            parens -= 1
                        }
                        if !t.isComment { tokens.append(t) }
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
        }
        return out
    }
}
