/// A place where a script uses a message handler: a `postMessage` call on it, or a reference
/// that is passed, returned or stored (its post happens elsewhere).
struct HandlerUse: Hashable, Sendable {
    /// How a script reaches the handler.
    enum Form: String, Hashable, Sendable {
        /// `….messageHandlers.NAME.postMessage(…)`, directly or through an alias.
        case postMessage
        /// A handler passed, returned or stored (its post happens elsewhere), or a method other
        /// than `postMessage` called on it.
        case reference
        /// `hawser.call("NAME", …)`: a request through the runtime.
        case call
        /// `hawser.post("NAME", …)`: a message through the runtime.
        case post
    }

    var name: String
    var location: SourceLocation
    /// Whether the result is used: `postMessage`'s result awaited, chained, assigned, returned
    /// or passed on; always true for `hawser.call`, false for references and `hawser.post`.
    var resultUsed: Bool
    var form: Form
    /// The payload passed at each call through this use (several for a single-handler alias
    /// called more than once); empty for references and the runtime's helpers.
    var payloads: [PayloadLiteral]

    /// Set when the name is written with placeholders the app fills in before injecting the
    /// script (a *templated use*); `name` is then the name as written, `%message_handler%`.
    var template: HandlerTemplate?

    init(
        name: String, location: SourceLocation, resultUsed: Bool, form: Form = .postMessage, payloads: [PayloadLiteral] = [],
        template: HandlerTemplate? = nil
    ) {
        self.name = name
        self.location = location
        self.resultUsed = resultUsed
        self.form = form
        self.payloads = payloads
        self.template = template
    }

    /// Whether the use goes through Hawser's runtime rather than `postMessage` itself.
    var isRuntimeUse: Bool { form == .call || form == .post }
}

/// A handler name written with placeholders (`placeholders` in `hawser.json`) that the app
/// fills in before injecting the script: `%message_handler%`, `$<message_handler>`, or
/// `Focus_{{id}}`.
struct HandlerTemplate: Hashable, Sendable {
    /// The name as written.
    var written: String
    /// Its placeholders, in order, with byte ranges in `written`; never empty.
    var placeholders: [PlaceholderOccurrence]

    /// The template of a handler name, or nil when the name has no placeholder.
    init?(_ name: String, forms: [PlaceholderForm]) {
        let placeholders = PlaceholderForm.occurrences(in: Array(name.utf8), forms: forms)
        guard !placeholders.isEmpty else { return nil }
        self.written = name
        self.placeholders = placeholders
    }
}

/// What the JavaScript front end extracts from one input file (a `.js` file, or all inline
/// scripts of an `.html` file).
struct JavaScriptFacts: Sendable {
    var file: String
    var uses: [HandlerUse]
    /// Findings of the front end itself: `syntax-error`, `dynamic-handler-name`,
    /// `unknown-handler-method`.
    var diagnostics: [Diagnostic]
    var suppressions: [Suppression]

    init(file: String, uses: [HandlerUse] = [], diagnostics: [Diagnostic] = [], suppressions: [Suppression] = []) {
        self.file = file
        self.uses = uses
        self.diagnostics = diagnostics
        self.suppressions = suppressions
    }
}
