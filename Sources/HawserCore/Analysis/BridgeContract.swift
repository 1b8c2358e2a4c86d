/// One handler of the bridge contract.
struct ContractHandler: Hashable, Sendable {
    var name: String
    var kind: HandlerKind
    /// How replies travel; nil for messages, which get none.
    var transport: Transport?
    /// Every use in the scripts, sorted by position.
    var uses: [HandlerUse]
    /// Whether `hawser.json` declares it under `handlers`.
    var declared: Bool
}

/// The contract between the scripts and native, derived from the scripts' uses and the
/// `handlers` of `hawser.json`: for each handler its kind, transport and use sites.
struct BridgeContract: Sendable {
    /// Sorted by name.
    var handlers: [ContractHandler]

    func handler(named name: String) -> ContractHandler? {
        handlers.first { $0.name == name }
    }

    var names: Set<String> { Set(handlers.map(\.name)) }

    /// Derives the contract. A name used both as a message and as a request, or against the
    /// kind `hawser.json` declares, is a `kind-conflict` error at each offending use.
    /// Templated uses (`HandlerUse.template`) are not part of it: their names are filled in by
    /// the app, so they are checked (`TemplatePairing`) but never generated for.
    ///
    /// `uses` may be any collection (the pipeline passes its files' uses without joining them):
    /// they are grouped by position, and one handler's are copied at a time.
    static func derive<Uses: Collection<HandlerUse>>(uses all: Uses, config: HawserConfig) -> (BridgeContract, [Diagnostic]) {
        let usesByName = Dictionary(grouping: all.indices.filter { all[$0].template == nil }, by: { all[$0].name })
        var diagnostics: [Diagnostic] = []
        var handlers: [ContractHandler] = []
        for name in Set(usesByName.keys).union(config.handlers.keys).sorted() {
            let uses = (usesByName[name] ?? []).map { all[$0] }.sorted { $0.location < $1.location }
            let override = config.handlers[name]
            let requestUses = uses.filter(\.resultUsed)
            let messageUses = uses.filter { $0.form == .post }
            switch override?.kind {
            case .message?:
                for use in requestUses {
                    diagnostics.append(Diagnostic(.kindConflict, "'\(name)' is declared a message in hawser.json, but this use expects a reply", at: use.location, handler: name))
                }
            case .request?:
                for use in messageUses {
                    diagnostics.append(Diagnostic(.kindConflict, "'\(name)' is declared a request in hawser.json, but hawser.post sends it as a message", at: use.location, handler: name))
                }
            case nil:
                if let request = requestUses.first {
                    for use in messageUses {
                        diagnostics.append(Diagnostic(
                            .kindConflict,
                            "'\(name)' is posted as a message here but used as a request at \(request.location.file):\(request.location.line):\(request.location.column)",
                            at: use.location, handler: name))
                    }
                }
            }
            let kind = override?.kind ?? (requestUses.isEmpty ? .message : .request)
            handlers.append(ContractHandler(
                name: name, kind: kind,
                transport: kind == .request ? (override?.transport ?? config.requestTransport) : nil,
                uses: uses, declared: override != nil))
        }
        return (BridgeContract(handlers: handlers), diagnostics)
    }
}
