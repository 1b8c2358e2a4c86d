/// Character references in attribute values, as the HTML standard's tokenizer decodes them:
/// numeric references (`&#34;`, `&#x22;`, the `;` optional) and the named references that
/// scripts in attributes use. An unknown name is left as written, as is a name without `;`
/// other than the legacy `&amp`, `&lt`, `&gt` and `&quot` (which an attribute value decodes only
/// when no letter, digit or `=` follows).
enum HTMLCharacterReference {
    /// The named references decoded, without `&` and `;`.
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "Tab": "\t", "NewLine": "\n", "excl": "!", "num": "#", "dollar": "$", "percnt": "%",
        "lpar": "(", "rpar": ")", "ast": "*", "plus": "+", "comma": ",", "period": ".", "sol": "/",
        "colon": ":", "semi": ";", "equals": "=", "quest": "?", "commat": "@", "lsqb": "[",
        "lbrack": "[", "bsol": "\\", "rsqb": "]", "rbrack": "]", "Hat": "^", "lowbar": "_",
        "grave": "`", "lcub": "{", "lbrace": "{", "verbar": "|", "vert": "|", "rcub": "}",
        "rbrace": "}", "hyphen": "\u{2010}", "dash": "\u{2010}", "ndash": "\u{2013}", "mdash": "\u{2014}",
        "lsquo": "\u{2018}", "rsquo": "\u{2019}", "ldquo": "\u{201C}", "rdquo": "\u{201D}",
        "hellip": "\u{2026}", "copy": "\u{A9}", "reg": "\u{AE}", "trade": "\u{2122}",
    ]

    /// Named references an attribute value decodes without a `;`.
    static let legacy: Set<String> = ["amp", "lt", "gt", "quot"]

    /// The UTF-8 bytes the reference at `offset` (which holds `&`) decodes to, and how many bytes
    /// it spans; nil when no reference starts there (the `&` is text). Reads no further than `end`.
    static func decode(_ bytes: [UInt8], at offset: Int, end: Int) -> (bytes: [UInt8], length: Int)? {
        var i = offset + 1
        guard i < end else { return nil }
        if bytes[i] == UInt8(ascii: "#") {
            i += 1
            let hex = i < end && (bytes[i] == UInt8(ascii: "x") || bytes[i] == UInt8(ascii: "X"))
            if hex { i += 1 }
            let digitsStart = i
            var value: UInt32 = 0
            while i < end, let digit = digitValue(bytes[i], hex: hex) {
                value = min(value &* (hex ? 16 : 10) &+ digit, 0x110000)
                i += 1
            }
            guard i > digitsStart else { return nil }
            if i < end, bytes[i] == UInt8(ascii: ";") { i += 1 }
            let scalar = (value == 0 || value > 0x10FFFF || (0xD800...0xDFFF).contains(value)) ? nil : Unicode.Scalar(value)
            return (Array(String(Character(scalar ?? "\u{FFFD}")).utf8), i - offset)
        }
        let nameStart = i
        while i < end, isAlphanumeric(bytes[i]) { i += 1 }
        guard i > nameStart else { return nil }
        let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
        guard let text = named[name] else { return nil }
        if i < end, bytes[i] == UInt8(ascii: ";") {
            return (Array(text.utf8), i + 1 - offset)
        }
        guard legacy.contains(name), !(i < end && bytes[i] == UInt8(ascii: "=")) else { return nil }
        return (Array(text.utf8), i - offset)
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46 where hex: return UInt32(byte - 0x41 + 10)
        case 0x61...0x66 where hex: return UInt32(byte - 0x61 + 10)
        default: return nil
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
