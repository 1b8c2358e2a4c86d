/// Pairs templated uses (a handler named with a placeholder the app fills in before injecting,
/// `webkit.messageHandlers.%message_handler%.postMessage(…)`) with the names native code fills
/// the placeholder in with (`NativeFacts.placeholderBindings`).
///
/// A binding applies to a placeholder when its key is the occurrence as written
/// (`%message_handler%`) or its bare name (`message_handler`, a dictionary key that the app
/// wraps in the form itself). Every binding of that key counts: one template is often filled in
/// at several call sites, each with its own name, and nothing says which call site injects which
/// script. A paired use is checked as a use of each name it can be filled in with, and those
/// names are used; a use without a binding is only listed.
struct TemplatePairing: Sendable {
    /// One templated use and what the bindings make of it.
    struct Templated: Hashable, Sendable {
        var use: HandlerUse
        /// The handler names it can be filled in with, sorted; empty when unpaired.
        var names: [String]
        /// Whether it may name a handler that `names` does not list: a placeholder has no binding,
        /// or a binding whose value native code computes in a way Hawser cannot follow.
        var isOpen: Bool
        /// For each of `names`, the first binding that gives it (for a name with several
        /// placeholders, the first placeholder's).
        var sources: [String: SourceLocation]
    }

    private struct Key: Hashable {
        var location: SourceLocation
        var written: String
    }

    /// Every templated use, by position.
    private(set) var templated: [Templated] = []
    /// What the checks read: every use without a template, and each paired templated use once
    /// per name it can be filled in with (`name` that name, `template` kept).
    private(set) var uses: [HandlerUse] = []
    private var index: [Key: Templated] = [:]

    /// Whether some templated use may name any handler (see `Templated.isOpen`).
    var hasOpenUse: Bool { templated.contains(where: \.isOpen) }

    init(uses: [HandlerUse], bindings: [PlaceholderBinding]) {
        var byKey: [String: [PlaceholderBinding]] = [:]
        for binding in bindings.sorted(by: { $0.location < $1.location }) { byKey[binding.key, default: []].append(binding) }
        var byTemplate: [String: Templated] = [:]
        for use in uses {
            guard let template = use.template else {
                self.uses.append(use)
                continue
            }
            var entry = byTemplate[template.written] ?? Self.pair(template, byKey: byKey, use: use)
            byTemplate[template.written] = entry
            entry.use = use
            templated.append(entry)
            index[Key(location: use.location, written: template.written)] = entry
            for name in entry.names {
                var copy = use
                copy.name = name
                self.uses.append(copy)
            }
        }
        templated.sort { ($0.use.location, $0.use.name) < ($1.use.location, $1.use.name) }
    }

    /// The names a templated use can be filled in with: every placeholder substituted by each of
    /// its bound names; none when a placeholder has no binding.
    private static func pair(_ template: HandlerTemplate, byKey: [String: [PlaceholderBinding]], use: HandlerUse) -> Templated {
        var isOpen = false
        var choices: [[(name: String, source: SourceLocation)]] = []
        for placeholder in template.placeholders {
            var bindings = byKey[placeholder.text] ?? []
            if placeholder.name != placeholder.text { bindings += byKey[placeholder.name] ?? [] }
            if bindings.isEmpty || bindings.contains(where: \.names.isEmpty) { isOpen = true }
            var seen = Set<String>()
            var names: [(name: String, source: SourceLocation)] = []
            for binding in bindings.sorted(by: { $0.location < $1.location }) {
                for name in binding.names where seen.insert(name).inserted { names.append((name, binding.location)) }
            }
            choices.append(names)
        }
        // Substitute from the last placeholder back, so that the earlier byte ranges stay valid.
        var filled: [(text: [UInt8], source: SourceLocation?)] = [(Array(template.written.utf8), nil)]
        for (placeholder, names) in zip(template.placeholders, choices).reversed() {
            filled = filled.flatMap { partial in
                names.map { choice in
                    var text = partial.text
                    text.replaceSubrange(placeholder.range, with: Array(choice.name.utf8))
                    return (text, choice.source)
                }
            }
        }
        var sources: [String: SourceLocation] = [:]
        for (text, source) in filled {
            let name = String(decoding: text, as: UTF8.self)
            if sources[name] == nil, let source { sources[name] = source }
        }
        return Templated(use: use, names: sources.keys.sorted(), isOpen: isOpen, sources: sources)
    }

    /// The templated use a checked use stands for, when it stands for one.
    func templated(for use: HandlerUse) -> Templated? {
        guard let template = use.template else { return nil }
        return index[Key(location: use.location, written: template.written)]
    }

    /// Whether a checked use stands for a templated use that can also be filled in with another
    /// name for which `test` holds. `reply-expected` asks it: when one template is filled in
    /// with several names and one of them replies, the script may be the one injected for it.
    func anotherName(of use: HandlerUse, satisfies test: (String) -> Bool) -> Bool {
        guard let entry = templated(for: use) else { return false }
        return entry.names.contains { $0 != use.name && test($0) }
    }

    /// What a diagnostic about a checked use says about where its name comes from:
    /// ` (filled in for '%message_handler%' at Bridge.swift:12:40)`; empty for a plain use.
    func origin(of use: HandlerUse) -> String {
        guard let template = use.template, let entry = templated(for: use) else { return "" }
        let at = entry.sources[use.name].map { " at \($0.file):\($0.line):\($0.column)" } ?? ""
        return " (filled in for '\(template.written)'\(at))"
    }
}
