/// Compiles the `.js` and `.css` files of the scripts folders: reads their metadata, checks
/// names and `@require`s, orders them, and wraps each into the exact text to inject.
enum ScriptCompiler {
    struct Output {
        var scripts: [CompiledScript]
        var diagnostics: [Diagnostic]
    }

    private struct Entry {
        var file: SourceFile
        var metadata: ScriptMetadata
        var name: String
        var isStyleSheet: Bool
        /// The script uses `await` outside any function (`JavaScriptFacts.usesTopLevelAwait`).
        var usesTopLevelAwait: Bool
        /// Its top-level declarations and strictness (`JavaScriptFacts.topLevel`).
        var topLevel: TopLevelBindings
    }

    /// `topLevelAwaitFiles` are the paths of the scripts that use `await` at their top level,
    /// as the JavaScript front end found in its walk (`JavaScriptFacts.usesTopLevelAwait`).
    ///
    /// `topLevels` are the scripts' top-level declarations and strictness, by path
    /// (`JavaScriptFacts.topLevel`): a script that must be wrapped keeps them as globals.
    ///
    /// `modules` is the linked module graph of the scripts: a script that another imports is a
    /// module, not an entry (its metadata is ignored, with a warning); an entry with module
    /// syntax is emitted as its bundle, with an inline source map.
    static func compile(
        _ files: [SourceFile], reservedNames: Set<String>, topLevelAwaitFiles: Set<String> = [], topLevels: [String: TopLevelBindings] = [:],
        modules: ModuleLinker? = nil, sourceMaps: HawserConfig.SourceMaps = .inline,
        defaults: [String: HawserConfig.ScriptDefaults] = [:], injections: [ScriptInjection] = []
    ) -> Output {
        var diagnostics: [Diagnostic] = []
        var entries: [Entry] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let start = SourceLocation(file: file.path, line: 1, column: 1)
            if let modules, modules.graph.importedScripts.contains(ModulePath.normalize(file.path)) {
                let (metadata, _) = ScriptMetadataParser.parse(file.bytes, file: file.path, style: .javaScript)
                if let at = metadata.blockLocation {
                    diagnostics.append(Diagnostic(
                        .ignoredMetadata, "this script is imported by another, so it is a module of that entry and never injected on its own: its metadata block is ignored",
                        at: at))
                }
                continue
            }
            // The text is made again as each script is emitted, so that the sources are not held
            // twice while every script is.
            guard String(validating: file.bytes, as: UTF8.self) != nil else {
                diagnostics.append(Diagnostic(.invalidMetadata, "the file is not valid UTF-8", at: start))
                continue
            }
            let isStyleSheet = file.isStyleSheet
            var (metadata, metadataDiagnostics) = ScriptMetadataParser.parse(file.bytes, file: file.path, style: isStyleSheet ? .css : .javaScript)
            diagnostics += metadataDiagnostics
            if let given = defaults[file.path] {
                diagnostics += ScriptInjectionCheck.apply(given, to: &metadata, file: file.path)
            }
            // A script's identity is its path in its folder: `reader/index.js` is `reader/index`.
            let name = metadata.name ?? file.scriptName
            let usesTopLevelAwait = !isStyleSheet && topLevelAwaitFiles.contains(file.path)
            entries.append(Entry(
                file: file, metadata: metadata, name: name, isStyleSheet: isStyleSheet, usesTopLevelAwait: usesTopLevelAwait,
                topLevel: topLevels[file.path] ?? TopLevelBindings()))
            let unwrapAt = metadata.keyLocations["unwrap"] ?? start
            if metadata.unwrap, usesTopLevelAwait {
                diagnostics.append(Diagnostic(.invalidMetadata, "@unwrap script uses top-level await, which WebKit rejects outside an async function; without @unwrap the build wraps it in one", at: unwrapAt))
            }
            if metadata.unwrap, isStyleSheet {
                diagnostics.append(Diagnostic(.invalidMetadata, "@unwrap applies to JavaScript only", at: unwrapAt))
            } else if metadata.unwrap, !(metadata.match.isEmpty && metadata.excludeMatch.isEmpty) {
                diagnostics.append(Diagnostic(.invalidMetadata, "@unwrap cannot be combined with @match or @exclude-match: the location guard needs the wrapper", at: unwrapAt))
            }
        }

        // Names: unique, not reserved, and giving distinct output files.
        var byName: [String: Entry] = [:]
        var byFile: [String: Entry] = [:]
        var kept: [Entry] = []
        for entry in entries {
            let at = entry.metadata.nameLocation ?? SourceLocation(file: entry.file.path, line: 1, column: 1)
            if reservedNames.contains(entry.name) {
                diagnostics.append(Diagnostic(.invalidMetadata, "the script name '\(entry.name)' is reserved for Hawser's own scripts", at: at))
            } else if let other = byName[entry.name] {
                diagnostics.append(Diagnostic(.invalidMetadata, "a script named '\(entry.name)' already exists (\(other.file.path))", at: at))
            } else if let other = byFile[outputFile(entry.name)] {
                diagnostics.append(Diagnostic(.invalidMetadata, "the script name '\(entry.name)' and '\(other.name)' (\(other.file.path)) give the same output file \(outputFile(entry.name))", at: at))
            } else {
                byName[entry.name] = entry
                byFile[outputFile(entry.name)] = entry
                kept.append(entry)
            }
        }

        // What the app injects by hand today, against what Hawser would inject.
        let injectionIndex = ScriptInjection.Index(injections, scriptPaths: entries.map(\.file.path))
        for entry in kept where !entry.isStyleSheet {
            diagnostics += ScriptInjectionCheck.compare(
                file: entry.file.path, metadata: entry.metadata, runAt: runAt(entry),
                injections: injectionIndex.injections(of: entry.file.path))
        }

        // Requires: known names, consistent injection times, no cycles.
        for entry in kept {
            for required in entry.metadata.requires {
                guard let target = byName[required.name] else {
                    let message = "@require '\(required.name)': no script has this name"
                        + NameSuggester.suffix(for: required.name, among: byName.keys)
                    diagnostics.append(Diagnostic(.invalidMetadata, message, at: required.location))
                    continue
                }
                if runAt(entry) == .documentStart, runAt(target) == .documentEnd {
                    diagnostics.append(Diagnostic(
                        .invalidMetadata,
                        "@require '\(required.name)': it runs at document-end, after this document-start script",
                        at: required.location))
                }
            }
        }
        let (order, cycle) = ScriptOrder.sort(kept.map { ScriptOrder.Node(name: $0.name, requires: $0.metadata.requires) })
        for required in cycle {
            diagnostics.append(Diagnostic(.invalidMetadata, "@require '\(required.name)' forms a cycle", at: required.location))
        }

        let scripts = order.map { index -> CompiledScript in
            let entry = kept[index]
            let source = String(decoding: entry.file.bytes, as: UTF8.self)
            let metadata = entry.metadata
            let guardCondition = LocationGuard.condition(match: metadata.match, excludeMatch: metadata.excludeMatch)
            let text: String
            var bundledModules: [String] = []
            var isBundled = false
            var lineOffset: Int?
            if entry.isStyleSheet {
                text = ScriptTemplates.styleSheet(css: source, name: entry.name, sourcePath: entry.file.path, guardCondition: guardCondition)
            } else if let modules, let bundle = modules.bundle(forEntry: entry.file.path) {
                text = ScriptTemplates.wrapBundle(
                    bundle, name: entry.name, sourcePath: entry.file.path, guardCondition: guardCondition, sourceMaps: sourceMaps)
                bundledModules = bundle.modules
                isBundled = true
                lineOffset = ScriptTemplates.bundleLineOffset
            } else if metadata.unwrap || (guardCondition == nil && !entry.usesTopLevelAwait) {
                // Nothing needs a function: the script is injected as written, and WebKit gives
                // it its own semantics, globals included.
                text = ScriptTemplates.topLevel(source: source, sourcePath: entry.file.path)
                lineOffset = ScriptTemplates.topLevelLineOffset
            } else {
                text = ScriptTemplates.wrap(
                    source: source, name: entry.name, sourcePath: entry.file.path, guardCondition: guardCondition,
                    isAsync: entry.usesTopLevelAwait, topLevel: entry.topLevel)
                lineOffset = ScriptTemplates.wrappedLineOffset
            }
            return CompiledScript(
                name: entry.name, file: outputFile(entry.name), source: entry.file.path,
                origin: entry.isStyleSheet ? .styleSheet : .javaScript, runAt: runAt(entry),
                mainFrameOnly: metadata.noFrames, world: metadata.world ?? .page,
                match: metadata.match.map(\.source), excludeMatch: metadata.excludeMatch.map(\.source), text: text,
                declaredWorld: metadata.world, modules: bundledModules, isBundled: isBundled, sourceLineOffset: lineOffset)
        }
        // WebKit runs every document-start script before the document-end ones, each group in order.
        let injected = zip(order.map { kept[$0] }, scripts).enumerated()
            .sorted { ($0.element.1.runAt == .documentStart ? 0 : 1, $0.offset) < ($1.element.1.runAt == .documentStart ? 0 : 1, $1.offset) }
            .map(\.element)
        // An entry with module syntax is a module, whose top level is its own, also where lint
        // does not bundle it.
        let asWritten = injected.filter { _, script in
            script.origin == .javaScript && !script.isBundled && script.sourceLineOffset == ScriptTemplates.topLevelLineOffset
                && modules?.graph.isModule(ModulePath.normalize(script.source ?? "")) != true
        }
        diagnostics += duplicateGlobals(asWritten)
        for (entry, _) in asWritten {
            if let at = entry.topLevel.returnAt {
                diagnostics.append(Diagnostic(
                    .notAClassicScript,
                    "'return' outside any function: a script without a location guard or top-level await is injected as written, where WebKit rejects a top-level return with a SyntaxError and none of the script runs; put the code in a function, or turn the early return into an if",
                    at: at))
            }
        }
        return Output(scripts: scripts, diagnostics: diagnostics)
    }

    /// `duplicate-global` for each top-level name that a script emitted as written declares
    /// when a script injected before it into the same content world, also as written, declares
    /// it too, one of them lexically (`let`, `const`, `class`). WebKit instantiates a classic
    /// script's global declarations before running any of it, and a lexical name that the
    /// world already holds as a lexical binding, or as a `var`'s or function's non-configurable
    /// property, or a `var` or function name it holds as a lexical binding, is a SyntaxError
    /// ("Can't create duplicate variable"): none of the second script runs. Every script runs in
    /// the main frame, whatever its frames and injection time, so only the world separates them.
    /// A wrapped script's names are configurable accessors (`ScriptTemplates.publication`),
    /// which a later declaration may replace, and are not counted. `injected` (the scripts
    /// emitted as written) is in the order WebKit runs them; reported at the second declaration,
    /// naming the first.
    private static func duplicateGlobals(_ injected: [(Entry, CompiledScript)]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // The first declaration of each name per world, with the index of its entry: updated in
        // place (a world copied out and back per script copied every name each time).
        var declared: [ContentWorldSpec: [String: (declaration: TopLevelDeclaration, entry: Int)]] = [:]
        for (index, (entry, script)) in injected.enumerated() {
            for declaration in entry.topLevel.declarations {
                if let (first, otherIndex) = declared[script.world]?[declaration.name] {
                    let other = injected[otherIndex].0
                    if first.isLexical || declaration.isLexical {
                        diagnostics.append(Diagnostic(
                            .duplicateGlobal,
                            "'\(declaration.name)' is declared at the top level of '\(entry.name)' and of '\(other.name)' (\(first.location)), which is injected before it into the same content world; WebKit rejects the second script with a SyntaxError (\"Can't create duplicate variable\"), so none of '\(entry.name)' runs: rename one, or assign the shared value to a property of window",
                            at: declaration.location))
                    }
                } else {
                    declared[script.world, default: [:]][declaration.name] = (declaration, index)
                }
            }
        }
        return diagnostics
    }

    /// Style sheets default to document start, scripts to document end.
    private static func runAt(_ entry: Entry) -> InjectionTime {
        entry.metadata.runAt ?? (entry.isStyleSheet ? .documentStart : .documentEnd)
    }

    /// The emitted file of a script: its name with characters outside `[A-Za-z0-9._-]`
    /// replaced by `-`, plus `.js`. A `/` in the name separates folders (`reader/index` is
    /// `reader/index.js`); empty components are dropped, and a component that starts with `.`
    /// starts with `-` instead, so no file is hidden and none lands outside the output folder.
    static func outputFile(_ name: String) -> String {
        let components = name.split(separator: "/", omittingEmptySubsequences: true).map { component -> String in
            let safe = String(component.unicodeScalars.map { scalar -> Character in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": return Character(scalar)
                default: return "-"
                }
            })
            return safe.hasPrefix(".") ? "-" + safe.dropFirst() : safe
        }
        return (components.isEmpty ? "-" : components.joined(separator: "/")) + ".js"
    }
}
