import Foundation
import PackagePlugin

/// The build-tool plugin: a target that applies it and has a `hawser.json` or a `userscripts/`
/// folder in its directory, with at least one script there, gets the generated bridge
/// (`<Name>.swift`) compiled in. Without a `hawser.json`, the bridge registers the handlers
/// (`--registration generated`), as the set-up in Documentation/build-integration.md expects.
///
/// One build command runs `hawser build` with every file it reads declared as an input and the
/// generated Swift file as its output, so the build system skips it when nothing changed. The
/// command writes only into the plugin's work directory, where the other outputs (the `.js`
/// files, `manifest.json`, `<Name>.d.ts`, `BRIDGE.md`) stay for people to read: `<Name>.swift`
/// embeds every script, so nothing else needs bundling. hawser writes only the files whose bytes
/// changed, so a rerun that changes nothing does not recompile the target.
@main
struct HawserPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget,
              let project = HawserProject(folder: HawserProject.folder(of: target), root: context.package.directoryURL),
              project.hasScripts
        else { return [] }
        return [try Self.command(project, tool: context.tool(named: "hawser").url, workDirectory: context.pluginWorkDirectoryURL)]
    }

    static func command(_ project: HawserProject, tool: URL, workDirectory: URL) -> Command {
        .buildCommand(
            displayName: "Hawser: building the bridge of \(project.displayFolder)",
            executable: tool,
            arguments: project.arguments("build", cache: workDirectory.appendingPathComponent(".hawser-cache"))
                + ["--output", workDirectory.path],
            inputFiles: project.inputFiles(manifest: workDirectory.appendingPathComponent("manifest.json")),
            outputFiles: [workDirectory.appendingPathComponent("\(project.name).swift")])
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// Xcode app targets: the project's folder named after the target (Xcode's default layout,
/// `App/` for target `App`), or the project's own folder, holds the `hawser.json` or
/// `userscripts/`. Not compiled on Linux, where XcodeProjectPlugin does not exist.
extension HawserPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let root = context.xcodeProject.directoryURL
        let folders = [root.appendingPathComponent(target.displayName), root]
        guard let project = folders.lazy.compactMap({ HawserProject(folder: $0, root: root) }).first, project.hasScripts else { return [] }
        return [try Self.command(project, tool: context.tool(named: "hawser").url, workDirectory: context.pluginWorkDirectoryURL)]
    }
}
#endif
