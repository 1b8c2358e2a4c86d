/// `<Name>.d.ts`: TypeScript declarations for the runtime global and
/// `window.webkit.messageHandlers`, with one overload per handler of the contract, so a
/// misspelt handler name or a payload of the wrong shape is a type error in the editor.
///
/// The file is a *module* declaration file: it exports its types (`JSONValue`, `HawserError`,
/// `HawserRuntime`, …) and types the globals through `declare global`. A module keeps those
/// helper types out of the global scope (two bridges' files do not collide on them), while the
/// `declare global` block still applies to every file of the program once the `.d.ts` is part of
/// it (tsconfig `include` or `files`); no import is needed for the globals.
///
/// Deterministic: handlers sorted by name (UTF-8 byte order), no dates, no paths.
enum TypeScriptDeclarationsGenerator {
    static let header = GeneratedHeader.line(.lineComment)

    static func generate(_ model: BridgeModel) -> String {
        let handlers = sorted(model.handlers)
        let requests = handlers.filter { $0.kind == .request }
        let messages = handlers.filter { $0.kind == .message }
        let global = model.runtimeGlobal
        var out = ""
        func line(_ text: String = "") { out += text + "\n" }

        line(header)
        line("//")
        line("// TypeScript declarations for the \(model.name) bridge: the `\(global)` runtime global and")
        line("// `window.webkit.messageHandlers`, with one overload per handler of the contract.")
        line("//")
        line("// This is a module declaration file. Make it part of the TypeScript program (tsconfig")
        line("// \"include\" or \"files\"): its `declare global` block then types the globals in every file.")
        line("// Import its types where needed: `import type { HawserError } from \"./\(model.name)\";`.")
        line()

        line("/** Any value JSON can carry. */")
        line("export type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };")
        line()
        line("/** The message handlers: fire-and-forget, sent with `post`. */")
        line("export type MessageHandlerName = \(nameUnion(messages));")
        line()
        line("/** The request handlers: answered by native, sent with `call`. */")
        line("export type RequestHandlerName = \(nameUnion(requests));")
        line()
        line("/** Every handler of the contract. */")
        line("export type HandlerName = MessageHandlerName | RequestHandlerName;")
        line()

        line("/** The `Error` a `call` rejects with. */")
        line("export interface HawserError extends Error {")
        line("  readonly name: \"HawserError\";")
        line("  /**")
        line("   * `unavailable`: no such handler here (outside the app); `timeout`: no reply in time;")
        line("   * `native`: native answered with an error (the message is native's); `serialization`:")
        line("   * the payload cannot be posted (a function, symbol, BigInt, DOM node, window or cycle).")
        line("   */")
        line("  readonly code: \"unavailable\" | \"timeout\" | \"native\" | \"serialization\";")
        line("  /** The handler that was called. */")
        line("  readonly handler: string;")
        line("}")
        line()

        line("/** The contract compiled into the runtime: handler name → kind and transport. */")
        line("export interface HawserContract {")
        for handler in handlers {
            let transport = handler.kind == .request
                ? JSON.stringLiteral((handler.transport ?? .reply).rawValue)
                : "\"reply\" | \"settle\""
            line("  readonly \(propertyName(handler.name)): { readonly kind: \(JSON.stringLiteral(handler.kind.rawValue)); readonly transport: \(transport) };")
        }
        line("}")
        line()

        line("/** The runtime Hawser injects as `\(global)`: a frozen, non-writable global. */")
        line("export interface HawserRuntime {")
        if requests.isEmpty {
            line("  /** The contract has no request handlers. */")
            line("  call(name: never, payload: never, options?: { timeoutMs?: number }): Promise<never>;")
        }
        for handler in requests {
            var doc = ["Sends the request `\(docName(handler.name))` (\((handler.transport ?? .reply).rawValue) transport) and resolves with native's reply.",
                       "Never throws; rejects with a `HawserError`. `timeoutMs` overrides the default; 0 waits forever."]
            doc += parameterDocs(handler)
            line(jsDoc(doc, indent: "  "))
            let reply = handler.reply ?? .json
            line("  call(name: \(JSON.stringLiteral(handler.name)), \(payloadParameter(handler, indent: "  ")), options?: { timeoutMs?: number }): Promise<\(typeText(reply, indent: "  ", documented: true))>;")
        }
        line()
        if messages.isEmpty {
            line("  /** The contract has no message handlers. */")
            line("  post(name: never, payload: never): boolean;")
        }
        for handler in messages {
            var doc = ["Posts the message `\(docName(handler.name))`. Never throws; returns false when the handler is unavailable",
                       "or the payload cannot be posted."]
            doc += parameterDocs(handler)
            line(jsDoc(doc, indent: "  "))
            line("  post(name: \(JSON.stringLiteral(handler.name)), \(payloadParameter(handler, indent: "  "))): boolean;")
        }
        line()
        line("  /** Posts the `detail` of every `eventName` event on `target` to a message handler; returns a function that stops it. */")
        line("  forwardEvent(target: EventTarget, eventName: string, handlerName: MessageHandlerName): () => void;")
        line("  /**")
        line("   * Posts the JSON-serialisable `getState()` to a message handler when it changed since the last")
        line("   * post, at most once per interval (default 1000 ms); returns a function that stops it.")
        line("   */")
        line("  syncState(handlerName: MessageHandlerName, getState: () => unknown, options?: { intervalMs?: number }): () => void;")
        line("  /** Subscribes to an event native emits; returns a function that unsubscribes. */")
        line("  on(event: string, listener: (detail: JSONValue) => void): () => void;")
        line("  /** What native calls to deliver an event; returns how many listeners were called. */")
        line("  emit(event: string, detail?: JSONValue): number;")
        line("  /** What native calls to answer a settle-transport request; false for an unknown or finished id. */")
        line("  settle(id: string, value: JSONValue, errorMessage?: string | null): boolean;")
        line("  /** The compiled contract. */")
        line("  readonly contract: HawserContract;")
        line("  /** The runtime's API version. */")
        line("  readonly version: string;")
        line("}")
        line()

        line("/** `window.webkit.messageHandlers`: only the handlers of the contract. */")
        line("export interface HawserMessageHandlers {")
        for handler in handlers {
            let payload = payloadParameter(handler, indent: "  ")
            switch (handler.kind, handler.transport ?? .reply) {
            case (.message, _):
                line("  readonly \(propertyName(handler.name)): { postMessage(\(payload)): void };")
            case (.request, .reply):
                let reply = typeText(handler.reply ?? .json, indent: "  ", documented: true)
                line("  readonly \(propertyName(handler.name)): { postMessage(\(payload)): Promise<\(reply)> };")
            case (.request, .settle):
                line("  /** Settle transport: native answers through `\(global).settle(id, …)`; prefer `\(global).call`. */")
                let inner = typeText(handler.payload, indent: "  ", documented: true)
                line("  readonly \(propertyName(handler.name)): { postMessage(envelope: { id: string; payload: \(inner) }): void };")
            }
        }
        line("}")
        line()

        line("declare global {")
        line("  interface Window {")
        line("    /** WebKit's bridge to the app's message handlers; it exists only inside the app. */")
        line("    readonly webkit: { readonly messageHandlers: HawserMessageHandlers };")
        line("  }")
        line("  /** WebKit's bridge to the app's message handlers; it exists only inside the app. */")
        line("  var webkit: { readonly messageHandlers: HawserMessageHandlers };")
        line("  /** Hawser's runtime. */")
        line("  var \(global): HawserRuntime;")
        line("}")
        line()
        line("// Keeps this file a module, so `declare global` augments the global scope.")
        line("export {};")
        return out
    }

    // MARK: - Types

    /// The TypeScript type for a payload or reply. With `documented`, an object whose fields
    /// (at any depth) have descriptions is written over several lines with JSDoc on each field,
    /// continuing at `indent`; otherwise everything is on one line.
    static func typeText(_ type: PayloadType, indent: String = "", documented: Bool = false) -> String {
        switch type {
        case .string: return "string"
        case .number, .integer: return "number"
        case .boolean: return "boolean"
        case .null: return "null"
        case .json: return "JSONValue"
        case .stringEnum(let values):
            return values.isEmpty ? "never" : values.map(JSON.stringLiteral).joined(separator: " | ")
        case .array(let element):
            let inner = typeText(element, indent: indent, documented: documented)
            if case .stringEnum(let values) = element, values.count > 1 { return "(\(inner))[]" }
            return inner + "[]"
        case .object(let object):
            if object.fields.isEmpty { return "{ [key: string]: JSONValue }" }
            if documented && hasDescriptions(.object(object)) {
                let fieldIndent = indent + "  "
                var out = "{\n"
                for field in object.fields {
                    if let description = field.description {
                        out += jsDoc(descriptionLines(description), indent: fieldIndent) + "\n"
                    }
                    out += fieldIndent + fieldText(field, indent: fieldIndent, documented: true) + ";\n"
                }
                return out + indent + "}"
            }
            return "{ " + object.fields.map { fieldText($0, indent: indent, documented: false) }.joined(separator: "; ") + " }"
        }
    }

    private static func fieldText(_ field: FieldType, indent: String, documented: Bool) -> String {
        propertyName(field.name) + (field.required ? "" : "?") + ": " + typeText(field.type, indent: indent, documented: documented)
    }

    static func hasDescriptions(_ type: PayloadType) -> Bool {
        switch type {
        case .array(let element): return hasDescriptions(element)
        case .object(let object):
            return object.fields.contains { $0.description != nil || hasDescriptions($0.type) }
        default: return false
        }
    }

    /// `payload: T`, or `payload?: null` when only null can be sent.
    private static func payloadParameter(_ handler: BridgeHandler, indent: String) -> String {
        if handler.payload == .null { return "payload?: null" }
        return "payload: " + typeText(handler.payload, indent: indent, documented: true)
    }

    private static func parameterDocs(_ handler: BridgeHandler) -> [String] {
        var lines: [String] = []
        if case .object(let object) = handler.payload, let description = object.description {
            lines += paramLines("@param payload", description)
        }
        if let reply = handler.reply, case .object(let object) = reply, let description = object.description {
            lines += paramLines("@returns", description)
        }
        return lines
    }

    private static func paramLines(_ tag: String, _ description: String) -> [String] {
        let lines = descriptionLines(description)
        guard let first = lines.first else { return [] }
        return ["\(tag) \(first)"] + lines.dropFirst()
    }

    // MARK: - Text

    static func sorted(_ handlers: [BridgeHandler]) -> [BridgeHandler] {
        handlers.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
    }

    private static func nameUnion(_ handlers: [BridgeHandler]) -> String {
        handlers.isEmpty ? "never" : handlers.map { JSON.stringLiteral($0.name) }.joined(separator: " | ")
    }

    /// An identifier as is; anything else (`my-handler`, `2fa`) as a string literal.
    static func propertyName(_ name: String) -> String {
        isIdentifier(name) ? name : JSON.stringLiteral(name)
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !name.isEmpty else { return false }
        func isStart(_ s: Unicode.Scalar) -> Bool { s == "_" || s == "$" || (s.isASCII && s.properties.isAlphabetic) }
        return isStart(first) && name.unicodeScalars.allSatisfy { isStart($0) || ("0"..."9").contains($0) }
    }

    /// A description's lines, safe inside a `/** */` comment.
    static func descriptionLines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "*/", with: "*\\/")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).trimmingTrailingSpaces() }
    }

    /// A handler name inside a JSDoc line: no line breaks, no `*/`.
    static func docName(_ name: String) -> String {
        descriptionLines(name).joined(separator: " ")
    }

    /// A JSDoc comment: one line when the text is one line, else a block.
    static func jsDoc(_ lines: [String], indent: String) -> String {
        if lines.count == 1 { return "\(indent)/** \(lines[0]) */" }
        var out = "\(indent)/**\n"
        for line in lines { out += line.isEmpty ? "\(indent) *\n" : "\(indent) * \(line)\n" }
        return out + "\(indent) */"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while let last = copy.last, last == " " || last == "\t" || last == "\r" { copy.removeLast() }
        return copy
    }
}
