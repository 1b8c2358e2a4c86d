extension BridgeModel {
    /// The model of a successful build: the contract's handlers with their resolved types and
    /// Swift names, and the compiled scripts.
    static func make(contract: BridgeContract, types: [String: HandlerTypes], scripts: [CompiledScript], config: HawserConfig) -> BridgeModel {
        var usedNames = Set<String>()
        var usedTypeNames = Set<String>()
        let handlers = contract.handlers.map { handler -> BridgeHandler in
            let override = config.handlers[handler.name]
            let handlerTypes = types[handler.name] ?? HandlerTypes(payload: .json, reply: handler.kind == .request ? .json : nil, payloadDeclared: false, replyDeclared: false)
            return BridgeHandler(
                name: handler.name,
                swiftName: unique(SwiftNames.lowerCamelCase(handler.name), in: &usedNames),
                typeName: unique(SwiftNames.upperCamelCase(handler.name), in: &usedTypeNames),
                kind: handler.kind, transport: handler.transport,
                payload: handlerTypes.payload, reply: handlerTypes.reply,
                payloadDeclared: handlerTypes.payloadDeclared, replyDeclared: handlerTypes.replyDeclared,
                origins: override?.origins ?? [], mainFrameOnly: override?.mainFrameOnly ?? false,
                uses: handler.uses)
        }
        var model = BridgeModel(
            name: config.name, runtimeGlobal: config.runtime.global, registration: config.registration,
            handlers: handlers, scripts: scripts, allowedOrigins: config.allowedOrigins, nativeFeel: config.nativeFeel)
        model.runtimeTimeoutMs = config.runtime.timeoutMs
        return model
    }

    /// `name`, or `name2`, `name3`… when an earlier handler (in name order) took it: two
    /// JavaScript names can map to one Swift name (`my-handler`, `my_handler`).
    private static func unique(_ name: String, in used: inout Set<String>) -> String {
        var candidate = name
        var suffix = 2
        while used.contains(candidate) {
            candidate = "\(name)\(suffix)"
            suffix += 1
        }
        used.insert(candidate)
        return candidate
    }
}
