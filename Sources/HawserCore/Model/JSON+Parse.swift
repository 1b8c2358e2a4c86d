/// JSON text that `JSON.parse` rejects: where, and why. `line` is 1-based; `column` is 1-based
/// and counts UTF-8 bytes, as every position Hawser reports does.
struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var reason: String

    var description: String { "\(line):\(column): \(reason)" }
}

extension JSON {
    /// The deepest nesting of arrays and objects `parse` accepts, so that a hostile file cannot
    /// exhaust the stack.
    static let maximumDepth = 512

    /// Parses one JSON text, strictly as RFC 8259 defines it:
    ///
    /// - no trailing commas, comments, single quotes, unquoted keys, `NaN`, `Infinity`, leading
    ///   zeros, `+` signs, or text after the value; any value may stand at the top level;
    /// - a key given twice in one object is an error (at the second), not "last wins": in a
    ///   configuration file a repeated key is a mistake that would silently drop the first;
    /// - a number without a fraction or exponent that fits in `Int` is `.int`, exactly; any other
    ///   number is `.double`, and one too large for a `Double` is an error;
    /// - strings must be valid UTF-8 without raw control characters; every escape is decoded,
    ///   `\uD83D\uDE00` surrogate pairs included, and a lone surrogate is an error;
    /// - a UTF-8 byte order mark before the value is skipped (§8.1 allows it); the whitespace
    ///   is space, tab, line feed and carriage return;
    /// - arrays and objects nest at most `maximumDepth` deep.
    ///
    /// Object members keep the order written.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSON {
        var parser = JSONParser(bytes: bytes)
        return try parser.document()
    }
}

/// A recursive-descent reader of one JSON text, over its bytes.
private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() throws(JSONSyntaxError) -> JSON {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let result = try value()
        skipWhitespace()
        guard index == bytes.count else { throw unexpected("the end of the text after the value") }
        return result
    }

    // MARK: - Values

    private mutating func value() throws(JSONSyntaxError) -> JSON {
        guard let byte = peek else { throw unexpected("a JSON value") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: throw unexpected("a JSON value")
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSON {
        try enter()
        index += 1 // {
        var members: [(String, JSON)] = []
        var firstOffsets: [String: Int] = [:]
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object([])
        }
        while true {
            guard peek == UInt8(ascii: "\"") else { throw unexpected("a key in double quotes") }
            let keyOffset = index
            let key = try string()
            if let first = firstOffsets[key] {
                let (line, column) = position(of: first)
                throw error("duplicate key '\(key)', first given at \(line):\(column)", at: keyOffset)
            }
            firstOffsets[key] = keyOffset
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw unexpected("':' after the key") }
            index += 1
            skipWhitespace()
            members.append((key, try value()))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                let comma = index
                index += 1
                skipWhitespace()
                if peek == UInt8(ascii: "}") { throw error("trailing comma before '}'", at: comma) }
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(members)
            default:
                throw unexpected("',' or '}' after an object member")
            }
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSON {
        try enter()
        index += 1 // [
        var items: [JSON] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array([])
        }
        while true {
            items.append(try value())
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                let comma = index
                index += 1
                skipWhitespace()
                if peek == UInt8(ascii: "]") { throw error("trailing comma before ']'", at: comma) }
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(items)
            default:
                throw unexpected("',' or ']' after an array element")
            }
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSON.maximumDepth {
            throw error("arrays and objects nested more than \(JSON.maximumDepth) deep", at: index)
        }
    }

    private mutating func literal(_ word: String, _ result: JSON) throws(JSONSyntaxError) -> JSON {
        let utf8 = Array(word.utf8)
        guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8,
              !(peek(at: index + utf8.count).map(isWordByte) ?? false)
        else { throw unexpected("a JSON value") }
        index += utf8.count
        return result
    }

    // MARK: - Numbers

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(JSONSyntaxError) -> JSON {
        let start = index
        var isInteger = true
        if peek == UInt8(ascii: "-") {
            index += 1
            guard peek.map(isDigit) == true else { throw unexpected("a digit after '-'") }
        }
        if peek == UInt8(ascii: "0") {
            index += 1
            if peek.map(isDigit) == true { throw error("a number must not have leading zeros", at: start) }
        } else {
            skipDigits()
        }
        if peek == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard peek.map(isDigit) == true else { throw unexpected("a digit after '.'") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard peek.map(isDigit) == true else { throw unexpected("a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .int(integer) }
        guard let double = Double(text), double.isFinite else {
            throw error("the number \(text) is too large", at: start)
        }
        return .double(double)
    }

    private mutating func skipDigits() {
        while let byte = peek, isDigit(byte) { index += 1 }
    }

    // MARK: - Strings

    /// A string literal at `index` (its opening quote), decoded.
    private mutating func string() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1 // "
        var out: [UInt8] = []
        while true {
            guard let byte = peek else { throw error("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &out)
            case 0x00..<0x20:
                let hex = String(byte, radix: 16, uppercase: true)
                throw error("a raw control character (U+\(String(repeating: "0", count: 4 - hex.count) + hex)) in a string; escape it", at: index)
            case 0x00..<0x80:
                out.append(byte)
                index += 1
            default:
                guard let length = utf8SequenceLength(at: index) else { throw error("invalid UTF-8", at: index) }
                out += bytes[index..<index + length]
                index += length
            }
        }
    }

    /// The escape sequence at `index` (its backslash), appended to `out` as UTF-8.
    private mutating func escape(into out: inout [UInt8]) throws(JSONSyntaxError) {
        let start = index
        index += 1 // backslash
        guard let byte = peek else { throw error("unterminated string", at: start) }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hexUnit(escapeAt: start)
            var scalar: Unicode.Scalar?
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate: only a `\u` low surrogate may follow.
                guard peek == UInt8(ascii: "\\"), peek(at: index + 1) == UInt8(ascii: "u") else {
                    throw error("a lone surrogate \\u\(hex(unit)): a high surrogate must be followed by a \\u escape of a low surrogate", at: start)
                }
                let lowStart = index
                index += 2
                let low = try hexUnit(escapeAt: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("a lone surrogate \\u\(hex(unit)): a high surrogate must be followed by a \\u escape of a low surrogate", at: start)
                }
                scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
            case 0xDC00...0xDFFF:
                throw error("a lone surrogate \\u\(hex(unit)): a low surrogate must follow a high one", at: start)
            default:
                scalar = Unicode.Scalar(unit)
            }
            // Every value left is a valid scalar.
            out += Array(String(scalar!).utf8)
        default:
            let shown = (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : describe(byte)
            throw error("invalid escape '\\\(shown)' in a string; JSON has \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t and \\uXXXX", at: start)
        }
    }

    /// The four hex digits after a `\u` (already consumed); `escapeAt` is its backslash.
    private mutating func hexUnit(escapeAt start: Int) throws(JSONSyntaxError) -> UInt16 {
        guard bytes.count - index >= 4 else { throw error("expected four hex digits after '\\u'", at: start) }
        var unit: UInt16 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected four hex digits after '\\u'", at: start)
            }
            unit = unit << 4 | UInt16(digit)
        }
        index += 4
        return unit
    }

    /// The length of the well-formed UTF-8 sequence at `offset` whose first byte is not ASCII,
    /// or nil: a stray continuation byte, a truncated or overlong sequence, a surrogate, or a
    /// value above U+10FFFF.
    private func utf8SequenceLength(at offset: Int) -> Int? {
        let lead = bytes[offset]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard bytes.count - offset >= length else { return nil }
        for byte in bytes[offset + 1..<offset + length] {
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        switch length {
        case 3: guard value >= 0x800, !(0xD800...0xDFFF).contains(value) else { return nil }
        case 4: guard value >= 0x10000, value <= 0x10FFFF else { return nil }
        default: break
        }
        return length
    }

    // MARK: - Bytes and errors

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func peek(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    private func hex(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// "expected WHAT, found …" at `index`; comments get their own message.
    private func unexpected(_ expected: String) -> JSONSyntaxError {
        guard let byte = peek else { return error("expected \(expected), found the end of the text", at: index) }
        if byte == UInt8(ascii: "/"), let next = peek(at: index + 1), next == UInt8(ascii: "/") || next == UInt8(ascii: "*") {
            return error("comments are not allowed in JSON", at: index)
        }
        let found: String
        if byte == UInt8(ascii: "'") {
            found = "a single quote; JSON strings and keys take double quotes"
        } else if isWordByte(byte) {
            // A whole word reads better than its first letter: `NaN`, `True`, `undefined`.
            var end = index
            while end < bytes.count, isWordByte(bytes[end]), end - index < 20 { end += 1 }
            found = "'" + String(decoding: bytes[index..<end], as: UTF8.self) + "'"
        } else {
            found = describe(byte)
        }
        return error("expected \(expected), found \(found)", at: index)
    }

    /// A byte as error messages show it.
    private func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x21...0x7E: return "'" + String(UnicodeScalar(byte)) + "'"
        case 0x0A, 0x0D: return "a line break"
        case 0x20: return "a space"
        case 0x80...: return "a non-ASCII character"
        default:
            let digits = String(byte, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: 4 - digits.count) + digits
        }
    }

    private func error(_ reason: String, at offset: Int) -> JSONSyntaxError {
        let (line, column) = position(of: offset)
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }

    /// The 1-based line and UTF-8 byte column of `offset`; CR, LF and CRLF end lines, as in
    /// every other position Hawser reports.
    private func position(of offset: Int) -> (line: Int, column: Int) {
        SourceText.position(of: min(offset, bytes.count), in: bytes)
    }
}
