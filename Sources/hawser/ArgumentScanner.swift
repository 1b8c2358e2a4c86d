/// Reads command-line arguments one at a time, by hand: `--flag`, `--option VALUE` and
/// `--option=VALUE`. `ParsedArguments.parse` says what each one means.
struct ArgumentScanner {
    private var arguments: [String]
    private var index = 0

    init(_ arguments: [String]) { self.arguments = arguments }

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

    /// The value of an option: its inline value, or the next argument. Nil when the inline value
    /// is empty, or there is no next argument, or it is an option itself.
    mutating func value(inline: String?) -> String? {
        if let inline { return inline.isEmpty ? nil : inline }
        guard index < arguments.count, !arguments[index].hasPrefix("--") else { return nil }
        defer { index += 1 }
        return arguments[index]
    }
}
