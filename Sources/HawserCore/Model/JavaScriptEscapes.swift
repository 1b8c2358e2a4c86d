/// Decoding of JavaScript escape sequences inside string literals: the JavaScript front end's
/// static strings and the TypeScript front end's enum names and values.
enum JavaScriptEscapes {
    /// Decodes one escape sequence such as `\n`, `\x41`, `\u0041` or `\u{1F600}`.
    static func decode(_ escape: String) -> String {
        let body = escape.dropFirst()
        guard let first = body.first else { return escape }
        switch first {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "b": return "\u{8}"
        case "f": return "\u{C}"
        case "v": return "\u{B}"
        case "0" where body.count == 1: return "\0"
        case "\n", "\r", "\r\n", "\u{2028}", "\u{2029}": return ""  // line continuation
        case "x", "u":
            var digits = body.dropFirst()
            if digits.hasPrefix("{") && digits.hasSuffix("}") {
                digits = digits.dropFirst().dropLast()
            }
            if let scalarValue = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(scalarValue) {
                return String(Character(scalar))
            }
            return String(body)
        default:
            return String(body)
        }
    }
}
