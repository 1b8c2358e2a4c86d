import Foundation
import HawserCore

/// The `hawser` entry point: dispatches to a subcommand and turns errors into exit statuses.
enum HawserCommand {
    static let overview = """
        OVERVIEW: Hawser checks and compiles the user scripts an app injects into WKWebView.

        USAGE: hawser <command> [options]

        COMMANDS:
          lint      Check message-handler names between user scripts and Swift sources.
          build     Compile the user scripts into the scripts to inject and manifest.json.
          stubs     Write a stub implementation of the bridge's Handlers protocol, or list what one lacks.
          help      Show help for a command.

        OPTIONS:
          -h, --help  Show help.
          --version   Show the version.

        See 'hawser help <command>' for a command's options.

        """

    static func run(_ arguments: [String]) -> ExitStatus {
        let output = StandardStreams()
        return run(arguments, io: output)
    }

    static func run(_ arguments: [String], io: StandardStreams) -> ExitStatus {
        guard let command = arguments.first else {
            io.err(overview)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help":
            io.out(overview)
            return .success
        case "--version":
            io.out("hawser \(Hawser.version)\n")
            return .success
        case "help":
            guard let topic = rest.first, topic != "help" else { io.out(overview); return .success }
            guard let subcommand = subcommands[topic] else {
                io.err("hawser: error: unknown command '\(topic)'\n\n" + overview)
                return .usage
            }
            io.out(subcommand.usage)
            return .success
        default:
            guard let subcommand = subcommands[command] else {
                io.err("hawser: error: unknown command '\(command)'\n\n" + overview)
                return .usage
            }
            return report(subcommand.usage, io: io) { try subcommand.run(rest, io: io) }
        }
    }

    /// The subcommands by name.
    static let subcommands: [String: any Subcommand.Type] = [
        "lint": LintCommand.self,
        "build": BuildCommand.self,
        "stubs": StubsCommand.self,
    ]

    /// Runs a subcommand body, printing a `UsageError` as one line (plus the usage when asked).
    private static func report(_ usage: String, io: StandardStreams, _ body: () throws -> ExitStatus) -> ExitStatus {
        do {
            return try body()
        } catch let error as UsageError {
            if let location = error.location {
                io.err("\(location): error: \(error.message)\n")
                return .usage
            }
            io.err("hawser: error: \(error.message)\n")
            if error.showUsage { io.err("\n" + usage) }
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
    func err(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
