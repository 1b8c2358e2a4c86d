/// A `hawser` subcommand: its name and help, how it reads its options, and what it does. The
/// options themselves are declared in `Option.table`.
protocol Subcommand: Sendable {
    associatedtype Options
    static var name: CommandName { get }
    /// One line: the help's OVERVIEW and the command's line in `hawser --help`.
    static var abstract: String { get }
    /// Lines the help shows after OPTIONS, each ending with a newline; empty for none.
    static var discussion: String { get }
    /// The help's EXIT STATUS line.
    static var exitStatus: String { get }
    /// The command's options from its parsed arguments.
    static func options(from arguments: ParsedArguments) throws -> Options
    static func execute(_ options: Options, io: StandardStreams) throws -> ExitStatus
}

extension Subcommand {
    static var discussion: String { "" }

    /// The help page.
    static var usage: String { HelpText.page(for: self) }

    /// Parses, then prints the help (for `-h`/`--help`) or executes.
    static func run(_ arguments: [String], io: StandardStreams) throws -> ExitStatus {
        guard let parsed = try ParsedArguments.parse(arguments, for: name) else {
            io.out(usage)
            return .success
        }
        return try execute(try options(from: parsed), io: io)
    }
}

/// "1 error", "2 warnings".
func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}

/// "2 errors, 1 warning".
func findingsSummary(errors: Int, warnings: Int) -> String {
    "\(plural(errors, "error")), \(plural(warnings, "warning"))"
}
