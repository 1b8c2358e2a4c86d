/// A place where a script uses a message handler: a `postMessage` call on it, or a reference
/// that is passed, returned or stored (its post happens elsewhere).
public struct HandlerUse: Hashable, Sendable {
    public var name: String
    public var location: SourceLocation
    /// Whether the result of `postMessage` is used (awaited, `.then`, assigned, returned or
    /// passed as an argument). Always false for references that are not called.
    public var resultUsed: Bool

    public init(name: String, location: SourceLocation, resultUsed: Bool) {
        self.name = name
        self.location = location
        self.resultUsed = resultUsed
    }
}

/// What the JavaScript front end extracts from one input file (a `.js` file, or all inline
/// scripts of an `.html` file).
public struct JavaScriptFacts: Sendable {
    public var file: String
    public var uses: [HandlerUse]
    /// Findings of the front end itself: `syntax-error`, `dynamic-handler-name`,
    /// `unknown-handler-method`.
    public var diagnostics: [Diagnostic]
    public var suppressions: [Suppression]

    public init(file: String, uses: [HandlerUse] = [], diagnostics: [Diagnostic] = [], suppressions: [Suppression] = []) {
        self.file = file
        self.uses = uses
        self.diagnostics = diagnostics
        self.suppressions = suppressions
    }
}
