/// One script to inject, as the build emits it.
struct CompiledScript: Hashable, Sendable {
    enum Origin: String, Hashable, Sendable {
        /// Hawser's promise runtime.
        case runtime
        /// The native-feel presets.
        case presets
        /// A `.js` file of the scripts folders.
        case javaScript
        /// A `.css` file of the scripts folders.
        case styleSheet
    }

    var name: String
    /// The emitted file, relative to the output folder.
    var file: String
    /// The input file's path, or nil for generated scripts.
    var source: String?
    var origin: Origin
    var runAt: InjectionTime
    var mainFrameOnly: Bool
    var world: ContentWorldSpec
    var match: [String]
    var excludeMatch: [String]
    /// The exact text to inject.
    var text: String
    /// The world its metadata names (`@world`), nil when it gives none.
    var declaredWorld: ContentWorldSpec? = nil
    /// For a bundled entry, the modules it holds besides itself, in evaluation order.
    var modules: [String] = []
    /// Whether it is an entry bundled from modules (`ModuleLinker`).
    var isBundled = false
    /// How many lines the build put before the source's first line (the header, and the
    /// wrapper's opening line when there is one): a line of the emitted text is that many more
    /// than the source's (for a bundle, than its text's, which its source map maps). Nil for
    /// scripts with no source of their own (the runtime, the presets) and for style sheets.
    var sourceLineOffset: Int? = nil
}

extension ContentWorldSpec {
    /// How `manifest.json` and the generated code write the world: `page`, `defaultClient`,
    /// or the world's name.
    var manifestValue: String {
        switch self {
        case .page: return "page"
        case .defaultClient: return "defaultClient"
        case .named(let name): return name
        }
    }
}
