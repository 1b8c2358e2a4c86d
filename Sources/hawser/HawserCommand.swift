import Foundation
import HawserCore

/// The `hawser` entry point: dispatches to a subcommand and turns errors into exit statuses.
enum HawserCommand {
    /// The subcommands, in the order `hawser --help` lists them.
    static let subcommands: [any Subcommand.Type] = [LintCommand.self, BuildCommand.self, StubsCommand.self, InitCommand.self, StripCommand.self]

    static let overview = HelpText.overview(subcommands)

    static func run(_ arguments: [String]) -> ExitStatus {
        let output = StandardStreams()
        return run(arguments, io: output)
    }

    static func run(_ arguments: [String], io: StandardStreams) -> ExitStatus {
        guard let first = arguments.first else {
            io.err(overview)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        return report(io: io) {
            if first.hasPrefix("-") {
                // `hawser`'s own options; anything after the first one is ignored.
                guard let parsed = try ParsedArguments.parse([first], for: .hawser) else {
                    io.out(overview)
                    return .success
                }
                if parsed.isSet(Option.version) { io.out("hawser \(Hawser.version)\n") }
                return .success
            }
            if first == "version" {
                // `hawser version`, as `swift --version` and `git version` both have it.
                if let extra = rest.first { throw UsageError(message: "unexpected argument '\(extra)'", help: .hawser) }
                io.out("hawser \(Hawser.version)\n")
                return .success
            }
            if first == "help" {
                guard let topic = rest.first, topic != "help" else {
                    io.out(overview)
                    return .success
                }
                io.out(try subcommand(named: topic).usage)
                return .success
            }
            return try subcommand(named: first).run(rest, io: io)
        }
    }

    /// The subcommand called `name`, or a usage error with the nearest command's name.
    static func subcommand(named name: String) throws -> any Subcommand.Type {
        guard let subcommand = subcommands.first(where: { $0.name.rawValue == name }) else {
            let names = subcommands.map { $0.name.rawValue } + ["help"]
            throw UsageError(message: "unknown command '\(name)'" + NameSuggester.suffix(for: name, among: names), help: .hawser)
        }
        return subcommand
    }

    /// Runs a command body, printing a `UsageError` as its one line (and, for a mistake in the
    /// arguments, the line that points to the help) and any other error as one line.
    private static func report(io: StandardStreams, _ body: () throws -> ExitStatus) -> ExitStatus {
        do {
            return try body()
        } catch let error as UsageError {
            io.err(error.text)
            return .usage
        } catch {
            io.err("hawser: error: \(error)\n")
            return .usage
        }
    }
}

/// Standard output and error.
struct StandardStreams {
    func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    /// How text findings are written to standard output: framed (and coloured, unless
    /// `NO_COLOR`) for a terminal, plain for a file, a pipe or Xcode.
    var textStyle: TextStyle {
        TextStyle.terminal(isTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
    }
    func err(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
