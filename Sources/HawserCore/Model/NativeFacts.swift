// The facts the native front ends (Swift, and any other language an app registers handlers
// in) extract, in one vocabulary the checks read.

/// A call that registers a script message handler, such as
/// `controller.add(self, name: "observer")` or `addScriptMessageHandler(self, contentWorld: .page, name: "readFile")`.
struct HandlerRegistration: Hashable, Sendable, Codable {
    var name: String
    var location: SourceLocation
    /// Registered with reply (`addScriptMessageHandler(_:contentWorld:name:)`).
    var reply: Bool
    /// The `contentWorld:` argument as written, or nil when absent.
    var world: String?
    /// Identifies the function body the call is in (unique within the scan), for the
    /// duplicate-registration check. Nil at top level.
    var scope: String?
    /// `name` is a pattern (`FocusScript_*`): built at runtime around constant parts, `*`
    /// standing for any text.
    var isPattern: Bool
    /// Declared by the config's `registered` key, at its position in the config: a name the app
    /// registers in a way no static reading sees. Never `unused-handler`.
    var isDeclared: Bool
    /// The types whose `userContentController(_:didReceive:)` may receive its messages, most
    /// likely first: the class of `self` for `add(self, …)`, `X` for `add(X(), …)`, then the
    /// class of a `self` passed to that initializer (a weak proxy that forwards to it). Empty
    /// when the handler object's type is not written at the call.
    var receiverTypes: [String] = []

    init(name: String, location: SourceLocation, reply: Bool, world: String?, scope: String?, isPattern: Bool = false, isDeclared: Bool = false, receiverTypes: [String] = []) {
        self.receiverTypes = receiverTypes
        self.name = name
        self.location = location
        self.reply = reply
        self.world = world
        self.scope = scope
        self.isPattern = isPattern
        self.isDeclared = isDeclared
    }

    /// A name a receiver lists for a framework to register (`messageNames`), declared with the
    /// type that lists it: unlike a config's `registered` name, its messages are received by
    /// that type, in a world the framework picks.
    var isListedByReceiver: Bool { isDeclared && !receiverTypes.isEmpty }

    /// Whether a script's use of `handler` reaches this registration.
    func matches(_ handler: String) -> Bool {
        isPattern ? HandlerRegistration.pattern(name, matches: handler) : name == handler
    }

    /// `*` matches any text, everything else itself.
    static func pattern(_ pattern: String, matches text: String) -> Bool {
        // Most texts already differ before the first `*`: no need to split the pattern for them.
        if let star = pattern.firstIndex(of: "*"), !text.hasPrefix(pattern[..<star]) { return false }
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count > 1 else { return pattern == text }
        guard text.hasPrefix(pieces[0]), text.hasSuffix(pieces[pieces.count - 1]),
              text.count >= pieces[0].count + pieces[pieces.count - 1].count else { return false }
        var rest = Substring(text.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count))
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}

/// The pattern registrations (`FocusScript_*`), found for a name by their constant prefix: a
/// name is tried only against the patterns whose text before the first `*` starts it, so a check
/// of every use costs the number of distinct prefix lengths, not of patterns. Results keep the
/// registrations' order.
struct PatternIndex {
    private var byPrefix: [Substring: [Int]] = [:]
    private var lengths: [Int] = []
    private let patterns: [HandlerRegistration]

    init(_ registrations: [HandlerRegistration]) {
        patterns = registrations.filter(\.isPattern)
        for (index, pattern) in patterns.enumerated() {
            let prefix = pattern.name.prefix { $0 != "*" }
            byPrefix[prefix, default: []].append(index)
        }
        lengths = Set(byPrefix.keys.map(\.count)).sorted()
    }

    var isEmpty: Bool { patterns.isEmpty }

    /// The pattern registrations that `name` matches.
    func matching(_ name: String) -> [HandlerRegistration] {
        guard !patterns.isEmpty else { return [] }
        var candidates: [Int] = []
        let characters = name.count
        for length in lengths where length <= characters {
            candidates += byPrefix[name.prefix(length)] ?? []
        }
        return candidates.sorted().map { patterns[$0] }.filter { $0.matches(name) }
    }

    func matches(_ name: String) -> Bool { !matching(name).isEmpty }
}

/// A string literal that Swift compares with `message.name`.
struct DispatchName: Hashable, Sendable, Codable {
    var name: String
    var location: SourceLocation

    init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// What a native front end extracts from the app's sources: registrations, dispatch names,
/// its own findings and the suppressions.
struct NativeFacts: Sendable, Codable {
    var registrations: [HandlerRegistration]
    var dispatchNames: [DispatchName]
    /// Findings of the front end itself, such as `unresolved-registration`.
    var diagnostics: [Diagnostic]
    var suppressions: [Suppression]
    /// Values substituted into script templates before injection.
    var placeholderBindings: [PlaceholderBinding] = []
    /// JavaScript held in native string literals, for the JavaScript front end.
    var embeddedScripts: [EmbeddedScript] = []
    /// The hand-written `didReceive` methods and what they read from the message body.
    var receivers: [MessageReceiver] = []
    /// The `WKUserScript`s the app injects by hand from bundle resources.
    var injections: [ScriptInjection] = []

    init(registrations: [HandlerRegistration] = [], dispatchNames: [DispatchName] = [], diagnostics: [Diagnostic] = [], suppressions: [Suppression] = []) {
        self.registrations = registrations
        self.dispatchNames = dispatchNames
        self.diagnostics = diagnostics
        self.suppressions = suppressions
    }
}

extension NativeFacts {
    /// Sorts every list by file, line and column (then name), so that the facts do not depend
    /// on the order in which the files were read.
    mutating func sort() {
        registrations.sort { a, b in
            if a.location != b.location { return a.location < b.location }
            if a.name != b.name { return a.name < b.name }
            return (a.reply ? 1 : 0, a.world ?? "") < (b.reply ? 1 : 0, b.world ?? "")
        }
        dispatchNames.sort { a, b in
            a.location != b.location ? a.location < b.location : a.name < b.name
        }
        diagnostics.sort(by: Diagnostic.sortKey)
        suppressions.sort { a, b in
            if a.file != b.file { return a.file < b.file }
            if a.line != b.line { return a.line < b.line }
            return a.codes.sorted().lexicographicallyPrecedes(b.codes.sorted())
        }
        placeholderBindings.sort { ($0.location, $0.key) < ($1.location, $1.key) }
        embeddedScripts.sort { $0.start < $1.start }
        receivers.sort { $0.location < $1.location }
        injections.sort { $0.location < $1.location }
    }

    /// The facts of several native front ends (Swift, Objective-C) as one, sorted.
    static func merging(_ parts: [NativeFacts]) -> NativeFacts {
        var merged = NativeFacts()
        for part in parts {
            merged.registrations += part.registrations
            merged.dispatchNames += part.dispatchNames
            merged.diagnostics += part.diagnostics
            merged.suppressions += part.suppressions
            merged.placeholderBindings += part.placeholderBindings
            merged.embeddedScripts += part.embeddedScripts
            merged.receivers += part.receivers
            merged.injections += part.injections
        }
        merged.sort()
        return merged
    }
}

/// A value native code substitutes into a script before injecting it:
/// `source.replacingOccurrences(of: "%message_handler%", with: Handler.name)`, or an entry
/// `"message_handler": Handler.name` of a dictionary literal. `key` is the string as written
/// (`%message_handler%`, `$<message_handler>` or a bare `message_handler`); `names` are the
/// handler names the value resolves to (empty when it cannot be resolved).
struct PlaceholderBinding: Hashable, Sendable, Codable {
    var key: String
    var names: [String]
    var location: SourceLocation

    init(key: String, names: [String], location: SourceLocation) {
        self.key = key
        self.names = names
        self.location = location
    }
}
