import Dispatch
import TreeSitter

/// The inputs of a lint or build run, in memory.
public struct LintInput: Sendable {
    /// `.js`, `.css` and `.html` files from the scripts folders.
    public var scripts: [SourceFile]
    /// `.swift` files from the Swift folders.
    public var swift: [SourceFile]
    public var config: HawserConfig
    /// `schemas/<handler>.json` files from the scripts folders.
    public var schemas: [SourceFile]

    public init(scripts: [SourceFile], swift: [SourceFile], config: HawserConfig = HawserConfig(), schemas: [SourceFile] = []) {
        self.scripts = scripts
        self.swift = swift
        self.config = config
        self.schemas = schemas
    }
}

/// Runs the front of the pipeline: parse and extract facts from each language, derive the
/// contract, check everything against each other, apply suppressions, and sort.
public enum Linter {
    public static func lint(_ input: LintInput) -> LintReport {
        let global = input.config.runtime.global
        let scriptFacts = concurrentMap(input.scripts.filter { !isStyleSheet($0.path) }) { analyzeScript($0, runtimeGlobal: global) }
        let swiftFacts = SwiftFrontEnd.analyze(input.swift)
        let (contract, contractDiagnostics) = BridgeContract.derive(uses: scriptFacts.flatMap(\.uses), config: input.config)

        var diagnostics = scriptFacts.flatMap(\.diagnostics) + swiftFacts.diagnostics + contractDiagnostics
        diagnostics += HandlerChecker.check(scripts: scriptFacts, swift: swiftFacts, contract: contract, registration: input.config.registration)

        let suppressions = scriptFacts.flatMap(\.suppressions) + swiftFacts.suppressions
        diagnostics = LintReport.finish(diagnostics, suppressions: suppressions)

        let uses = scriptFacts.flatMap(\.uses)
        let registrationsByName = Dictionary(grouping: swiftFacts.registrations, by: \.name)
        let handlers = Set(uses.map(\.name)).union(registrationsByName.keys).union(contract.names).sorted().map { name in
            HandlerSummary(
                name: name,
                uses: uses.filter { $0.name == name }.sorted { $0.location < $1.location },
                registrations: (registrationsByName[name] ?? []).sorted { $0.location < $1.location })
        }
        var sources: [String: [UInt8]] = [:]
        for file in input.scripts + input.swift { sources[file.path] = file.bytes }
        return LintReport(
            diagnostics: diagnostics, handlers: handlers, contract: contract, fileCount: sources.count, sources: sources,
            suppressions: suppressions)
    }

    /// Analyses a `.js` file, or every inline script of an `.html` file.
    public static func analyzeScript(_ file: SourceFile, runtimeGlobal: String = RuntimeOptions.defaultGlobal) -> JavaScriptFacts {
        let lowercasedPath = file.path.lowercased()
        guard lowercasedPath.hasSuffix(".html") || lowercasedPath.hasSuffix(".htm") else {
            return JavaScriptFrontEnd.analyze(script: file.bytes, file: file.path, runtimeGlobal: runtimeGlobal)
        }
        var facts = JavaScriptFacts(file: file.path)
        for script in HTMLScriptExtractor.inlineScripts(in: file.bytes) {
            let part = JavaScriptFrontEnd.analyze(script: script.bytes, file: file.path, origin: script.origin, runtimeGlobal: runtimeGlobal)
            facts.uses += part.uses
            facts.diagnostics += part.diagnostics
            facts.suppressions += part.suppressions
        }
        return facts
    }

    static func isStyleSheet(_ path: String) -> Bool { path.lowercased().hasSuffix(".css") }

    /// `items.map(transform)`, spread over the machine's cores; the order of results is kept.
    static func concurrentMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        let results = ResultSlots<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.set(index, transform(items[index]))
        }
        return results.values()
    }
}

/// One slot per result, each written by exactly one iteration of `concurrentPerform`, which
/// returns only when all are done.
private final class ResultSlots<R>: @unchecked Sendable {
    private var slots: [R?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: R) {
        slots.withUnsafeMutableBufferPointer { $0[index] = value }
    }

    func values() -> [R] { slots.compactMap { $0 } }
}
