import Foundation
import PackagePlugin

/// What `swift package hawser-lint` and `swift package hawser-build` share: pick the projects,
/// run `hawser COMMAND` on each, pass its output through, and fail when any run fails.
enum HawserCommandRunner {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `arguments` are the command plugin's: `--target NAME` (repeatable) picks targets, the
    /// rest goes to hawser (`--format github --strict`). Without `--target`, every target with
    /// a project, and the package's own folder when it holds a `hawser.json`.
    static func run(_ command: String, context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let passed = extractor.remainingArguments
        let root = context.package.directoryURL
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        var projects = targets.compactMap { target in
            (target as? SourceModuleTarget).flatMap { HawserProject(folder: HawserProject.folder(of: $0), root: root) }
        }
        if names.isEmpty, FileManager.default.fileExists(atPath: root.appendingPathComponent(HawserProject.configName).path),
           let project = HawserProject(folder: root, root: root) {
            projects.insert(project, at: 0)
        }
        guard !projects.isEmpty else {
            throw Failure(description: "no target has a \(HawserProject.configName) or a \(HawserProject.defaultScripts)/ folder")
        }
        let tool = try context.tool(named: "hawser").url
        var failed: [String] = []
        for project in projects {
            let process = Process()
            process.executableURL = tool
            process.arguments = project.arguments(command, cache: context.pluginWorkDirectoryURL.appendingPathComponent("hawser-cache")) + passed
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { failed.append(project.displayFolder) }
        }
        guard failed.isEmpty else {
            throw Failure(description: "hawser \(command) failed for \(failed.joined(separator: ", "))")
        }
    }
}
