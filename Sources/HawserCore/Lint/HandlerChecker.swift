/// The cross-language checks of `hawser lint`, on extracted facts.
enum HandlerChecker {
    static func check(scripts: [JavaScriptFacts], swift: SwiftFacts, sources: [String: [UInt8]]) -> LintReport {
        let uses = scripts.flatMap(\.uses)
        let registrations = swift.registrations
        var diagnostics = scripts.flatMap(\.diagnostics) + swift.diagnostics

        let registrationsByName = Dictionary(grouping: registrations, by: \.name)
        let usedNames = Set(uses.map(\.name))
        let registeredNames = Set(registrationsByName.keys)

        for use in uses {
            guard let registered = registrationsByName[use.name] else {
                let suggestion = NameSuggester.suggestion(for: use.name, among: registeredNames)
                var message = "no message handler named '\(use.name)' is registered in Swift"
                if let suggestion { message += "; did you mean '\(suggestion)'?" }
                diagnostics.append(Diagnostic(.unregisteredHandler, message, at: use.location, handler: use.name, suggestion: suggestion))
                continue
            }
            if use.resultUsed, !registered.contains(where: \.reply) {
                diagnostics.append(Diagnostic(
                    .replyExpected,
                    "the result of postMessage to '\(use.name)' is always undefined: the handler is registered without reply; register it with addScriptMessageHandler(_:contentWorld:name:)",
                    at: use.location, handler: use.name))
            }
        }

        for registration in registrations where !usedNames.contains(registration.name) {
            diagnostics.append(Diagnostic(
                .unusedHandler, "handler '\(registration.name)' is registered but no script uses it",
                at: registration.location, handler: registration.name))
        }

        for dispatch in swift.dispatchNames where !registeredNames.contains(dispatch.name) {
            let suggestion = NameSuggester.suggestion(for: dispatch.name, among: registeredNames)
            var message = "message.name is compared with '\(dispatch.name)', which is never registered"
            if let suggestion { message += "; did you mean '\(suggestion)'?" }
            diagnostics.append(Diagnostic(.unknownDispatchName, message, at: dispatch.location, handler: dispatch.name, suggestion: suggestion))
        }

        diagnostics += duplicateRegistrations(registrations)

        let suppressed = Set((scripts.flatMap(\.suppressions) + swift.suppressions).flatMap { suppression in
            suppression.codes.map { SuppressionKey(file: suppression.file, line: suppression.line, code: $0) }
        })
        diagnostics.removeAll { suppressed.contains(SuppressionKey(file: $0.location.file, line: $0.location.line, code: $0.code.rawValue)) }
        diagnostics = Array(Set(diagnostics)).sorted(by: Diagnostic.sortKey)

        let handlers = usedNames.union(registeredNames).sorted().map { name in
            HandlerSummary(
                name: name,
                uses: uses.filter { $0.name == name }.sorted { $0.location < $1.location },
                registrations: (registrationsByName[name] ?? []).sorted { $0.location < $1.location })
        }
        return LintReport(diagnostics: diagnostics, handlers: handlers, fileCount: sources.count, sources: sources)
    }

    /// A name added twice to one content world within one function: WebKit raises
    /// NSInvalidArgumentException on the second `add`.
    private static func duplicateRegistrations(_ registrations: [HandlerRegistration]) -> [Diagnostic] {
        struct Key: Hashable { var scope: String; var name: String; var world: String }
        var first: [Key: HandlerRegistration] = [:]
        var diagnostics: [Diagnostic] = []
        for registration in registrations.sorted(by: { $0.location < $1.location }) {
            guard let scope = registration.scope else { continue }
            let key = Key(scope: scope, name: registration.name, world: registration.world ?? "")
            if let earlier = first[key] {
                diagnostics.append(Diagnostic(
                    .duplicateRegistration,
                    "handler '\(registration.name)' is already registered in this function (line \(earlier.location.line)); adding a name twice raises NSInvalidArgumentException",
                    at: registration.location, handler: registration.name))
            } else {
                first[key] = registration
            }
        }
        return diagnostics
    }

    private struct SuppressionKey: Hashable {
        var file: String
        var line: Int
        var code: String
    }
}
