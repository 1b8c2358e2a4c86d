import PackagePlugin

/// `swift package hawser-lint [--target NAME]... [hawser lint options]`: lints each target
/// that has a `hawser.json` or a `userscripts/` folder. Writes nothing.
@main
struct HawserLintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        try HawserCommandRunner.run("lint", context: context, arguments: arguments)
    }
}
