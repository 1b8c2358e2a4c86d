/// The options every command that reads a project shares: `--config`, `--scripts`, `--pages`,
/// `--swift` and `--exclude`.
struct CommonOptions {
    var config: String?
    var scripts: [String] = []
    var pages: [String] = []
    var swift: [String] = []
    /// Glob patterns relative to the current folder, added to the config's `exclude`.
    var exclude: [String] = []

    init(_ arguments: ParsedArguments) {
        config = arguments.value(Option.config)
        scripts = arguments.values(Option.scripts)
        pages = arguments.values(Option.pages)
        swift = arguments.values(Option.swift)
        exclude = arguments.values(Option.exclude)
    }

    /// Only a config file: what `hawser init` lints with after writing one.
    init(config: String) {
        self.config = config
    }
}
