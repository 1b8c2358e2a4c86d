@testable import HawserCore

/// The bridge models the generated-Swift tests compile and run. `Tests/Support/SwiftBridge/main.swift`
/// implements their handlers, so a change here usually needs one there.
enum SwiftBridgeModels {
    static func handler(
        _ name: String, _ kind: HandlerKind, transport: Transport? = nil, payload: PayloadType, reply: PayloadType? = nil,
        origins: [String] = [], mainFrameOnly: Bool = false
    ) -> BridgeHandler {
        BridgeHandler(
            name: name, swiftName: SwiftNames.lowerCamelCase(name), typeName: SwiftNames.upperCamelCase(name), kind: kind,
            transport: kind == .request ? (transport ?? .reply) : nil, payload: payload,
            reply: kind == .request ? (reply ?? .json) : nil, payloadDeclared: true, replyDeclared: reply != nil,
            origins: origins, mainFrameOnly: mainFrameOnly, uses: [])
    }

    static func script(_ name: String, _ text: String, runAt: InjectionTime = .documentEnd, mainFrameOnly: Bool = false, world: ContentWorldSpec = .page) -> CompiledScript {
        CompiledScript(
            name: name, file: name + ".js", source: nil, origin: .javaScript, runAt: runAt, mainFrameOnly: mainFrameOnly,
            world: world, match: [], excludeMatch: [], text: text)
    }

    /// A source that needs every kind of escaping a Swift string literal has.
    static let nastySource = "// \"quotes\" and 'single' and `back`\r\nconst path = \"C:\\\\Users\\\\n\";\r\n"
        + "const s = \"\"\"\"; // triple quotes, #\"raw\"# and \\(interpolation)\n"
        + "const emoji = \"👍🏽 café \u{2028}\u{2029}\u{200B}\";\ttab\u{0}nul\u{7F}\n"

    static let readFileOptions = ObjectType(fields: [
        FieldType(name: "encoding", type: .stringEnum(["utf8", "base64", "utf-16", ""]), required: true, description: "How to decode the bytes."),
        FieldType(name: "max-bytes", type: .integer, required: false),
    ])

    /// Every `PayloadType` case, both kinds, both transports, names that are Swift keywords or not
    /// identifiers, origins and main-frame-only handlers, scripts in three worlds.
    static var rich: BridgeModel {
        BridgeModel(
            name: "Bridge", runtimeGlobal: "hawser", registration: .generated,
            handlers: [
                handler("2fa", .request, payload: .string, reply: .boolean),
                handler("default", .message, payload: .json),
                handler("echo", .request, payload: .json, reply: .json, origins: ["https://other.example:8443"]),
                handler("empty", .request, payload: .object(ObjectType(fields: [])), reply: .object(ObjectType(fields: []))),
                handler("list", .request, transport: .settle, payload: .array(.object(ObjectType(fields: [
                    FieldType(name: "name", type: .string, required: true),
                    FieldType(name: "size", type: .number, required: true),
                ]))), reply: .array(.array(.integer))),
                handler("my-handler", .message, payload: .object(ObjectType(fields: [
                    FieldType(name: "count", type: .integer, required: true),
                    FieldType(name: "flag", type: .boolean, required: false),
                    FieldType(name: "ratio", type: .number, required: false),
                    FieldType(name: "tags", type: .array(.string), required: true),
                ]))),
                handler("notification_name", .request, transport: .settle, payload: .object(ObjectType(fields: [
                    FieldType(name: "title", type: .string, required: true, description: "The title.\nSecond line."),
                    FieldType(name: "nothing", type: .null, required: false),
                ])), reply: .string, origins: ["https://app.example.com"], mainFrameOnly: true),
                handler("readFile", .request, payload: .object(ObjectType(fields: [
                    FieldType(name: "path", type: .string, required: true, description: "The file to read."),
                    FieldType(name: "options", type: .object(readFileOptions), required: false),
                    FieldType(name: "items", type: .array(.object(ObjectType(fields: [
                        FieldType(name: "name", type: .string, required: true),
                        FieldType(name: "size", type: .number, required: true),
                    ]))), required: false),
                    FieldType(name: "default", type: .string, required: false),
                    FieldType(name: "2fa", type: .boolean, required: false),
                    FieldType(name: "self", type: .string, required: false),
                    FieldType(name: "a_b", type: .string, required: false),
                    FieldType(name: "aB", type: .string, required: false),
                    FieldType(name: "string", type: .object(ObjectType(fields: [FieldType(name: "x", type: .integer, required: true)])), required: false),
                    FieldType(name: "extra", type: .json, required: false),
                ], description: "What to read.")), reply: .object(ObjectType(fields: [
                    FieldType(name: "text", type: .string, required: true),
                    FieldType(name: "lines", type: .array(.array(.integer)), required: true),
                    FieldType(name: "meta", type: .json, required: false),
                    FieldType(name: "mode", type: .stringEnum(["fast", "slow"]), required: true),
                ]))),
                handler("status", .message, payload: .stringEnum(["on", "off", "default", ""])),
                handler("throwing", .request, transport: .settle, payload: .null, reply: .integer),
            ],
            scripts: [
                script("hawser-runtime", "/* runtime */\n", runAt: .documentStart),
                script("hawser-runtime.tools", "/* runtime */\n", runAt: .documentStart, world: .named("tools")),
                script("nasty", nastySource, mainFrameOnly: true, world: .defaultClient),
                script("tool", "console.log(\"tools\");\n", world: .named("tools")),
            ],
            allowedOrigins: ["https://app.example.com", "http://localhost:8080"],
            nativeFeel: [.viewport])
    }

    /// No handlers, no scripts.
    static var empty: BridgeModel {
        BridgeModel(name: "EmptyBridge", runtimeGlobal: "hawser", registration: .manual, handlers: [], scripts: [], allowedOrigins: [], nativeFeel: [])
    }

    /// Only messages whose payloads need no decoding, and one custom runtime global.
    static var messagesOnly: BridgeModel {
        BridgeModel(
            name: "Messages", runtimeGlobal: "app", registration: .manual,
            handlers: [handler("log", .message, payload: .json), handler("ping", .message, payload: .json)],
            scripts: [script("one", "1;\n")], allowedOrigins: [], nativeFeel: [])
    }
}
