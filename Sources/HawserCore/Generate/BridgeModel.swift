/// Everything the generators (Swift, TypeScript, BRIDGE.md, stubs) need, with Swift names
/// already chosen. Built from a successful build.
public struct BridgeModel: Sendable {
    /// The Swift namespace and file name, e.g. `Bridge`.
    public var name: String
    var runtimeGlobal: String
    /// The runtime's default timeout of `call`, in milliseconds.
    var runtimeTimeoutMs: Int = RuntimeOptions.defaultTimeoutMs
    var registration: HawserConfig.Registration
    /// Sorted by JavaScript name.
    var handlers: [BridgeHandler]
    /// In injection order; `text` is each emitted file's exact content.
    var scripts: [CompiledScript]
    /// Origins (`scheme://host[:port]`) allowed to post to any handler; empty allows all.
    var allowedOrigins: [String]
    var nativeFeel: [NativeFeelPreset]

    init(
        name: String, runtimeGlobal: String, registration: HawserConfig.Registration, handlers: [BridgeHandler],
        scripts: [CompiledScript], allowedOrigins: [String], nativeFeel: [NativeFeelPreset]
    ) {
        self.name = name
        self.runtimeGlobal = runtimeGlobal
        self.registration = registration
        self.handlers = handlers
        self.scripts = scripts
        self.allowedOrigins = allowedOrigins
        self.nativeFeel = nativeFeel
    }
}

/// One handler, as the generators see it.
struct BridgeHandler: Sendable {
    /// The JavaScript name (the `Handler` enum's raw value).
    var name: String
    /// A lowerCamelCase Swift identifier, unique among the handlers, not yet escaped:
    /// `notification_name` → `notificationName`, `default` → `default` (write it as
    /// `` `default` ``), `2fa` → `_2fa`.
    var swiftName: String
    /// An UpperCamelCase prefix for the handler's types: `ReadFile` → `ReadFilePayload`,
    /// `ReadFileReply`.
    var typeName: String
    var kind: HandlerKind
    /// The reply transport; nil for messages.
    var transport: Transport?
    var payload: PayloadType
    /// The reply type of a request (`.json` when not declared); nil for messages.
    var reply: PayloadType?
    /// Whether the payload/reply come from a schema (rather than inference or the default).
    var payloadDeclared: Bool
    var replyDeclared: Bool
    /// Origins allowed to post to this handler; empty means `allowedOrigins` of the model.
    var origins: [String]
    /// Only the main frame may post to this handler.
    var mainFrameOnly: Bool
    /// Where the scripts use it.
    var uses: [HandlerUse]

    init(
        name: String, swiftName: String, typeName: String, kind: HandlerKind, transport: Transport?,
        payload: PayloadType, reply: PayloadType?, payloadDeclared: Bool, replyDeclared: Bool,
        origins: [String], mainFrameOnly: Bool, uses: [HandlerUse]
    ) {
        self.name = name
        self.swiftName = swiftName
        self.typeName = typeName
        self.kind = kind
        self.transport = transport
        self.payload = payload
        self.reply = reply
        self.payloadDeclared = payloadDeclared
        self.replyDeclared = replyDeclared
        self.origins = origins
        self.mainFrameOnly = mainFrameOnly
        self.uses = uses
    }

    /// `ReadFilePayload`.
    var payloadTypeName: String { typeName + "Payload" }
    /// `ReadFileReply`.
    var replyTypeName: String { typeName + "Reply" }
}
