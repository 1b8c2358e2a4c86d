/// A `hawser` subcommand: its usage text, how it reads its arguments, and what it does.
protocol Subcommand: Sendable {
    associatedtype Options
    static var usage: String { get }
    /// The options, or nil when help was asked for.
    static func parse(_ arguments: [String]) throws -> Options?
    static func execute(_ options: Options, io: StandardStreams) throws -> ExitStatus
}

extension Subcommand {
    /// Parses, then prints the usage (for `--help`) or executes.
    static func run(_ arguments: [String], io: StandardStreams) throws -> ExitStatus {
        guard let options = try parse(arguments) else {
            io.out(usage)
            return .success
        }
        return try execute(options, io: io)
    }
}

/// "1 error", "2 warnings".
func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// "2 errors, 1 warning".
func findingsSummary(errors: Int, warnings: Int) -> String {
    "\(plural(errors, "error")), \(plural(warnings, "warning"))"
}
