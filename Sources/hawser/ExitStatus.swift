import HawserCore

/// The exit statuses of every `hawser` command.
enum ExitStatus: Int32 {
    /// No errors.
    case success = 0
    /// Errors were found (or warnings, under `--strict`), or `--check` found stale output.
    case findings = 1
    /// A usage, configuration or I/O problem.
    case usage = 2
}

/// A problem that stops a command before it does its work: exits 2 with a one-line message.
struct UsageError: Error {
    var message: String
    /// For a mistake in the arguments: the command whose help to point to, on a second line.
    var help: CommandName?
    /// Where in a file the problem is (a config that is not JSON).
    var location: SourceLocation?

    init(message: String, help: CommandName? = nil, location: SourceLocation? = nil) {
        self.message = message
        self.help = help
        self.location = location
    }

    /// What standard error shows: `hawser: error: MESSAGE`, followed for a mistake in the
    /// arguments by `hawser: see 'hawser help lint'`; or, for a problem at a position in a file,
    /// the compiler's form that Xcode shows in the file, `FILE:LINE:COLUMN: error: MESSAGE`.
    var text: String {
        let message = PrintableText.escape(message)
        if let location { return "\(PrintableText.escape(location.description)): error: \(message)\n" }
        var text = "hawser: error: \(message)\n"
        if let help { text += "hawser: see '\(help.helpCommand)'\n" }
        return text
    }
}
