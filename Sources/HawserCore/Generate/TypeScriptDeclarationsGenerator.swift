/// `<Name>.d.ts`: TypeScript declarations for the runtime global and
/// `window.webkit.messageHandlers`, typed per handler from one interface of the contract's handlers
/// (`HawserHandlers`), so a misspelt handler name or a payload of the wrong shape is a type error.
///
/// `call` and `post` are each one generic signature over the handler's name, not one overload per
/// handler: with overloads, tsc answers a wrong payload with "No overload matches this call" and
/// the last overload's complaint about the *name*. With one signature, tsc reports the wrong field
/// itself, and an object payload's type is `HawserPayload<"readFile">` (an alias of a mapped type
/// keeps its name and arguments in tsc's messages), so the message names the handler too.
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
        line("// `window.webkit.messageHandlers`, typed per handler of the contract (`HawserHandlers`).")
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

        line("/**")
        line(" * Every handler of the contract: its payload and, for a request, native's reply. `call`,")
        line(" * `post` and `postMessage` take their types from here by the handler's name.")
        line(" */")
        line("export interface HawserHandlers {")
        for handler in handlers {
            var doc: [String]
            switch handler.kind {
            case .request:
                doc = ["The request `\(docName(handler.name))` (\((handler.transport ?? .reply).rawValue) transport), sent with `\(global).call`."]
            case .message:
                doc = ["The message `\(docName(handler.name))`, posted with `\(global).post`."]
            }
            doc += entryDocs(handler)
            line(jsDoc(doc, indent: "  "))
            line("  readonly \(propertyName(handler.name)): {")
            line("    readonly payload: \(typeText(handler.payload, indent: "    ", documented: true));")
            if handler.kind == .request {
                line("    readonly reply: \(typeText(handler.reply ?? .json, indent: "    ", documented: true));")
            }
            line("  };")
        }
        line("}")
        line()
        line("/**")
        line(" * The payload of the handler `K` as `call`, `post` and `postMessage` take it. An object payload")
        line(" * is `HawserPayload<K>`, so tsc's messages name the handler: a wrong field's \"expected type")
        line(" * comes from property 'path' which is declared here on type 'HawserPayload<\"readFile\">'\".")
        line(" */")
        line("export type HawserPayloadParameter<K extends HandlerName> = null extends HawserHandlers[K][\"payload\"]")
        line("  ? HawserHandlers[K][\"payload\"]")
        line("  : HawserPayload<K>;")
        line()
        line("/**")
        line(" * `HawserHandlers[K][\"payload\"]` under a name that tsc shows with the handler's: for an object or")
        line(" * array payload (a mapped type turns null into `{}`; `HawserPayloadParameter<K>` serves every payload).")
        line(" */")
        line("export type HawserPayload<K extends HandlerName> = { [P in keyof HawserHandlers[K][\"payload\"]]: HawserHandlers[K][\"payload\"][P] };")
        line()
        line("/** The reply of the request `K`. */")
        line("export type HawserReply<K extends RequestHandlerName> = HawserHandlers[K][\"reply\"];")
        line()
        line("/** Options of one `call`: `timeoutMs` overrides the default; 0 waits forever. */")
        line("export interface HawserCallOptions {")
        line("  timeoutMs?: number;")
        line("}")
        line()

        line("/** The runtime Hawser injects as `\(global)`: a frozen, non-writable global. */")
        line("export interface HawserRuntime {")
        if requests.isEmpty {
            line("  /** The contract has no request handlers. */")
            line("  call(name: never, payload: never, options?: HawserCallOptions): Promise<never>;")
        } else {
            line("  /**")
            line("   * Sends the request `name` (`HawserHandlers` lists them) and resolves with native's reply.")
            line("   * Never throws; rejects with a `HawserError`. The payload may be left out only when it is null.")
            line("   */")
            line("  call<K extends RequestHandlerName>(")
            line("    name: K,")
            line("    ...payloadAndOptions: HawserHandlers[K][\"payload\"] extends null")
            line("      ? [payload?: null, options?: HawserCallOptions]")
            line("      : [payload: HawserPayloadParameter<K>, options?: HawserCallOptions]")
            line("  ): Promise<HawserReply<K>>;")
        }
        if messages.isEmpty {
            line("  /** The contract has no message handlers. */")
            line("  post(name: never, payload: never): boolean;")
        } else {
            line("  /**")
            line("   * Posts the message `name` (`HawserHandlers` lists them). Never throws; returns false when the")
            line("   * handler is unavailable or the payload cannot be posted. The payload may be left out only when")
            line("   * it is null.")
            line("   */")
            line("  post<K extends MessageHandlerName>(")
            line("    name: K,")
            line("    ...payload: HawserHandlers[K][\"payload\"] extends null ? [payload?: null] : [payload: HawserPayloadParameter<K>]")
            line("  ): boolean;")
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
            let name = JSON.stringLiteral(handler.name)
            let payload = handler.payload == .null ? "payload?: null" : "payload: HawserPayloadParameter<\(name)>"
            switch (handler.kind, handler.transport ?? .reply) {
            case (.message, _):
                line("  readonly \(propertyName(handler.name)): { postMessage(\(payload)): void };")
            case (.request, .reply):
                line("  readonly \(propertyName(handler.name)): { postMessage(\(payload)): Promise<HawserReply<\(name)>> };")
            case (.request, .settle):
                line("  /** Settle transport: native answers through `\(global).settle(id, …)`; prefer `\(global).call`. */")
                line("  readonly \(propertyName(handler.name)): { postMessage(envelope: { id: string; payload: HawserPayloadParameter<\(name)> }): void };")
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

    /// The payload's and the reply's descriptions, for the handler's entry in `HawserHandlers`.
    private static func entryDocs(_ handler: BridgeHandler) -> [String] {
        var lines: [String] = []
        if case .object(let object) = handler.payload, let description = object.description {
            lines += paramLines("Payload:", description)
        }
        if let reply = handler.reply, case .object(let object) = reply, let description = object.description {
            lines += paramLines("Reply:", description)
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
