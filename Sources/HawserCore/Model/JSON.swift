/// A JSON value with ordered object members, so that every document Hawser writes has a fixed,
/// deliberate key order and byte-identical output on every run. `JSON.parse` (in
/// `JSON+Parse.swift`) reads JSON text into it, keeping the members in the order written.
indirect enum JSON: Hashable, Sendable {
    case object([(String, JSON)])
    case array([JSON])
    case string(String)
    /// A number written without a fraction or exponent that fits in `Int`: exact.
    case int(Int)
    /// Any other number.
    case double(Double)
    case bool(Bool)
    case null

    static func == (a: JSON, b: JSON) -> Bool { a.rendered() == b.rendered() }
    func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }

    /// `.string(value)` or `.null`.
    static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }

    /// Pretty-printed with two-space indentation and a final newline.
    func rendered() -> String {
        var out = ""
        write(to: &out, indent: 0)
        out += "\n"
        return out
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (i, (key, value)) in members.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                JSON.writeString(key, to: &out)
                out += ": "
                value.write(to: &out, indent: indent + 1)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                item.write(to: &out, indent: indent + 1)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .string(let value):
            JSON.writeString(value, to: &out)
        case .int(let value):
            out += String(value)
        case .double(let value):
            // Swift's shortest round-trip spelling ("1.5", "1e-07") is valid JSON for any
            // finite value, and the parser never makes another.
            out += value.isFinite ? String(value) : "null"
        case .bool(let value):
            out += value ? "true" : "false"
        case .null:
            out += "null"
        }
    }

    /// `value` as a JSON string literal, quotes included, which is also a valid JavaScript and
    /// TypeScript string literal. The one helper for writing a string literal into generated
    /// JavaScript, TypeScript, JSON or key paths.
    static func stringLiteral(_ value: String) -> String {
        var out = ""
        writeString(value, to: &out)
        return out
    }

    /// Writes a JSON string literal. Escapes what JSON requires, U+2028/U+2029 so the output is
    /// also a valid JavaScript literal, and DEL and the C1 controls (U+007F–U+009F), which JSON
    /// allows raw but no terminal, log or editor shows as what they are.
    static func writeString(_ value: String, to out: inout String) {
        var bytes: [UInt8] = []
        writeString(value, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// `writeString` as UTF-8 bytes: runs that need no escape are copied whole.
    static func writeString(_ value: String, to out: inout [UInt8]) {
        var value = value
        value.withUTF8 { bytes in
            out.reserveCapacity(out.count + bytes.count + 2)
            out.append(UInt8(ascii: "\""))
            var run = 0, index = 0
            func escape(_ text: StaticString, width: Int) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
                index += width
                run = index
            }
            func control(_ scalar: Int, width: Int) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigits[scalar >> 4], hexDigits[scalar & 15]])
                index += width
                run = index
            }
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""): escape("\\\"", width: 1)
                case UInt8(ascii: "\\"): escape("\\\\", width: 1)
                case UInt8(ascii: "\n"): escape("\\n", width: 1)
                case UInt8(ascii: "\r"): escape("\\r", width: 1)
                case UInt8(ascii: "\t"): escape("\\t", width: 1)
                case 0x08: escape("\\b", width: 1)
                case 0x0C: escape("\\f", width: 1)
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape(bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029", width: 3)
                case 0x00..<0x20, 0x7F:
                    control(Int(byte), width: 1)
                case 0xC2 where index + 1 < bytes.count && bytes[index + 1] < 0xA0:
                    // A C1 control, U+0080–U+009F: C2 80–C2 9F.
                    control(Int(bytes[index + 1]), width: 2)
                default:
                    index += 1
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
            out.append(UInt8(ascii: "\""))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

// MARK: - Reading values

extension JSON {
    /// The string, when this is a string.
    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    var arrayValue: [JSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The members in the order written, when this is an object.
    var members: [(key: String, value: JSON)]? {
        if case .object(let members) = self { return members.map { (key: $0.0, value: $0.1) } }
        return nil
    }

    /// The members by key, when this is an object. A key given twice (possible only in a value
    /// built in code: `JSON.parse` rejects duplicates) keeps its last value.
    var dictionaryValue: [String: JSON]? {
        members.map { Dictionary($0, uniquingKeysWith: { _, last in last }) }
    }

    /// The members sorted by key, when this is an object: the order the readers of `hawser.json`
    /// and schemas check them in, so the first error reported does not depend on the order written.
    var sortedMembers: [(key: String, value: JSON)]? {
        members?.sorted { $0.key < $1.key }
    }

    /// The elements, when this is an array whose elements are all strings.
    var stringsValue: [String]? {
        guard let items = arrayValue else { return nil }
        var strings: [String] = []
        for item in items {
            guard let string = item.stringValue else { return nil }
            strings.append(string)
        }
        return strings
    }
}
