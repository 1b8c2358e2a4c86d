/// The keys that fit Hawser to an existing app's layout: `pages`, `exclude` and `registered`.
extension HawserConfig {
    static let adoptionKeys = ["exclude", "pages", "registered"]

    /// A name of `registered`, and where the config gives it (a registration's location).
    struct RegisteredName: Equatable, Sendable {
        var name: String
        var location: SourceLocation

        /// `Prefix_*`: `*` stands for any text, as in a registration built at runtime.
        var isPattern: Bool { name.contains("*") }
    }

    /// `exclude`: an array of glob patterns (`PathPattern`).
    static func readExclude(_ value: JSON, key: String, file: String) throws(ConfigError) -> [String] {
        guard let strings = value.stringsValue else {
            throw ConfigError(file: file, key: key, reason: "expected an array of glob patterns such as \"**/vendor\" or \"*.min.js\"")
        }
        for (index, pattern) in strings.enumerated() where PathPattern(pattern) == nil {
            throw ConfigError(file: file, key: "\(key)[\(index)]", reason: "'\(pattern)' matches nothing; expected a glob pattern such as \"**/vendor\" or \"*.min.js\"")
        }
        return strings
    }

    /// `registered`: an array of handler names, `*` standing for any text. Each keeps its
    /// position in the file, where the check reports it as the registration.
    static func readRegistered(_ value: JSON, key: String, file: String, data: [UInt8]) throws(ConfigError) -> [RegisteredName] {
        guard let strings = value.stringsValue else {
            throw ConfigError(file: file, key: key, reason: "expected an array of handler names such as \"analytics\" or \"Focus_*\"")
        }
        var seen = Set<String>()
        var result: [RegisteredName] = []
        var locator = EntryLocator(data: data, file: file, key: key)
        for (index, name) in strings.enumerated() {
            guard !name.isEmpty, !name.allSatisfy({ $0 == "*" }) else {
                throw ConfigError(file: file, key: "\(key)[\(index)]", reason: "expected a handler name, or a pattern with text besides '*'")
            }
            guard seen.insert(name).inserted else {
                throw ConfigError(file: file, key: "\(key)[\(index)]", reason: "'\(name)' is listed twice")
            }
            result.append(RegisteredName(name: name, location: locator.next(name)))
        }
        return result
    }

    /// Finds the strings of one top-level array in the config's text, in order, so that each
    /// `registered` entry gets a position: that of its opening quote, or, when it is written with
    /// escapes, that of the key.
    private struct EntryLocator {
        let data: [UInt8]
        let file: String
        /// Where to search from: after the key, then after each entry found.
        var offset: Int
        let keyOffset: Int

        init(data: [UInt8], file: String, key: String) {
            self.data = data
            self.file = file
            keyOffset = Self.find(Array("\"\(key)\"".utf8), in: data, from: 0) ?? 0
            offset = keyOffset
        }

        mutating func next(_ name: String) -> SourceLocation {
            guard let found = Self.find(Array(JSON.stringLiteral(name).utf8), in: data, from: offset) else {
                return location(of: keyOffset)
            }
            offset = found + 1
            return location(of: found)
        }

        func location(of offset: Int) -> SourceLocation {
            let (line, column) = SourceText.position(of: min(offset, data.count), in: data)
            return SourceLocation(file: file, line: line, column: column)
        }

        static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
            guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
            for index in start...(bytes.count - needle.count) where bytes[index] == needle[0] {
                if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            }
            return nil
        }
    }
}
