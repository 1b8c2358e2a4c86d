/// Decodes an Objective-C string literal token (`@"…"`, a C string, a C++ raw string, or a
/// concatenation of them) with the source offset of every decoded byte, so that JavaScript
/// held in the literal can be read in place and its positions mapped back to the `.m` file.
enum ObjCStringDecoder {
    /// The decoded bytes and, for each, the offset in `source` of the byte (or escape) it comes
    /// from. A format specifier is replaced by a filler identifier, every byte of which maps to
    /// the specifier's `%`.
    struct Decoded: Equatable {
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        /// For a format string: the argument each filler stands for, in order (filler `n` is
        /// `EmbeddedScript.interpolationPrefix + n`); nil for a specifier that takes no
        /// argument we can name (`%n`, `*` widths are skipped).
        var specifiers: [Specifier] = []

        struct Specifier: Equatable {
            /// 0-based index into the format's arguments.
            var argument: Int
            /// The conversion character: `@` and `s` give strings.
            var conversion: UInt8
        }
    }

    /// Decodes `token` (a `.string` token that is not unterminated) from `source`. Nil when the
    /// token's bytes are not a sequence of complete literals.
    static func decode(_ token: ObjCToken, in source: [UInt8]) -> Decoded? {
        guard token.kind == .string, !token.isUnterminated else { return nil }
        var result = Decoded()
        var pos = token.range.lowerBound
        let end = min(token.range.upperBound, source.count)
        while pos < end {
            let b = source[pos]
            switch b {
            case ObjCByte.space, ObjCByte.tab, ObjCByte.newline, ObjCByte.carriageReturn, 0x0B, 0x0C, ObjCByte.at:
                pos += 1
            case ObjCByte.backslash:
                // A splice between literals.
                pos += 1
            case ObjCByte.slash where pos + 1 < end && source[pos + 1] == ObjCByte.slash:
                while pos < end, source[pos] != ObjCByte.newline, source[pos] != ObjCByte.carriageReturn { pos += 1 }
            case ObjCByte.slash where pos + 1 < end && source[pos + 1] == ObjCByte.star:
                pos += 2
                while pos + 1 < end, !(source[pos] == ObjCByte.star && source[pos + 1] == ObjCByte.slash) { pos += 1 }
                pos += 2
            case ObjCByte.quote:
                guard let after = quoted(source, from: pos, end: end, into: &result) else { return nil }
                pos = after
            default:
                // A prefix: `L`, `u`, `U`, `u8`, and the `R` of a raw string.
                var p = pos
                while p < end, isPrefixLetter(source[p]) { p += 1 }
                guard p < end, p > pos, p - pos <= 3, source[p] == ObjCByte.quote else { return nil }
                let isRaw = source[p - 1] == UInt8(ascii: "R")
                guard let after = isRaw ? raw(source, from: p, end: end, into: &result) : quoted(source, from: p, end: end, into: &result)
                else { return nil }
                pos = after
            }
        }
        return result
    }

    /// `"…"` whose opening quote is at `start`: appends its value; returns the offset after it.
    private static func quoted(_ source: [UInt8], from start: Int, end: Int, into result: inout Decoded) -> Int? {
        var pos = start + 1
        while pos < end {
            let b = source[pos]
            if b == ObjCByte.quote { return pos + 1 }
            if b == ObjCByte.backslash {
                // A splice: `\` and a line break are nothing.
                if let after = ObjCLexer.splice(source, at: pos) {
                    pos = after
                    continue
                }
                let escape = pos
                var value: [UInt8] = []
                ObjCLexer.decodeEscape(source, at: &pos, into: &value)
                result.bytes += value
                result.offsets += Array(repeating: escape, count: value.count)
                continue
            }
            result.bytes.append(b)
            result.offsets.append(pos)
            pos += 1
        }
        return nil
    }

    /// `R"d(…)d"` whose quote is at `quote`.
    private static func raw(_ source: [UInt8], from quote: Int, end: Int, into result: inout Decoded) -> Int? {
        var p = quote + 1
        while p < end, source[p] != ObjCByte.lparen { p += 1 }
        guard p < end else { return nil }
        let delimiter = Array(source[(quote + 1)..<p])
        var q = p + 1
        while q < end {
            if source[q] == ObjCByte.rparen, q + 1 + delimiter.count < end,
               Array(source[(q + 1)..<(q + 1 + delimiter.count)]) == delimiter, source[q + 1 + delimiter.count] == ObjCByte.quote {
                return q + delimiter.count + 2
            }
            result.bytes.append(source[q])
            result.offsets.append(q)
            q += 1
        }
        return nil
    }

    private static func isPrefixLetter(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "L") || b == UInt8(ascii: "u") || b == UInt8(ascii: "U") || b == UInt8(ascii: "8") || b == UInt8(ascii: "R")
    }

    // MARK: - Format strings

    private static let flags: Set<UInt8> = Set("-+ #0'".utf8)
    private static let lengths: Set<UInt8> = Set("hlLqjzt".utf8)
    private static let conversions: Set<UInt8> = Set("@sScCdDiouUxXfFeEgGaApn".utf8)

    /// The decoded format string with each specifier (`%@`, `%s`, `%1$@`, `%-10d` …) replaced
    /// by a filler identifier and `%%` by `%`. Arguments are numbered as `printf` consumes
    /// them: a `*` width or precision takes one too. A `%` that starts no valid specifier stays.
    static func applyingFormat(_ decoded: Decoded, fillerPrefix: String) -> Decoded {
        var result = Decoded()
        let bytes = decoded.bytes
        var next = 0
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "%"), i + 1 < bytes.count else {
                result.bytes.append(bytes[i])
                result.offsets.append(decoded.offsets[i])
                i += 1
                continue
            }
            if bytes[i + 1] == UInt8(ascii: "%") {
                result.bytes.append(bytes[i])
                result.offsets.append(decoded.offsets[i])
                i += 2
                continue
            }
            var j = i + 1
            // `%2$@`: an explicit argument number.
            var explicit: Int?
            var k = j
            var number = 0
            while k < bytes.count, bytes[k] >= UInt8(ascii: "0"), bytes[k] <= UInt8(ascii: "9"), number < 1000 {
                number = number * 10 + Int(bytes[k] - UInt8(ascii: "0"))
                k += 1
            }
            if k > j, k < bytes.count, bytes[k] == UInt8(ascii: "$"), number > 0 {
                explicit = number - 1
                j = k + 1
            }
            var starArguments = 0
            while j < bytes.count, flags.contains(bytes[j]) { j += 1 }
            if j < bytes.count, bytes[j] == UInt8(ascii: "*") { starArguments += 1; j += 1 }
            while j < bytes.count, bytes[j] >= UInt8(ascii: "0"), bytes[j] <= UInt8(ascii: "9") { j += 1 }
            if j < bytes.count, bytes[j] == UInt8(ascii: ".") {
                j += 1
                if j < bytes.count, bytes[j] == UInt8(ascii: "*") { starArguments += 1; j += 1 }
                while j < bytes.count, bytes[j] >= UInt8(ascii: "0"), bytes[j] <= UInt8(ascii: "9") { j += 1 }
            }
            while j < bytes.count, lengths.contains(bytes[j]) { j += 1 }
            guard j < bytes.count, conversions.contains(bytes[j]) else {
                result.bytes.append(bytes[i])
                result.offsets.append(decoded.offsets[i])
                i += 1
                continue
            }
            next += starArguments
            let argument = explicit ?? next
            if explicit == nil { next += 1 }
            let filler = Array((fillerPrefix + String(result.specifiers.count)).utf8)
            result.specifiers.append(.init(argument: argument, conversion: bytes[j]))
            result.bytes += filler
            result.offsets += Array(repeating: decoded.offsets[i], count: filler.count)
            i = j + 1
        }
        return result
    }
}
