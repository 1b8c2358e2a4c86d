extension BridgeModel {
    /// A model from a build's contract and scripts, for `hawser stubs` until the builder makes
    /// the model itself. Payloads and replies are `.json` (no payload types yet), no origin
    /// restrictions, no main-frame-only handlers.
    ///
    /// Swift names: `lowerCamelCase`/`upperCamelCase` of the JavaScript name; when two handlers
    /// would get the same one (`my-handler`, `myHandler`), the later one in name order gets `2`,
    /// then `3`… appended.
    public static func make(from result: BuildResult, config: HawserConfig) -> BridgeModel {
        var swiftNames = UniqueNames()
        var typeNames = UniqueNames()
        let handlers = result.report.contract.handlers.map { handler in
            BridgeHandler(
                name: handler.name,
                swiftName: swiftNames.claim(SwiftNames.lowerCamelCase(handler.name)),
                typeName: typeNames.claim(SwiftNames.upperCamelCase(handler.name)),
                kind: handler.kind, transport: handler.transport,
                payload: .json, reply: handler.kind == .request ? .json : nil,
                payloadDeclared: false, replyDeclared: false,
                origins: [], mainFrameOnly: false, uses: handler.uses)
        }
        return BridgeModel(
            name: config.name, runtimeGlobal: config.runtime.global, registration: config.registration,
            handlers: handlers, scripts: result.scripts, allowedOrigins: [], nativeFeel: config.nativeFeel)
    }
}

/// Hands out names, appending 2, 3… to one already taken.
struct UniqueNames {
    private var taken: Set<String> = []

    mutating func claim(_ name: String) -> String {
        var candidate = name
        var counter = 2
        while taken.contains(candidate) {
            candidate = "\(name)\(counter)"
            counter += 1
        }
        taken.insert(candidate)
        return candidate
    }
}
