import HawserCore

/// `hawser lint`: checks handler names between the scripts and the Swift sources.
enum LintCommand: Subcommand {
    static let usage = """
        OVERVIEW: Check message-handler names between user scripts and Swift sources.

        USAGE: hawser lint [--config FILE] [--scripts DIR]... [--swift DIR]... [--format text|json|sarif|github] [--strict]

        OPTIONS:
          --config FILE     Read this configuration file (default: hawser.json in the current folder, if any).
          --scripts DIR     A folder of user scripts (.js, .css, .html); repeatable. Replaces the config's 'scripts'.
          --swift DIR       A folder of Swift sources; repeatable. Replaces the config's 'swift'.
          --format FORMAT   text (default), json, sarif or github.
          --strict          Exit 1 on warnings too.
          -h, --help        Show help.

        EXIT STATUS: 0 no errors; 1 errors (or warnings with --strict); 2 usage, configuration or I/O problem.

        """

    struct Options {
        var common = CommonOptions()
        var format = ReportFormat.text
        var strict = false
    }

    static func parse(_ arguments: [String]) throws -> Options? {
        var options = Options()
        var common = CommonOptions()
        let proceed = try common.parse(arguments) { flag, inline, scanner in
            switch flag {
            case "--format": options.format = try CommonOptions.format(try scanner.value(for: flag, inline: inline))
            case "--strict": options.strict = try CommonOptions.flag(flag, inline)
            default: return false
            }
            return true
        }
        options.common = common
        return proceed ? options : nil
    }

    static func execute(_ options: Options, io: StandardStreams) throws -> ExitStatus {
        let project = try ProjectInputs.load(options.common)
        // The build's checks (metadata, names, @require) without writing anything.
        let report = Pipeline.run(project.input, rendering: false).report
        io.out(options.format.render(report))
        if options.format == .text {
            io.err("hawser: \(findingsSummary(errors: report.errorCount, warnings: report.warningCount)) in \(plural(report.fileCount, "file")), \(plural(report.handlerCount, "handler"))\n")
        }
        if report.errorCount > 0 || (options.strict && report.warningCount > 0) { return .findings }
        return .success
    }
}
