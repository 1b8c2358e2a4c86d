/// Everything known about one handler name across both languages.
struct HandlerSummary: Hashable, Sendable {
    var name: String
    var uses: [HandlerUse]
    var registrations: [HandlerRegistration]
}

/// The checked model of a run: the findings (sorted, suppressions applied), the handler table
/// and the contract. Reporters render it; later stages add their findings to it.
public struct Report: Sendable {
    public var diagnostics: [Diagnostic]
    var handlers: [HandlerSummary]
    /// The bridge contract derived from the scripts and the config.
    var contract: BridgeContract
    /// How many input files were analysed.
    public var fileCount: Int
    /// The inputs, kept so reporters can convert byte columns (SARIF counts UTF-16 units).
    let sources: [String: [UInt8]]
    /// The `hawser-ignore:` comments of the inputs.
    var suppressions: [Suppression] = []
    /// Every templated use, by position, with the names its placeholders are filled in with.
    var templatedUses: [TemplatePairing.Templated] = []
    /// The scripts that use `await` at their top level (`JavaScriptFacts.usesTopLevelAwait`),
    /// by path: the build wraps them in an async function.
    var topLevelAwaitFiles: Set<String> = []
    /// What each script's top level declares, and whether it is strict
    /// (`JavaScriptFacts.topLevel`), by path: the build keeps these globals when it wraps a script.
    var topLevels: [String: TopLevelBindings] = [:]
    /// For each handler that scripts post to and native code registers by hand: whether its
    /// payloads were checked against what the receiver reads (`NativePayloadChecker`).
    var payloadChecks: [String: NativePayloadChecker.Status] = [:]

    /// Adds findings of later stages, applying the suppressions and keeping the order.
    mutating func add(_ more: [Diagnostic]) {
        diagnostics = Self.finish(diagnostics + more, suppressions: suppressions)
    }

    /// Removes suppressed and duplicate findings and sorts them. A finding whose code cannot
    /// be suppressed (`DiagnosticCode.isSuppressible`) stays, and says why the comment that
    /// names it has no effect.
    static func finish(_ diagnostics: [Diagnostic], suppressions: [Suppression]) -> [Diagnostic] {
        struct Key: Hashable {
            var file: String
            var line: Int
            var code: String
        }
        let suppressed = Set(suppressions.flatMap { suppression in
            suppression.codes.map { Key(file: suppression.file, line: suppression.line, code: $0) }
        })
        let kept = diagnostics.compactMap { diagnostic -> Diagnostic? in
            guard suppressed.contains(Key(file: diagnostic.location.file, line: diagnostic.location.line, code: diagnostic.code.rawValue)) else {
                return diagnostic
            }
            guard !diagnostic.code.isSuppressible else { return nil }
            var kept = diagnostic
            let note = " (hawser-ignore cannot suppress \(diagnostic.code.rawValue): it decides what hawser build emits)"
            if !kept.message.hasSuffix(note) { kept.message += note }
            return kept
        }
        return Array(Set(kept)).sorted(by: Diagnostic.sortKey)
    }

    /// How many handler names the scripts use, the Swift registers or the config declares.
    public var handlerCount: Int { handlers.count }
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }

    /// The 1-based UTF-16 column of `location`, whose column counts UTF-8 bytes.
    func utf16Column(of location: SourceLocation) -> Int {
        guard let bytes = sources[location.file] else { return location.column }
        var line = 1, index = 0
        while index < bytes.count, line < location.line {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
            } else if bytes[index] == UInt8(ascii: "\r"), !(index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n")) {
                line += 1
            }
            index += 1
        }
        let end = min(bytes.count, index + location.column - 1)
        return String(decoding: bytes[index..<end], as: UTF8.self).utf16.count + 1
    }
}

extension Report {
    /// A report of the front ends' facts and the checks' findings, with the handler table made from them.
    /// A templated use is in the table under each name its placeholders are filled in with, and
    /// in `templatedUses`.
    init(
        diagnostics: [Diagnostic], uses: [HandlerUse], registrations: [HandlerRegistration], contract: BridgeContract,
        inputs: [SourceFile], suppressions: [Suppression], placeholderBindings: [PlaceholderBinding] = []
    ) {
        let pairing = TemplatePairing(uses: uses, bindings: placeholderBindings)
        let uses = pairing.uses
        templatedUses = pairing.templated
        let registrationsByName = Dictionary(grouping: registrations, by: \.name)
        let usesByName = Dictionary(grouping: uses, by: \.name)
        handlers = Set(usesByName.keys).union(registrationsByName.keys).union(contract.names).sorted().map { name in
            HandlerSummary(
                name: name,
                uses: (usesByName[name] ?? []).sorted { $0.location < $1.location },
                registrations: (registrationsByName[name] ?? []).sorted { $0.location < $1.location })
        }
        var sources: [String: [UInt8]] = [:]
        for file in inputs { sources[file.path] = file.bytes }
        self.diagnostics = Self.finish(diagnostics, suppressions: suppressions)
        self.contract = contract
        self.fileCount = sources.count
        self.sources = sources
        self.suppressions = suppressions
    }
}
