import PackagePlugin

/// `swift package --allow-writing-to-package-directory hawser-build [--target NAME]... [hawser
/// build options]`: builds each target's project into the `output` its `hawser.json` names, in
/// the package, for teams that commit the generated code (and check it with `--check`).
@main
struct HawserBuildCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        try HawserCommandRunner.run("build", context: context, arguments: arguments)
    }
}
