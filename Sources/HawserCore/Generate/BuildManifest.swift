/// `manifest.json`, version 1: the index of a build that other tools and the Swift generator
/// read. Fields are only ever added.
enum BuildManifest {
    static let fileName = "manifest.json"
    static let documentFile = "BRIDGE.md"

    /// Every output file of a build, by path relative to the output folder: the scripts, the
    /// Swift bridge, its TypeScript declarations, `BRIDGE.md`, and this manifest listing them all.
    static func files(model: BridgeModel, scripts: [CompiledScript]) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for script in scripts { files[script.file] = Array(script.text.utf8) }
        files["\(model.name).swift"] = Array(SwiftBridgeGenerator.generate(model).utf8)
        files["\(model.name).d.ts"] = Array(TypeScriptDeclarationsGenerator.generate(model).utf8)
        files[documentFile] = Array(BridgeDocumentGenerator.generate(model).utf8)
        files[fileName] = Array(render(model: model, files: files.keys.sorted() + [fileName]).utf8)
        return files
    }

    static func render(model: BridgeModel, files: [String]) -> String {
        JSON.object([
            ("version", .int(1)),
            ("generator", .string(GeneratedHeader.line(.plain))),
            ("name", .string(model.name)),
            ("registration", .string(model.registration.rawValue)),
            ("runtime", .object([
                ("global", .string(model.runtimeGlobal)),
                ("timeoutMs", .int(model.runtimeTimeoutMs)),
            ])),
            ("allowedOrigins", .array(model.allowedOrigins.map(JSON.string))),
            ("handlers", .array(model.handlers.map { handler in
                var members: [(String, JSON)] = [
                    ("name", .string(handler.name)),
                    ("kind", .string(handler.kind.rawValue)),
                    ("transport", .optional(handler.transport?.rawValue)),
                    ("swiftName", .string(handler.swiftName)),
                    ("payloadType", .string(handler.payloadTypeName)),
                    ("payload", schema(handler.payload)),
                    ("payloadDeclared", .bool(handler.payloadDeclared)),
                ]
                if let reply = handler.reply {
                    members += [
                        ("replyType", .string(handler.replyTypeName)),
                        ("reply", schema(reply)),
                        ("replyDeclared", .bool(handler.replyDeclared)),
                    ]
                }
                members += [
                    ("origins", .array(handler.origins.map(JSON.string))),
                    ("mainFrameOnly", .bool(handler.mainFrameOnly)),
                    ("uses", .array(handler.uses.map { use in
                        .object([
                            ("file", .string(use.location.file)),
                            ("line", .int(use.location.line)),
                            ("column", .int(use.location.column)),
                            ("form", .string(use.form.rawValue)),
                        ])
                    })),
                ]
                return .object(members)
            })),
            ("scripts", .array(model.scripts.map { script in
                .object([
                    ("name", .string(script.name)),
                    ("file", .string(script.file)),
                    ("source", .optional(script.source)),
                    ("origin", .string(script.origin.rawValue)),
                    ("runAt", .string(script.runAt.rawValue)),
                    ("mainFrameOnly", .bool(script.mainFrameOnly)),
                    ("world", .string(script.world.manifestValue)),
                    ("match", .array(script.match.map(JSON.string))),
                    ("excludeMatch", .array(script.excludeMatch.map(JSON.string))),
                ] + (script.modules.isEmpty ? [] : [("modules", .array(script.modules.map(JSON.string)))]))
            })),
            ("files", .array(files.sorted().map(JSON.string))),
        ]).rendered()
    }

    /// A type written back as the JSON Schema subset it came from (or would have come from).
    static func schema(_ type: PayloadType) -> JSON {
        switch type {
        case .string: return .object([("type", .string("string"))])
        case .number: return .object([("type", .string("number"))])
        case .integer: return .object([("type", .string("integer"))])
        case .boolean: return .object([("type", .string("boolean"))])
        case .null: return .object([("type", .string("null"))])
        case .json: return .object([])
        case .array(let items): return .object([("type", .string("array")), ("items", schema(items))])
        case .stringEnum(let values): return .object([("type", .string("string")), ("enum", .array(values.map(JSON.string)))])
        case .object(let object):
            var members: [(String, JSON)] = [("type", .string("object"))]
            if let description = object.description { members.append(("description", .string(description))) }
            members.append(("properties", .object(object.fields.map { field in
                var property: [(String, JSON)] = []
                if case .object(let members) = schema(field.type) { property = members }
                if let description = field.description, !property.contains(where: { $0.0 == "description" }) {
                    property.append(("description", .string(description)))
                }
                return (field.name, .object(property))
            })))
            members.append(("required", .array(object.fields.filter(\.required).map { .string($0.name) })))
            return .object(members)
        }
    }
}
