/// Follows wrapper functions across files: a call of a wrapper (`WrapperFunction`) with a
/// constant in its handler-name position is a use of that name at the argument, checked like
/// any other; with anything else there it is a computed name (`dynamic-handler-name`), as a
/// direct access with that argument would be. A function that passes its own parameter on to a
/// wrapper's is a wrapper too, at any depth (cycles end because nothing new is found).
///
/// Once a wrapper has calls, all of them resolved (directly, or through wrappers that are
/// themselves resolved), its own computed access no longer counts: its warning is dropped, so
/// it stops vouching that any registered name may be used.
enum WrapperCalls {
    /// One handler-name parameter of functions called by one name.
    private struct Slot: Hashable {
        var callee: String
        var parameter: Int
    }

    /// What the post inside a wrapper does, as seen from its callers.
    private struct Post: Equatable {
        var called: Bool
        var resultUsed: Bool
        /// The parameter posted as the body, when every wrapper of the slot posts the same one.
        var payloadParameter: Int?

        func merged(_ other: Post) -> Post {
            Post(
                called: called || other.called, resultUsed: resultUsed || other.resultUsed,
                payloadParameter: payloadParameter == other.payloadParameter ? payloadParameter : nil)
        }
    }

    /// `scripts` with only the calls that `resolve` can match: those whose callee is a key of a
    /// wrapper or a `HandlerWrapper`, or of a function that passes its parameter on to one of
    /// those (at any depth). A script records every call whose bytes may name a wrapper
    /// (`CallWords`), most of which reach none; `resolve` of the result is `resolve` of `scripts`.
    static func keepingCallsOfWrappers(_ scripts: [JavaScriptFacts]) -> [JavaScriptFacts] {
        var keys = Set<String>()
        for facts in scripts {
            for wrapper in facts.wrappers { keys.formUnion(wrapper.keys) }
            for wrapper in facts.handlerWrappers { keys.formUnion(wrapper.keys) }
        }
        var changed = true
        while changed {
            changed = false
            for facts in scripts {
                for call in facts.calls where keys.contains(call.callee) {
                    for case .parameter(let forwarding, _) in call.arguments {
                        for key in forwarding where keys.insert(key).inserted { changed = true }
                    }
                }
            }
        }
        return scripts.map { facts in
            var facts = facts
            if facts.calls.contains(where: { !keys.contains($0.callee) }) { facts.calls.removeAll { !keys.contains($0.callee) } }
            return facts
        }
    }

    static func resolve(_ scripts: [JavaScriptFacts], placeholders: [PlaceholderForm]) -> [JavaScriptFacts] {
        resolveHandlerWrappers(resolveWrappers(scripts, placeholders: placeholders), placeholders: placeholders)
    }

    /// Calls of `HandlerWrapper`s (functions, objects and handlers held by global names that
    /// post to one handler). The handler is named once, where the definition names it, so that
    /// is the one use, and the line to fix when the name is wrong: each call adds what it posts
    /// (its argument in the body's position) to that use's payloads and whether it uses the
    /// result, but is no use of its own (a misspelt name gives one error, at the definition, not
    /// one per call). A call by a name the wrapper is not known by (another method of its
    /// object) is nothing.
    private static func resolveHandlerWrappers(_ scripts: [JavaScriptFacts], placeholders: [PlaceholderForm]) -> [JavaScriptFacts] {
        // By key, the first wrapper of each handler (in input order) and every definition of
        // that handler; the same by file, for a script's own globals.
        struct Target {
            var wrapper: HandlerWrapper
            var definitions: [SourceLocation]
        }
        func targets(_ wrappers: [HandlerWrapper]) -> [String: [Target]] {
            var result: [String: [Target]] = [:]
            for wrapper in wrappers {
                for key in Set(wrapper.keys) {
                    if let i = result[key]?.firstIndex(where: { $0.wrapper.handler == wrapper.handler }) {
                        result[key]![i].definitions.append(wrapper.definition)
                    } else {
                        result[key, default: []].append(Target(wrapper: wrapper, definitions: [wrapper.definition]))
                    }
                }
            }
            return result
        }
        let global = targets(scripts.flatMap(\.handlerWrappers))
        guard !global.isEmpty else { return scripts }
        struct Definition: Hashable {
            var handler: String
            var location: SourceLocation
        }
        /// What the calls that reach one definition post through it.
        struct Posted {
            var payloads: [PayloadLiteral] = []
            var resultUsed = false
        }
        var posted: [Definition: Posted] = [:]
        // Definitions that an alias in a calling file already turned into uses at its calls (a
        // handler held by a global `var` and posted through in that file): each call is a use of
        // its own there, as an alias's is, and the definition is dropped.
        var aliased = Set<Definition>()
        func reached(_ facts: JavaScriptFacts, _ body: (FunctionCall, Target) -> Void) {
            // A script that defines the global itself calls its own (scripts share one global
            // scope, and the one injected last would win: a script's own is the one it was written
            // against); any other script calls every definition of that name.
            let own = targets(facts.handlerWrappers)
            for call in facts.calls where !call.throughLocalName {
                for target in own[call.callee] ?? global[call.callee] ?? [] { body(call, target) }
            }
        }
        for facts in scripts {
            let known = Set(facts.uses.map { Definition(handler: $0.name, location: $0.location) })
            reached(facts) { call, target in
                guard known.contains(Definition(handler: target.wrapper.handler, location: call.location)) else { return }
                for location in target.definitions { aliased.insert(Definition(handler: target.wrapper.handler, location: location)) }
            }
        }
        var result = scripts
        for index in result.indices {
            var facts = result[index]
            var known = Set(facts.uses.map { Definition(handler: $0.name, location: $0.location) })
            reached(facts) { call, target in
                let wrapper = target.wrapper
                let payloads = wrapper.payloadParameter < call.payloads.count ? [call.payloads[wrapper.payloadParameter]] : []
                let resultUsed = wrapper.resultUsed && call.resultUsed
                if target.definitions.contains(where: { aliased.contains(Definition(handler: wrapper.handler, location: $0)) }) {
                    guard known.insert(Definition(handler: wrapper.handler, location: call.location)).inserted else { return }
                    facts.uses.append(HandlerUse(
                        name: wrapper.handler, location: call.location, resultUsed: resultUsed, form: .postMessage,
                        payloads: payloads, template: HandlerTemplate(wrapper.handler, forms: placeholders)))
                    return
                }
                for location in target.definitions {
                    let definition = Definition(handler: wrapper.handler, location: location)
                    posted[definition, default: Posted()].payloads += payloads
                    posted[definition, default: Posted()].resultUsed = posted[definition, default: Posted()].resultUsed || resultUsed
                }
            }
            facts.uses.sort { ($0.location, $0.name) < ($1.location, $1.name) }
            result[index] = facts
        }
        for index in result.indices {
            result[index].uses.removeAll { aliased.contains(Definition(handler: $0.name, location: $0.location)) }
            for useIndex in result[index].uses.indices {
                let use = result[index].uses[useIndex]
                guard let entry = posted[Definition(handler: use.name, location: use.location)] else { continue }
                // The definition posts its parameter (or is the handler itself): what is posted is what
                // the calls pass, in source order.
                result[index].uses[useIndex].form = .postMessage
                result[index].uses[useIndex].payloads = entry.payloads.sorted { $0.location < $1.location }
                result[index].uses[useIndex].resultUsed = entry.resultUsed
            }
        }
        return result
    }

    private static func resolveWrappers(_ scripts: [JavaScriptFacts], placeholders: [PlaceholderForm]) -> [JavaScriptFacts] {
        var posts: [Slot: Post] = [:]
        for wrapper in scripts.flatMap(\.wrappers) {
            for key in wrapper.keys {
                let slot = Slot(callee: key, parameter: wrapper.parameter)
                let post = Post(called: wrapper.called, resultUsed: wrapper.resultUsed, payloadParameter: wrapper.payloadParameter)
                posts[slot] = posts[slot].map { $0.merged(post) } ?? post
            }
        }
        guard !posts.isEmpty else { return scripts }
        let calls = scripts.flatMap(\.calls)

        // Wrappers of wrappers: a call that forwards the caller's parameter into a wrapper's
        // name position makes the caller a wrapper of that parameter.
        var forwards: [(from: Slot, to: Slot)] = []
        var changed = true
        while changed {
            changed = false
            forwards = []
            for call in calls {
                for (position, argument) in call.arguments.enumerated() {
                    guard case .parameter(let keys, let index) = argument,
                          let post = posts[Slot(callee: call.callee, parameter: position)]
                    else { continue }
                    // The body a forwarding wrapper posts is not followed: its calls' uses are untyped.
                    let forwarded = Post(called: post.called, resultUsed: post.resultUsed && call.resultUsed, payloadParameter: nil)
                    for key in keys {
                        let caller = Slot(callee: key, parameter: index)
                        forwards.append((from: caller, to: Slot(callee: call.callee, parameter: position)))
                        let merged = (posts[caller] ?? forwarded).merged(forwarded)
                        if posts[caller] != merged {
                            posts[caller] = merged
                            changed = true
                        }
                    }
                }
            }
        }

        // Which slots a constant reaches (through forwarding), and which a computed or missing
        // name reaches; a wrapper is resolved when only constants reach it.
        let slotsByCallee = Dictionary(grouping: posts.keys, by: \.callee)
        let callees = Set(calls.map(\.callee))
        // A wrapper nothing here calls may be called from anywhere.
        var reached = Set<Slot>(), open = Set(posts.keys.filter { !callees.contains($0.callee) })
        var result = scripts
        for index in result.indices {
            var facts = result[index]
            for call in facts.calls {
                for slot in slotsByCallee[call.callee] ?? [] {
                    guard slot.parameter < call.arguments.count else {
                        open.insert(slot)
                        continue
                    }
                    let post = posts[slot]!
                    switch call.arguments[slot.parameter] {
                    case .string(let name, let location):
                        reached.insert(slot)
                        let payloads = post.called ? post.payloadParameter.flatMap { $0 < call.payloads.count ? [call.payloads[$0]] : nil } ?? [] : []
                        facts.uses.append(HandlerUse(
                            name: name, location: location, resultUsed: post.called && post.resultUsed && call.resultUsed,
                            form: post.called ? .postMessage : .reference, payloads: payloads,
                            template: HandlerTemplate(name, forms: placeholders)))
                    case .parameter:
                        break
                    case .other(let text, let location):
                        open.insert(slot)
                        facts.diagnostics.append(Diagnostic(
                            .dynamicHandlerName, "handler name is computed at runtime and cannot be checked: \(text)", at: location))
                    }
                }
            }
            facts.uses.sort { ($0.location, $0.name) < ($1.location, $1.name) }
            result[index] = facts
        }
        changed = true
        while changed {
            changed = false
            for forward in forwards {
                if reached.contains(forward.from), reached.insert(forward.to).inserted { changed = true }
                if open.contains(forward.from), open.insert(forward.to).inserted { changed = true }
            }
        }

        for index in result.indices {
            let resolved = result[index].wrappers.filter { wrapper in
                let slots = wrapper.keys.map { Slot(callee: $0, parameter: wrapper.parameter) }
                return slots.contains(where: reached.contains) && !slots.contains(where: open.contains)
            }
            let accesses = Set(resolved.map(\.access))
            result[index].diagnostics.removeAll { $0.code == .dynamicHandlerName && accesses.contains($0.location) }
            result[index].diagnostics.sort(by: Diagnostic.sortKey)
        }
        return result
    }
}
