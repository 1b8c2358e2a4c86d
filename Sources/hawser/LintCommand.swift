import HawserCore

/// `hawser lint`: checks handler names between the scripts and the Swift sources.
enum LintCommand: Subcommand {
    static let name = CommandName.lint
    static let abstract = "Check message-handler names between scripts, pages and native sources."
    static let exitStatus = "0 no errors; 1 errors (or warnings with --strict); 2 usage, configuration or I/O problem."

    struct Options {
        var common: CommonOptions
        var format: ReportFormat
        var strict: Bool
        /// `--quiet`: the diagnostics alone, without the summary line.
        var quiet: Bool
    }

    static func options(from arguments: ParsedArguments) -> Options {
        Options(common: CommonOptions(arguments), format: arguments.format, strict: arguments.isSet(Option.strict), quiet: arguments.isSet(Option.quiet))
    }

    static func execute(_ options: Options, io: StandardStreams) throws -> ExitStatus {
        var project = try ProjectInputs.load(options.common)
        // A first run, with no config file, is as good as a run with `hawser init`'s.
        project.applyFirstRunDefaults()
        let cache = CacheFolder.cache(options.common, project: project, io: io)
        // A run with the same inputs, config and options printed this before.
        let style = options.format == .text ? io.textStyle : .plain
        let key = cache.flatMap { _ in RunRecord.key(name, project: project, options: [options.format.rawValue, "\(options.strict)", project.config.registration.rawValue, style.key]) }
        if let cache, let key, let record = RunRecord.load(key, from: cache), record.dependenciesUnchanged,
           let status = ExitStatus(rawValue: record.status) {
            io.out(record.stdout)
            if !options.quiet { io.err(record.stderr) }
            return status
        }
        // The build's checks (metadata, names, @require) without writing anything.
        let report = Pipeline.run(project.input, rendering: false, cache: cache).report
        var record = RunRecord(stdout: options.format.render(report, style: style), stderr: "", status: ExitStatus.success.rawValue)
        if options.format == .text {
            record.stderr = "hawser: \(findingsSummary(errors: report.errorCount, warnings: report.warningCount)) in \(plural(report.fileCount, "file")), \(plural(report.handlerCount, "handler")) (\(project.configDescription))\n"
        }
        // No script and no page: a warning of its own, on standard error whatever the format.
        let nothingToLint = project.pages.isEmpty ? project.noScriptsWarning : nil
        if let nothingToLint { record.stderr = nothingToLint + record.stderr }
        if report.errorCount > 0 || (options.strict && (report.warningCount > 0 || nothingToLint != nil)) { record.status = ExitStatus.findings.rawValue }
        record.dependencies = RunRecord.dependencies(of: project)
        if let cache, let key { record.store(key, in: cache) }
        io.out(record.stdout)
        if !options.quiet { io.err(record.stderr) }
        return ExitStatus(rawValue: record.status) ?? .findings
    }
}
