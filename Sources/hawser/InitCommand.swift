import Foundation
import HawserCore

/// `hawser init`: surveys the app in the current folder, writes a `hawser.json` that fits it
/// (or one config per app target, `ProjectSurvey.proposeConfigs`), and shows what `hawser lint`
/// then reports with each. The survey is the core's (`ProjectSurvey`); this
/// command only walks the folders and writes the file.
enum InitCommand: Subcommand {
    static let name = CommandName.`init`
    static let abstract = "Write a hawser.json for the app in the current folder, then lint with it."
    static let discussion = """
        Walks the current folder (skipping .git, hidden folders, build, .build, DerivedData,
        Pods, Carthage and node_modules) and proposes:
          scripts   folders of .js files with handler uses that no page loads
          pages     folders of .html pages with handler uses, and of the .js they load
                    through <script src>
          swift     folders whose Swift or Objective-C files register handlers
          exclude   vendored and minified files inside those folders: *.min.js, folders
                    named vendor, third_party, external, dist and the like, and files
                    with lines of code over 1000 bytes; and style sheets in the scripts
                    folders that no WKUserScript injects
        It also reports template markers ($<x>, %x%, {{x}}) in the scripts. Then it writes
        hawser.json, prints what it found, and runs hawser lint with it. An existing
        hawser.json is never replaced without --force.

        An app whose targets each register handlers or inject scripts in their own
        folders gets one config per target: hawser.<Target>.json at the top for app
        folders that share others (Mac/, iOS/ and Shared/), built with
        'hawser build --config hawser.<Target>.json'; Sources/<Target>/hawser.json for
        the targets of a Swift package, where the build-tool plugin finds it. Each
        config has its target's folder and the shared ones, and only the scripts those
        inject. No config is replaced without --force.

        """
    static let exitStatus = "0 written, or printed with --dry-run (whatever lint then reports); 1 nothing found to propose, nothing written; 2 hawser.json exists (without --force), usage or I/O problem."

    /// Folders the survey never walks into, besides hidden ones.
    static let skippedFolders = ProjectInputs.skippedFolders.union(["build"])
    static let extensions: Set<String> = ["js", "css", "html", "htm", "svelte", "vue", "swift", "m", "mm", "h", "ts", "mts", "cts", "tsx", "jsx"]

    struct Options {
        var force: Bool
        var dryRun: Bool
    }

    static func options(from arguments: ParsedArguments) -> Options {
        Options(force: arguments.isSet(Option.forceConfig), dryRun: arguments.isSet(Option.dryRun))
    }

    static func execute(_ options: Options, io: StandardStreams) throws -> ExitStatus {
        let fileManager = FileManager.default
        let exists = { (path: String) -> Bool in
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
            if isDirectory.boolValue { throw UsageError(message: "'\(path)' is a folder") }
            return true
        }
        let refuse = { (path: String) in
            UsageError(message: "\(path) already exists; nothing was changed. Pass --force to replace it, --dry-run to see what init would propose, or edit it by hand")
        }
        let project = ProjectSurvey.proposeConfigs(try survey("."))
        for config in project.configs where try exists(config.path) && !options.force && !options.dryRun {
            throw refuse(config.path)
        }
        guard project.configs.count > 1 else { return try writeOne(project, options, io: io) }

        var text = project.findings.map { $0 + "\n" }.joined()
        if try exists(ProjectInputs.configName) {
            text += "note: \(ProjectInputs.configName) is there too, and still applies where no --config is given; remove it once the targets' configs replace it\n\n"
        }
        if !options.dryRun {
            for config in project.configs { try write(config.text, to: config.path) }
        }
        io.out(text)
        for config in project.configs {
            let target = config.target!
            var section = "== \(target.name): \(config.path)\n"
            section += config.proposal.findings.map { $0 + "\n" }.joined()
            section += (options.dryRun ? "\nWould write \(config.path):\n" : "\nWrote \(config.path):\n") + config.text
            section += try lint(config, dryRun: options.dryRun, heading: "\nhawser lint --config \(config.path) reports:\n")
            section += "\nNext steps for \(target.name) (\(config.path)):\n" + numbered(config.proposal.nextSteps) + "\n"
            io.out(section)
        }
        let paths = project.configs.map(\.path)
        let list = paths.dropLast().joined(separator: ", ") + " and " + paths.last!
        io.err(options.dryRun ? "hawser: wrote nothing (--dry-run)\n" : "hawser: wrote \(list), one config per target; edit them, then run 'hawser lint --config <config>' for each\n")
        return .success
    }

    /// The one config of an app that is not split by target: `hawser.json`.
    static func writeOne(_ project: ProjectProposal, _ options: Options, io: StandardStreams) throws -> ExitStatus {
        let config = project.configs[0]
        let path = config.path, proposal = config.proposal
        var text = project.findings.map { $0 + "\n" }.joined() + proposal.findings.map { $0 + "\n" }.joined()
        guard proposal.foundAnything else {
            io.out(text)
            io.err("hawser: found no script that posts to a message handler or that a WKUserScript injects, and no handler registration, so nothing was written; run init in the app's folder, or write \(path) by hand (Documentation/configuration.md)\n")
            return .findings
        }
        text += (options.dryRun ? "\nWould write \(path):\n" : "\nWrote \(path):\n") + config.text
        if !options.dryRun { try write(config.text, to: path) }
        io.out(text)
        var lint = try lint(config, dryRun: options.dryRun, heading: "\nhawser lint reports:\n")
        lint += "\nNext steps:\n" + numbered(proposal.nextSteps)
        io.out(lint)
        io.err(options.dryRun ? "hawser: wrote nothing (--dry-run)\n" : "hawser: wrote \(path); edit it, then run 'hawser lint'\n")
        return .success
    }

    static func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw UsageError(message: "cannot write '\(path)': \(error.localizedDescription)")
        }
    }

    static func numbered(_ steps: [String]) -> String {
        steps.enumerated().map { "  \($0.offset + 1). \($0.element)\n" }.joined()
    }

    /// What `hawser lint` reports with the proposal as written, from memory when nothing is written.
    static func lint(_ proposed: ProposedConfig, dryRun: Bool, heading: String) throws -> String {
        let config: HawserConfig
        do {
            config = try HawserConfig.parse(Array(proposed.text.utf8), file: proposed.path)
        } catch {
            throw UsageError(message: "the proposed config does not parse (\(error.description)); please report this")
        }
        let project = try ProjectInputs.load(CommonOptions(config: proposed.path), parsedConfig: dryRun ? (config, proposed.path) : nil)
        let report = Pipeline.run(project.input, rendering: false).report
        var lint = heading
        lint += report.diagnostics.isEmpty ? "  nothing\n" : ReportFormat.text.render(report)
        lint += "hawser lint: \(findingsSummary(errors: report.errorCount, warnings: report.warningCount)) in \(plural(report.fileCount, "file")), \(plural(report.handlerCount, "handler")) (\(project.configDescription))\n"
        return lint
    }

    /// Every file with one of `extensions` below `folder`, paths relative to it.
    static func survey(_ folder: String) throws -> [SourceFile] {
        var files: [SourceFile] = []
        func visit(_ relative: String) throws {
            let path = relative.isEmpty ? folder : ProjectInputs.join(folder, relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                throw UsageError(message: "cannot list folder '\(path)'")
            }
            for name in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
                let child = relative.isEmpty ? name : relative + "/" + name
                let childPath = ProjectInputs.join(folder, child)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: childPath, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if !name.hasPrefix("."), !skippedFolders.contains(name) { try visit(child) }
                } else if extensions.contains((name as NSString).pathExtension.lowercased()), !SourceFile.isDeclarationFile(name),
                          let data = FileManager.default.contents(atPath: childPath) {
                    files.append(SourceFile(path: child, bytes: Array(data)))
                }
            }
        }
        try visit("")
        return files
    }
}
