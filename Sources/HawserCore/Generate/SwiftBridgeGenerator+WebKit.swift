extension SwiftBridgeGenerator {
    /// The worlds handlers are registered in: the page world, where the runtime always runs,
    /// then every other world a script runs in, in injection order.
    static func handlerWorlds(_ model: BridgeModel) -> [ContentWorldSpec] {
        var worlds: [ContentWorldSpec] = [.page]
        for script in model.scripts where !worlds.contains(script.world) { worlds.append(script.world) }
        return worlds
    }

    /// The body of `refusal(of:for:)`, for a contract with handlers.
    private static let webKitRefusalBody = """
        let frame = message.frameInfo
        let origin = frame.securityOrigin
        return refusal(
            for: handler, origin: self.origin(protocol: origin.protocol, host: origin.host, port: origin.port),
            isMainFrame: frame.isMainFrame)
    """

    /// The part under `#if canImport(WebKit)`: installation, the message proxy, settling, events,
    /// cookies stored before the first load (in every registration mode), and (under
    /// `#if canImport(UIKit)`) the native feel of the web view.
    static func writeWebKit(_ model: BridgeModel, to w: inout SwiftCodeWriter) {
        let global = model.runtimeGlobal
        let worlds = handlerWorlds(model).map(worldExpression).joined(separator: ", ")
        w.line("// MARK: - WebKit")
        w.line()
        w.line("#if canImport(WebKit)")
        w.block("extension \(model.name) {") { w in
            if model.registration == .generated {
                w.lines(Templates.webKitInstall, ["worlds": "[\(worlds)]"])
                w.line()
            } else {
                w.lines("""
            // `registration` is `manual` in hawser.json: the app registers its message handlers
            // itself and can hand each message to `dispatch(name:body:to:)`; `installScripts(into:)`
            // adds the scripts.

            """)
            }
            w.lines(Templates.webKitScripts, [
                "global": global,
                "emitCall": SwiftStringLiteral.make(global + ".emit(event, detail)"),
            ])
            if model.registration == .generated {
                w.line()
                w.lines(Templates.webKitProxy, [
                    "settleCall": SwiftStringLiteral.make(global + ".settle(id, value, errorMessage)"),
                    "refusal": model.handlers.isEmpty ? "    // Without handlers there is nothing to refuse." : webKitRefusalBody,
                    "name": model.name,
                ])
            }
            w.line()
            w.lines(Templates.webKitCookies, ["name": model.name])
        }
        w.line()
        w.lines(Templates.webKitExtensions, ["name": model.name])
    }
}
