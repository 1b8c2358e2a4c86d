import Foundation
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
        /// `--baseline FILE`: findings left out.
        var baseline: String?
        /// `--write-baseline FILE`: where to write this run's findings.
        var writeBaseline: String?
        /// `hawser lint PATH…`: the files and folders whose findings to show (all when empty);
        /// the whole project is read either way, since a finding in one file depends on others.
        var paths: [String]
    }

    static func options(from arguments: ParsedArguments) -> Options {
        Options(
            common: CommonOptions(arguments), format: arguments.format, strict: arguments.isSet(Option.strict), quiet: arguments.isSet(Option.quiet),
            baseline: arguments.value(Option.baseline), writeBaseline: arguments.value(Option.writeBaseline), paths: arguments.files)
    }

    static func execute(_ options: Options, io: StandardStreams) throws -> ExitStatus {
        var project = try ProjectInputs.load(options.common)
        // Relative to the folder the command runs in (after --directory), like the other paths.
        let shown = try PathFilter(options.paths)
        // A first run, with no config file, is as good as a run with `hawser init`'s.
        project.applyFirstRunDefaults()
        let cache = CacheFolder.cache(options.common, project: project, io: io)
        // Read first: a baseline that cannot be read stops the run before any work.
        let baseline = try options.baseline.map(readBaseline)
        if options.baseline != nil || options.writeBaseline != nil {
            return try lintWithBaseline(options, baseline: baseline, shown: shown, project: project, cache: cache, io: io)
        }
        // A run with the same inputs, config and options printed this before.
        let style = options.format == .text ? io.textStyle : .plain
        let key = cache.flatMap { _ in RunRecord.key(name, project: project, options: [options.format.rawValue, "\(options.strict)", project.config.registration.rawValue, style.key] + shown.key) }
        if let cache, let key, let record = RunRecord.load(key, from: cache), record.dependenciesUnchanged,
           let status = ExitStatus(rawValue: record.status) {
            io.out(record.stdout)
            if !options.quiet { io.err(record.stderr) }
            return status
        }
        // The build's checks (metadata, names, @require) without writing anything.
        let report = shown.filter(lintReport(project, cache: cache))
        var record = RunRecord(stdout: options.format.render(report, style: style), stderr: "", status: ExitStatus.success.rawValue)
        if options.format == .text {
            record.stderr = "hawser: \(findingsSummary(errors: report.errorCount, warnings: report.warningCount)) in \(plural(report.fileCount, "file")), \(plural(report.handlerCount, "handler")) (\(project.configDescription)\(shown.summary))\n"
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

    /// The lint's report. A first run without a config also runs the build's checks of the same
    /// inputs, and adds what only they find as warnings (`FirstRunDefaults.withBuildFindings`).
    static func lintReport(_ project: ProjectInputs, cache: FactCache?) -> Report {
        let report = Pipeline.run(project.input, rendering: false, cache: cache).report
        guard project.firstRunDefaults != nil, !project.checksUserScripts else { return report }
        var asBuilt = project
        asBuilt.checksUserScripts = true
        return FirstRunDefaults.withBuildFindings(lint: report, build: Pipeline.run(asBuilt.input, rendering: false, cache: cache).report)
    }

    /// The baseline file at `path`: a usage error (exit 2) at the file when it cannot be read or
    /// is no baseline.
    static func readBaseline(_ path: String) throws -> Baseline {
        let bytes: [UInt8]
        switch FileSystem.read(path) {
        case .success(let read): bytes = read
        case .failure(let failure): throw UsageError(message: "cannot read the baseline '\(path)': \(failure.reason)")
        }
        do {
            return try Baseline.parse(bytes)
        } catch {
            throw UsageError(message: "\(error)", location: SourceLocation(file: path, line: 1, column: 1))
        }
    }

    /// A lint with `--baseline` or `--write-baseline`: no run record (the baseline file is an
    /// input the record does not key), the facts cache as always.
    static func lintWithBaseline(_ options: Options, baseline: Baseline?, shown: PathFilter, project: ProjectInputs, cache: FactCache?, io: StandardStreams) throws -> ExitStatus {
        let full = shown.filter(lintReport(project, cache: cache))
        if let path = options.writeBaseline {
            let written = Baseline(of: full)
            try POSIXFile.write(Array(written.rendered.utf8), to: path, display: path)
            if !options.quiet { io.err("hawser: wrote \(plural(written.entries.count, "finding")) to the baseline \(path)\n") }
            return .success
        }
        let (report, hidden) = baseline.map { $0.filter(full) } ?? (full, 0)
        let style = options.format == .text ? io.textStyle : .plain
        io.out(options.format.render(report, style: style))
        let nothingToLint = project.pages.isEmpty ? project.noScriptsWarning : nil
        if !options.quiet {
            if let nothingToLint { io.err(nothingToLint) }
            if options.format == .text {
                let inBaseline = hidden > 0 ? "; \(plural(hidden, "finding")) in the baseline not shown" : ""
                io.err("hawser: \(findingsSummary(errors: report.errorCount, warnings: report.warningCount)) in \(plural(report.fileCount, "file")), \(plural(report.handlerCount, "handler")) (\(project.configDescription)\(shown.summary)\(inBaseline))\n")
            }
        }
        return report.errorCount > 0 || (options.strict && (report.warningCount > 0 || nothingToLint != nil)) ? .findings : .success
    }
}

/// The paths `hawser lint PATH…` names: a finding is shown when its file is one of them or
/// inside one. Each must exist, as a file or a folder.
struct PathFilter {
    var paths: [String]
    private var absolutes: [String]

    init(_ paths: [String]) throws {
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw UsageError(message: "no such file or folder '\(path)'", help: .lint)
        }
        self.paths = paths
        absolutes = paths.map(ProjectInputs.absolute)
    }

    func shows(_ file: String) -> Bool {
        guard !absolutes.isEmpty else { return true }
        let absolute = ProjectInputs.absolute(file)
        return absolutes.contains { absolute == $0 || $0 == "/" || absolute.hasPrefix($0 + "/") }
    }

    func filter(_ report: Report) -> Report {
        guard !absolutes.isEmpty else { return report }
        var report = report
        report.diagnostics = report.diagnostics.filter { shows($0.location.file) }
        return report
    }

    /// For the run record's key: a replay shows what these paths showed.
    var key: [String] { absolutes.isEmpty ? [] : ["paths"] + absolutes }

    /// What the summary adds: that findings elsewhere are not shown.
    var summary: String { paths.isEmpty ? "" : "; findings in " + paths.joined(separator: ", ") + " only" }
}
