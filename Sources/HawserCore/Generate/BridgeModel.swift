/// Everything the generators (Swift, TypeScript, BRIDGE.md, stubs) need, with Swift names
/// already chosen. Built from a successful build.
public struct BridgeModel: Sendable {
    /// The Swift namespace and file name, e.g. `Bridge`.
    public var name: String
    public var runtimeGlobal: String
    /// The runtime's default timeout of `call`, in milliseconds.
    public var runtimeTimeoutMs: Int = RuntimeOptions.defaultTimeoutMs
    public var registration: HawserConfig.Registration
    /// Sorted by JavaScript name.
    public var handlers: [BridgeHandler]
    /// In injection order; `text` is each emitted file's exact content.
    public var scripts: [CompiledScript]
    /// Origins (`scheme://host[:port]`) allowed to post to any handler; empty allows all.
    public var allowedOrigins: [String]
    public var nativeFeel: [NativeFeelPreset]

    public init(
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
public struct BridgeHandler: Sendable {
    /// The JavaScript name (the `Handler` enum's raw value).
    public var name: String
    /// A lowerCamelCase Swift identifier, unique among the handlers, not yet escaped:
    /// `notification_name` → `notificationName`, `default` → `default` (write it as
    /// `` `default` ``), `2fa` → `_2fa`.
    public var swiftName: String
    /// An UpperCamelCase prefix for the handler's types: `ReadFile` → `ReadFilePayload`,
    /// `ReadFileReply`.
    public var typeName: String
    public var kind: HandlerKind
    /// The reply transport; nil for messages.
    public var transport: Transport?
    public var payload: PayloadType
    /// The reply type of a request (`.json` when not declared); nil for messages.
    public var reply: PayloadType?
    /// Whether the payload/reply come from a schema (rather than inference or the default).
    public var payloadDeclared: Bool
    public var replyDeclared: Bool
    /// Origins allowed to post to this handler; empty means `allowedOrigins` of the model.
    public var origins: [String]
    /// Only the main frame may post to this handler.
    public var mainFrameOnly: Bool
    /// Where the scripts use it.
    public var uses: [HandlerUse]

    public init(
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
    public var payloadTypeName: String { typeName + "Payload" }
    /// `ReadFileReply`.
    public var replyTypeName: String { typeName + "Reply" }
}
