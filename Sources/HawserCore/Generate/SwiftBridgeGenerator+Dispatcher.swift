extension SwiftBridgeGenerator {
    /// The generated `JSONValue`, nested in the namespace.
    static let jsonValueSource = """
    /// Any JSON value: a payload or reply typed `.json`, or what `emit` sends.
    public enum JSONValue: Codable, Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([String: JSONValue])

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([JSONValue].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: JSONValue].self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let value): try container.encode(value)
            case .number(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            case .array(let value): try container.encode(value)
            case .object(let value): try container.encode(value)
            }
        }

        /// The value as WebKit takes it in a reply or a JavaScript argument: `NSNull`,
        /// `NSNumber` (booleans as `NSNumber(value: Bool)`), `NSString`, `NSArray` or `NSDictionary`.
        public var foundationValue: Any {
            switch self {
            case .null: return NSNull()
            case .bool(let value): return NSNumber(value: value)
            case .number(let value): return NSNumber(value: value)
            case .string(let value): return value as NSString
            case .array(let value): return value.map(\\.foundationValue) as NSArray
            case .object(let value): return value.mapValues(\\.foundationValue) as NSDictionary
            }
        }
    }
    """

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
            w.lines(originSource(hasHandlers: !model.handlers.isEmpty))
            w.line()
            w.lines(wireSource)
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
        w.lines("""
        /// Decodes `body`, a message body as WebKit delivers it, into the payload type of the
        /// handler called `name`, calls that handler, and returns what became of it.
        ///
        /// `body` is made of Foundation property-list objects: `NSDictionary`, `NSArray`, `NSNumber`
        /// (booleans are told apart from numbers), `NSString`, `NSNull` and `NSDate`. A date becomes
        /// the string JavaScript's `Date.prototype.toISOString()` gives (`2024-05-01T12:00:00.000Z`),
        /// the form `JSON.stringify` gives it. Keys the payload type does not know are ignored. For a
        /// `settle`-transport request, `body` is the runtime's envelope `{"id": …, "payload": …}`.
        /// Never traps on a malformed body: it becomes a `.failure`.
        @MainActor
        public static func dispatch(name: String, body: Any, to handlers: some Handlers) async -> DispatchOutcome {
            await dispatchWithSettleID(name: name, body: body, to: handlers).outcome
        }

        /// `dispatch(name:body:to:)`, with the id of a `settle`-transport request's envelope, to
        /// pass to the runtime's `settle(id, value, errorMessage)`. The id is nil for other handlers,
        /// and when the envelope is malformed (the outcome is then a failure no script waits for).
        @MainActor
        public static func dispatchWithSettleID(
            name: String, body: Any, to handlers: some Handlers
        ) async -> (settleID: String?, outcome: DispatchOutcome) {
            guard let handler = Handler(rawValue: name) else {
                return (nil, .failure("unknown handler '\\(name)'"))
            }
            // Read synchronously, so no Foundation object crosses a suspension point.
            let delivery = Delivery(handler: handler, body: body)
            return (delivery.settleID, await deliver(delivery, to: handlers))
        }

        /// A message body read into JSON, before it reaches its handler.
        fileprivate struct Delivery: Sendable {
            let handler: Handler
            /// The envelope's id, for a `settle`-transport request.
            let settleID: String?
            /// The payload, or why the body cannot be read.
            let payload: Result<JSONValue, Wire.Failure>

            init(handler: Handler, body: Any) {
        \(model.handlers.isEmpty ? "        switch handler {}" : deliveryInitBody)
            }
        }

        """)
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

    /// The origin helpers; a contract without handlers has nothing to refuse.
    static func originSource(hasHandlers: Bool) -> String { """
    /// The origin of a frame as the contract writes origins: `scheme://host`, with `:port` unless
    /// the port is 0 or the scheme's default. Pass `WKSecurityOrigin`'s `protocol`, `host` and `port`.
    public static func origin(protocol scheme: String, host: String, port: Int) -> String {
        let origin = scheme.lowercased() + "://" + host.lowercased()
        return port == 0 || port == defaultPort(ofScheme: scheme) ? origin : origin + ":" + String(port)
    }

    /// Why `handler` refuses a message from a frame at `origin` (as `origin(protocol:host:port:)`
    /// writes it), or nil when it accepts it: a frame other than the main frame for a main-frame-only
    /// handler, or an origin outside the handler's `allowedOrigins`. The reason starts with
    /// `forbidden:`. Origins compare without regard to case or default ports.
    public static func refusal(for handler: Handler, origin: String, isMainFrame: Bool) -> String? {
    \(hasHandlers ? refusalBody : "    // Without handlers there is nothing to refuse.")
    }

    private static func defaultPort(ofScheme scheme: String) -> Int? {
        switch scheme.lowercased() {
        case "http", "ws": return 80
        case "https", "wss": return 443
        default: return nil
        }
    }

    /// `HTTPS://Example.com:443/` → `https://example.com`.
    private static func normalizedOrigin(_ origin: String) -> String {
        var text = origin.lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        guard let schemeEnd = text.range(of: "://"),
              let colon = text[schemeEnd.upperBound...].lastIndex(of: ":"),
              let port = Int(text[text.index(after: colon)...])
        else { return text }
        let scheme = String(text[..<schemeEnd.lowerBound])
        return port == defaultPort(ofScheme: scheme) ? String(text[..<colon]) : text
    }
    """
    }

    static let wireSource = """
    /// Reading JSON out of message bodies, with failures that name the key path.
    fileprivate enum Wire {
        /// What is wrong, and where: `payload.items[2].name: expected Double`.
        struct Failure: Error {
            let message: String

            init(path: String, problem: String) {
                message = path + ": " + problem
            }
        }

        /// Reads a message body, made of Foundation property-list objects, as the payload.
        static func payload(fromFoundation body: Any) -> Result<JSONValue, Failure> {
            do {
                return .success(try json(fromFoundation: body, at: "payload"))
            } catch {
                return .failure(error)
            }
        }

        private static func json(fromFoundation value: Any, at path: String) throws(Failure) -> JSONValue {
            switch value {
            case is NSNull:
                return .null
            case let number as NSNumber:
                return isBoolean(number) ? .bool(number.boolValue) : .number(number.doubleValue)
            case let string as String:
                return .string(string)
            case let date as Date:
                let formatter = ISO8601DateFormatter()
                formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                return .string(formatter.string(from: date))
            case let array as [Any]:
                var items: [JSONValue] = []
                items.reserveCapacity(array.count)
                for (index, item) in array.enumerated() {
                    items.append(try json(fromFoundation: item, at: path + "[" + String(index) + "]"))
                }
                return .array(items)
            case let dictionary as [String: Any]:
                var object: [String: JSONValue] = [:]
                for key in dictionary.keys.sorted() {
                    if let item = dictionary[key] { object[key] = try json(fromFoundation: item, at: member(key, of: path)) }
                }
                return .object(object)
            default:
                throw Failure(path: path, problem: "unsupported value of type \\(type(of: value))")
            }
        }

        /// `payload.name`, or `payload["my-key"]` when the key is not an identifier.
        private static func member(_ key: String, of path: String) -> String {
            let isIdentifier = key.first.map { $0.isASCII && ($0.isLetter || $0 == "_" || $0 == "$") } == true
                && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }
            if isIdentifier { return path + "." + key }
            let escaped = key.replacingOccurrences(of: "\\\\", with: "\\\\\\\\").replacingOccurrences(of: "\\"", with: "\\\\\\"")
            return path + "[\\"" + escaped + "\\"]"
        }

        /// Whether `number` holds a boolean (`true as NSNumber`, `NSNumber(value: true)`, a
        /// JavaScript boolean) rather than a number, including 0 and 1.
        private static func isBoolean(_ number: NSNumber) -> Bool {
            #if canImport(Darwin)
            return CFGetTypeID(number) == CFBooleanGetTypeID()
            #else
            return number === NSNumber(value: true) || number === NSNumber(value: false)
            #endif
        }

        static func object(_ value: JSONValue, at path: String) throws -> [String: JSONValue] {
            guard case .object(let object) = value else { throw Failure(path: path, problem: "expected object") }
            return object
        }

        /// The value of `key`, which must be present (it may be `null`).
        static func required(_ key: String, in object: [String: JSONValue], at path: String) throws -> JSONValue {
            guard let value = object[key] else { throw Failure(path: path, problem: "missing key '\\(key)'") }
            return value
        }

        /// The value of `key`; nil when it is absent or `null`.
        static func optional(_ key: String, in object: [String: JSONValue]) -> JSONValue? {
            guard let value = object[key], value != .null else { return nil }
            return value
        }

        static func array<Element>(
            _ value: JSONValue, at path: String, _ element: (JSONValue, String) throws -> Element
        ) throws -> [Element] {
            guard case .array(let items) = value else { throw Failure(path: path, problem: "expected array") }
            return try items.enumerated().map { index, item in try element(item, path + "[" + String(index) + "]") }
        }

        static func string(_ value: JSONValue, at path: String) throws -> String {
            guard case .string(let string) = value else { throw Failure(path: path, problem: "expected String") }
            return string
        }

        static func number(_ value: JSONValue, at path: String) throws -> Double {
            guard case .number(let number) = value else { throw Failure(path: path, problem: "expected Double") }
            return number
        }

        /// A whole number that fits in `Int`.
        static func integer(_ value: JSONValue, at path: String) throws -> Int {
            guard case .number(let number) = value, let integer = Int(exactly: number) else {
                throw Failure(path: path, problem: "expected Int")
            }
            return integer
        }

        static func boolean(_ value: JSONValue, at path: String) throws -> Bool {
            guard case .bool(let bool) = value else { throw Failure(path: path, problem: "expected Bool") }
            return bool
        }

        static func null(_ value: JSONValue, at path: String) throws -> JSONValue {
            guard value == .null else { throw Failure(path: path, problem: "expected null") }
            return value
        }
    }
    """
}
