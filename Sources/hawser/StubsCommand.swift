import Foundation
import HawserCore

/// `hawser stubs`: writes a starting implementation of `<Name>.Handlers`, or, when the file
/// already exists, lists the requirements it does not implement yet.
enum StubsCommand: Subcommand {
    static let name = CommandName.stubs
    static let abstract = "Write a stub implementation of the bridge's Handlers protocol, or list what an existing one lacks."
    static let discussion = """
        When FILE exists and --force is not given, nothing is written: the requirements of
        <Name>.Handlers that FILE does not declare a func for are listed instead.

        """
    static let exitStatus = "0 written, or FILE implements every requirement; 1 errors in the project, or FILE lacks requirements; 2 usage, configuration or I/O problem."

    struct Options {
        var common: CommonOptions
        var output: String?
        var force: Bool
    }

    static func options(from arguments: ParsedArguments) -> Options {
        Options(common: CommonOptions(arguments), output: arguments.value(Option.outputFile), force: arguments.isSet(Option.force))
    }

    static func execute(_ options: Options, io: StandardStreams) throws -> ExitStatus {
        let project = try ProjectInputs.load(options.common)
        let result = Pipeline.run(project.input, rendering: false, cache: CacheFolder.cache(options.common, project: project, io: io))
        let report = result.report
        if report.errorCount > 0 {
            io.out(ReportFormat.text.render(report, style: io.textStyle))
            io.err("hawser: \(findingsSummary(errors: report.errorCount, warnings: report.warningCount)); no stubs written\n")
            return .findings
        }
        guard let model = result.model else { return .findings }
        let path = options.output ?? "\(model.name)Handlers.swift"
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = fileManager.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue {
            throw UsageError(message: "'\(path)' is a folder")
        }
        if exists && !options.force {
            guard let data = fileManager.contents(atPath: path) else {
                throw UsageError(message: "cannot read '\(path)'")
            }
            let missing = HandlerStubsGenerator.missingRequirements(model, in: Array(data))
            let protocolName = "\(model.name).Handlers"
            if missing.isEmpty {
                io.out("\(path) implements every requirement of \(protocolName)\n")
                return .success
            }
            var text = "\(path) lacks \(plural(missing.count, "requirement")) of \(protocolName):\n"
            for signature in missing { text += "  \(signature)\n" }
            io.out(text)
            io.err("hawser: \(path) is missing \(plural(missing.count, "method")) and was not overwritten; add them, or pass --force to replace the file\n")
            return .findings
        }
        let text = HandlerStubsGenerator.generate(model)
        let folder = (path as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty { try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw UsageError(message: "cannot write '\(path)': \(error.localizedDescription)")
        }
        io.out("wrote \(path)\n")
        return .success
    }
}
