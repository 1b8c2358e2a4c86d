/// The module graph of a build: every script of the scripts folders, and every file they reach
/// through `import`, `export … from` and `require`, each read and parsed once, with what each
/// specifier resolves to.
///
/// Every `.js` file of the scripts folders is an entry unless another script imports it: then
/// it is a module of the graph, never injected on its own (`chooseEntries` says how cycles and
/// imports from outside the scripts folders count). An entry without any module syntax
/// is a classic script and is compiled as before; an entry with module syntax is bundled
/// (`ModuleLinker`) into one classic script.
struct ModuleGraph {
    /// Every file read, by path.
    private(set) var modules: [String: ModuleSource] = [:]
    /// For each file, what each of its requests (`ModuleSource.requests`, by index) resolved to.
    private(set) var resolved: [String: [Int: String]] = [:]
    /// The scripts that are modules of another script's graph, not entries (`chooseEntries`).
    private(set) var importedScripts: Set<String> = []
    /// The entries to bundle, in path order.
    private(set) var bundledEntries: [String] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// Every file the graph read beyond the scripts (modules elsewhere, `package.json` files are
    /// the resolver's and not listed), sorted: inputs of the build.
    var filesRead: [String] { modules.keys.filter { !scriptPaths.contains($0) }.sorted() }
    private var scriptPaths: Set<String> = []
    /// Whether the file at `path` (normalized) is evaluated as a module, in a scope of its own: a
    /// file the graph reached beyond the scripts, a script another imports, or an entry with
    /// module syntax (bundled). A script that is none of these is a classic script.
    func isModule(_ path: String) -> Bool {
        guard let source = modules[path] else { return false }
        return !scriptPaths.contains(path) || importedScripts.contains(path) || source.hasModuleSyntax
    }
    /// The file that first reached each module, for the chain of imports in a diagnostic.
    private var reachedFrom: [String: String] = [:]

    /// The graph of `scripts` (the `.js` files of the scripts folders), reading other files
    /// through `files`. The scripts' own syntax errors are lint's to report (`lintedPaths`).
    ///
    /// With a `cache`, each file's `ModuleSource` is looked up by its path and bytes before it is
    /// parsed, so a build with one module changed parses that module alone.
    ///
    /// `read`, when given, reads the scripts and the project's own modules beyond them (the
    /// files lint reads too, `lintedModules`) in its place: the pipeline's scan parses each once
    /// for lint and the graph (`ScriptScan`). It is given the path (normalized for a module
    /// beyond the scripts, as listed for a script) and the bytes.
    static func build(
        scripts: [SourceFile], files: any FileProvider, lintedPaths: Set<String>, cache: FactCache? = nil,
        read: ((String, [UInt8]) -> ModuleSource)? = nil
    ) -> ModuleGraph {
        var graph = ModuleGraph()
        var queue: [String] = []
        var queued: Set<String> = []
        for script in scripts.sorted(by: { $0.path < $1.path }) {
            let path = ModulePath.normalize(script.path)
            graph.scriptPaths.insert(path)
            let reportsSyntaxErrors = !lintedPaths.contains(script.path)
            let source = read.flatMap { reportsSyntaxErrors ? nil : $0(script.path, script.bytes) }
                ?? ModuleSource.read(path: path, bytes: script.bytes, reportsSyntaxErrors: reportsSyntaxErrors, cache: cache)
            graph.modules[path] = source
            if source.hasModuleSyntax {
                queue.append(path)
                queued.insert(path)
            }
        }
        // A resolution that succeeds (or names a built-in) depends on the importer's folder
        // only, not on its file: many modules of one folder import the same packages, and each
        // resolution reads the package's `package.json`. Failures are resolved for each
        // importer, since their messages name it.
        var resolutions: [String: Result<ResolvedModule, ResolutionError>] = [:]
        let manifests = Manifests()
        func resolve(_ request: ModuleSource.Request, from importer: String) -> Result<ResolvedModule, ResolutionError> {
            let key = ModulePath.folder(of: importer) + "\u{0}" + (request.kind == .import ? "i" : "r") + request.specifier
            if let known = resolutions[key] { return known }
            let result = ModuleResolver.resolve(request.specifier, from: importer, kind: request.kind, files: files, manifests: manifests)
            switch result {
            case .success, .failure(.builtin): resolutions[key] = result
            case .failure: break
            }
            return result
        }
        var next = 0
        while next < queue.count {
            let importer = queue[next]
            next += 1
            guard let source = graph.modules[importer] else { continue }
            graph.diagnostics += source.diagnostics
            var table: [Int: String] = [:]
            for (index, request) in source.requests.enumerated() {
                switch resolve(request, from: importer) {
                case .success(let module):
                    guard isModuleFile(module.path) else {
                        let lowercased = module.path.lowercased()
                        let why = lowercased.hasSuffix(".jsx") || lowercased.hasSuffix(".tsx")
                            ? "which is JSX: Hawser does not compile JSX, so compile it with your JSX toolchain or write it as .js or .ts"
                            : "which is not JavaScript, TypeScript or JSON: only those are bundled (a style sheet in a scripts folder is injected as its own script)"
                        graph.diagnostics.append(Diagnostic(
                            .unresolvedImport, "'\(request.specifier)' is '\(module.path)', \(why)", at: ModuleSource.location(importer, request.at)))
                        continue
                    }
                    table[index] = module.path
                    if graph.modules[module.path] == nil {
                        guard let bytes = files.contents(of: module.path) else {
                            graph.diagnostics.append(Diagnostic(
                                .unresolvedImport, "cannot read '\(module.path)', which '\(request.specifier)' resolves to",
                                at: ModuleSource.location(importer, request.at)))
                            continue
                        }
                        // Lint reports the syntax errors of the modules it reads (`lintedModules`).
                        let reportsSyntaxErrors = isPackageFile(module.path) || module.path.lowercased().hasSuffix(".json")
                        graph.modules[module.path] = read.flatMap { reportsSyntaxErrors ? nil : $0(module.path, bytes) }
                            ?? ModuleSource.read(path: module.path, bytes: bytes, reportsSyntaxErrors: reportsSyntaxErrors, cache: cache)
                    }
                    if !queued.contains(module.path) {
                        queue.append(module.path)
                        queued.insert(module.path)
                    }
                    if graph.reachedFrom[module.path] == nil, module.path != importer { graph.reachedFrom[module.path] = importer }
                case .failure(let error):
                    var message = error.message
                    if case .builtin = error {
                        message += "; imported through " + graph.chain(to: importer).joined(separator: " → ")
                    }
                    graph.diagnostics.append(Diagnostic(.unresolvedImport, message, at: ModuleSource.location(importer, request.at)))
                }
            }
            graph.resolved[importer] = table
        }
        graph.chooseEntries()
        graph.bundledEntries = graph.scriptPaths.filter { !graph.importedScripts.contains($0) && graph.modules[$0]?.hasModuleSyntax == true }
            .sorted()
        return graph
    }

    /// Which scripts are modules: those another script imports, except where that import closes
    /// a cycle back to the script. A script imported by nothing but itself, or by files outside
    /// the scripts folders, is an entry; so is the first (by path) of scripts that only import
    /// each other, so a cycle of scripts is still injected, from one entry.
    private mutating func chooseEntries() {
        var importers: [String: Set<String>] = [:]
        for (importer, table) in resolved where scriptPaths.contains(importer) {
            for target in table.values where target != importer && scriptPaths.contains(target) {
                importers[target, default: []].insert(importer)
            }
        }
        var reached: Set<String> = []
        func reach(from root: String) {
            var stack = [root]
            while let path = stack.popLast() {
                for target in (resolved[path] ?? [:]).values where target != root && reached.insert(target).inserted {
                    stack.append(target)
                }
            }
        }
        let sorted = scriptPaths.sorted()
        var roots = sorted.filter { importers[$0] == nil }
        roots.forEach(reach(from:))
        // Scripts only other scripts import, in cycles no root reaches: the first is an entry.
        while let next = sorted.first(where: { !reached.contains($0) && !roots.contains($0) }) {
            roots.append(next)
            reach(from: next)
        }
        importedScripts = Set(sorted.filter { !roots.contains($0) })
    }

    /// The files from an entry to `path`, following `reachedFrom`.
    private func chain(to path: String) -> [String] {
        var chain = [path]
        var seen: Set<String> = [path]
        while let from = reachedFrom[chain[0]], !seen.contains(from) {
            chain.insert(from, at: 0)
            seen.insert(from)
        }
        return chain
    }

    /// The JavaScript modules outside the scripts folders and outside every `node_modules`
    /// folder: the project's own code, which lint reads like its scripts. A package's code is
    /// not the project's to fix, and is only bundled.
    var lintedModules: [SourceFile] {
        filesRead.compactMap { path in
            guard let source = modules[path], source.format != .json, !Self.isPackageFile(path) else { return nil }
            return SourceFile(path: path, bytes: source.bytes)
        }
    }

    /// The files a graph can hold: JavaScript (`.js`, `.mjs`, `.cjs`, or no extension, as node
    /// allows), JSON, and TypeScript (`.ts`, `.mts`, `.cts`), which the graph reads stripped of
    /// its types. Not JSX (`.jsx`, `.tsx`): Hawser does not compile it.
    static func isModuleFile(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return true }
        return ["js", "mjs", "cjs", "json", "ts", "mts", "cts"].contains(name[name.index(after: dot)...].lowercased())
    }

    static func isPackageFile(_ path: String) -> Bool {
        path.hasPrefix("node_modules/") || path.contains("/node_modules/")
    }

    /// The module a static request of `path` resolved to.
    func target(of path: String, staticRequest index: Int) -> String? {
        guard let source = modules[path], index < source.staticRequests.count else { return nil }
        let specifier = source.staticRequests[index]
        guard let request = source.requests.firstIndex(where: { $0.isStatic && $0.specifier == specifier }) else { return nil }
        return resolved[path]?[request]
    }
}
