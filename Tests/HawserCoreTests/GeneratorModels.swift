@testable import HawserCore

/// Hand-built bridge models for the generator tests.
enum GeneratorModels {
    static func use(_ name: String, _ file: String, _ line: Int, _ form: HandlerUse.Form) -> HandlerUse {
        HandlerUse(name: name, location: SourceLocation(file: file, line: line, column: 5), resultUsed: form == .call, form: form)
    }

    static func script(
        _ name: String, source: String?, origin: CompiledScript.Origin, runAt: InjectionTime = .documentEnd,
        mainFrameOnly: Bool = false, world: ContentWorldSpec = .page, match: [String] = [], excludeMatch: [String] = []
    ) -> CompiledScript {
        CompiledScript(
            name: name, file: "\(name).js", source: source, origin: origin, runAt: runAt, mainFrameOnly: mainFrameOnly,
            world: world, match: match, excludeMatch: excludeMatch, text: "// \(name)\n")
    }

    static func handler(
        _ name: String, swiftName: String? = nil, typeName: String? = nil, kind: HandlerKind, transport: Transport? = nil,
        payload: PayloadType, reply: PayloadType? = nil, origins: [String] = [], mainFrameOnly: Bool = false,
        uses: [HandlerUse] = []
    ) -> BridgeHandler {
        BridgeHandler(
            name: name, swiftName: swiftName ?? SwiftNames.lowerCamelCase(name), typeName: typeName ?? SwiftNames.upperCamelCase(name),
            kind: kind, transport: kind == .request ? (transport ?? .reply) : nil, payload: payload,
            reply: kind == .request ? (reply ?? .json) : nil, payloadDeclared: true, replyDeclared: reply != nil,
            origins: origins, mainFrameOnly: mainFrameOnly, uses: uses)
    }

    /// Every payload type, both kinds and transports, origins, awkward names, every kind of script.
    static var full: BridgeModel {
        let readFilePayload = PayloadType.object(ObjectType(fields: [
            FieldType(name: "path", type: .string, required: true, description: "Relative to the documents folder."),
            FieldType(name: "encoding", type: .stringEnum(["utf8", "base64"]), required: false),
        ], description: "What to read."))
        let twoFactorReply = PayloadType.object(ObjectType(fields: [
            FieldType(name: "ok", type: .boolean, required: true),
            FieldType(name: "next-step", type: .stringEnum(["done"]), required: false),
            FieldType(name: "tags", type: .array(.stringEnum(["a", "b"])), required: true),
            FieldType(name: "items", type: .array(.object(ObjectType(fields: [
                FieldType(name: "id", type: .integer, required: true, description: "The item's id.\nNever reused; no */ here."),
                FieldType(name: "score", type: .number, required: false),
            ]))), required: true),
            FieldType(name: "meta", type: .json, required: false),
        ], description: "The outcome."))
        let handlers: [BridgeHandler] = [
            handler("2fa", kind: .request, transport: .settle,
                    payload: .object(ObjectType(fields: [
                        FieldType(name: "code", type: .string, required: true),
                        FieldType(name: "remember", type: .boolean, required: true),
                        FieldType(name: "attempts", type: .integer, required: false),
                    ])),
                    reply: twoFactorReply, uses: [use("2fa", "userscripts/login.js", 12, .call)]),
            handler("default", kind: .message, payload: .null),
            handler("log|\"x\"", swiftName: "logX", typeName: "LogX", kind: .message, payload: .number,
                    uses: [use("log|\"x\"", "pages/index.html", 4, .postMessage)]),
            handler("my-handler", kind: .message, payload: .array(.integer), mainFrameOnly: true,
                    uses: [use("my-handler", "userscripts/form-observer.js", 3, .post), use("my-handler", "userscripts/form-observer.js", 3, .post),
                           use("my-handler", "userscripts/form-observer.js", 9, .reference)]),
            handler("ping", kind: .request, payload: .object(ObjectType(fields: [])), reply: .null,
                    uses: [use("ping", "userscripts/read.file.js", 1, .postMessage)]),
            handler("readFile", kind: .request, payload: readFilePayload, reply: .string, origins: ["https://app.example.com"],
                    uses: [use("readFile", "userscripts/read-file.js", 3, .call), use("readFile", "userscripts/read-file.js", 10, .call)]),
            handler("stateSync", kind: .message, payload: .json,
                    uses: [use("stateSync", "userscripts/form-observer.js", 20, .postMessage)]),
        ]
        let scripts = [
            script("hawser-runtime", source: nil, origin: .runtime, runAt: .documentStart),
            script("hawser-runtime.defaultClient", source: nil, origin: .runtime, runAt: .documentStart, world: .defaultClient),
            script("hawser-runtime.forms", source: nil, origin: .runtime, runAt: .documentStart, world: .named("forms")),
            script("hawser-native-feel", source: nil, origin: .presets, runAt: .documentStart),
            script("hide-header", source: "userscripts/hide-header.css", origin: .styleSheet, runAt: .documentStart,
                   match: ["https://*.example.com/*"]),
            script("form-observer", source: "userscripts/form-observer.js", origin: .javaScript, mainFrameOnly: true,
                   world: .named("forms"), match: ["https://*.example.com/*", "app://local/*"],
                   excludeMatch: ["https://admin.example.com/*"]),
            script("login", source: "userscripts/login.js", origin: .javaScript, world: .defaultClient),
            script("read-file", source: "userscripts/read-file.js", origin: .javaScript),
            script("read.file", source: "userscripts/read.file.js", origin: .javaScript),
        ]
        return BridgeModel(
            name: "Bridge", runtimeGlobal: "hawser", registration: .generated, handlers: handlers, scripts: scripts,
            allowedOrigins: ["https://example.com", "app://local"], nativeFeel: [.viewport, .noSelection])
    }

    /// No handlers at all, a custom global and name.
    static var empty: BridgeModel {
        BridgeModel(
            name: "Shell", runtimeGlobal: "shellBridge", registration: .manual, handlers: [],
            scripts: [script("hawser-runtime", source: nil, origin: .runtime, runAt: .documentStart)],
            allowedOrigins: [], nativeFeel: [])
    }
}
