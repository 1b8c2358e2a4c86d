/// Reads command-line arguments one at a time, by hand: `--flag`, `--option VALUE` and
/// `--option=VALUE`.
struct ArgumentScanner {
    private var arguments: [String]
    private var index = 0

    init(_ arguments: [String]) { self.arguments = arguments }

    var isAtEnd: Bool { index >= arguments.count }

    /// The next argument, split into its flag and an inline `=value` when it has one.
    mutating func next() -> (flag: String, inlineValue: String?)? {
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        index += 1
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
        }
        return (argument, nil)
    }

    /// The value of an option: its inline value, or the next argument.
    mutating func value(for flag: String, inline: String?) throws -> String {
        if let inline {
            guard !inline.isEmpty else { throw UsageError(message: "missing value for '\(flag)'", showUsage: true) }
            return inline
        }
        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
            throw UsageError(message: "missing value for '\(flag)'", showUsage: true)
        }
        defer { index += 1 }
        return arguments[index]
    }
}
