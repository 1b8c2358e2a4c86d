import Foundation

/// The contents of `hawser.json`. Paths are as written, relative to the folder that holds
/// the file; the CLI resolves them.
public struct HawserConfig: Equatable, Sendable {
    /// Folders of user scripts (`.js`, `.html`).
    public var scripts: [String] = ["userscripts"]
    /// Folders of Swift sources to scan for registrations.
    public var swift: [String] = ["."]

    public init() {}

    /// Every key `hawser.json` accepts.
    public static let keys = ["scripts", "swift"]

    /// Parses `hawser.json`. Throws a `ConfigError` naming the key and the reason for anything
    /// that is not JSON, an unknown key, or a value of the wrong type.
    public static func parse(_ data: [UInt8], file: String) throws -> HawserConfig {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(data), options: [])
        } catch {
            throw ConfigError(file: file, key: nil, reason: "not valid JSON (\(Self.describe(error)))")
        }
        guard let dictionary = object as? [String: Any] else {
            throw ConfigError(file: file, key: nil, reason: "the top level must be a JSON object")
        }
        var config = HawserConfig()
        for key in dictionary.keys.sorted() {
            let value = dictionary[key]!
            switch key {
            case "scripts": config.scripts = try stringArray(value, key: key, file: file)
            case "swift": config.swift = try stringArray(value, key: key, file: file)
            default:
                var reason = "unknown key"
                if let suggestion = NameSuggester.suggestion(for: key, among: keys) {
                    reason += "; did you mean '\(suggestion)'?"
                } else {
                    reason += " (known keys: \(keys.joined(separator: ", ")))"
                }
                throw ConfigError(file: file, key: key, reason: reason)
            }
        }
        return config
    }

    private static func stringArray(_ value: Any, key: String, file: String) throws -> [String] {
        guard let array = value as? [Any], let strings = array as? [String], !(value is String) else {
            throw ConfigError(file: file, key: key, reason: "expected an array of strings")
        }
        if strings.contains(where: \.isEmpty) {
            throw ConfigError(file: file, key: key, reason: "paths must not be empty")
        }
        return strings
    }

    private static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }
}

/// A problem with the configuration file. The CLI exits 2 with its description.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var key: String?
    public var reason: String

    public var description: String {
        if let key { return "\(file): '\(key)': \(reason)" }
        return "\(file): \(reason)"
    }
}
