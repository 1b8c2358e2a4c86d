import HawserCore

/// A command's arguments, read against the options `Option.table` says it accepts.
struct ParsedArguments {
    let command: CommandName
    /// The values given, by option name, in order.
    private var values: [String: [String]] = [:]
    /// The flags given, by name.
    private var flags: Set<String> = []
    /// The files given after the options, for a command that takes them (`CommandName.takesFiles`).
    private(set) var files: [String] = []

    private init(command: CommandName) { self.command = command }

    /// Reads `arguments` for `command`: its options with their values, and nothing else.
    /// Returns nil when `-h` or `--help` comes before any mistake. Throws a `UsageError` that
    /// points to the command's help for an unknown option (with the nearest option's name when
    /// there is one), a positional argument, a missing value, a value given to a flag, or a value
    /// that is not one of the option's choices.
    static func parse(_ arguments: [String], for command: CommandName) throws(UsageError) -> ParsedArguments? {
        let accepted = Option.accepted(by: command)
        var parsed = ParsedArguments(command: command)
        var scanner = ArgumentScanner(arguments)
        while let (flag, inline) = scanner.next() {
            guard let option = accepted.first(where: { $0.name == flag || $0.shortName == flag }) else {
                guard flag.hasPrefix("-") else {
                    guard command.takesFiles, inline == nil else {
                        throw UsageError(message: "unexpected argument '\(flag)'", help: command)
                    }
                    parsed.files.append(flag)
                    continue
                }
                let names = accepted.map(\.name)
                throw UsageError(message: "unknown option '\(flag)'" + NameSuggester.suffix(for: flag, among: names), help: command)
            }
            if option.name == Option.help.name { return nil }
            guard let valueName = option.valueName else {
                if inline != nil { throw UsageError(message: "'\(flag)' takes no value", help: command) }
                parsed.flags.insert(option.name)
                continue
            }
            guard let value = scanner.value(inline: inline) else {
                throw UsageError(message: "missing value for '\(flag)'", help: command)
            }
            if let choices = option.choices, !choices.contains(value) {
                throw UsageError(
                    message: "unknown \(valueName.lowercased()) '\(value)' for '\(flag)'" + NameSuggester.suffix(for: value, among: choices)
                        + " (expected \(HelpText.list(choices)))",
                    help: command)
            }
            parsed.values[option.name, default: []].append(value)
        }
        return parsed
    }

    /// Whether the flag `option` was given.
    func isSet(_ option: Option) -> Bool {
        precondition(option.isFlag && option.commands.contains(command), "\(option.name) is not a flag of \(command)")
        return flags.contains(option.name)
    }

    /// The last value given for `option`, or its default.
    func value(_ option: Option) -> String? {
        precondition(!option.isFlag && option.commands.contains(command), "\(option.name) takes no value in \(command)")
        return values[option.name]?.last ?? option.defaultValue
    }

    /// Every value given for a repeatable `option`, in order.
    func values(_ option: Option) -> [String] {
        precondition(option.isRepeatable && option.commands.contains(command), "\(option.name) is not repeatable in \(command)")
        return values[option.name] ?? []
    }
}

extension ParsedArguments {
    /// The `--format` given, or the default.
    var format: ReportFormat {
        value(Option.format).flatMap(ReportFormat.init(rawValue:)) ?? Option.defaultFormat
    }
}
