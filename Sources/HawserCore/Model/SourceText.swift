import Foundation

/// Whether an input file is text Hawser reads: UTF-8, with or without a byte order mark. Every
/// file passes here before any front end sees it (`Pipeline`), so a file that is not text gets
/// one clear `unreadable-file` error instead of a cascade of syntax errors about bytes that are
/// not characters, and no later stage has to cope with invalid UTF-8.
enum SourceText {
    /// What a file's bytes are.
    enum Verdict: Equatable {
        /// UTF-8 text: the bytes after the UTF-8 byte order mark, if there is one, so that line 1,
        /// column 1 is the first character, as an editor shows it.
        case text([UInt8])
        /// Not text: why, and where (1-based line and byte column).
        case rejected(reason: String, line: Int, column: Int)
    }

    /// How many leading bytes the binary test looks at, as git does.
    static let sniffLength = 8000

    static func check(_ bytes: [UInt8]) -> Verdict {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return .rejected(reason: "the file is UTF-32 (it starts with a UTF-32 byte order mark); save it as UTF-8", line: 1, column: 1)
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return .rejected(reason: "the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8", line: 1, column: 1)
        }
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let invalid = firstInvalidUTF8(text)
        // Binary: a NUL among the first bytes, as git and grep decide, and either bytes that are
        // not UTF-8 or so many NULs (one byte in eight) that no source file has them. A NUL in a
        // string literal of an otherwise ordinary script is text: the front end decides what it
        // means.
        let head = text.prefix(sniffLength)
        if !head.isEmpty, head.withUnsafeBufferPointer({ memchr($0.baseAddress!, 0, $0.count) != nil }), invalid != nil || head.filter({ $0 == 0 }).count * 8 >= head.count {
            return .rejected(reason: "the file is binary, not text (it has NUL bytes); Hawser reads UTF-8 text only", line: 1, column: 1)
        }
        if let invalid {
            let (line, column) = position(of: invalid, in: text)
            return .rejected(reason: "the file is not valid UTF-8 (byte \\x\(hexByte(text[invalid]))); save it as UTF-8", line: line, column: column)
        }
        return .text(text)
    }

    /// The offset of the first byte that does not start or continue a well-formed UTF-8
    /// sequence (no overlong forms, no surrogates, nothing above U+10FFFF), or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer(firstInvalidUTF8)
    }

    private static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let count = bytes.count
        while i < count {
            // Eight ASCII bytes at a time (most source text is ASCII).
            while i + 8 <= count,
                  UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            guard i < count else { break }
            let lead = bytes[i]
            if lead < 0x80 { i += 1; continue }
            guard let length = utf8SequenceLength(lead), i + length <= count else { return i }
            let second = bytes[i + 1]
            let secondRange: ClosedRange<UInt8>
            switch lead {
            case 0xE0: secondRange = 0xA0...0xBF
            case 0xED: secondRange = 0x80...0x9F
            case 0xF0: secondRange = 0x90...0xBF
            case 0xF4: secondRange = 0x80...0x8F
            default: secondRange = 0x80...0xBF
            }
            guard secondRange.contains(second) else { return i }
            for k in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[i + k]) { return i }
            i += length
        }
        return nil
    }

    /// The length of the UTF-8 sequence `lead` starts, or nil for a byte that starts none.
    static func utf8SequenceLength(_ lead: UInt8) -> Int? {
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return nil
        }
    }

    /// The 1-based line and byte column of `offset`; CR, LF and CRLF each end a line.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0, i = 0
        while i < offset {
            if bytes[i] == 0x0A || (bytes[i] == 0x0D && !(i + 1 < bytes.count && bytes[i + 1] == 0x0A)) {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        return (line, offset - lineStart + 1)
    }

    static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}

/// Text made safe to print: every character that a terminal, a log or an editor would not show
/// as itself is written as an escape, so that no diagnostic carries a raw NUL, a control
/// character, a line break inside a message, or a bidirectional override that reorders what the
/// reader sees. Swift strings are always valid UTF-8 (a byte that was not is already U+FFFD), so
/// what remains is to make the invisible visible: `\0`, `\t`, `\x1B`, `\u{202E}`.
public enum PrintableText {
    public static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else { out.unicodeScalars.append(scalar); continue }
            switch scalar.value {
            case 0: out += "\\0"
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0..<0x80: out += "\\x" + SourceText.hexByte(UInt8(scalar.value))
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators, and the bidirectional
    /// embeddings, overrides and isolates.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }
}
