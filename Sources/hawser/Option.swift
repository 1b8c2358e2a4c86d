import HawserCore

/// Where an option is accepted: one of the subcommands, or `hawser` itself (`hawser --version`).
enum CommandName: String, CaseIterable, Sendable {
    case hawser, lint, build, stubs, `init`, strip

    /// Whether the command takes files as operands (`hawser strip FILE`, `hawser lint PATH…`)
    /// besides its options.
    var takesFiles: Bool { operand != nil }

    /// How the synopsis names the operands: `FILE` for strip, `[PATH]...` for lint (the files
    /// or folders whose findings to show).
    var operand: String? {
        switch self {
        case .strip: return "FILE"
        case .lint: return "[PATH]..."
        default: return nil
        }
    }

    /// The command that shows this one's help: `hawser help lint`, or `hawser help`.
    var helpCommand: String { self == .hawser ? "hawser help" : "hawser help \(rawValue)" }
}

/// One command-line option. Every option is declared once, in `Option.table`; the parser
/// (`ParsedArguments.parse`) reads arguments with it and `HelpText` writes the usage synopsis
/// and the OPTIONS list from it, so what a command accepts and what its help says cannot drift.
struct Option: Sendable {
    /// `--scripts`.
    var name: String
    /// `-h`, for the one option that has a short name.
    var shortName: String?
    /// What the help calls the value (`DIR`); nil for a flag, which takes no value.
    var valueName: String?
    /// The values accepted, when they are a fixed list: the synopsis shows them, the parser
    /// checks them, the help lists them.
    var choices: [String]?
    /// The value when the option is not given (only for options with `choices`).
    var defaultValue: String?
    /// Whether each occurrence adds a value (`--scripts a --scripts b`); otherwise the last one
    /// given counts.
    var isRepeatable: Bool
    /// Whether the usage synopsis shows the option (`--help` and `--version` are not shown).
    var inSynopsis: Bool
    /// The help, a sentence or two. `HelpText` adds the choices after a colon
    /// ("How to print diagnostics: text (default), json, sarif or github.") and "Repeatable.".
    var help: String
    /// The commands that accept it.
    var commands: Set<CommandName>

    init(
        _ name: String, short shortName: String? = nil, value valueName: String? = nil, choices: [String]? = nil,
        default defaultValue: String? = nil, repeatable: Bool = false, inSynopsis: Bool = true,
        help: String, for commands: Set<CommandName>
    ) {
        self.name = name
        self.shortName = shortName
        self.valueName = valueName
        self.choices = choices
        self.defaultValue = defaultValue
        self.isRepeatable = repeatable
        self.inSynopsis = inSynopsis
        self.help = help
        self.commands = commands
    }

    /// Whether the option takes no value.
    var isFlag: Bool { valueName == nil }
}

// MARK: - The table

extension Option {
    /// The commands that read a project.
    static let projectCommands: Set<CommandName> = [.lint, .build, .stubs]

    /// `--format`'s default.
    static let defaultFormat = ReportFormat.text

    static let directory = Option(
        "--directory", value: "DIR",
        help: "Run as if started in DIR: the other paths are relative to it (the build-tool plugin runs hawser this way).",
        for: projectCommands)
    static let config = Option(
        "--config", value: "FILE",
        help: "Read this configuration file (default: the nearest hawser.json in the current folder or above).",
        for: projectCommands)
    static let scripts = Option(
        "--scripts", value: "DIR", repeatable: true,
        help: "A folder of user scripts (.js, .css, .html). Replaces the config's 'scripts'.",
        for: projectCommands)
    static let pages = Option(
        "--pages", value: "DIR", repeatable: true,
        help: "A folder of the app's own web content (.js, .html): linted, never compiled. Replaces the config's 'pages'.",
        for: projectCommands)
    static let swift = Option(
        "--swift", value: "DIR", repeatable: true,
        help: "A folder of Swift and Objective-C sources. Replaces the config's 'swift'.",
        for: projectCommands)
    static let exclude = Option(
        "--exclude", value: "GLOB", repeatable: true,
        help: "Skip the files and folders matching GLOB (*, **, ?), relative to the current folder. Adds to the config's 'exclude'.",
        for: projectCommands)
    static let cacheDirectory = Option(
        "--cache-dir", value: "DIR",
        help: "Keep the cache of extracted facts here (default: .build/hawser-cache in the config file's folder, or the current folder without one).",
        for: projectCommands)
    static let registration = Option(
        "--registration", value: "MODE", choices: HawserConfig.Registration.allCases.map(\.rawValue),
        help: "Who registers the handlers: the app's own Swift, or the generated bridge's install(into:handlers:); replaces the config's 'registration' (the build-tool plugin passes 'generated' to a target without a hawser.json)",
        for: projectCommands)
    static let noCache = Option(
        "--no-cache",
        help: "Read and write no cache: parse every input.",
        for: projectCommands)
    static let outputFolder = Option(
        "--output", value: "DIR",
        help: "Write here. Replaces the config's 'output' (default: output).",
        for: [.build])
    static let outputFile = Option(
        "--output", value: "FILE",
        help: "The Swift file to write (default: <Name>Handlers.swift in the current folder).",
        for: [.stubs])
    static let strippedFile = Option(
        "--output", value: "FILE",
        help: "Write the JavaScript to FILE instead of standard output.",
        for: [.strip])
    static let sourceMaps = Option(
        "--source-maps", value: "MODE", choices: HawserConfig.SourceMaps.allCases.map(\.rawValue),
        help: "Whether bundled entries carry their source map, as a data: URL for Web Inspector (default), or not, for release builds; replaces the config's 'sourceMaps'",
        for: [.build])
    static let check = Option(
        "--check",
        help: "Write nothing; exit 1 when output files are stale or missing, or files an earlier build generated are left over.",
        for: [.build])
    static let force = Option(
        "--force",
        help: "Overwrite FILE when it exists.",
        for: [.stubs])
    static let forceOutput = Option(
        "--force",
        help: "Replace files in the output folder that no Hawser build wrote (output-conflict) instead of stopping.",
        for: [.build])
    static let forceConfig = Option(
        "--force",
        help: "Overwrite hawser.json when it exists.",
        for: [.`init`])
    static let format = Option(
        "--format", value: "FORMAT", choices: ReportFormat.allCases.map(\.rawValue), default: defaultFormat.rawValue,
        help: "How to print diagnostics",
        for: [.lint, .build])
    static let strict = Option(
        "--strict",
        help: "Treat warnings as errors: exit 1 and write nothing.",
        for: [.lint, .build])
    static let dryRun = Option(
        "--dry-run",
        help: "Print the proposed hawser.json and what lint would report with it, without writing anything.",
        for: [.`init`])
    static let baseline = Option(
        "--baseline", value: "FILE",
        help: "Leave out the findings FILE holds (written by --write-baseline), matched by code, file, message and line text, so moved lines still match; the summary says how many.",
        for: [.lint])
    static let writeBaseline = Option(
        "--write-baseline", value: "FILE",
        help: "Write every finding of this run to FILE, for --baseline, and exit 0.",
        for: [.lint])
    static let quiet = Option(
        "--quiet", short: "-q",
        help: "Print only diagnostics: no summary line, no notes on the config or the output folder.",
        for: [.lint, .build])
    static let help = Option(
        "--help", short: "-h", inSynopsis: false,
        help: "Show help.",
        for: Set(CommandName.allCases))
    static let version = Option(
        "--version", inSynopsis: false,
        help: "Show the version.",
        for: [.hawser])

    /// Every option, in the order the synopses and help list them.
    static let table: [Option] = [
        config, scripts, pages, swift, exclude, directory, cacheDirectory, noCache, registration, outputFolder, outputFile, strippedFile, sourceMaps, check, force, forceOutput,
        forceConfig, dryRun, format, strict, baseline, writeBaseline, quiet, help, version,
    ]

    /// The options `command` accepts, in table order.
    static func accepted(by command: CommandName) -> [Option] {
        let options = table.filter { $0.commands.contains(command) }
        assert(Set(options.map(\.name)).count == options.count, "two options of '\(command)' share a name")
        return options
    }
}
