import Foundation
import HawserCore

/// `hawser build`: lints, then compiles the scripts into the output folder. Writes nothing when
/// there is any error, so the last good output stays intact.
enum BuildCommand: Subcommand {
    static let name = CommandName.build
    static let abstract = "Compile the user scripts into the scripts to inject, the runtime and manifest.json."
    static let exitStatus = "0 built (or up to date under --check); 1 errors, or stale output under --check; 2 usage, configuration or I/O problem."

    struct Options {
        var common: CommonOptions
        var output: String?
        /// `--source-maps`: replaces the config's `sourceMaps`.
        var sourceMaps: HawserConfig.SourceMaps?
        var check: Bool
        var format: ReportFormat
        var strict: Bool
        /// Replace files in the output folder that are not Hawser's (`output-conflict`).
        var force: Bool
        /// `--quiet`: the diagnostics alone (and what `--check` finds stale), without the
        /// summary and the notes on the config and the output folder.
        var quiet = false
    }

    static func options(from arguments: ParsedArguments) -> Options {
        Options(
            common: CommonOptions(arguments), output: arguments.value(Option.outputFolder),
            sourceMaps: arguments.value(Option.sourceMaps).flatMap(HawserConfig.SourceMaps.init(rawValue:)), check: arguments.isSet(Option.check),
            format: arguments.format, strict: arguments.isSet(Option.strict), force: arguments.isSet(Option.forceOutput),
            quiet: arguments.isSet(Option.quiet))
    }

    static func execute(_ options: Options, io: StandardStreams) throws -> ExitStatus {
        // A summary or a note: what --quiet leaves out.
        func note(_ text: String) { if !options.quiet { io.err(text) } }
        var project = try ProjectInputs.load(options.common, output: options.output, forBuild: true)
        if let sourceMaps = options.sourceMaps { project.config.sourceMaps = sourceMaps }
        if project.runsInConfigFolder, let configFile = project.configFile {
            note("hawser: using \(configFile); paths are relative to its folder\n")
        }
        // Nothing to inject: a warning, and no bridge built from nothing.
        if let warning = project.noScriptsWarning {
            io.err(warning)
            io.err("hawser: nothing written to \(project.outputFolder)\n")
            return options.strict ? .findings : .success
        }
        let outputFolder = project.outputFolder
        let output = OutputFolder(path: outputFolder, manifest: Pipeline.manifestFile)
        let cache = CacheFolder.cache(options.common, project: project, io: io)
        // A build of the same inputs, config and options wrote these files: when the output
        // folder still holds exactly them (with no interrupted build in it), there is nothing to
        // parse, check or write. A running build is waited for (the shared lock); a lock file
        // that nobody holds is what a killed build leaves, and the full build below removes it.
        let style = options.format == .text ? io.textStyle : .plain
        let key = cache.flatMap { _ in RunRecord.key(name, project: project, options: [options.format.rawValue, "\(options.strict)", project.config.sourceMaps.rawValue, project.config.registration.rawValue, style.key]) }
        if let cache, let key, output.state == .folder, let record = RunRecord.load(key, from: cache) {
            let staleLock = try OutputLock.acquire(outputFolder, exclusive: false, io: io)
            staleLock?.release()
            if staleLock == nil, !OutputTransaction.isInterrupted(outputFolder), record.isWritten(in: output), record.dependenciesUnchanged {
                io.out(record.stdout)
                note(options.check ? "hawser: \(outputFolder) is up to date (\(plural(record.files.count, "file")))\n" : record.stderr)
                return .success
            }
        }
        let result = Pipeline.run(project.input, cache: cache)
        let report = result.report
        let stdout = options.format == .text && report.diagnostics.isEmpty ? "" : options.format.render(report, style: style)
        io.out(stdout)
        if report.errorCount > 0 || (options.strict && report.warningCount > 0) {
            note("hawser: \(findingsSummary(errors: report.errorCount, warnings: report.warningCount)); nothing written to \(outputFolder)\n")
            return .findings
        }
        if output.state == .notAFolder { throw output.notAFolderError }
        if options.check {
            let lock = output.state == .folder ? try OutputLock.acquire(outputFolder, exclusive: false, io: io) : nil
            defer { lock?.release() }
            if OutputTransaction.isInterrupted(outputFolder) {
                io.err("hawser: \(outputFolder) holds a build that was interrupted; run 'hawser build' to finish it\n")
                return .findings
            }
            let plan = try output.plan(result.files)
            guard plan.isUpToDate else {
                for path in plan.stale { io.err("hawser: stale: \(output.display(path))\n") }
                for path in plan.missing { io.err("hawser: missing: \(output.display(path))\n") }
                for path in plan.extra { io.err("hawser: extra: \(output.display(path))\n") }
                io.err("hawser: \(outputFolder) is out of date; run 'hawser build'\n")
                return .findings
            }
            note("hawser: \(outputFolder) is up to date (\(plural(result.files.count, "file")))\n")
            return .success
        }
        _ = try POSIXFile.makeFolders(outputFolder)
        guard let lock = try OutputLock.acquire(outputFolder, exclusive: true, io: io) else { return .usage }
        defer { lock.release() }
        switch try OutputTransaction.recover(outputFolder) {
        case .finished: io.err("hawser: finished writing the output of an interrupted build into \(outputFolder)\n")
        case .rolledBack: io.err("hawser: removed the partial files of an interrupted build from \(outputFolder)\n")
        case nil: break
        }
        let plan = try output.plan(result.files)
        // A file that is not Hawser's is never replaced unless --force says so; a folder never.
        let blocking = plan.conflicts.filter { !options.force || $0.reason.hasPrefix("it is a folder") }
        if !blocking.isEmpty {
            for conflict in blocking {
                let advice = conflict.reason.hasPrefix("it is a folder") ? "move it away" : "move it away, or pass --force to let the build replace it"
                io.err("\(output.display(conflict.file)):1:1: error: hawser build would replace this file, which is not Hawser's output: \(conflict.reason); \(advice) [output-conflict]\n")
            }
            io.err("hawser: \(findingsSummary(errors: blocking.count, warnings: 0)); nothing written to \(outputFolder)\n")
            return .findings
        }
        try output.apply(plan, files: result.files)
        note(builtSummary(result, into: outputFolder, plan))
        if let cache, let key {
            // What a run with nothing changed prints: every file unchanged.
            let unchanged = OutputFolder.Plan(unchanged: result.files.count)
            RunRecord(stdout: stdout, stderr: builtSummary(result, into: outputFolder, unchanged), status: 0,
                      files: RunRecord.digests(result.files), dependencies: RunRecord.dependencies(of: project)).store(key, in: cache)
        }
        return .success
    }

    /// `hawser: built 3 scripts into out: …`; with bundled entries, how many entries and modules
    /// went into them: `built 3 scripts (2 entries bundled with 9 modules) into out: …`.
    static func builtSummary(_ result: PipelineResult, into folder: String, _ plan: OutputFolder.Plan) -> String {
        let bundled = result.bundledEntryCount == 0
            ? "" : " (\(plural(result.bundledEntryCount, "entry", "entries")) bundled with \(plural(result.moduleCount, "module")))"
        return "hawser: built \(plural(result.scriptCount, "script"))\(bundled) into \(folder): \(plan.missing.count) added, \(plan.stale.count) updated, \(plan.extra.count) deleted, \(plan.unchanged) unchanged\n"
    }
}
