/// A call that registers a script message handler, such as
/// `controller.add(self, name: "observer")` or `addScriptMessageHandler(self, contentWorld: .page, name: "readFile")`.
public struct HandlerRegistration: Hashable, Sendable {
    public var name: String
    public var location: SourceLocation
    /// Registered with reply (`addScriptMessageHandler(_:contentWorld:name:)`).
    public var reply: Bool
    /// The `contentWorld:` argument as written, or nil when absent.
    public var world: String?
    /// Identifies the function body the call is in (unique within the scan), for the
    /// duplicate-registration check. Nil at top level.
    public var scope: String?

    public init(name: String, location: SourceLocation, reply: Bool, world: String?, scope: String?) {
        self.name = name
        self.location = location
        self.reply = reply
        self.world = world
        self.scope = scope
    }
}

/// A string literal that Swift compares with `message.name`.
public struct DispatchName: Hashable, Sendable {
    public var name: String
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// What the Swift front end extracts from the scanned Swift sources.
public struct SwiftFacts: Sendable {
    public var registrations: [HandlerRegistration]
    public var dispatchNames: [DispatchName]
    /// Findings of the front end itself: `unresolved-registration`.
    public var diagnostics: [Diagnostic]
    public var suppressions: [Suppression]

    public init(registrations: [HandlerRegistration] = [], dispatchNames: [DispatchName] = [], diagnostics: [Diagnostic] = [], suppressions: [Suppression] = []) {
        self.registrations = registrations
        self.dispatchNames = dispatchNames
        self.diagnostics = diagnostics
        self.suppressions = suppressions
    }
}
