extension BridgeModel {
    /// The model of a successful build: the contract's handlers with their resolved types and
    /// Swift names, and the compiled scripts.
    static func make(contract: BridgeContract, types: [String: HandlerTypes], scripts: [CompiledScript], config: HawserConfig) -> BridgeModel {
        // Two JavaScript names can map to one Swift name (`my-handler`, `my_handler`): the later
        // one, in name order, is numbered.
        var swiftNames = UniqueNames()
        var typeNames = UniqueNames()
        let handlers = contract.handlers.map { handler -> BridgeHandler in
            let override = config.handlers[handler.name]
            let handlerTypes = types[handler.name] ?? HandlerTypes(payload: .json, reply: handler.kind == .request ? .json : nil, payloadDeclared: false, replyDeclared: false)
            return BridgeHandler(
                name: handler.name,
                swiftName: swiftNames.claim(SwiftNames.lowerCamelCase(handler.name)),
                typeName: typeNames.claim(SwiftNames.upperCamelCase(handler.name)),
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
}
