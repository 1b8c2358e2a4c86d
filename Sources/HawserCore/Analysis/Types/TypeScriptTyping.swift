/// The payload and reply types a handler's TypeScript uses write (`TypeScriptBridgeTypes`),
/// as bridge types: `path: string` is `String`, an interface a struct of its fields, a union
/// of string literals an enumeration. A named type is looked up in the file that names it, then
/// by the name it is imported as, in the one file that declares it.
enum TypeScriptTyping {
    /// A written type and where it is written.
    struct Written: Hashable {
        var type: PayloadType
        var location: SourceLocation
    }

    /// The written payload and reply types of the uses of `handler`, in the uses' order, each
    /// written type once; and whether every post of it is either typed so or a literal. When
    /// one is not (a variable of no written type, `hawser.syncState`, a handler passed on), what
    /// it sends is not known, and one use's type is not the handler's.
    static func written(
        for uses: [HandlerUse], handler: String, in files: [String: TypeScriptBridgeTypes]
    ) -> (payloads: [Written], replies: [Written], everyPostKnown: Bool) {
        guard !files.isEmpty else { return ([], [], false) }
        var payloads: [Written] = [], replies: [Written] = []
        var everyPostKnown = true
        for use in uses where use.name == handler {
            let key = ModulePath.normalize(use.location.file)
            let call = use.isRuntimeUse
                ? files[key]?.calls.first(where: { $0.line == use.location.line && $0.column == use.location.column && $0.name == handler })
                : nil
            let literal = !use.payloads.isEmpty && use.payloads.allSatisfy { $0.kind != .other }
            if call?.payload == nil, !literal { everyPostKnown = false }
            guard let call else { continue }
            let resolver = Resolver(files: files, file: key)
            if let payload = call.payload {
                let written = Written(
                    type: resolver.payloadType(payload),
                    location: SourceLocation(file: use.location.file, line: call.payloadLine, column: call.payloadColumn))
                if !payloads.contains(where: { $0.type == written.type }) { payloads.append(written) }
            }
            if let reply = call.reply {
                let written = Written(
                    type: resolver.payloadType(reply),
                    location: SourceLocation(file: use.location.file, line: call.replyLine, column: call.replyColumn))
                if !replies.contains(where: { $0.type == written.type }) { replies.append(written) }
            }
        }
        return (payloads, replies, everyPostKnown)
    }

    private struct Resolver {
        let files: [String: TypeScriptBridgeTypes]
        let file: String

        func payloadType(_ type: TypeScriptType) -> PayloadType {
            var visiting: Set<String> = []
            return convert(type, in: file, visiting: &visiting)
        }

        private func convert(_ type: TypeScriptType, in file: String, visiting: inout Set<String>) -> PayloadType {
            switch type {
            case .string: return .string
            case .number: return .number
            case .boolean: return .boolean
            case .null: return .null
            case .unknown: return .json
            case .stringLiterals(let values): return .stringEnum(values)
            case .array(let element): return .array(convert(element, in: file, visiting: &visiting))
            case .optional(let inner): return convert(inner, in: file, visiting: &visiting)
            case .object(let fields):
                return .object(ObjectType(fields: fields.map { field in
                    FieldType(name: field.name, type: convert(field.type, in: file, visiting: &visiting), required: !field.optional)
                }))
            case .reference(let name):
                guard let (declared, declaringFile) = lookup(name, from: file) else { return .json }
                let key = declaringFile + "\u{0}" + name
                // A type that contains itself has no finite JSON shape to generate.
                guard visiting.insert(key).inserted else { return .json }
                defer { visiting.remove(key) }
                return convert(declared, in: declaringFile, visiting: &visiting)
            }
        }

        /// The declaration `name` refers to from `file`: its own, else the one file that
        /// declares the name it is imported as.
        private func lookup(_ name: String, from file: String) -> (TypeScriptType, String)? {
            if let own = files[file]?.declarations[name] { return (own, file) }
            let imported = files[file]?.importedNames[name] ?? name
            let declaring = files.keys.sorted().filter { files[$0]?.declarations[imported] != nil }
            guard declaring.count == 1, let type = files[declaring[0]]?.declarations[imported] else { return nil }
            return (type, declaring[0])
        }
    }
}
