extension SwiftBridgeGenerator {
    /// The helpers that read message bodies, the dispatcher, and the origin checks: everything
    /// that does not need WebKit.
    static func writeDispatcher(_ model: BridgeModel, plan: TypePlan, to w: inout SwiftCodeWriter) {
        w.line("// MARK: - Dispatch (no WebKit needed)")
        w.line()
        w.block("extension \(model.name) {") { w in
            w.lines(dispatchOutcomeSource)
            w.line()
            writeDispatchFunctions(model, plan: plan, to: &w)
            w.line()
            w.lines(routeSource)
            w.line()
            w.lines(Templates.origins, originValues(hasHandlers: !model.handlers.isEmpty))
            w.line()
            w.lines(Templates.wire)
        }
        w.line()
        writeHandlerProperties(model, to: &w)
    }

    static let dispatchOutcomeSource = """
    /// What became of one message.
    public enum DispatchOutcome: Sendable, Equatable {
        /// A message was handed to its handler.
        case delivered
        /// A request's handler answered.
        case reply(JSONValue)
        /// The handler is unknown, the body does not match the payload type (the message names the
        /// key path: `readFile: payload.path: expected String`), or a request's handler threw (the
        /// message is `String(describing: error)`).
        case failure(String)
    }
    """

    /// The body of `Delivery.init(handler:body:)`, for a contract with handlers.
    private static let deliveryInitBody = """
            self.handler = handler
            guard handler.route == .settle else {
                settleID = nil
                payload = Wire.payload(fromFoundation: body)
                return
            }
            guard let envelope = body as? [String: Any], let id = envelope["id"] as? String else {
                settleID = nil
                payload = .failure(Wire.Failure(path: "body", problem: "expected a settle envelope {\\"id\\": String, \\"payload\\": …}"))
                return
            }
            settleID = id
            guard let inner = envelope["payload"] else {
                payload = .failure(Wire.Failure(path: "body", problem: "missing key 'payload'"))
                return
            }
            payload = Wire.payload(fromFoundation: inner)
    """

    static func writeDispatchFunctions(_ model: BridgeModel, plan: TypePlan, to w: inout SwiftCodeWriter) {
        w.lines(Templates.dispatch, ["deliveryInit": model.handlers.isEmpty ? "        switch handler {}" : deliveryInitBody])
        w.line()
        w.line("/// Decodes the payload, calls the handler and encodes its reply.")
        w.line("@MainActor")
        w.block("fileprivate static func deliver(_ delivery: Delivery, to handlers: some Handlers) async -> DispatchOutcome {") { w in
            guard !model.handlers.isEmpty else {
                w.line("switch delivery.handler {}")
                return
            }
            w.line("let json: JSONValue")
            w.block("switch delivery.payload {") { w in
                w.line("case .success(let value): json = value")
                w.line("case .failure(let failure): return .failure(\"\\(delivery.handler.rawValue): \\(failure.message)\")")
            }
            let cases: (inout SwiftCodeWriter) -> Void = { w in
                w.block("switch delivery.handler {") { w in
                    for handler in model.handlers {
                        w.line("case .\(SwiftNames.escaped(handler.swiftName)):")
                        w.indent { w in writeDeliveryCase(handler, plan: plan, to: &w) }
                    }
                }
            }
            // Only requests and payloads that need decoding can throw.
            guard model.handlers.contains(where: { $0.kind == .request || plan.payloadTypes[$0.name] != .json }) else {
                cases(&w)
                return
            }
            w.line("do {")
            w.indent(cases)
            w.line("} catch let failure as Wire.Failure {")
            w.indent { w in w.line("return .failure(\"\\(delivery.handler.rawValue): \\(failure.message)\")") }
            w.line("} catch {")
            w.indent { w in w.line("return .failure(String(describing: error))") }
            w.line("}")
        }
    }

    /// One case of `deliver`: decoding failures are `Wire.Failure`s, handler errors anything else.
    static func writeDeliveryCase(_ handler: BridgeHandler, plan: TypePlan, to w: inout SwiftCodeWriter) {
        let payloadType = plan.payloadTypes[handler.name] ?? .json
        let read = decodeExpression(payloadType, value: "json", path: "\"payload\"", in: "")
        let method = "handlers.\(SwiftNames.escaped(handler.swiftName))"
        switch handler.kind {
        case .message:
            w.line("let payload: \(handler.payloadTypeName) = \(read)")
            w.line("await \(method)(payload)")
            w.line("return .delivered")
        case .request:
            let replyType = plan.replyTypes[handler.name] ?? .json
            w.line("let payload: \(handler.payloadTypeName) = \(read)")
            w.line("let reply = try await \(method)(payload)")
            w.line("return .reply(\(encodeExpression(replyType, value: "reply", in: "")))")
        }
    }

    static let routeSource = """
    /// How a handler is registered with WebKit.
    fileprivate enum Route: Sendable {
        /// `add(_:contentWorld:name:)`; nothing is sent back.
        case message
        /// `addScriptMessageHandler(_:contentWorld:name:)`; answered through `replyHandler`.
        case reply
        /// `add(_:contentWorld:name:)`; answered through the runtime's `settle(id, value, errorMessage)`.
        case settle
    }
    """

    /// How each handler is registered and who may post to it.
    static func writeHandlerProperties(_ model: BridgeModel, to w: inout SwiftCodeWriter) {
        func switchOverHandlers<Value: Hashable>(_ value: (BridgeHandler) -> Value, _ spelling: (Value) -> String, to w: inout SwiftCodeWriter) {
            guard !model.handlers.isEmpty else {
                w.line("switch self {}")
                return
            }
            var groups: [(value: Value, cases: [String])] = []
            for handler in model.handlers {
                let name = "." + SwiftNames.escaped(handler.swiftName)
                if let index = groups.firstIndex(where: { $0.value == value(handler) }) {
                    groups[index].cases.append(name)
                } else {
                    groups.append((value(handler), [name]))
                }
            }
            if groups.count == 1 {
                w.line("return \(spelling(groups[0].value))")
                return
            }
            w.block("switch self {") { w in
                for group in groups {
                    w.line("case \(group.cases.joined(separator: ", ")): return \(spelling(group.value))")
                }
            }
        }

        w.block("extension \(model.name).Handler {") { w in
            w.block("fileprivate var route: \(model.name).Route {") { w in
                switchOverHandlers({ handler -> String in
                    handler.kind == .message ? "message" : (handler.transport ?? .reply).rawValue
                }, { ".\($0)" }, to: &w)
            }
            w.line()
            w.line("/// The origins (`scheme://host[:port]`) that may post to the handler; empty allows every origin.")
            w.block("public var allowedOrigins: [String] {") { w in
                switchOverHandlers({ $0.origins.isEmpty ? model.allowedOrigins : $0.origins }, { origins in
                    "[" + origins.map { SwiftStringLiteral.make($0) }.joined(separator: ", ") + "]"
                }, to: &w)
            }
            w.line()
            w.line("/// Whether only the main frame may post to the handler.")
            w.block("public var mainFrameOnly: Bool {") { w in
                switchOverHandlers({ $0.mainFrameOnly }, { String($0) }, to: &w)
            }
        }
    }

    /// The body of `refusal(for:origin:isMainFrame:)`, for a contract with handlers.
    private static let refusalBody = """
        if handler.mainFrameOnly && !isMainFrame {
            return "forbidden: \\(handler.rawValue) is only allowed from the main frame"
        }
        let allowed = handler.allowedOrigins
        let normalized = normalizedOrigin(origin)
        if allowed.isEmpty || allowed.contains(where: { normalizedOrigin($0) == normalized }) {
            return nil
        }
        return "forbidden: \\(handler.rawValue) is not allowed from \\(origin)"
    """

    /// The values of `Templates.origins`; a contract without handlers has nothing to refuse.
    static func originValues(hasHandlers: Bool) -> [String: String] {
        ["refusal": hasHandlers ? refusalBody : "    // Without handlers there is nothing to refuse."]
    }
}
