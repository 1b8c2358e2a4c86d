import Foundation
import HawserCore

/// `hawser build`: lints, then compiles the scripts into the output folder. Writes nothing when
/// there is any error, so the last good output stays intact.
enum BuildCommand: Subcommand {
    static let usage = """
        OVERVIEW: Compile the user scripts into the scripts to inject, the runtime and manifest.json.

        USAGE: hawser build [--config FILE] [--scripts DIR]... [--swift DIR]... [--output DIR] [--check] [--format text|json|sarif|github] [--strict]

        OPTIONS:
          --config FILE     Read this configuration file (default: hawser.json in the current folder, if any).
          --scripts DIR     A folder of user scripts (.js, .css, .html); repeatable. Replaces the config's 'scripts'.
          --swift DIR       A folder of Swift sources; repeatable. Replaces the config's 'swift'.
          --output DIR      Write here. Replaces the config's 'output' (default: output).
          --check           Write nothing; exit 1 when output files are stale or missing, or files an earlier build generated are left over.
          --format FORMAT   How to print diagnostics: text (default), json, sarif or github.
          --strict          Treat warnings as errors: exit 1 and write nothing.
          -h, --help        Show help.

        EXIT STATUS: 0 built (or up to date under --check); 1 errors, or stale output under --check; 2 usage, configuration or I/O problem.

        """

    struct Options {
        var common = CommonOptions()
        var output: String?
        var check = false
        var format = ReportFormat.text
        var strict = false
    }

    static func parse(_ arguments: [String]) throws -> Options? {
        var options = Options()
        var common = CommonOptions()
        let proceed = try common.parse(arguments) { flag, inline, scanner in
            switch flag {
            case "--output": options.output = try scanner.value(for: flag, inline: inline)
            case "--check": options.check = try CommonOptions.flag(flag, inline)
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
        let project = try ProjectInputs.load(options.common, output: options.output, forBuild: true)
        let outputFolder = project.outputFolder
        let result = Pipeline.run(project.input)
        let report = result.report
        if !(options.format == .text && report.diagnostics.isEmpty) {
            io.out(options.format.render(report))
        }
        if report.errorCount > 0 || (options.strict && report.warningCount > 0) {
            io.err("hawser: \(findingsSummary(errors: report.errorCount, warnings: report.warningCount)); nothing written to \(outputFolder)\n")
            return .findings
        }
        let output = OutputFolder(path: outputFolder, manifest: Pipeline.manifestFile)
        let plan = try output.plan(result.files)
        if options.check {
            guard plan.isUpToDate else {
                for path in plan.stale { io.err("hawser: stale: \(output.display(path))\n") }
                for path in plan.missing { io.err("hawser: missing: \(output.display(path))\n") }
                for path in plan.extra { io.err("hawser: extra: \(output.display(path))\n") }
                io.err("hawser: \(outputFolder) is out of date; run 'hawser build'\n")
                return .findings
            }
            io.err("hawser: \(outputFolder) is up to date (\(plural(result.files.count, "file")))\n")
            return .success
        }
        try output.apply(plan, files: result.files)
        io.err("hawser: built \(plural(result.scriptCount, "script")) into \(outputFolder): \(plan.missing.count) added, \(plan.stale.count) updated, \(plan.extra.count) deleted, \(plan.unchanged) unchanged\n")
        return .success
    }
}
