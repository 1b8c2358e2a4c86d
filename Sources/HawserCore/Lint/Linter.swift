import TreeSitter

/// The inputs of a lint run, in memory.
public struct LintInput: Sendable {
    /// `.js` and `.html` files from the scripts folders.
    public var scripts: [SourceFile]
    /// `.swift` files from the Swift folders.
    public var swift: [SourceFile]

    public init(scripts: [SourceFile], swift: [SourceFile]) {
        self.scripts = scripts
        self.swift = swift
    }
}

/// Runs the pipeline: parse and extract facts from each language, check them against each
/// other, apply suppressions, and sort.
public enum Linter {
    public static func lint(_ input: LintInput) -> LintReport {
        let scriptFacts = input.scripts.map(analyzeScript)
        let swiftFacts = SwiftFrontEnd.analyze(input.swift)
        var sources: [String: [UInt8]] = [:]
        for file in input.scripts + input.swift { sources[file.path] = file.bytes }
        return HandlerChecker.check(scripts: scriptFacts, swift: swiftFacts, sources: sources)
    }

    /// Analyses a `.js` file, or every inline script of an `.html` file.
    public static func analyzeScript(_ file: SourceFile) -> JavaScriptFacts {
        let lowercasedPath = file.path.lowercased()
        guard lowercasedPath.hasSuffix(".html") || lowercasedPath.hasSuffix(".htm") else {
            return JavaScriptFrontEnd.analyze(script: file.bytes, file: file.path)
        }
        var facts = JavaScriptFacts(file: file.path)
        for script in HTMLScriptExtractor.inlineScripts(in: file.bytes) {
            let part = JavaScriptFrontEnd.analyze(script: script.bytes, file: file.path, origin: script.origin)
            facts.uses += part.uses
            facts.diagnostics += part.diagnostics
            facts.suppressions += part.suppressions
        }
        return facts
    }
}
