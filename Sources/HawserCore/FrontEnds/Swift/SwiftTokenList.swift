/// The tokens of one Swift file as the lexer leaves them: compact tokens over the file's bytes,
/// code and comments apart. The scanner walks `code`; spans in `SwiftIndex` are ranges of
/// `code` indices. Text, decoded string values and full `SwiftToken`s are made from the bytes
/// only when asked for, which is rare next to the number of tokens.
struct SwiftTokenList {
    let bytes: [UInt8]
    /// The tokens that are not comments, in source order.
    var code: [SwiftCompactToken] = []
    /// The comments, in source order.
    var comments: [SwiftCompactToken] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The token's source text exactly as written.
    func text(_ token: SwiftCompactToken) -> String {
        String(decoding: bytes[token.range], as: UTF8.self)
    }

    /// For an identifier, its name without backticks; otherwise its text (as `SwiftToken.identifier`).
    func identifier(_ token: SwiftCompactToken) -> String {
        guard token.kind == .identifier, bytes[Int(token.start)] == UInt8(ascii: "`") else { return text(token) }
        return self.token(token).identifier
    }

    /// Whether the token's text is `text`, compared as bytes.
    func spells(_ token: SwiftCompactToken, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard Int(token.end - token.start) == count else { return false }
        let start = Int(token.start)
        for k in 0..<count where bytes[start + k] != text.utf8Start[k] { return false }
        return true
    }

    /// Whether the token's bytes contain `needle`.
    func contains(_ token: SwiftCompactToken, _ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        let start = Int(token.start), end = Int(token.end)
        guard count > 0, end - start >= count else { return count == 0 }
        let first = needle.utf8Start[0]
        var i = start
        search: while i <= end - count {
            if bytes[i] == first {
                for k in 1..<count where bytes[i + k] != needle.utf8Start[k] {
                    i += 1
                    continue search
                }
                return true
            }
            i += 1
        }
        return false
    }

    /// For a string literal without interpolation: its decoded value; nil otherwise.
    func stringValue(_ token: SwiftCompactToken) -> String? {
        guard token.kind == .string, !token.hasInterpolation else { return nil }
        return SwiftLexer(bytes: bytes).stringValue(of: token)
    }

    /// The full token, text and decoded value included.
    func token(_ token: SwiftCompactToken) -> SwiftToken {
        SwiftToken(
            kind: token.kind, text: text(token), range: token.range,
            line: Int(token.line), column: Int(token.column), endLine: Int(token.endLine),
            isFirstOnLine: token.isFirstOnLine, stringValue: stringValue(token),
            hasInterpolation: token.hasInterpolation, isMultiline: token.isMultiline,
            rawDepth: token.kind == .string ? rawDepth(token) : 0, isUnterminated: token.isUnterminated)
    }

    /// The full tokens of `code[range]`, the range clamped to the code tokens.
    func tokens(_ range: Range<Int>) -> [SwiftToken] {
        code[range.clamped(to: code.indices)].map { token($0) }
    }

    /// Every token, code and comments, in source order.
    var allTokens: [SwiftToken] {
        var result: [SwiftToken] = []
        result.reserveCapacity(code.count + comments.count)
        var c = 0
        for token in code {
            while c < comments.count, comments[c].start < token.start {
                result.append(self.token(comments[c]))
                c += 1
            }
            result.append(self.token(token))
        }
        while c < comments.count {
            result.append(self.token(comments[c]))
            c += 1
        }
        return result
    }

    /// The index after the `)` or `]` that closes the bracket at `open` in `code` (brackets of
    /// both kinds nest together), or `code.count` when it is never closed.
    func skipBalanced(from open: Int) -> Int {
        var nesting = 0
        var j = open
        while j < code.count {
            if code[j].is(.leftParen) || code[j].is(.leftBracket) { nesting += 1 }
            if code[j].is(.rightParen) || code[j].is(.rightBracket) {
                nesting -= 1
                if nesting == 0 { return j + 1 }
            }
            j += 1
        }
        return j
    }

    /// One argument of a call: its label, if any, and its tokens after the label (`code` indices).
    struct Argument {
        var label: String?
        var tokens: Range<Int>
    }

    /// The arguments of the call whose `(` is at `open` in `code`, split at top-level commas;
    /// empty for a call that is never closed.
    func arguments(from open: Int) -> [Argument] {
        var arguments: [Argument] = []
        var pieceStart = open + 1
        var nesting = 0
        var j = open + 1
        func finish(_ end: Int) {
            if end - pieceStart >= 2, code[pieceStart].kind == .identifier, code[pieceStart + 1].is(.colon) {
                arguments.append(Argument(label: identifier(code[pieceStart]), tokens: (pieceStart + 2)..<end))
            } else {
                arguments.append(Argument(label: nil, tokens: pieceStart..<end))
            }
        }
        while j < code.count {
            let t = code[j]
            if t.is(.leftParen) || t.is(.leftBracket) || t.is(.leftBrace) { nesting += 1 }
            if t.is(.rightParen) || t.is(.rightBracket) || t.is(.rightBrace) {
                if nesting == 0 {
                    if j > pieceStart || !arguments.isEmpty { finish(j) }
                    return arguments
                }
                nesting -= 1
            }
            if nesting == 0, t.is(.comma) {
                finish(j)
                pieceStart = j + 1
            }
            j += 1
        }
        return []
    }

    /// The number of `#` before a string literal's opening quote.
    private func rawDepth(_ token: SwiftCompactToken) -> Int {
        var depth = 0
        while Int(token.start) + depth < Int(token.end), bytes[Int(token.start) + depth] == UInt8(ascii: "#") { depth += 1 }
        return depth
    }
}
