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
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
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
