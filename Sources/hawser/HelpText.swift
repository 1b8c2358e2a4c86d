/// The help pages, written from `Option.table` and the commands' descriptions.
enum HelpText {
    /// Where the second column of every list starts: after the longest option label of the whole
    /// table, so that every page lines up the same way.
    static let column = Option.table.map { label($0).count }.max()! + 3

    /// A command's page: OVERVIEW, USAGE (the synopsis), OPTIONS, the discussion, EXIT STATUS.
    static func page(for command: any Subcommand.Type) -> String {
        let options = Option.accepted(by: command.name)
        var text = "OVERVIEW: \(command.abstract)\n\n"
        // A required operand first (`hawser strip FILE`), optional ones last (`[PATH]...`).
        let operand = command.name.operand
        let first = operand.map { $0.hasPrefix("[") ? [] : [$0] } ?? []
        let last = operand.map { $0.hasPrefix("[") ? [$0] : [] } ?? []
        text += "USAGE: " + (["hawser", command.name.rawValue] + first + options.filter(\.inSynopsis).map(synopsis) + last).joined(separator: " ") + "\n\n"
        text += "OPTIONS:\n" + rows(options.map { (label($0), description($0)) })
        if !command.discussion.isEmpty { text += "\n" + command.discussion }
        text += "\nEXIT STATUS: \(command.exitStatus)\n"
        return text
    }

    /// The page of `hawser` itself: the commands, and its own options.
    static func overview(_ commands: [any Subcommand.Type]) -> String {
        var text = "OVERVIEW: Hawser checks and compiles the user scripts an app injects into WKWebView.\n\n"
        text += "USAGE: hawser <command> [options]\n\n"
        text += "COMMANDS:\n" + rows(commands.map { ($0.name.rawValue, $0.abstract) } + [("help", "Show help for a command."), ("version", "Show the version.")])
        text += "\nOPTIONS:\n" + rows(Option.accepted(by: .hawser).map { (label($0), description($0)) })
        text += "\nSee 'hawser help <command>' for a command's options.\n"
        return text
    }

    /// `--scripts DIR`, `-h, --help`.
    static func label(_ option: Option) -> String {
        let names = [option.shortName, option.name].compactMap { $0 }.joined(separator: ", ")
        return option.valueName.map { "\(names) \($0)" } ?? names
    }

    /// `[--config FILE]`, `[--scripts DIR]...`, `[--format text|json|sarif|github]`.
    static func synopsis(_ option: Option) -> String {
        let value = option.choices?.joined(separator: "|") ?? option.valueName
        let item = "[" + ([option.name] + (value.map { [$0] } ?? [])).joined(separator: " ") + "]"
        return option.isRepeatable ? item + "..." : item
    }

    /// The help, with the choices (the default marked) and "Repeatable." when they apply.
    static func description(_ option: Option) -> String {
        var text = option.help
        if let choices = option.choices {
            text += ": " + list(choices.map { $0 == option.defaultValue ? "\($0) (default)" : $0 }) + "."
        }
        if option.isRepeatable { text += " Repeatable." }
        return text
    }

    /// "a, b or c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items.last!
    }

    /// Two-column lines, indented by two spaces.
    private static func rows(_ rows: [(String, String)]) -> String {
        rows.map { label, text in
            "  " + label + String(repeating: " ", count: max(1, column - label.count)) + text + "\n"
        }.joined()
    }
}
