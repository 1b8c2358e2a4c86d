/// Swift identifiers for names that come from JavaScript.
enum SwiftNames {
    /// Swift's reserved words that need backticks as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_",
    ]

    /// The words of `name`: split at characters that are not ASCII letters or digits, and
    /// before an upper-case letter that follows a lower-case letter or digit.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            guard character.isASCII, character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current); current = "" }
                previous = nil
                continue
            }
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `notification_name` → `notificationName`, `my-handler` → `myHandler`, `2fa` → `_2fa`,
    /// `readFile` → `readFile`. Not escaped: see `escaped(_:)`.
    static func lowerCamelCase(_ name: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return "_" }
        var result = first.prefix(1).lowercased() + first.dropFirst()
        for word in parts.dropFirst() { result += word.prefix(1).uppercased() + word.dropFirst() }
        return result.first?.isNumber == true ? "_" + result : result
    }

    /// `readFile` → `ReadFile`, `2fa` → `_2fa`.
    static func upperCamelCase(_ name: String) -> String {
        let parts = words(name)
        guard !parts.isEmpty else { return "_" }
        let result = parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return result.first?.isNumber == true ? "_" + result : result
    }

    /// The identifier as written in source: keywords in backticks.
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }
}
