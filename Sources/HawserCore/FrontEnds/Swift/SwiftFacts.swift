/// What the Swift front end extracts from the scanned Swift sources.
struct SwiftFacts: Sendable {
    var registrations: [HandlerRegistration]
    var dispatchNames: [DispatchName]
    /// Findings of the front end itself: `unresolved-registration`.
    var diagnostics: [Diagnostic]
    var suppressions: [Suppression]

    init(registrations: [HandlerRegistration] = [], dispatchNames: [DispatchName] = [], diagnostics: [Diagnostic] = [], suppressions: [Suppression] = []) {
        self.registrations = registrations
        self.dispatchNames = dispatchNames
        self.diagnostics = diagnostics
        self.suppressions = suppressions
    }
}
