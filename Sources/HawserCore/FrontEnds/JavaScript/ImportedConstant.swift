/// A handler name held by a constant that the module imports: `import { READY } from
/// "./names.js"` … `send(READY, …)` or `messageHandlers[READY]`.
///
/// The front end reads one file, so it cannot know the value: it writes the name as a stand-in
/// (`standIn(for:)`, the local name behind a marker no JavaScript string can be confused with
/// here) wherever a string constant would go. The module stage, which knows what each import
/// resolves to, replaces the stand-in with the string the exporting module's top-level `const`
/// holds (`ModuleLinker.resolvingImportedConstants`); what is left after it (no module graph,
/// an import that does not resolve, an export that is not a string constant) is `settled`:
/// a computed name, as it was before the module was read.
enum ImportedConstant {
    static let marker = "\u{1}import\u{1}"

    static func standIn(for local: String) -> String { marker + local }

    /// The local name of a stand-in, or nil for any other name.
    static func local(of name: String) -> String? {
        name.hasPrefix(marker) ? String(name.dropFirst(marker.count)) : nil
    }

    /// `facts` with each stand-in replaced by what `value` gives for its local name (nil: not
    /// known). A use named by one that is not known is no use: it is the computed name's
    /// `dynamic-handler-name` warning, at the same place; a call argument is `other`.
    static func replacing(_ facts: JavaScriptFacts, placeholders: [PlaceholderForm], value: (String) -> String?) -> JavaScriptFacts {
        func standsIn(_ name: String) -> Bool { name.hasPrefix(marker) }
        guard facts.uses.contains(where: { standsIn($0.name) }) || facts.handlerWrappers.contains(where: { standsIn($0.handler) })
            || facts.calls.contains(where: { $0.arguments.contains { if case .string(let name, _) = $0 { return standsIn(name) } else { return false } } })
        else { return facts }
        var facts = facts
        var unknown: [(String, SourceLocation)] = []
        facts.uses = facts.uses.compactMap { use in
            guard let local = local(of: use.name) else { return use }
            guard let resolved = value(local) else {
                unknown.append((local, use.location))
                return nil
            }
            var use = use
            use.name = resolved
            use.template = HandlerTemplate(resolved, forms: placeholders)
            return use
        }
        facts.handlerWrappers = facts.handlerWrappers.compactMap { wrapper in
            guard let local = local(of: wrapper.handler) else { return wrapper }
            guard let resolved = value(local) else { return nil }
            var wrapper = wrapper
            wrapper.handler = resolved
            return wrapper
        }
        for index in facts.calls.indices {
            facts.calls[index].arguments = facts.calls[index].arguments.map { argument in
                guard case .string(let name, let location) = argument, let local = local(of: name) else { return argument }
                return value(local).map { .string($0, location) } ?? .other(local, location)
            }
        }
        // One warning per place, as the front end gives a computed name.
        var warned = Set(facts.diagnostics.filter { $0.code == .dynamicHandlerName }.map(\.location))
        for (local, location) in unknown where warned.insert(location).inserted {
            facts.diagnostics.append(Diagnostic(.dynamicHandlerName, "handler name is computed at runtime and cannot be checked: \(local)", at: location))
        }
        facts.diagnostics.sort(by: Diagnostic.sortKey)
        return facts
    }

    /// `facts` with no stand-in left: each one is a computed name.
    static func settled(_ facts: JavaScriptFacts, placeholders: [PlaceholderForm]) -> JavaScriptFacts {
        replacing(facts, placeholders: placeholders) { _ in nil }
    }
}
