/// A JSON value with ordered object members, so that every document Hawser writes has a fixed,
/// deliberate key order and byte-identical output on every run.
indirect enum JSON: Hashable, Sendable {
    case object([(String, JSON)])
    case array([JSON])
    case string(String)
    case int(Int)
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

    /// Writes a JSON string literal. Escapes what JSON requires, and U+2028/U+2029 so the
    /// output is also a valid JavaScript literal.
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
                if scalar.value < 0x20 {
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
