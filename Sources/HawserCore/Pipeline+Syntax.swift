import TreeSitter

/// WebKit's verdict on every script a run reads (`WebKitSyntax`): lint and build judge the same
/// texts the same way, so a script that would fail build's check fails lint.
///
/// | text | goal | checked as |
/// |---|---|---|
/// | a classic user script the compiler did not refuse | script | compiled, as it is injected: `await` at its top level is judged inside the async wrapper the build gives it; a template as written too, since the build injects it unfilled (the refusal then says where templates belong) |
/// | an ES module (an entry with module syntax, a script another imports, a module or package file the graph reads) | module | its JavaScript (TypeScript stripped) |
/// | a CommonJS module | script | as the body of its module function |
/// | a page's `.js` (`pages`) | script, else module | as written: a page may load it either way |
/// | an HTML page's inline `<script>` | script, else module | as written |
/// | an HTML page's event-handler attribute that uses a handler | script | as the body of its function |
///
/// A bundled entry is checked once more as emitted (`checkClassic`), through its source map.
/// The front ends' own syntax errors (tree-sitter's) are dropped for every file checked here:
/// what WebKit accepts, Hawser accepts.
struct SyntaxVerdicts {
    /// `syntax-error`s at the source positions (JavaScript positions for TypeScript files:
    /// `TypeScriptSources.mapBack` moves them).
    var diagnostics: [Diagnostic] = []
    /// The files whose syntax was judged here.
    var checked: Set<String> = []
    /// The compiled scripts (by source path) checked as compiled: build's `checkClassic` need
    /// not check them again.
    var compiledSources: Set<String> = []

    /// `report.diagnostics` without the front ends' syntax errors of the checked files, with
    /// the verdicts; a refusal where a module's own early-error check already reported the line
    /// is left out.
    func applied(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        let kept = diagnostics.filter { !($0.code == .syntaxError && checked.contains($0.location.file)) }
        let moduleErrorLines = Set(kept.filter { $0.code == .moduleError }.map { "\($0.location.file):\($0.location.line)" })
        return kept + self.diagnostics.filter { !moduleErrorLines.contains("\($0.location.file):\($0.location.line)") }
    }
}

/// WebKit's verdict on one text, as the cache keeps it.
struct CachedVerdict: Codable {
    var message: String?
    var line: Int
    var column: Int
}

extension Pipeline {
    /// `WebKitSyntax.refusal`, through the cache: keyed by the engine's version, the goal and the
    /// bytes, so a run with nothing changed parses nothing again.
    static func refusal(cache: FactCache?, _ bytes: [UInt8], goal: WebKitSyntax.Goal) -> (message: String, at: SourcePoint)? {
        guard let cache else { return WebKitSyntax.refusal(bytes, goal: goal) }
        let key = FactCache.key("webkit-syntax") { hasher in
            hasher.field(WebKitSyntax.engineVersion)
            hasher.field(goal == .module ? "module" : "script")
            hasher.field(bytes)
        }
        let verdict = cache.value(key) { () -> CachedVerdict in
            guard let (message, at) = WebKitSyntax.refusal(bytes, goal: goal) else { return CachedVerdict(message: nil, line: 0, column: 0) }
            return CachedVerdict(message: message, line: at.line, column: at.column)
        }
        return verdict.message.map { ($0, SourcePoint(line: verdict.line, column: verdict.column)) }
    }

    /// The wrapper of a CommonJS module's text for the check: the module function it becomes,
    /// opened on the text's first line.
    static let commonJSCheckPrefix = "(function (exports, require, module, __filename, __dirname) {"

    /// `SyntaxVerdicts` of the scripts, pages and modules of a run. `compiled` are the user
    /// scripts as `ScriptCompiler` made them; `typescript` says which files the stripper refused
    /// (their text is not checked again).
    static func webKitVerdicts(
        input: ProjectInput, compiled: ScriptCompiler.Output, modules: ModuleLinker?, typescript: TypeScriptSources, cache: FactCache?
    ) -> SyntaxVerdicts {
        // A script the compiler refused (`@unwrap` with top-level `await`…) is not what would be emitted.
        let refusedScripts = Set(compiled.diagnostics.filter { $0.severity == .error }.map(\.location.file))
        let refusedTypeScript = Set(typescript.diagnostics.filter { $0.severity == .error }.map { ModulePath.normalize($0.location.file) })
        func judged(_ path: String) -> Bool {
            !refusedTypeScript.contains(ModulePath.normalize(path)) && !SourceFile.isJSXPath(path)
        }
        let graph = modules?.graph

        enum Job: Sendable {
            /// A compiled classic script: its text, the lines before the source, its source path,
            /// and the first placeholder of a configured form in it, if it is a template.
            case compiled(text: String, linesBefore: Int, sourceLines: Int, source: String, placeholder: PlaceholderOccurrence?)
            case module(bytes: [UInt8], path: String, commonJS: Bool)
            case page(bytes: [UInt8], path: String)
            /// An HTML page's inline scripts and event-handler attributes.
            case html(bytes: [UInt8], path: String)
        }
        var jobs: [Job] = []
        var verdicts = SyntaxVerdicts()
        let placeholders = input.config.placeholders
        let sourceBytes = Dictionary(input.scripts.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        // A first run without a config reads an app's web files for handler names only: nothing
        // says Hawser builds them, so each is judged as written, like a page's.
        let userScripts = input.checksUserScripts ? compiled.scripts : []
        for script in userScripts where script.origin == .javaScript && !script.isBundled {
            guard let source = script.source, judged(source), !refusedScripts.contains(source) else { continue }
            guard graph?.isModule(ModulePath.normalize(source)) != true else { continue }
            // A template is judged as written: the build injects what it emits, with no app code
            // in between to fill the placeholders in.
            let text = script.text
            let placeholder = PlaceholderForm.occurrences(in: sourceBytes[source] ?? [], forms: placeholders).first
            let sourceLines = LineTable(sourceBytes[source] ?? []).starts.count
            jobs.append(.compiled(
                text: text, linesBefore: script.sourceLineOffset ?? 0, sourceLines: sourceLines, source: source, placeholder: placeholder))
            verdicts.checked.insert(source)
            verdicts.compiledSources.insert(source)
        }
        if let graph {
            for (path, module) in graph.modules.sorted(by: { $0.key < $1.key }) where module.format != .json && judged(path) && graph.isModule(path) {
                jobs.append(.module(bytes: module.bytes, path: path, commonJS: module.format == .commonJS))
                verdicts.checked.insert(path)
            }
        }
        for page in input.pages + (input.checksUserScripts ? [] : input.scripts) where page.isJavaScript && judged(page.path) {
            jobs.append(.page(bytes: page.bytes, path: page.path))
            verdicts.checked.insert(page.path)
        }
        // HTML pages (not Svelte or Vue components, whose scripts are their compilers' input).
        for page in input.pages + (input.checksUserScripts ? [] : input.scripts) where page.path.lowercased().hasSuffix(".html") || page.path.lowercased().hasSuffix(".htm") {
            jobs.append(.html(bytes: page.bytes, path: page.path))
            verdicts.checked.insert(page.path)
        }
        // Findings are reported under the path as the inputs spell it.
        let spelled = Dictionary((input.scripts + input.pages).map { (ModulePath.normalize($0.path), $0.path) }, uniquingKeysWith: { a, _ in a })
        verdicts.checked = Set(verdicts.checked.map { spelled[ModulePath.normalize($0)] ?? $0 })

        verdicts.diagnostics = concurrentMap(jobs) { job -> [Diagnostic] in
            switch job {
            case .compiled(let text, let linesBefore, let sourceLines, let source, let placeholder):
                // Its bytes are made here, one script at a time, not for every script at once.
                guard let (refused, at) = refusal(cache: cache, Array(text.utf8), goal: .script) else { return [] }
                // A refusal in the wrapper's own lines is the source's doing: at its first line
                // (before it) or its last (after it: an unclosed comment swallowed the wrapper's end).
                let line = at.line - linesBefore
                let location = line < 1 ? SourceLocation(file: source, line: 1, column: 1)
                    : line > sourceLines ? SourceLocation(file: source, line: max(1, sourceLines), column: 1)
                    : SourceLocation(file: source, line: line, column: at.column)
                let message = refused + templateAdvice(source: sourceBytes[source] ?? [], placeholder: placeholder, refusedLine: location.line)
                return [Diagnostic(.syntaxError, message, at: location)]
            case .module(let bytes, let path, let commonJS):
                let file = spelled[path] ?? path
                if commonJS {
                    let prefix = Array(commonJSCheckPrefix.utf8)
                    // A `#!` line, which node skips, is a comment of the same length.
                    let body = bytes.starts(with: Array("#!".utf8)) ? Array("//".utf8) + bytes.dropFirst(2) : bytes
                    guard let (message, at) = refusal(cache: cache, prefix + body + Array("\n})".utf8), goal: .script) else { return [] }
                    let column = at.line == 1 ? max(1, at.column - prefix.count) : at.column
                    return [Diagnostic(.syntaxError, message, at: SourceLocation(file: file, line: at.line, column: column))]
                }
                guard WebKitSyntax.supports(.module), let (message, at) = refusal(cache: cache, bytes, goal: .module) else { return [] }
                return [Diagnostic(.syntaxError, message, at: SourceLocation(file: file, line: at.line, column: at.column))]
            case .html(let bytes, let path):
                return htmlVerdicts(bytes, path: path, placeholders: placeholders, runtimeGlobal: input.config.runtime.global, cache: cache)
            case .page(var bytes, let path):
                // A template is judged with its placeholders filled in, as the app serves it.
                if let standIn = PlaceholderFiller.standIn(for: bytes, forms: placeholders) { bytes = standIn.bytes }
                guard let (message, at) = refusalAsEither(cache: cache, bytes) else { return [] }
                return [Diagnostic(.syntaxError, message, at: SourceLocation(file: path, line: at.line, column: at.column))]
            }
        }.flatMap { $0 }
        return verdicts
    }

    /// What a refused user script that is a template should become, after WebKit's message:
    /// nothing for a script that is no template. `placeholder` is the first placeholder of a
    /// configured form in the source; without one, a marker of a form `hawser init` recognizes
    /// (`%x%`, `$<x>`, `{{x}}`) on the refused line makes the script look like a template.
    static func templateAdvice(source: [UInt8], placeholder: PlaceholderOccurrence?, refusedLine: Int) -> String {
        let whereTemplatesGo = "put the template in a 'pages' folder (linted, never built) or 'exclude' it"
        if let placeholder {
            var lines = LineTable(source)
            let at = lines.position(of: placeholder.range.lowerBound)
            return " (a template: hawser build injects user scripts as written, without filling in '\(placeholder.text)' at \(at.line):\(at.column); \(whereTemplatesGo))"
        }
        let lines = LineTable(source)
        guard refusedLine >= 1, refusedLine <= lines.starts.count else { return "" }
        let start = lines.starts[refusedLine - 1]
        let end = refusedLine < lines.starts.count ? lines.starts[refusedLine] : source.count
        let line = Array(source[start..<end])
        for (form, open, close) in ProjectSurvey.placeholderForms {
            if let marker = ProjectSurvey.firstMarker(in: line, open: Array(open.utf8), close: Array(close.utf8)) {
                return " ('\(marker.text)' looks like a placeholder: if the app fills it in, list \"\(form)\" under 'placeholders' and \(whereTemplatesGo))"
            }
        }
        return ""
    }

    /// The refusals of an HTML page's inline scripts (as a classic script, else as a
    /// module: `type="module"` is read the same way) and its event-handler attributes that use
    /// handlers (as the body of the function WebKit makes of one; an attribute that names no
    /// handler may be a server template's, and is not judged), at the document's position.
    static func htmlVerdicts(_ html: [UInt8], path: String, placeholders: [PlaceholderForm], runtimeGlobal: String, cache: FactCache?) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for script in HTMLScriptExtractor.scripts(in: html) where script.typeScriptLang == nil {
            var bytes = script.bytes
            if let standIn = PlaceholderFiller.standIn(for: bytes, forms: placeholders) { bytes = standIn.bytes }
            let found: (message: String, at: SourcePoint)?
            if script.attribute != nil {
                guard JavaScriptFrontEnd.mayUseHandlers(bytes, runtimeGlobal: runtimeGlobal) else { continue }
                let prefix = Array(eventHandlerCheckPrefix.utf8)
                found = refusal(cache: cache, prefix + bytes + Array("\n})".utf8), goal: .script).map { message, at in
                    (message, at.line == 1 ? SourcePoint(line: 1, column: max(1, at.column - prefix.count)) : at)
                }
            } else {
                found = refusalAsEither(cache: cache, bytes)
            }
            if let (message, at) = found {
                let point = script.documentPoint(of: at)
                diagnostics.append(Diagnostic(.syntaxError, message, at: SourceLocation(file: path, line: point.line, column: point.column)))
            }
        }
        return diagnostics
    }

    /// The refusal of a text a page may load as a classic script or as a module: nil when either
    /// goal accepts it (or when it is refused as a script where modules cannot be checked);
    /// refused both ways, the goal that read further says more.
    static func refusalAsEither(cache: FactCache?, _ bytes: [UInt8]) -> (message: String, at: SourcePoint)? {
        guard let asScript = refusal(cache: cache, bytes, goal: .script), WebKitSyntax.supports(.module),
              let asModule = refusal(cache: cache, bytes, goal: .module) else { return nil }
        return asModule.at > asScript.at ? asModule : asScript
    }

    /// The function WebKit compiles an event-handler attribute's value into, opened on the
    /// value's first line.
    static let eventHandlerCheckPrefix = "(function (event) {"
}
