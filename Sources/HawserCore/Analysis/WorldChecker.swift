/// `world-mismatch`: a script whose content world is known uses a handler registered only in
/// other worlds. In WebKit each world has its own `window.webkit.messageHandlers`, so the
/// handler does not exist where the script runs.
enum WorldChecker {
    /// `uses` with the world each runs in; a registration's world is its `contentWorld:`
    /// argument (the page world without one). A registration whose world is not a literal
    /// (a variable, a call) could be any world, and pairs with every use.
    static func check(uses: [(use: HandlerUse, world: ContentWorldSpec)], registrations: [HandlerRegistration]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // (Only which worlds match counts, not their order: names looked up, patterns tried.)
        let byName = Dictionary(grouping: registrations.filter { !$0.isPattern }, by: \.name)
        let patterns = PatternIndex(registrations)
        for (use, world) in uses {
            let matching = (byName[use.name] ?? []) + patterns.matching(use.name)
            guard !matching.isEmpty else { continue }
            var worlds: [ContentWorldSpec] = []
            var anyWorld = false
            for registration in matching {
                // A name a receiver lists for a framework to register: the framework picks the
                // world, which the scan does not see.
                if registration.isListedByReceiver { anyWorld = true; continue }
                guard let text = registration.world else { worlds.append(.page); continue }
                if let known = ContentWorldSpec(swift: text) { worlds.append(known) } else { anyWorld = true }
            }
            guard !anyWorld, !worlds.contains(world) else { continue }
            let registered = Set(worlds.map(describe)).sorted().joined(separator: " and ")
            diagnostics.append(Diagnostic(
                .worldMismatch,
                "'\(use.name)' is registered only in the \(registered) world, but this script runs in the \(describe(world)) world, where it does not exist",
                at: use.location, handler: use.name))
        }
        return diagnostics
    }

    static func describe(_ world: ContentWorldSpec) -> String {
        switch world {
        case .page: return "page"
        case .defaultClient: return "defaultClient"
        case .named(let name): return "'\(name)'"
        }
    }
}
