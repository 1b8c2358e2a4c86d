import HawserCore

/// The options every command that reads a project shares: `--directory`, `--config`, `--scripts`,
/// `--pages`, `--swift`, `--exclude`, `--cache-dir` and `--no-cache`.
struct CommonOptions {
    /// `--directory`: the folder the command runs in, entered before anything else is read.
    var directory: String?
    var config: String?
    var scripts: [String] = []
    var pages: [String] = []
    var swift: [String] = []
    /// Glob patterns relative to the current folder, added to the config's `exclude`.
    var exclude: [String] = []
    /// `--cache-dir`, made absolute when read: a build may change to its config's folder.
    var cacheDirectory: String?
    /// `--no-cache`: read and write no cache.
    var noCache = false
    /// `--registration`: replaces the config's `registration`.
    var registration: HawserConfig.Registration?

    init(_ arguments: ParsedArguments) {
        directory = arguments.value(Option.directory)
        config = arguments.value(Option.config)
        scripts = arguments.values(Option.scripts)
        pages = arguments.values(Option.pages)
        swift = arguments.values(Option.swift)
        exclude = arguments.values(Option.exclude)
        cacheDirectory = arguments.value(Option.cacheDirectory).map { ProjectInputs.absolute($0) }
        noCache = arguments.isSet(Option.noCache)
        registration = arguments.value(Option.registration).flatMap(HawserConfig.Registration.init(rawValue:))
    }

    /// Only a config file: what `hawser init` lints with after writing one.
    init(config: String) {
        self.config = config
    }
}
