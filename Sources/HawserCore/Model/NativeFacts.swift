// The facts the native front ends (Swift, and any other language an app registers handlers
// in) extract, in one vocabulary the checks read.

/// A call that registers a script message handler, such as
/// `controller.add(self, name: "observer")` or `addScriptMessageHandler(self, contentWorld: .page, name: "readFile")`.
struct HandlerRegistration: Hashable, Sendable {
    var name: String
    var location: SourceLocation
    /// Registered with reply (`addScriptMessageHandler(_:contentWorld:name:)`).
    var reply: Bool
    /// The `contentWorld:` argument as written, or nil when absent.
    var world: String?
    /// Identifies the function body the call is in (unique within the scan), for the
    /// duplicate-registration check. Nil at top level.
    var scope: String?

    init(name: String, location: SourceLocation, reply: Bool, world: String?, scope: String?) {
        self.name = name
        self.location = location
        self.reply = reply
        self.world = world
        self.scope = scope
    }
}

/// A string literal that Swift compares with `message.name`.
struct DispatchName: Hashable, Sendable {
    var name: String
    var location: SourceLocation

    init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// What a native front end extracts from the app's sources: registrations, dispatch names,
/// its own findings and the suppressions.
struct NativeFacts: Sendable {
    var registrations: [HandlerRegistration]
    var dispatchNames: [DispatchName]
    /// Findings of the front end itself, such as `unresolved-registration`.
    var diagnostics: [Diagnostic]
    var suppressions: [Suppression]

    init(registrations: [HandlerRegistration] = [], dispatchNames: [DispatchName] = [], diagnostics: [Diagnostic] = [], suppressions: [Suppression] = []) {
        self.registrations = registrations
        self.dispatchNames = dispatchNames
        self.diagnostics = diagnostics
        self.suppressions = suppressions
    }
}
