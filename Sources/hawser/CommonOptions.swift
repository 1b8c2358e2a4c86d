/// The options every command that reads a project shares: `--config`, `--scripts`, `--swift`.
struct CommonOptions {
    var config: String?
    var scripts: [String] = []
    var swift: [String] = []

    init(_ arguments: ParsedArguments) {
        config = arguments.value(Option.config)
        scripts = arguments.values(Option.scripts)
        swift = arguments.values(Option.swift)
    }
}
