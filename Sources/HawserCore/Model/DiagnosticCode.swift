/// The stable identifiers of every finding. The raw value is what users see and write in
/// `hawser-ignore:` comments; it never changes once released.
public enum DiagnosticCode: String, CaseIterable, Sendable, Codable {
    case syntaxError = "syntax-error"
    case unregisteredHandler = "unregistered-handler"
    case unknownHandlerMethod = "unknown-handler-method"
    case replyExpected = "reply-expected"
    case dynamicHandlerName = "dynamic-handler-name"
    case unusedHandler = "unused-handler"
    case unresolvedRegistration = "unresolved-registration"
    case unknownDispatchName = "unknown-dispatch-name"
    case duplicateRegistration = "duplicate-registration"
    case kindConflict = "kind-conflict"
    case invalidMetadata = "invalid-metadata"
    case invalidSchema = "invalid-schema"
    case payloadConflict = "payload-conflict"
    case payloadMismatch = "payload-mismatch"
    case worldMismatch = "world-mismatch"
    case unreadableFile = "unreadable-file"
    case unresolvedImport = "unresolved-import"
    case moduleError = "module-error"
    case ignoredMetadata = "ignored-metadata"
    case notAClassicScript = "not-a-classic-script"
    case unsupportedTypeScript = "unsupported-typescript"
    case duplicateGlobal = "duplicate-global"
    case unreachableScriptFunction = "unreachable-script-function"
    case unknownScriptFunction = "unknown-script-function"
    case missingPayloadKey = "missing-payload-key"
    case payloadKindMismatch = "payload-kind-mismatch"
    case metadataMismatch = "metadata-mismatch"

    public var defaultSeverity: Severity {
        switch self {
        case .syntaxError, .unregisteredHandler, .unknownHandlerMethod, .replyExpected, .kindConflict, .invalidMetadata, .invalidSchema,
             .payloadMismatch, .worldMismatch, .unreadableFile, .unresolvedImport, .moduleError, .notAClassicScript,
             .unsupportedTypeScript, .duplicateGlobal, .missingPayloadKey, .payloadKindMismatch:
            return .error
        case .dynamicHandlerName, .unusedHandler, .unresolvedRegistration, .unknownDispatchName,
             .duplicateRegistration, .payloadConflict, .ignoredMetadata, .unreachableScriptFunction, .unknownScriptFunction,
             .metadataMismatch:
            return .warning
        }
    }

    /// Whether a `hawser-ignore:` comment can silence it. The codes that decide what
    /// `hawser build` emits cannot: `invalid-metadata` (a script's name, a collision, a reserved
    /// name, its metadata, its `@require`s: a script would be dropped or emitted differently),
    /// `invalid-schema` (a handler's types) and `kind-conflict` (whether a handler is a message
    /// or a request). Silencing them would make the build silently change its output.
    public var isSuppressible: Bool {
        switch self {
        case .invalidMetadata, .invalidSchema, .kindConflict, .unresolvedImport, .moduleError, .notAClassicScript, .unsupportedTypeScript:
            return false
        default: return true
        }
    }

    /// A one-line description, used by SARIF rule metadata.
    public var summary: String {
        switch self {
        case .syntaxError: return "A script does not parse."
        case .unregisteredHandler: return "A script uses a message handler name that no Swift registration provides."
        case .unknownHandlerMethod: return "A method other than postMessage is called on a message handler."
        case .replyExpected: return "A script uses the result of postMessage for a handler registered without reply."
        case .dynamicHandlerName: return "A handler name is computed at runtime and cannot be checked."
        case .unusedHandler: return "A handler is registered in Swift but no script uses it."
        case .unresolvedRegistration: return "A registered handler name cannot be resolved statically."
        case .unknownDispatchName: return "Swift compares message.name with a name that is never registered."
        case .duplicateRegistration: return "The same handler name is registered twice in one function, or registered by hand and by the generated bridge."
        case .kindConflict: return "One handler is used both as a message and as a request."
        case .invalidSchema: return "A schema file under schemas/ is malformed, duplicated, or names no known handler."
        case .invalidMetadata: return "A user script's metadata is malformed, or its name or @require is wrong."
        case .payloadConflict: return "Scripts pass literals of different kinds at the same position of a handler's payload, so its inferred type falls back to any JSON value."
        case .payloadMismatch: return "A script's payload literal contradicts the payload type declared for the handler."
        case .worldMismatch: return "A script in a known content world uses a handler registered only in other worlds."
        case .unreadableFile: return "An input file cannot be read, or is not UTF-8 text (another encoding, or binary)."
        case .unresolvedImport: return "An import or require names a file or package that cannot be found, a node built-in, or a subpath its package does not export."
        case .moduleError: return "A module cannot be bundled into a classic script: a missing or ambiguous export, import(), import.meta, top-level await outside an entry."
        case .ignoredMetadata: return "A script that another script imports has a metadata block, which is ignored: a module is never injected on its own."
        case .unsupportedTypeScript: return "TypeScript that Hawser neither erases nor compiles (a namespace with values, a decorator, a declare with a value, JSX in a script): the message says what to write instead."
        case .duplicateGlobal: return "Two user scripts injected as written into one content world declare the same top-level name, one of them with let, const or class: WebKit rejects the second script with a SyntaxError, so none of it runs."
        case .notAClassicScript: return "An emitted script would not parse as the classic script WebKit injects (module syntax or a syntax error left in it)."
        case .unreachableScriptFunction: return "Native code evaluates a call of a function that the scripts define only where the page cannot reach it: inside a function, in a block, or at a module's top level."
        case .missingPayloadKey: return "A script posts to a hand-written handler without a key that its Swift receiver requires (a guard let or a force cast on the way in), and no post sends it."
        case .payloadKindMismatch: return "Every post to a hand-written handler sends a key (or the body) as a kind that the Swift receiver's cast never accepts."
        case .metadataMismatch: return "A script's metadata disagrees with scriptMetadata in hawser.json, or with the WKUserScript that injects the same file by hand today (when, which frames, which world)."
        case .unknownScriptFunction: return "Native code evaluates a call of a function that no script defines, and whose name is a near miss of one the page can reach."
        }
    }
}
