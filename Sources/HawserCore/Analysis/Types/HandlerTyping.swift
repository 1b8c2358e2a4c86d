/// A handler's payload and reply types, resolved.
struct HandlerTypes: Hashable, Sendable {
    var payload: PayloadType
    /// Nil for messages; `.json` for a request without a declared reply.
    var reply: PayloadType?
    /// Whether the payload comes from a schema (otherwise it is inferred).
    var payloadDeclared: Bool
    var replyDeclared: Bool
}

/// Resolves every contract handler's types: a declared schema (in `hawser.json` or in
/// `schemas/<name>.json` beside the scripts) wins and the scripts' literals are checked against
/// it; otherwise the payload is inferred from the literals.
enum HandlerTyping {
    /// The schemas of one `schemas/<name>.json` file.
    private struct SchemaFile {
        var file: SourceFile
        var handler: String
        var payload: PayloadType?
        var reply: PayloadType?
    }

    /// `written`: the TypeScript files' written types by path (`TypeScriptSources.bridgeTypes`).
    /// A handler's payload is its schema's, else the type its TypeScript uses write (when they
    /// agree, and every other post is a literal), else inferred from the literals; its reply
    /// likewise (any one call's written type), else any JSON value.
    static func resolve(
        contract: BridgeContract, config: HawserConfig, schemaFiles: [SourceFile], written: [String: TypeScriptBridgeTypes] = [:]
    ) -> ([String: HandlerTypes], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var files: [String: SchemaFile] = [:]
        for file in schemaFiles.sorted(by: { $0.path < $1.path }) {
            let at = SourceLocation(file: file.path, line: 1, column: 1)
            let handler = file.baseName
            if let other = files[handler] {
                diagnostics.append(Diagnostic(.invalidSchema, "a schema for '\(handler)' is already in \(other.file.path)", at: at))
                continue
            }
            switch read(file, handler: handler) {
            case .success(let schemas):
                files[handler] = schemas
            case .failure(let failure):
                diagnostics.append(Diagnostic(.invalidSchema, failure.message, at: at))
            }
        }

        var types: [String: HandlerTypes] = [:]
        for handler in contract.handlers {
            let override = config.handlers[handler.name]
            let file = files[handler.name]
            let fileAt = file.map { SourceLocation(file: $0.file.path, line: 1, column: 1) }
            if let fileAt, file?.payload != nil, override?.payload != nil {
                diagnostics.append(Diagnostic(.invalidSchema, "the payload of '\(handler.name)' is also declared in hawser.json", at: fileAt))
            }
            if let fileAt, file?.reply != nil, override?.reply != nil {
                diagnostics.append(Diagnostic(.invalidSchema, "the reply of '\(handler.name)' is also declared in hawser.json", at: fileAt))
            }
            if let fileAt, file?.reply != nil, handler.kind == .message {
                diagnostics.append(Diagnostic(.invalidSchema, "'\(handler.name)' is a message handler, which gets no reply; remove 'reply' or make it a request", at: fileAt))
            }

            let schemaAt = override != nil ? "hawser.json" : file.map(\.file.path) ?? "hawser.json"
            let typed = TypeScriptTyping.written(for: handler.uses, handler: handler.name, in: written)
            let writtenPayload = agreed(typed.payloads, handler: handler.name, what: "payload", diagnostics: &diagnostics)
            let writtenReply = handler.kind == .request
                ? agreed(typed.replies, handler: handler.name, what: "reply", diagnostics: &diagnostics) : nil

            let declaredPayload = override?.payload ?? file?.payload
            let payload: PayloadType
            if let declaredPayload {
                payload = declaredPayload
                diagnostics += PayloadChecker.check(handler: handler.name, declared: declaredPayload, uses: handler.uses)
                diagnostics += disagreement(writtenPayload, declared: declaredPayload, handler: handler.name, what: "payload", schemaAt: schemaAt)
            } else if let writtenPayload, typed.everyPostKnown {
                payload = writtenPayload.type
            } else {
                let (inferred, conflicts) = PayloadInference.infer(handler: handler.name, uses: handler.uses)
                payload = inferred
                diagnostics += conflicts
            }
            let declaredReply = override?.reply ?? file?.reply
            if let declaredReply, handler.kind == .request {
                diagnostics += disagreement(writtenReply, declared: declaredReply, handler: handler.name, what: "reply", schemaAt: schemaAt)
            }
            types[handler.name] = HandlerTypes(
                payload: payload,
                reply: handler.kind == .request ? (declaredReply ?? writtenReply?.type ?? .json) : nil,
                payloadDeclared: declaredPayload != nil || (writtenPayload != nil && typed.everyPostKnown),
                replyDeclared: (declaredReply != nil || writtenReply != nil) && handler.kind == .request)
        }

        let known = contract.names
        for (name, file) in files where !known.contains(name) {
            let message = "no script uses a handler named '\(name)' and hawser.json does not declare it"
                + NameSuggester.suffix(for: name, among: known)
            diagnostics.append(Diagnostic(.invalidSchema, message, at: SourceLocation(file: file.file.path, line: 1, column: 1), handler: name, severity: .warning))
        }
        return (types, diagnostics)
    }

    /// The one type the TypeScript uses write; when they write different ones, none (the
    /// payload is inferred from the literals, the reply any JSON value) and a warning.
    private static func agreed(
        _ written: [TypeScriptTyping.Written], handler: String, what: String, diagnostics: inout [Diagnostic]
    ) -> TypeScriptTyping.Written? {
        guard let first = written.first else { return nil }
        for other in written.dropFirst() {
            let fallback = what == "payload" ? "is inferred from the literals" : "falls back to any JSON value"
            diagnostics.append(Diagnostic(
                .payloadConflict,
                "\(handler): the \(what)'s TypeScript type here is not the one written at \(first.location), so its type \(fallback)",
                at: other.location, handler: handler))
        }
        return written.count == 1 ? first : nil
    }

    /// A TypeScript type that is not the declared schema's: the schema wins, and says so.
    private static func disagreement(
        _ written: TypeScriptTyping.Written?, declared: PayloadType, handler: String, what: String, schemaAt: String
    ) -> [Diagnostic] {
        guard let written, written.type != declared else { return [] }
        return [Diagnostic(
            .payloadMismatch,
            "\(handler): the \(what)'s TypeScript type (\(written.type.summary)) is not the \(what) schema declared in \(schemaAt) (\(declared.summary)); the bridge uses the schema: make them agree",
            at: written.location, handler: handler)]
    }

    /// Reads `{"payload": schema, "reply": schema}`.
    private static func read(_ file: SourceFile, handler: String) -> Result<SchemaFile, SchemaFailure> {
        guard let json = try? JSON.parse(file.bytes) else {
            return .failure(SchemaFailure("not valid JSON"))
        }
        guard let members = json.sortedMembers else {
            return .failure(SchemaFailure("expected an object with 'payload' and/or 'reply' schemas"))
        }
        var result = SchemaFile(file: file, handler: handler)
        for (key, value) in members {
            do {
                switch key {
                case "payload": result.payload = try JSONSchemaReader.read(value, path: "payload")
                case "reply": result.reply = try JSONSchemaReader.read(value, path: "reply")
                default:
                    return .failure(SchemaFailure("unknown key '\(key)'; a schema file holds 'payload' and 'reply'"))
                }
            } catch {
                return .failure(SchemaFailure(error.description))
            }
        }
        return .success(result)
    }

    private struct SchemaFailure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}
