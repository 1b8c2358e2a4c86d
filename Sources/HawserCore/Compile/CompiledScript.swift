/// One script to inject, as the build emits it.
public struct CompiledScript: Hashable, Sendable {
    public enum Origin: String, Hashable, Sendable {
        /// Hawser's promise runtime.
        case runtime
        /// The native-feel presets.
        case presets
        /// A `.js` file of the scripts folders.
        case javaScript
        /// A `.css` file of the scripts folders.
        case styleSheet
    }

    public var name: String
    /// The emitted file, relative to the output folder.
    public var file: String
    /// The input file's path, or nil for generated scripts.
    public var source: String?
    public var origin: Origin
    public var runAt: InjectionTime
    public var mainFrameOnly: Bool
    public var world: ContentWorldSpec
    public var match: [String]
    public var excludeMatch: [String]
    /// The exact text to inject.
    public var text: String
}

extension ContentWorldSpec {
    /// How `manifest.json` and the generated code write the world: `page`, `defaultClient`,
    /// or the world's name.
    public var manifestValue: String {
        switch self {
        case .page: return "page"
        case .defaultClient: return "defaultClient"
        case .named(let name): return name
        }
    }
}
