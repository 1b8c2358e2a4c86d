import Foundation

/// The contents of `hawser.json`. Paths are as written, relative to the folder that holds
/// the file; the CLI resolves them.
public struct HawserConfig: Equatable, Sendable {
    /// Folders of user scripts (`.js`, `.css`) and pages (`.html`, linted only).
    public var scripts: [String] = ["userscripts"]
    /// Folders of Swift sources to scan for registrations.
    public var swift: [String] = ["."]
    /// The folder `hawser build` writes to.
    public var output: String = "output"
    /// The name of the generated Swift namespace and files.
    public var name: String = "Bridge"
    /// Who registers the handlers: the app itself, or the generated Swift.
    public var registration: Registration = .manual
    /// The transport of every request handler that does not set its own.
    var requestTransport: Transport = .reply
    /// Handlers declared or overridden in the config, by name.
    var handlers: [String: HandlerOverride] = [:]
    var runtime = RuntimeOptions()
    /// Native-feel presets, in the order given.
    var nativeFeel: [NativeFeelPreset] = []
    /// Origins (`scheme://host[:port]`) whose frames may post to any handler; empty allows all.
    var allowedOrigins: [String] = []
    /// The placeholder forms script templates contain (`%NAME%`), in the order given.
    var placeholders: [PlaceholderForm] = []
    /// Folders of the app's own web content (`.js`, `.html`): linted, never compiled or injected.
    public var pages: [String] = []
    /// Glob patterns (`PathPattern`) of files not to read, relative to the config's folder.
    public var exclude: [String] = []
    /// Names, or `*` patterns, that the app registers in ways no static reading can see.
    var registered: [RegisteredName] = []
    /// Whether a bundled entry carries its source map (`inline`, a `data:` URL after the
    /// script) or none (`none`: smaller scripts for a release build).
    public var sourceMaps: SourceMaps = .inline
    /// Metadata for scripts whose own block does not give it, by path (relative to the config's
    /// folder as written; the CLI makes them display paths like the scripts'). What
    /// `hawser init` writes to keep each script injected as the app injects it today.
    public var scriptMetadata: [String: ScriptDefaults] = [:]

    public init() {}

    /// A `scriptMetadata.<path>` entry: the `@run-at`, `@noframes` and `@world` of a script that
    /// does not write them.
    public struct ScriptDefaults: Equatable, Sendable {
        var runAt: InjectionTime?
        var mainFrameOnly: Bool?
        var world: ContentWorldSpec?

        init(runAt: InjectionTime? = nil, mainFrameOnly: Bool? = nil, world: ContentWorldSpec? = nil) {
            self.runAt = runAt
            self.mainFrameOnly = mainFrameOnly
            self.world = world
        }

        /// The entry as `hawser.json` writes it, its keys in order.
        var json: JSON {
            var members: [(String, JSON)] = []
            if let runAt { members.append(("runAt", .string(runAt == .documentStart ? "document-start" : "document-end"))) }
            if let mainFrameOnly { members.append(("mainFrameOnly", .bool(mainFrameOnly))) }
            if let world { members.append(("world", .string(world.metadataValue))) }
            return .object(members)
        }
    }

    public enum Registration: String, CaseIterable, Sendable {
        case manual, generated
    }

    /// The `sourceMaps` setting (and `hawser build --source-maps`).
    public enum SourceMaps: String, CaseIterable, Sendable {
        case inline, none
    }

    /// A `handlers.<name>` entry.
    struct HandlerOverride: Equatable, Sendable {
        var kind: HandlerKind?
        var transport: Transport?
        /// The declared payload schema.
        var payload: PayloadType?
        /// The declared reply schema (requests only).
        var reply: PayloadType?
        /// Origins allowed to post to this handler, replacing `allowedOrigins`.
        var origins: [String]?
        /// Only the main frame may post to this handler.
        var mainFrameOnly: Bool?

        init(
            kind: HandlerKind? = nil, transport: Transport? = nil, payload: PayloadType? = nil, reply: PayloadType? = nil,
            origins: [String]? = nil, mainFrameOnly: Bool? = nil
        ) {
            self.kind = kind
            self.transport = transport
            self.payload = payload
            self.reply = reply
            self.origins = origins
            self.mainFrameOnly = mainFrameOnly
        }
    }

    /// Every top-level key `hawser.json` accepts.
    static let keys = ["allowedOrigins", "handlers", "name", "nativeFeel", "output", "placeholders", "registration", "requestTransport", "runtime", "scriptMetadata", "scripts", "sourceMaps", "swift"]

    /// Parses `hawser.json`. Throws a `ConfigError` naming the key and the reason for anything
    /// that is not strict JSON (`JSON.parse`; then the error carries the position), an unknown
    /// key, or a value of the wrong type.
    public static func parse(_ data: [UInt8], file: String) throws(ConfigError) -> HawserConfig {
        let json: JSON
        do {
            json = try JSON.parse(data)
        } catch {
            throw ConfigError(
                file: file, key: nil, reason: "not valid JSON: \(error.reason)",
                location: SourceLocation(file: file, line: error.line, column: error.column))
        }
        guard let members = json.sortedMembers else {
            throw ConfigError(file: file, key: nil, reason: "the top level must be a JSON object")
        }
        let reader = ConfigReader(file: file)
        var config = HawserConfig()
        for (key, value) in members {
            switch key {
            case "pages": config.pages = try reader.paths(value, key: key)
            case "exclude": config.exclude = try readExclude(value, key: key, file: file)
            case "registered": config.registered = try readRegistered(value, key: key, file: file, data: data)
            case "scripts": config.scripts = try reader.paths(value, key: key)
            case "swift": config.swift = try reader.paths(value, key: key)
            case "output": config.output = try reader.path(value, key: key)
            case "name":
                guard let name = value.stringValue, JavaScriptIdentifier.isValid(name), name.first?.isUppercase == true else {
                    throw reader.error(key, "expected a Swift type name such as \"Bridge\" (ASCII letters and digits, starting with an upper-case letter)")
                }
                config.name = name
            case "registration": config.registration = try reader.choice(value, key: key)
            case "sourceMaps": config.sourceMaps = try reader.choice(value, key: key)
            case "requestTransport": config.requestTransport = try reader.choice(value, key: key)
            case "handlers": config.handlers = try reader.handlers(value, key: key)
            case "runtime": config.runtime = try reader.runtime(value, key: key)
            case "nativeFeel": config.nativeFeel = try reader.presets(value, key: key)
            case "allowedOrigins": config.allowedOrigins = try reader.origins(value, key: key)
            case "placeholders": config.placeholders = try reader.placeholders(value, key: key)
            case "scriptMetadata": config.scriptMetadata = try reader.scriptMetadata(value, key: key)
            default: throw reader.unknownKey(key, path: key, known: (keys + adoptionKeys).sorted())
            }
        }
        return config
    }
}

/// A problem with the configuration file. The CLI exits 2 with its description.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public var file: String
    /// The key path, such as `handlers.readFile.transport`.
    public var key: String?
    public var reason: String
    /// Where in the file, for text that is not JSON; nil for a problem with a key or value,
    /// which the key path locates.
    public var location: SourceLocation?

    init(file: String, key: String?, reason: String, location: SourceLocation? = nil) {
        self.file = file
        self.key = key
        self.reason = reason
        self.location = location
    }

    /// `hawser.json: 'key': reason`, or `hawser.json:4:17: reason` with a location.
    public var description: String {
        let place = location?.description ?? file
        if let key { return "\(place): '\(key)': \(reason)" }
        return "\(place): \(reason)"
    }
}

/// Typed reads of JSON values, each failing with a `ConfigError` at its key path.
private struct ConfigReader {
    let file: String

    func error(_ key: String, _ reason: String) -> ConfigError {
        ConfigError(file: file, key: key, reason: reason)
    }

    func unknownKey(_ key: String, path: String, known: [String]) -> ConfigError {
        let suffix = NameSuggester.suffix(for: key, among: known)
        if !suffix.isEmpty { return error(path, "unknown key" + suffix) }
        return error(path, "unknown key (known keys: \(known.joined(separator: ", ")))")
    }

    func path(_ value: JSON, key: String) throws(ConfigError) -> String {
        guard let string = value.stringValue else { throw error(key, "expected a string") }
        guard !string.isEmpty else { throw error(key, "paths must not be empty") }
        return string
    }

    func paths(_ value: JSON, key: String) throws(ConfigError) -> [String] {
        guard let strings = value.stringsValue else { throw error(key, "expected an array of strings") }
        if strings.contains(where: \.isEmpty) { throw error(key, "paths must not be empty") }
        return strings
    }

    func choice<T: RawRepresentable & CaseIterable>(_ value: JSON, key: String) throws(ConfigError) -> T where T.RawValue == String {
        let allowed = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
        guard let string = value.stringValue else { throw error(key, "expected \(allowed)") }
        guard let result = T(rawValue: string) else { throw error(key, "'\(string)' is not valid; expected \(allowed)") }
        return result
    }

    /// The members of an object, sorted by key.
    func object(_ value: JSON, key: String) throws(ConfigError) -> [(key: String, value: JSON)] {
        guard let members = value.sortedMembers else { throw error(key, "expected an object") }
        return members
    }

    func handlers(_ value: JSON, key: String) throws(ConfigError) -> [String: HawserConfig.HandlerOverride] {
        var result: [String: HawserConfig.HandlerOverride] = [:]
        for (name, entry) in try object(value, key: key) {
            let path = "\(key).\(name)"
            guard !name.isEmpty else { throw error(key, "handler names must not be empty") }
            var override = HawserConfig.HandlerOverride()
            let fields = ["kind", "mainFrameOnly", "origins", "payload", "reply", "transport"]
            for (field, fieldValue) in try object(entry, key: path) {
                let fieldPath = "\(path).\(field)"
                switch field {
                case "kind": override.kind = try choice(fieldValue, key: fieldPath)
                case "transport": override.transport = try choice(fieldValue, key: fieldPath)
                case "payload": override.payload = try schema(fieldValue, key: fieldPath)
                case "reply": override.reply = try schema(fieldValue, key: fieldPath)
                case "origins": override.origins = try origins(fieldValue, key: fieldPath)
                case "mainFrameOnly":
                    guard case .bool(let flag) = fieldValue else { throw error(fieldPath, "expected true or false") }
                    override.mainFrameOnly = flag
                default: throw unknownKey(field, path: fieldPath, known: fields)
                }
            }
            if override.reply != nil, override.kind == .message {
                throw error("\(path).reply", "a message handler gets no reply; remove 'reply' or make it a request")
            }
            result[name] = override
        }
        return result
    }

    func scriptMetadata(_ value: JSON, key: String) throws(ConfigError) -> [String: HawserConfig.ScriptDefaults] {
        var result: [String: HawserConfig.ScriptDefaults] = [:]
        for (path, entry) in try object(value, key: key) {
            let entryPath = "\(key).\(path)"
            guard !path.isEmpty, !path.hasPrefix("/") else { throw error(key, "expected script paths relative to the config's folder") }
            var defaults = HawserConfig.ScriptDefaults()
            for (field, fieldValue) in try object(entry, key: entryPath) {
                let fieldPath = "\(entryPath).\(field)"
                switch field {
                case "runAt":
                    switch fieldValue.stringValue {
                    case "document-start": defaults.runAt = .documentStart
                    case "document-end", "document-idle": defaults.runAt = .documentEnd
                    default: throw error(fieldPath, "expected \"document-start\", \"document-end\" or \"document-idle\", as @run-at takes")
                    }
                case "mainFrameOnly":
                    guard case .bool(let flag) = fieldValue else { throw error(fieldPath, "expected true or false") }
                    defaults.mainFrameOnly = flag
                case "world":
                    guard let name = fieldValue.stringValue, !name.isEmpty, !name.contains(where: \.isWhitespace) else {
                        throw error(fieldPath, "expected \"page\", \"defaultClient\" or a world name without whitespace, as @world takes")
                    }
                    defaults.world = ContentWorldSpec(metadataValue: name)
                default: throw unknownKey(field, path: fieldPath, known: ["mainFrameOnly", "runAt", "world"])
                }
            }
            result[path] = defaults
        }
        return result
    }

    func schema(_ value: JSON, key: String) throws(ConfigError) -> PayloadType {
        do {
            return try JSONSchemaReader.read(value, path: key)
        } catch {
            throw ConfigError(file: file, key: error.path, reason: error.reason)
        }
    }

    func origins(_ value: JSON, key: String) throws(ConfigError) -> [String] {
        guard let strings = value.stringsValue else {
            throw error(key, "expected an array of origins such as \"https://example.com\"")
        }
        var normalized: [String] = []
        for (index, origin) in strings.enumerated() {
            guard let origin = Origin.normalize(origin) else {
                throw error("\(key)[\(index)]", "'\(origin)' is not an origin; expected scheme://host or scheme://host:port, such as \"https://example.com\"")
            }
            normalized.append(origin)
        }
        return normalized
    }

    func runtime(_ value: JSON, key: String) throws(ConfigError) -> RuntimeOptions {
        var options = RuntimeOptions()
        for (field, fieldValue) in try object(value, key: key) {
            let path = "\(key).\(field)"
            switch field {
            case "global":
                guard let name = fieldValue.stringValue, JavaScriptIdentifier.isValid(name) else {
                    throw error(path, "expected a JavaScript identifier")
                }
                options.global = name
            case "timeoutMs":
                // A whole number, also when written with a fraction or exponent (30000.0, 3e4).
                let milliseconds: Int?
                switch fieldValue {
                case .int(let number): milliseconds = number
                case .double(let number) where number == number.rounded() && abs(number) <= 86_400_000: milliseconds = Int(number)
                default: milliseconds = nil
                }
                guard let milliseconds, milliseconds >= 0, milliseconds <= 86_400_000 else {
                    throw error(path, "expected a whole number of milliseconds from 0 to 86400000")
                }
                options.timeoutMs = milliseconds
            default:
                throw unknownKey(field, path: path, known: ["global", "timeoutMs"])
            }
        }
        return options
    }

    func placeholders(_ value: JSON, key: String) throws(ConfigError) -> [PlaceholderForm] {
        let example = "such as \"%NAME%\" or \"$<NAME>\""
        guard let array = value.arrayValue else { throw error(key, "expected an array of placeholder forms \(example)") }
        var forms: [PlaceholderForm] = []
        for (index, item) in array.enumerated() {
            let path = "\(key)[\(index)]"
            guard let written = item.stringValue else { throw error(path, "expected a placeholder form \(example)") }
            let markers = written.components(separatedBy: PlaceholderForm.nameMarker).count - 1
            if markers == 0 {
                throw error(path, "'\(written)' does not contain NAME, which stands for the placeholder's name: write it \(example)")
            }
            if markers > 1 { throw error(path, "'\(written)' contains NAME \(markers) times; a form has one name") }
            guard let form = PlaceholderForm(written) else {
                throw error(path, "'\(written)' has no constant text before or after NAME, so it would match every identifier")
            }
            guard !forms.contains(form) else { throw error(path, "'\(written)' is listed twice") }
            forms.append(form)
        }
        return forms
    }

    func presets(_ value: JSON, key: String) throws(ConfigError) -> [NativeFeelPreset] {
        guard let array = value.arrayValue else { throw error(key, "expected an array of preset names") }
        var presets: [NativeFeelPreset] = []
        for (index, item) in array.enumerated() {
            let known = NativeFeelPreset.allCases.map(\.rawValue)
            guard let name = item.stringValue else { throw error("\(key)[\(index)]", "expected a preset name") }
            guard let preset = NativeFeelPreset(rawValue: name) else {
                let reason = "unknown preset '\(name)'" + NameSuggester.suffix(for: name, among: known)
                throw error("\(key)[\(index)]", reason + " (presets: \(known.joined(separator: ", ")))")
            }
            guard !presets.contains(preset) else { throw error("\(key)[\(index)]", "preset '\(name)' is listed twice") }
            presets.append(preset)
        }
        return presets
    }
}

/// JavaScript identifier rules, for names Hawser emits into scripts.
enum JavaScriptIdentifier {
    static let reservedWords: Set<String> = [
        "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete",
        "do", "else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "implements",
        "import", "in", "instanceof", "interface", "let", "new", "null", "package", "private", "protected",
        "public", "return", "static", "super", "switch", "this", "throw", "true", "try", "typeof", "var",
        "void", "while", "with", "yield",
    ]

    /// An ASCII identifier that is not a reserved word.
    static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !reservedWords.contains(name) else { return false }
        func isStart(_ s: Unicode.Scalar) -> Bool { (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || s == "_" || s == "$" }
        return isStart(first) && name.unicodeScalars.allSatisfy { isStart($0) || ($0 >= "0" && $0 <= "9") }
    }
}

/// Web origins as `allowedOrigins` and `origins` write them.
enum Origin {
    /// `scheme://host[:port]` in lower case, without a default port (80 for http, 443 for
    /// https); nil when `text` is not such an origin (a path, query, user or wildcard).
    static func normalize(_ text: String) -> String? {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound].lowercased()
        var rest = text[separator.upperBound...].lowercased()
        if rest.hasSuffix("/") { rest.removeLast() }
        guard let first = scheme.unicodeScalars.first, ("a"..."z").contains(first),
              scheme.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+.-".unicodeScalars.contains($0) }),
              !rest.isEmpty
        else { return nil }
        var host = rest
        var port: String?
        if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") || rest.contains("]:") {
            host = String(rest[..<colon])
            port = String(rest[rest.index(after: colon)...])
        }
        guard !host.isEmpty, host.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || ".-[]:".unicodeScalars.contains($0) }) else { return nil }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCII), let number = Int(port), number <= 65535 else { return nil }
            if (scheme == "http" && number == 80) || (scheme == "https" && number == 443) { return "\(scheme)://\(host)" }
            return "\(scheme)://\(host):\(number)"
        }
        return "\(scheme)://\(host)"
    }
}
