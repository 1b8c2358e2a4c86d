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
    /// Whether to print the command's usage after the message.
    var showUsage: Bool = false
    /// Where in a file the problem is (a config that is not JSON): then the message is printed
    /// in the compiler's form that Xcode shows in the file, `FILE:LINE:COLUMN: error: MESSAGE`.
    var location: SourceLocation?
}
