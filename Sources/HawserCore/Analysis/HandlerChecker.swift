/// The cross-language checks of `hawser lint` (and of `hawser build`, which runs them first),
/// on extracted facts and the derived contract.
enum HandlerChecker {
    /// `alsoUsed` are uses that count for which names are used and are not checked themselves
    /// (`ProjectInput.pairingOnly`).
    static func check(
        scripts: [JavaScriptFacts], swift: NativeFacts, contract: BridgeContract, registration: HawserConfig.Registration,
        alsoUsed: [HandlerUse] = []
    ) -> [Diagnostic] {
        // Templated uses count as the names their placeholders are filled in with.
        let pairing = TemplatePairing(uses: scripts.flatMap(\.uses), bindings: swift.placeholderBindings)
        let uses = pairing.uses
        let registrationsByName = Dictionary(grouping: swift.registrations.filter { !$0.isPattern }, by: \.name)
        let patterns = PatternIndex(swift.registrations)
        let usedNames = Set(uses.map(\.name) + TemplatePairing(uses: alsoUsed, bindings: swift.placeholderBindings).uses.map(\.name))
        // With generated registration, the generated bridge registers every contract handler.
        let generatedNames = registration == .generated ? contract.names : []
        let registeredNames = Set(registrationsByName.keys).union(generatedNames)
        let suggester = NameSuggester.Index(registeredNames)
        var diagnostics: [Diagnostic] = []
        // Registered names that an `unregistered-handler` error already offers as its
        // did-you-mean: the misspelt use is that name's use, so it is not also reported unused.
        var suggestedNames = Set<String>()
        // Registrations that could not be resolved, and whose warning the author has not
        // suppressed: any of them may be a name a script uses.
        let unresolved = swift.diagnostics.filter { diagnostic in
            diagnostic.code == .unresolvedRegistration && !swift.suppressions.contains {
                $0.file == diagnostic.location.file && $0.line == diagnostic.location.line && $0.codes.contains(DiagnosticCode.unresolvedRegistration.rawValue)
            }
        }.sorted { $0.location < $1.location }

        // A name the scripts use and Swift does not register, near a registered name that no
        // script uses: one of the two sides is misspelt (`MisspeltPair`).
        let unregisteredUses = Dictionary(grouping: uses.filter { use in
            !generatedNames.contains(use.name) && registrationsByName[use.name] == nil && !patterns.matches(use.name)
        }, by: \.name)
        var pairs: [String: MisspeltPair] = [:]
        if unresolved.isEmpty {
            for (name, named) in unregisteredUses {
                guard let registered = suggester.suggestion(for: name), !usedNames.contains(registered),
                      let registrations = registrationsByName[registered] else { continue }
                pairs[name] = MisspeltPair(
                    used: name, registered: registered, uses: named.sorted { $0.location < $1.location },
                    registration: registrations.min { $0.location < $1.location }!,
                    dispatch: swift.dispatchNames.filter { $0.name == name }.map(\.location).min(),
                    registeredIsDispatched: swift.dispatchNames.contains { $0.name == registered })
            }
        }
        for pair in pairs.values.sorted(by: { $0.used < $1.used }) where pair.registrationIsMisspelt {
            suggestedNames.insert(pair.registered)
            diagnostics.append(Diagnostic(
                .unregisteredHandler, pair.registrationMessage, at: pair.registration.location, handler: pair.used, suggestion: pair.used))
        }

        for use in uses where !generatedNames.contains(use.name) {
            let matchingPatterns = patterns.matching(use.name)
            guard let registered = registrationsByName[use.name] ?? (matchingPatterns.isEmpty ? nil : matchingPatterns) else {
                if let pair = pairs[use.name] {
                    // Reported at the registration when that is the misspelt side; else here,
                    // naming the registration, since either side may be the one to fix.
                    guard !pair.registrationIsMisspelt else { continue }
                    suggestedNames.insert(pair.registered)
                    diagnostics.append(Diagnostic(
                        .unregisteredHandler, pair.useMessage(origin: pairing.origin(of: use)), at: use.location, handler: use.name,
                        suggestion: pair.registered))
                    continue
                }
                let suggestion = suggester.suggestion(for: use.name)
                if let suggestion { suggestedNames.insert(suggestion) }
                let message = unregisteredMessage(use.name, suggestion: suggestion, unresolved: unresolved, origin: pairing.origin(of: use))
                diagnostics.append(Diagnostic(.unregisteredHandler, message, at: use.location, handler: use.name, suggestion: suggestion))
                continue
            }
            // A settle-transport call gets its reply through `settle`, not through postMessage.
            let settles = use.isRuntimeUse && contract.handler(named: use.name)?.transport == .settle
            if use.resultUsed, !settles, !registered.contains(where: \.reply),
               !pairing.anotherName(of: use, satisfies: { name in
                   (registrationsByName[name] ?? patterns.matching(name)).contains(where: \.reply)
               }) {
                let message = use.form == .call
                    ? "hawser.call('\(use.name)')\(pairing.origin(of: use)) always resolves to undefined: the handler is registered without reply; register it with addScriptMessageHandler(_:contentWorld:name:), or give it the \"settle\" transport"
                    : "the result of postMessage to '\(use.name)'\(pairing.origin(of: use)) is always undefined: the handler is registered without reply; register it with addScriptMessageHandler(_:contentWorld:name:)"
                diagnostics.append(Diagnostic(.replyExpected, message, at: use.location, handler: use.name))
            }
        }

        // A computed name the author has not vouched for (by suppressing its warning) could be any;
        // so could a templated one that no binding fills in.
        let anyNameComputed = pairing.hasOpenUse || scripts.contains { facts in
            facts.diagnostics.contains { diagnostic in
                diagnostic.code == .dynamicHandlerName && !facts.suppressions.contains {
                    $0.file == diagnostic.location.file && $0.line == diagnostic.location.line && $0.codes.contains(DiagnosticCode.dynamicHandlerName.rawValue)
                }
            }
        }
        var unusedReported = Set<String>()
        for registration in swift.registrations.sorted(by: { $0.location < $1.location }) {
            if registration.isPattern || registration.isDeclared {
                // A runtime name: its uses are templated or computed, so none is expected to match.
                // A name of the config's `registered`: the app registers it where no reading sees.
                continue
            } else if generatedNames.contains(registration.name) {
                diagnostics.append(Diagnostic(
                    .duplicateRegistration,
                    "handler '\(registration.name)' is registered by the generated bridge (registration: generated); registering it here too raises NSInvalidArgumentException",
                    at: registration.location, handler: registration.name, severity: .error))
            } else if !usedNames.contains(registration.name), !anyNameComputed, !suggestedNames.contains(registration.name),
                      unusedReported.insert(registration.name).inserted {
                // Once per name, at its first registration; not at all while some script
                // computes a handler name, which could be this one; and not for a name that an
                // error's did-you-mean already names (the fix there uses it).
                diagnostics.append(Diagnostic(
                    .unusedHandler, "handler '\(registration.name)' is registered but no script uses it",
                    at: registration.location, handler: registration.name))
            }
        }

        for dispatch in swift.dispatchNames where !registeredNames.contains(dispatch.name) && !patterns.matches(dispatch.name) {
            // The registration's error already says to rename it to this name.
            if pairs[dispatch.name]?.registrationIsMisspelt == true { continue }
            let suggestion = suggester.suggestion(for: dispatch.name)
            let message = "message.name is compared with '\(dispatch.name)', which is never registered" + NameSuggester.suffix(suggesting: suggestion)
            diagnostics.append(Diagnostic(.unknownDispatchName, message, at: dispatch.location, handler: dispatch.name, suggestion: suggestion))
        }

        diagnostics += duplicateRegistrations(swift.registrations.filter { !generatedNames.contains($0.name) })
        return diagnostics
    }

    /// The `unregistered-handler` message. When some registrations could not be resolved, one of
    /// them may be the name: the message says so and points at the first, rather than letting a
    /// did-you-mean pass for the whole truth.
    static func unregisteredMessage(_ name: String, suggestion: String?, unresolved: [Diagnostic], origin: String = "") -> String {
        guard let first = unresolved.first else {
            return "no message handler named '\(name)' is registered in Swift" + origin + NameSuggester.suffix(suggesting: suggestion)
        }
        let unresolvedPart = unresolved.count == 1
            ? "1 registration could not be resolved (at \(first.location)) and may be it"
            : "\(unresolved.count) registrations could not be resolved (first at \(first.location)), one of them may be it"
        return "no message handler named '\(name)' is registered" + origin + NameSuggester.suffix(suggesting: suggestion)
            + (suggestion == nil ? "; " : " ") + unresolvedPart
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
                // One call site that supplies a name to two registrations (two functions of one
                // name, say) is not two registrations that certainly both run.
                if earlier.location == registration.location { continue }
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
}

/// A name the scripts use that Swift does not register (`used`), and the registered name
/// nearest to it (`registered`) that no script uses: one of the two is misspelt. The
/// registration is taken to be the misspelt side when Swift itself agrees with the scripts
/// elsewhere (it compares `message.name` with `used`), or when scripts in two or more files spell
/// it alike and Swift never compares `message.name` with `registered`; the error is then at the registration, with `used` as the fix. Otherwise the error
/// stays at each use and names the registration, so the user is not told to break a script
/// whose name was right.
struct MisspeltPair {
    var used: String
    var registered: String
    /// The uses of `used`, in source order.
    var uses: [HandlerUse]
    /// The first registration of `registered`.
    var registration: HandlerRegistration
    /// The first place Swift compares `message.name` with `used`.
    var dispatch: SourceLocation?
    /// Whether Swift compares `message.name` with `registered`: it spells the name alike twice,
    /// so many scripts agreeing is no longer evidence enough.
    var registeredIsDispatched: Bool

    var registrationIsMisspelt: Bool {
        dispatch != nil || (!registeredIsDispatched && Set(uses.map(\.location.file)).count >= 2)
    }

    var registrationMessage: String {
        let files = Set(uses.map(\.location.file)).count
        let others = uses.count == 1 ? "" : " and \(uses.count - 1) more place\(uses.count == 2 ? "" : "s")\(files > 1 ? ", in \(files) files" : "")"
        let agreement = dispatch.map { ", and Swift compares message.name with '\(used)' (at \($0))" } ?? ""
        return "handler '\(registered)' is registered here, but no script names it: scripts post to '\(used)' (at \(uses[0].location)\(others))\(agreement); did you mean '\(used)'?"
    }

    func useMessage(origin: String) -> String {
        "no message handler named '\(used)' is registered in Swift\(origin); did you mean '\(registered)'? (or rename the registration at \(registration.location), which no script names)"
    }
}
