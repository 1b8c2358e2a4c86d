import Dispatch
import TreeSitter

#if os(Linux)
/// glibc's `malloc_trim` (from `malloc.h`, which the Glibc module does not export).
@_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32
#endif

/// The inputs of a run, in memory: what the CLI (or another tool) read from the project.
public struct ProjectInput: Sendable {
    /// `.js`, `.css` and `.html` files from the scripts folders.
    public var scripts: [SourceFile]
    /// The native sources from the Swift folders: `.swift` files, and Objective-C `.m`, `.mm`
    /// and `.h` files.
    public var swift: [SourceFile]
    public var config: HawserConfig
    /// `schemas/<handler>.json` files from the scripts folders.
    public var schemas: [SourceFile]
    /// `.js` and `.html` files of the app's own web content (the `pages` folders): linted for
    /// handler names, never compiled or injected.
    public var pages: [SourceFile]
    /// Files of any of these folders that could not be read: each is an `unreadable-file` error.
    public var unreadable: [UnreadableFile]
    /// Whether the scripts are known to be Hawser's user scripts, so that the build's checks of
    /// them (metadata, names) apply. A first run without a config (`FirstRunDefaults`) lints an
    /// app's web files for handler names only: nothing says they are built by Hawser.
    public var checksUserScripts = true
    /// Reads the files a module graph reaches beyond the listed inputs (modules elsewhere,
    /// packages): the CLI gives one that reads the disk. Without one only the listed inputs
    /// can be imported.
    public var files: (any FileProvider)?
    /// Web files whose handler uses count for pairing and nothing else: a handler one of them
    /// posts to is used (no `unused-handler`), while the files get no diagnostics of their own.
    /// A first run puts the vendored and minified files it leaves out here (`FirstRunDefaults`).
    public var pairingOnly: [SourceFile] = []

    public init(
        scripts: [SourceFile], swift: [SourceFile], config: HawserConfig = HawserConfig(), schemas: [SourceFile] = [],
        pages: [SourceFile] = [], unreadable: [UnreadableFile] = []
    ) {
        self.scripts = scripts
        self.swift = swift
        self.config = config
        self.schemas = schemas
        self.pages = pages
        self.unreadable = unreadable
    }

    /// Whether the scripts folders hold a script to inject: a `.js`, `.css` or TypeScript file.
    public var hasUserScripts: Bool { scripts.contains(where: \.isUserScript) }

    /// The inputs without Hawser's own output (`GeneratedHeader.isGenerated`), wherever it sits:
    /// a generated `Bridge.swift` among the Swift sources, an output folder inside a scripts folder.
    func withoutGeneratedFiles() -> ProjectInput {
        var input = self
        input.scripts.removeAll { GeneratedHeader.isGenerated($0.bytes) }
        input.pages.removeAll { GeneratedHeader.isGenerated($0.bytes) }
        input.swift.removeAll { GeneratedHeader.isGenerated($0.bytes) }
        return input
    }

    /// The inputs that are UTF-8 text, each without its UTF-8 byte order mark (so positions
    /// count from the first character, as an editor shows them), and one `unreadable-file` error
    /// for each file that is not text or could not be read. No later stage sees the others.
    func textOnly() -> (input: ProjectInput, diagnostics: [Diagnostic]) {
        var input = self
        var diagnostics = unreadable.map {
            Diagnostic(.unreadableFile, "cannot read the file: \($0.reason)", at: SourceLocation(file: $0.path, line: 1, column: 1))
        }
        func keepText(_ files: [SourceFile]) -> [SourceFile] {
            files.compactMap { file in
                switch SourceText.check(file.bytes) {
                case .text(let bytes):
                    var file = file
                    if bytes.count != file.bytes.count { file.bytes = bytes }
                    return file
                case .rejected(let reason, let line, let column):
                    diagnostics.append(Diagnostic(.unreadableFile, reason, at: SourceLocation(file: file.path, line: line, column: column)))
                    return nil
                }
            }
        }
        input.scripts = keepText(scripts)
        input.pages = keepText(pages)
        input.swift = keepText(swift)
        input.schemas = keepText(schemas)
        input.unreadable = []
        return (input, diagnostics)
    }
}

/// What a run produces: every finding, the scripts in injection order, and the output files
/// (empty when there is any error, so the last good output stays).
public struct PipelineResult: Sendable {
    /// Every finding of every stage, sorted, suppressions applied.
    public var report: Report
    var scripts: [CompiledScript]
    /// Output files by path relative to the output folder, `manifest.json` included; empty
    /// when rendering was not asked for or there are errors.
    public var files: [String: [UInt8]]
    /// What the generators work from; nil when there are errors.
    public var model: BridgeModel?

    public var hasErrors: Bool { report.errorCount > 0 }
    /// How many of the user's scripts the build injects (Hawser's runtime and presets not counted).
    public var scriptCount: Int { scripts.filter { $0.origin == .javaScript || $0.origin == .styleSheet }.count }
    /// How many of them are entries bundled from modules.
    public var bundledEntryCount: Int { scripts.filter(\.isBundled).count }
    /// How many distinct modules the bundled entries hold besides themselves.
    public var moduleCount: Int { Set(scripts.flatMap(\.modules)).count }
}

/// The one place that runs the stages, in order:
///
///     front ends (JavaScript, HTML, Swift, Objective-C) → analysis (contract, checks, types)
///       → compile (scripts, runtime) → generate (bridge, declarations, manifest)
///
/// `hawser lint` and `hawser stubs` run every stage but the rendering of output files;
/// `hawser build` renders them too.
public enum Pipeline {
    /// The name of `manifest.json`, which lists every output file.
    public static let manifestFile = BuildManifest.fileName

    /// Whether `bytes`, found at `file` in an output folder, is something Hawser generated: a
    /// file with Hawser's header, or (for `manifest.json`) a JSON object whose `generator`
    /// field is Hawser's. `hawser build` replaces such files; any other file there is the user's.
    public static func isOwnOutput(_ bytes: [UInt8], file: String) -> Bool {
        guard file == manifestFile else { return GeneratedHeader.isGenerated(bytes) }
        guard case .object(let members)? = try? JSON.parse(bytes),
              let generator = members.first(where: { $0.0 == "generator" })?.1.stringValue
        else { return false }
        return generator.hasPrefix(GeneratedHeader.marker)
    }

    /// Runs every check and makes the model; with `rendering`, also renders the output files.
    /// With a `cache`, the front ends' facts are looked up there before anything is parsed
    /// (`Pipeline+Cache.swift`); the result is the same with or without one.
    public static func run(_ input: ProjectInput, rendering: Bool = true, cache: FactCache? = nil) -> PipelineResult {
        let (text, textDiagnostics) = input.withoutGeneratedFiles().textOnly()
        let typescript = TypeScriptSources(cache: cache)
        let input = typescript.strip(text)
        let plan = ScanPlan(runtimeGlobal: input.config.runtime.global, placeholders: input.config.placeholders)
        let native = nativeStage(input.swift, runtimeGlobal: plan.runtimeGlobal, placeholders: plan.placeholders, cache: cache)
        let scanned = scanProject(input, plan: plan, native: native, bundling: rendering, cache: cache, typescript: typescript)
        let modules = scanned.modules
        // The scans' facts end with the analysis: what later stages read of them, the report
        // keeps (the calls and their payloads, most of the facts by size, go).
        var report = analyze(
            text: input, textDiagnostics: textDiagnostics, cache: cache, modules: modules, native: native, facts: (consume scanned).facts)
        // The scans' trees and the facts the analysis dropped are free now, but glibc's heap keeps
        // the pages they held among the live facts: give them back before the compiler's copies.
        #if os(Linux)
        _ = mallocTrim(0)
        #endif
        let userScripts = ScriptCompiler.compile(
            input.scripts.filter(\.isUserScript), reservedNames: [RuntimeScripts.runtimeName, RuntimeScripts.nativeFeelName],
            topLevelAwaitFiles: report.topLevelAwaitFiles, topLevels: report.topLevels, modules: modules, sourceMaps: input.config.sourceMaps,
            defaults: input.config.scriptMetadata, injections: native.facts.injections)
        let (types, typeDiagnostics) = HandlerTyping.resolve(
            contract: report.contract, config: input.config, schemaFiles: input.schemas, written: typescript.bridgeTypes)
        report.add((input.checksUserScripts ? userScripts.diagnostics : []) + typeDiagnostics)
        if let modules { report.add(modules.graph.diagnostics + modules.diagnostics) }
        // WebKit's own parser judges every script, module and page read, as lint and build read them.
        let verdicts = webKitVerdicts(input: input, compiled: userScripts, modules: modules, typescript: typescript, cache: cache)
        report.diagnostics = Report.finish(verdicts.applied(to: report.diagnostics), suppressions: report.suppressions)
        // Every file is read by now: the TypeScript's own findings, and the others' at its positions.
        report.diagnostics = typescript.mapBack(report.diagnostics)
        report.add(typescript.diagnostics + (input.checksUserScripts ? jsxScripts(input.scripts) : []))
        report.add(checkKnownWorlds(of: userScripts.scripts, pages: input.pages, report: report, config: input.config))

        let scripts = RuntimeScripts.scripts(config: input.config, contract: report.contract, worlds: userScripts.scripts.map(\.world))
            + userScripts.scripts
        if rendering, report.errorCount == 0 {
            report.add(checkClassic(scripts.filter { !verdicts.compiledSources.contains($0.source ?? "") }, modules: modules, typescript: typescript))
        }
        guard report.errorCount == 0 else { return PipelineResult(report: report, scripts: scripts, files: [:], model: nil) }
        let model = BridgeModel.make(contract: report.contract, types: types, scripts: scripts, config: input.config)
        guard rendering else { return PipelineResult(report: report, scripts: scripts, files: [:], model: model) }
        return PipelineResult(report: report, scripts: scripts, files: BuildManifest.files(model: model, scripts: scripts), model: model)
    }

    /// The files lint reads as JavaScript: the scripts but style sheets, and the pages' JavaScript
    /// and HTML (style sheets count only where they are user scripts).
    static func lintedFiles(_ input: ProjectInput) -> [SourceFile] {
        input.scripts.filter { !$0.isStyleSheet } + input.pages.filter { $0.isJavaScript || $0.isPage }
    }

    /// The scanned project: every file lint reads, parsed once (`scanAll`), and the module graph
    /// of the scripts, linked from the same readings (nil for a first run's files, which are not
    /// known to be user scripts).
    struct ScannedProject {
        /// The facts of every file lint reads, the modules the graph reached beyond the scripts
        /// included, by path.
        var facts: [String: JavaScriptFacts]
        var modules: ModuleLinker?
    }

    /// Scans the project's JavaScript (`scanAll`), links the module graph of its scripts from the
    /// scans, scans the project's own modules the graph reaches beyond the scripts as it reads
    /// them, and then records the calls of any file that holds a word those modules' wrappers
    /// added (`CallWords`).
    static func scanProject(
        _ input: ProjectInput, plan: ScanPlan, native: NativeStage, bundling: Bool, cache: FactCache?, typescript: TypeScriptSources
    ) -> ScannedProject {
        let linted = lintedFiles(input)
        let graphScripts = input.checksUserScripts ? input.scripts.filter { $0.isUserScript && !$0.isStyleSheet } : []
        var (scans, words) = scanAll(linted, modulePaths: Set(graphScripts.map(\.path)), plan: plan, seeds: native.embedded, cache: cache)
        var facts = Dictionary(zip(linted.map(\.path), scans.map(\.facts)), uniquingKeysWith: { first, _ in first })
        guard input.checksUserScripts else { return ScannedProject(facts: facts, modules: nil) }
        let modulesByScript = Dictionary(zip(linted.map(\.path), scans.map(\.module)), uniquingKeysWith: { first, _ in first })
        // The modules beyond the scripts, as the graph reads them; their calls recorded as the
        // words so far say.
        var beyond: [SourceFile] = []
        let files = input.files ?? InMemoryFiles(input.scripts + input.pages)
        let graph = ModuleGraph.build(scripts: graphScripts, files: files, lintedPaths: Set(graphScripts.map(\.path)), cache: cache) { path, bytes in
            if let module = modulesByScript[path] { return module ?? ModuleSource.read(path: ModulePath.normalize(path), bytes: bytes, reportsSyntaxErrors: false) }
            let file = SourceFile(path: path, bytes: bytes)
            let scan = scan(file, plan: plan, recordsCalls: plan.alwaysRecordsCalls(file) || words.occur(in: bytes), readsModule: true, cache: cache)
            beyond.append(file)
            facts[path] = scan.facts
            return scan.module ?? ModuleSource.read(path: path, bytes: bytes, reportsSyntaxErrors: false)
        }
        // What the graph reads beyond the scripts is lint's too (`lintedModules`): its wrappers
        // may be called from a file that did not record its calls.
        if !beyond.isEmpty, words.add(beyond.compactMap { facts[$0.path] }) {
            let all = linted + beyond
            for file in all where !(facts[file.path]?.calls.isEmpty == false) && !plan.alwaysRecordsCalls(file) && words.occur(in: file.bytes) {
                facts[file.path] = scan(file, plan: plan, recordsCalls: true, readsModule: false, cache: cache).facts
            }
        }
        let linker = ModuleLinker(graph: graph, bundling: bundling, originalText: typescript.original(of:), typeExports: typescript.typeExports(of:))
        return ScannedProject(facts: facts, modules: linker)
    }

    /// An `unsupported-typescript` error for each JSX file (`.jsx`, `.tsx`) of the scripts
    /// folders: it is linted, but Hawser does not compile JSX, so it is not injected.
    static func jsxScripts(_ scripts: [SourceFile]) -> [Diagnostic] {
        scripts.filter(\.isJSX).map { file in
            Diagnostic(
                .unsupportedTypeScript,
                "'\(file.path)' is JSX, which Hawser does not compile, so it is not injected: compile it with your JSX toolchain, or write the script as .js or .ts (a page's .jsx or .tsx belongs in a pages folder, where it is linted)",
                at: SourceLocation(file: file.path, line: 1, column: 1))
        }
    }

    /// `ClassicScriptCheck` of every emitted JavaScript script, in parallel. A bundled entry maps
    /// back through its source map, a wrapped script by the wrapper's lines.
    static func checkClassic(_ scripts: [CompiledScript], modules: ModuleLinker?, typescript: TypeScriptSources? = nil) -> [Diagnostic] {
        let checked = scripts.filter { $0.origin != .styleSheet }
        return concurrentMap(checked) { script -> [Diagnostic] in
            let outputFile = script.file
            guard let source = script.source else {
                return ClassicScriptCheck.check(script.text, file: outputFile) { _ in nil }
            }
            // The lines the build put before the source, which the script carries.
            let offset = script.sourceLineOffset ?? 0
            if let bundle = modules?.bundle(forEntry: source) {
                return ClassicScriptCheck.check(script.text, file: source) { point in
                    guard point.line > offset,
                          let original = bundle.map.original(ofLine: point.line - offset, utf8Column: point.column)
                    else { return nil }
                    return SourceLocation(file: original.source, line: original.line, column: original.column)
                }
            }
            let found = ClassicScriptCheck.check(script.text, file: source) { point in
                point.line > offset ? SourceLocation(file: source, line: point.line - offset, column: point.column) : nil
            }
            // Positions in a TypeScript script's JavaScript, which lead back through its compiled places.
            return typescript?.mapBack(found) ?? found
        }.flatMap { $0 }
    }

    /// The front ends and the checks: parse and extract facts from each language, derive the
    /// contract, check everything against each other, apply suppressions, and sort.
    static func analyze(_ input: ProjectInput, cache: FactCache? = nil) -> Report {
        let (input, textDiagnostics) = input.withoutGeneratedFiles().textOnly()
        return analyze(text: input, textDiagnostics: textDiagnostics, cache: cache)
    }

    /// `analyze` of inputs that passed `textOnly`, with the findings it made.
    /// `facts` are the files' facts the scan made (`scanProject`), by path; any file without
    /// them is read here.
    private static func analyze(
        text input: ProjectInput, textDiagnostics: [Diagnostic], cache: FactCache?, modules: ModuleLinker? = nil,
        native: NativeStage? = nil, facts scanned: consuming [String: JavaScriptFacts] = [:]
    ) -> Report {
        let global = input.config.runtime.global
        let placeholders = input.config.placeholders
        // Pages are linted like scripts, but only their JavaScript and HTML: style sheets count
        // only where they are user scripts. The modules the scripts import from elsewhere are
        // the project's scripts too (packages are not: `ModuleGraph.lintedModules`).
        let lintedModules = modules?.graph.lintedModules ?? []
        let linted = lintedFiles(input) + lintedModules
        let byPath = consume scanned
        var fileFacts = concurrentMap(linted) {
            byPath[$0.path] ?? cachedScriptFacts($0, runtimeGlobal: global, placeholders: placeholders, cache: cache)
        }
        // The scans end here: what is dropped of the facts below is then freed.
        _ = consume byPath
        // A call of an imported function is a call of the function the import resolves to, under
        // its own name in its own module: `import { send as post }` … `post("x")` calls `send`.
        if let modules { fileFacts = fileFacts.map { modules.followingImports($0) } }
        // A handler name held by an imported constant is the string the export holds; what no
        // module stage resolves is a computed name.
        if let modules {
            let constants = Dictionary(fileFacts.map { (ModulePath.normalize($0.file), $0.constantStrings) }, uniquingKeysWith: { first, _ in first })
            fileFacts = fileFacts.map { modules.resolvingImportedConstants($0, placeholders: placeholders, constants: { constants[$0] }) }
        }
        fileFacts = fileFacts.map { ImportedConstant.settled($0, placeholders: placeholders) }
        // Objective-C files go to their front end, everything else of the native sources to Swift's.
        let native = native ?? nativeStage(input.swift, runtimeGlobal: global, placeholders: placeholders, cache: cache)
        // Only the calls a wrapper can be reached by matter from here on: the others, most of
        // the facts by size, are dropped before the checks run.
        let withWrapperCalls = WrapperCalls.keepingCallsOfWrappers(fileFacts + native.embedded)
        fileFacts = Array(withWrapperCalls.prefix(fileFacts.count))
        var nativeFacts = native.facts
        // The config's `registered` names, as registrations at their place in the config. They
        // are taken to accept replies, since nothing says they do not.
        nativeFacts.registrations += input.config.registered.map {
            HandlerRegistration(name: $0.name, location: $0.location, reply: true, world: nil, scope: nil, isPattern: $0.isPattern, isDeclared: true)
        }
        // Calls of wrapper functions are uses, in whichever file the wrapper is.
        let scriptFacts = WrapperCalls.resolve(withWrapperCalls, placeholders: placeholders)
        // The contract (what the bridge is built from) comes from the scripts and pages themselves.
        let (contract, contractDiagnostics) = BridgeContract.derive(
            uses: scriptFacts.prefix(fileFacts.count).lazy.flatMap(\.uses), config: input.config)

        var diagnostics = textDiagnostics + scriptFacts.flatMap(\.diagnostics) + nativeFacts.diagnostics + contractDiagnostics
        // The pairing-only files' uses: which names are used, and nothing more.
        let pairingUses = input.pairingOnly.isEmpty ? [] : concurrentMap(input.pairingOnly) {
            ImportedConstant.settled(cachedScriptFacts($0, runtimeGlobal: global, placeholders: placeholders, cache: cache), placeholders: placeholders)
        }.flatMap(\.uses)
        diagnostics += HandlerChecker.check(
            scripts: scriptFacts, swift: nativeFacts, contract: contract, registration: input.config.registration, alsoUsed: pairingUses)
        let payloads = NativePayloadChecker.check(
            uses: scriptFacts.flatMap(\.uses), registrations: nativeFacts.registrations, receivers: nativeFacts.receivers,
            generatedNames: input.config.registration == .generated ? contract.names : [])
        diagnostics += payloads.diagnostics
        let worldUses = zip(nativeFacts.embeddedScripts, native.embedded).flatMap { script, facts in
            script.world.map { world in facts.uses.map { (use: $0, world: world) } } ?? []
        }
        diagnostics += WorldChecker.check(uses: worldUses, registrations: nativeFacts.registrations)
        // The JavaScript native code runs in the page, against the functions the scripts define.
        if nativeFacts.embeddedScripts.contains(where: \.isEvaluated) {
            let moduleScoped = Set(lintedModules.map(\.path))
            let userScripts = Set(input.scripts.map(\.path))
            let scripts = zip(linted, fileFacts).map { file, facts in
                NativeScriptCalls.Script(
                    facts: facts,
                    isModule: (userScripts.contains(file.path) || moduleScoped.contains(file.path))
                        && modules?.graph.isModule(ModulePath.normalize(file.path)) == true)
            }
            let embedded = zip(nativeFacts.embeddedScripts, native.embedded).map { (facts: $1, isEvaluated: $0.isEvaluated) }
            diagnostics += NativeScriptCalls.check(scripts: scripts, embedded: embedded)
        }
        let suppressions = scriptFacts.flatMap(\.suppressions) + nativeFacts.suppressions
        var report = Report(
            diagnostics: diagnostics, uses: scriptFacts.flatMap(\.uses), registrations: nativeFacts.registrations,
            contract: contract, inputs: input.scripts + input.pages + input.swift + lintedModules, suppressions: suppressions,
            placeholderBindings: nativeFacts.placeholderBindings)
        report.payloadChecks = payloads.statuses
        // tree-sitter reads `await` as the operator wherever it can. A script that WebKit's parser
        // accepts as a classic script and refuses inside an async function uses `await` as a name
        // (`var await`, `f(await)`): it has no top-level await. When both read it (`await (x)`,
        // ``await `t` ``), it is the operator, as the build documents.
        let bytesByPath = Dictionary(input.scripts.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        report.topLevelAwaitFiles = Set(fileFacts.filter(\.usesTopLevelAwait).map(\.file).filter { path in
            guard let bytes = bytesByPath[path], refusal(cache: cache, bytes, goal: .script) == nil else { return true }
            return refusal(cache: cache, Array("(async function () {\n".utf8) + bytes + Array("\n})".utf8), goal: .script) == nil
        })
        report.topLevels = Dictionary(fileFacts.map { ($0.file, $0.topLevel) }, uniquingKeysWith: { first, _ in first })
        return report
    }

    /// `world-mismatch` for the files whose world is certain: a user script with `@world`
    /// metadata runs in that world, and the app's own pages run in the page world. A user script
    /// without `@world` may be injected by the app itself anywhere, so it is not checked. With
    /// generated registration the bridge registers every handler the scripts use in the page
    /// world and in every world a script runs in, so nothing can mismatch.
    static func checkKnownWorlds(
        of scripts: [CompiledScript], pages: [SourceFile], report: Report, config: HawserConfig
    ) -> [Diagnostic] {
        guard config.registration != .generated else { return [] }
        var worlds: [String: ContentWorldSpec] = [:]
        for page in pages { worlds[page.path] = .page }
        for script in scripts { if let world = script.declaredWorld, let source = script.source { worlds[source] = world } }
        guard !worlds.isEmpty else { return [] }
        let uses = report.handlers.flatMap(\.uses).compactMap { use in worlds[use.location.file].map { (use: use, world: $0) } }
        return WorldChecker.check(uses: uses, registrations: report.handlers.flatMap(\.registrations))
    }

    /// JavaScript held in a native string literal, read in place. The literal may be a fragment,
    /// so it is never a syntax error; an interpolated handler name becomes the names the
    /// interpolation resolves to, or a `dynamic-handler-name` warning.
    static func analyzeEmbedded(
        _ script: EmbeddedScript, runtimeGlobal: String, placeholders: [PlaceholderForm]
    ) -> (facts: JavaScriptFacts, world: ContentWorldSpec?) {
        let position = { (point: SourcePoint) -> SourcePoint in
            let (line, column) = script.sourcePosition(line: point.line, column: point.column)
            return SourcePoint(line: line, column: column)
        }
        // A literal that holds an HTML page or fragment is read as one: its scripts and event
        // attributes, each at its place, never the whole text as one program.
        var facts = HTMLFragment.isHTML(script.bytes[...])
            ? analyzeHTML(script.bytes, file: script.file, runtimeGlobal: runtimeGlobal, placeholders: placeholders, position: position)
            : analyzeJavaScript(script.bytes, file: script.file, runtimeGlobal: runtimeGlobal, placeholders: placeholders, position: position)
        func readable(_ text: String) -> String {
            guard text.contains(EmbeddedScript.interpolationPrefix) else { return text }
            var result = text
            for filler in script.interpolations.keys.sorted(by: { $0.count > $1.count }) {
                result = result.replacingOccurrences(of: filler, with: script.interpolationSpelling)
            }
            return result
        }
        facts.diagnostics = facts.diagnostics.filter { $0.code != .syntaxError }.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.message = readable(diagnostic.message)
            return diagnostic
        }
        facts.uses = facts.uses.flatMap { use -> [HandlerUse] in
            guard use.name.hasPrefix(EmbeddedScript.interpolationPrefix) else { return [use] }
            let names = script.interpolations[use.name] ?? []
            if names.isEmpty {
                facts.diagnostics.append(Diagnostic(
                    .dynamicHandlerName, "handler name is interpolated from native code and cannot be checked: \(script.interpolationSpelling)", at: use.location))
            }
            return names.map { name in
                var resolved = use
                resolved.name = name
                return resolved
            }
        }
        // A global the literal defines to post to a fixed handler (`window.%@ = { postMessage(d)
        // { window.webkit.messageHandlers.%@.postMessage(d) } }`) is a wrapper under the names its
        // interpolations resolve to, where each resolves to one name; otherwise its calls cannot be
        // told apart, and it is none.
        facts.handlerWrappers = facts.handlerWrappers.compactMap { wrapper in
            func filled(_ text: String) -> String? {
                guard text.contains(EmbeddedScript.interpolationPrefix) else { return text }
                var result = text
                for filler in script.interpolations.keys.sorted(by: { $0.count > $1.count }) where result.contains(filler) {
                    guard let names = script.interpolations[filler], names.count == 1 else { return nil }
                    result = result.replacingOccurrences(of: filler, with: names[0])
                }
                return result.contains(EmbeddedScript.interpolationPrefix) ? nil : result
            }
            guard let handler = filled(wrapper.handler) else { return nil }
            let keys = wrapper.keys.compactMap(filled)
            guard keys.count == wrapper.keys.count else { return nil }
            var wrapper = wrapper
            wrapper.handler = handler
            wrapper.keys = keys
            return wrapper
        }
        return (facts, script.world)
    }

    /// Analyses a `.js` file, or every inline script and event-handler attribute of an `.html`
    /// file (`analyzeHTML`).
    static func analyzeScript(
        _ file: SourceFile, runtimeGlobal: String = RuntimeOptions.defaultGlobal, placeholders: [PlaceholderForm] = []
    ) -> JavaScriptFacts {
        file.isPage
            ? analyzeHTML(file.bytes, file: file.path, runtimeGlobal: runtimeGlobal, placeholders: placeholders, position: { $0 })
            : analyzeJavaScript(file.bytes, file: file.path, runtimeGlobal: runtimeGlobal, placeholders: placeholders, position: nil)
    }

    /// How deep HTML in template literals in HTML's scripts is followed.
    static let maxHTMLNesting = 4

    /// One script, analysed by the JavaScript front end (`position` maps its points into the
    /// file; nil for a whole file); then each of its template literals that holds HTML
    /// (`HTMLFragment`) is read as a page at its own place, and what it holds merged in.
    /// With `tree`, the script's tree is one the caller parsed (`JavaScriptFrontEnd.parse`);
    /// `recordsCalls` is the front end's.
    static func analyzeJavaScript(
        _ bytes: [UInt8], file: String, runtimeGlobal: String, placeholders: [PlaceholderForm],
        position: ((SourcePoint) -> SourcePoint)?, nesting: Int = 0, tree: SyntaxTree? = nil, recordsCalls: Bool = true
    ) -> JavaScriptFacts {
        var facts = tree.map {
            JavaScriptFrontEnd.analyze(
                tree: $0, file: file, runtimeGlobal: runtimeGlobal, placeholders: placeholders, position: position, recordsCalls: recordsCalls)
        } ?? JavaScriptFrontEnd.analyze(
            script: bytes, file: file, runtimeGlobal: runtimeGlobal, placeholders: placeholders, position: position, recordsCalls: recordsCalls)
        let fragments = facts.htmlFragments
        facts.htmlFragments = []
        guard nesting < maxHTMLNesting else { return facts }
        for fragment in fragments {
            let inFile = { (point: SourcePoint) -> SourcePoint in
                let inScript = fragment.scriptPoint(point)
                return position?(inScript) ?? inScript
            }
            let part = analyzeHTML(
                fragment.bytes, file: file, runtimeGlobal: runtimeGlobal, placeholders: placeholders, position: inFile,
                nesting: nesting + 1)
            facts.merge(part, keepingSyntaxErrors: false)
        }
        return facts
    }

    /// Every inline script and event-handler attribute of an HTML text, analysed at its place:
    /// `position` maps a point of the HTML text into the file. Of an attribute that could not use
    /// a handler by itself (`JavaScriptFrontEnd.mayUseHandlers`) only the calls are kept.
    static func analyzeHTML(
        _ html: [UInt8], file: String, runtimeGlobal: String, placeholders: [PlaceholderForm],
        position: @escaping (SourcePoint) -> SourcePoint, nesting: Int = 0
    ) -> JavaScriptFacts {
        var facts = JavaScriptFacts(file: file)
        for script in HTMLScriptExtractor.scripts(in: html) {
            var part = analyzeJavaScript(
                TypeScriptStripper.javascript(ofInlineScript: script.bytes, lang: script.typeScriptLang),
                file: file, runtimeGlobal: runtimeGlobal, placeholders: placeholders,
                position: { position(script.documentPoint(of: $0)) }, nesting: nesting)
            if script.attribute != nil, !JavaScriptFrontEnd.mayUseHandlers(script.bytes, runtimeGlobal: runtimeGlobal) {
                // An attribute that names no handler may not be JavaScript at all (a server
                // template's): only its calls count, for a wrapper another script defines.
                part = JavaScriptFacts(file: file, calls: part.calls)
            }
            facts.merge(part, keepingSyntaxErrors: true)
        }
        return facts
    }

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
/// returns only when all are done. The slots are one fixed allocation written through its
/// pointer: a stored `Array` mutated from several threads at once (even through
/// `withUnsafeMutableBufferPointer`) is a data race on the array itself, which
/// ThreadSanitizer reports (`make sanitize`).
private final class ResultSlots<R>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<R?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ value: R) {
        slots[index] = value
    }

    func values() -> [R] { slots.compactMap { $0 } }
}
