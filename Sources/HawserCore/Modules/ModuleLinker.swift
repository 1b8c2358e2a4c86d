/// One bundled entry: the statements to put inside the script's wrapper, their source map, and
/// the modules it holds.
struct ModuleBundle {
    /// The body: the module loader, one `define` per module, and the entry's evaluation.
    var map: SourceMapBuilder
    /// The modules of the entry other than itself, in evaluation order.
    var modules: [String]
    /// The entry awaits at its top level: the wrapper must be an async function.
    var usesTopLevelAwait: Bool
}

/// Links a `ModuleGraph`: checks every import and re-export against what its module exports
/// (the spec's ResolveExport, with `export *` and its ambiguities), and writes each bundled
/// entry as module functions in a small registry.
///
/// The form: every module becomes a function, defined under a number, that the loader calls at
/// most once per entry. An ES module's function first defines its namespace's getters (so a
/// cycle sees its hoisted functions, and its `let`s stay in their temporal dead zone), then
/// asks for its dependencies in source order, then runs its own text, in strict mode, with
/// every use of an imported name rewritten to a read of that module's namespace (a live
/// binding). A CommonJS module is the function `(module, exports, require)` around its text.
/// This keeps each module's text as written, line by line, which the source map maps back
/// token by token; Documentation/architecture.md explains why this form and not scope hoisting.
struct ModuleLinker {
    let graph: ModuleGraph
    /// The link errors: missing and ambiguous exports, `export *` of CommonJS, top-level
    /// `await` outside an entry.
    private(set) var diagnostics: [Diagnostic] = []

    enum Target: Equatable {
        case binding(module: String, local: String)
        case namespace(module: String)
        /// A name of a CommonJS module's `module.exports`, known only when it runs.
        case dynamic(module: String, name: String)
    }

    enum Resolution: Equatable {
        case found(Target)
        case notFound
        case ambiguous
        /// A name a TypeScript module exports as a type only: erased there, so it has no
        /// binding, and an import or re-export of it is erased too in effect (never read at run
        /// time), as esbuild and tsc without `isolatedModules` treat it.
        case type
    }

    /// The bundle of every bundled entry, by its normalised path.
    private(set) var bundles: [String: ModuleBundle] = [:]

    /// The text a source map shows for a module, when it is not the text bundled: a TypeScript
    /// module's own source, to which its stripped JavaScript's offsets lead.
    private let originalText: @Sendable (String) -> OriginalText?

    /// The names a TypeScript module exports as types only (`StrippedTypeScript.typeExports`).
    private let typeExports: @Sendable (String) -> Set<String>

    /// With `bundling` (a build), every bundled entry's bundle is made; lint needs only the checks.
    init(
        graph: ModuleGraph, bundling: Bool = true, originalText: @escaping @Sendable (String) -> OriginalText? = { _ in nil },
        typeExports: @escaping @Sendable (String) -> Set<String> = { _ in [] }
    ) {
        self.graph = graph
        self.originalText = originalText
        self.typeExports = typeExports
        check()
        guard bundling else { return }
        for entry in graph.bundledEntries { bundles[entry] = bundle(entry: entry) }
    }

    // MARK: Checks

    private mutating func check() {
        var reached: Set<String> = []
        var stack = graph.bundledEntries
        while let path = stack.popLast() {
            guard reached.insert(path).inserted else { continue }
            stack += (graph.resolved[path] ?? [:]).values
        }
        for path in reached.sorted() {
            guard let source = graph.modules[path], source.format == .esModule else { continue }
            for (_, binding) in source.imports.sorted(by: { $0.key < $1.key }) {
                guard let imported = binding.imported, let target = graph.target(of: path, staticRequest: binding.request) else { continue }
                checkImport(imported, from: target, at: ModuleSource.location(path, binding.at))
            }
            for export in source.exports {
                switch export {
                case .indirect(_, let imported, let request, let at):
                    if let target = graph.target(of: path, staticRequest: request) {
                        checkImport(imported, from: target, at: ModuleSource.location(path, at))
                    }
                case .star(let request, let at):
                    if let target = graph.target(of: path, staticRequest: request), graph.modules[target]?.format != .esModule {
                        diagnostics.append(Diagnostic(
                            .moduleError,
                            "export * from '\(target)', a CommonJS module, cannot know its names before it runs; export them by name",
                            at: ModuleSource.location(path, at)))
                    }
                case .local, .namespace:
                    break
                }
            }
        }
    }

    private mutating func checkImport(_ name: String, from target: String, at: SourceLocation) {
        var visited: Set<String> = []
        switch resolveExport(target, name, &visited) {
        case .found, .type:
            break
        case .notFound:
            let names = exportedNames(of: target)
            diagnostics.append(Diagnostic(
                .moduleError, "'\(target)' has no export named '\(name)'" + NameSuggester.suffix(for: name, among: names), at: at))
        case .ambiguous:
            diagnostics.append(Diagnostic(
                .moduleError, "'\(name)' is ambiguous in '\(target)': two of its export * statements provide different bindings of that name",
                at: at))
        }
    }

    // MARK: Lint

    /// `facts` with each call of an imported function named as the function the import resolves
    /// to is named in its module (its global key there), so a wrapper is followed through the
    /// import binding whatever it is called where it is imported: `post` of
    /// `import { send as post }`, `util.send` of `import * as util`.
    func followingImports(_ facts: JavaScriptFacts) -> JavaScriptFacts {
        let path = ModulePath.normalize(facts.file)
        guard let source = graph.modules[path], source.format == .esModule, !source.imports.isEmpty else { return facts }
        var facts = facts
        for index in facts.calls.indices {
            let callee = facts.calls[index].callee
            let head = callee.prefix { $0 != "." && $0 != "@" }
            guard let binding = source.imports[String(head)], let target = graph.target(of: path, staticRequest: binding.request) else { continue }
            var rest = callee.dropFirst(head.count)
            if rest.hasPrefix("@") { rest = rest.drop { $0 != "." } }
            var name = binding.imported
            if name == nil, rest.hasPrefix(".") {
                // `ns.member`: the namespace's export `member`.
                let member = rest.dropFirst().prefix { $0 != "." }
                name = String(member)
                rest = rest.dropFirst(member.count + 1)
            }
            guard let name else { continue }
            var visited: Set<String> = []
            guard case .found(.binding(_, let local)) = resolveExport(target, name, &visited), local != ModuleSource.defaultLocal else { continue }
            facts.calls[index].callee = local + rest
        }
        return facts
    }

    /// `facts` with each handler name held by an imported constant (`ImportedConstant`)
    /// replaced by the string the exporting module's top-level `const` holds, followed through
    /// re-exports; `constants` gives a module's (by its normalized path). What does not resolve
    /// to a string constant stays a stand-in, for `ImportedConstant.settled`.
    func resolvingImportedConstants(
        _ facts: JavaScriptFacts, placeholders: [PlaceholderForm], constants: (String) -> [String: String]?
    ) -> JavaScriptFacts {
        let path = ModulePath.normalize(facts.file)
        guard let source = graph.modules[path], source.format == .esModule, !source.imports.isEmpty else { return facts }
        var known: [String: String?] = [:]
        return ImportedConstant.replacing(facts, placeholders: placeholders) { local in
            if let cached = known[local] { return cached ?? ImportedConstant.standIn(for: local) }
            var value: String?
            if let binding = source.imports[local], let imported = binding.imported,
               let target = graph.target(of: path, staticRequest: binding.request) {
                var visited: Set<String> = []
                if case .found(.binding(let module, let name)) = resolveExport(target, imported, &visited) {
                    value = constants(module)?[name]
                }
            }
            known[local] = .some(value)
            // Unresolved: left as the stand-in, settled later as a computed name.
            return value ?? ImportedConstant.standIn(for: local)
        }
    }

    // MARK: Export resolution (ECMA-262 ResolveExport and GetExportedNames)

    func resolveExport(_ path: String, _ name: String, _ visited: inout Set<String>) -> Resolution {
        guard let source = graph.modules[path] else { return .notFound }
        if source.format != .esModule { return .found(.dynamic(module: path, name: name)) }
        guard visited.insert(path + "\u{0}" + name).inserted else { return .notFound }
        for export in source.exports {
            switch export {
            case .local(let exported, let local, _) where exported == name:
                if let binding = source.imports[local], let target = graph.target(of: path, staticRequest: binding.request) {
                    guard let imported = binding.imported else { return .found(.namespace(module: target)) }
                    return resolveExport(target, imported, &visited)
                }
                return .found(.binding(module: path, local: local))
            case .indirect(let exported, let imported, let request, _) where exported == name:
                guard let target = graph.target(of: path, staticRequest: request) else { return .notFound }
                return resolveExport(target, imported, &visited)
            case .namespace(let exported, let request, _) where exported == name:
                guard let target = graph.target(of: path, staticRequest: request) else { return .notFound }
                return .found(.namespace(module: target))
            default:
                continue
            }
        }
        if typeExports(path).contains(name) { return .type }
        if name == "default" { return .notFound }
        var starResolution: Resolution = .notFound
        var isType = false
        for case .star(let request, _) in source.exports {
            guard let target = graph.target(of: path, staticRequest: request), graph.modules[target]?.format == .esModule else { continue }
            let resolution = resolveExport(target, name, &visited)
            switch resolution {
            case .ambiguous:
                return .ambiguous
            case .found:
                if starResolution == .notFound {
                    starResolution = resolution
                } else if starResolution != resolution {
                    return .ambiguous
                }
            case .type:
                isType = true
            case .notFound:
                continue
            }
        }
        return starResolution == .notFound && isType ? .type : starResolution
    }

    /// Every name the module's namespace has: its own exports and, through `export *`, every
    /// name other than `default` that resolves to one binding.
    func exportedNames(of path: String) -> [String] {
        var starSet: Set<String> = []
        let names = Self.collectNames(path, graph: graph, starSet: &starSet)
        var seen: Set<String> = []
        return names.filter { name in
            guard seen.insert(name).inserted else { return false }
            var visited: Set<String> = []
            if case .found = resolveExport(path, name, &visited) { return true }
            return false
        }
    }

    private static func collectNames(_ path: String, graph: ModuleGraph, starSet: inout Set<String>) -> [String] {
        guard let source = graph.modules[path], source.format == .esModule, starSet.insert(path).inserted else { return [] }
        var names: [String] = []
        for export in source.exports {
            switch export {
            case .local(let exported, _, _), .indirect(let exported, _, _, _), .namespace(let exported, _, _):
                names.append(exported)
            case .star:
                continue
            }
        }
        for case .star(let request, _) in source.exports {
            guard let target = graph.target(of: path, staticRequest: request) else { continue }
            names += collectNames(target, graph: graph, starSet: &starSet).filter { $0 != "default" && !names.contains($0) }
        }
        return names
    }

    // MARK: Emission

    /// The bundle of the entry at `path` (a script's path as listed), or nil when it is not a
    /// bundled entry (a classic script, or a module of another entry).
    func bundle(forEntry path: String) -> ModuleBundle? {
        bundles[ModulePath.normalize(path)]
    }

    /// The bundle of one entry.
    private func bundle(entry: String) -> ModuleBundle {
        // Evaluation order: depth first, dependencies in the order asked for, each once.
        var order: [String] = []
        var visited: Set<String> = []
        func visit(_ path: String) {
            guard visited.insert(path).inserted, let source = graph.modules[path] else { return }
            let table = graph.resolved[path] ?? [:]
            for index in source.requests.indices { if let target = table[index] { visit(target) } }
            order.append(path)
        }
        visit(entry)
        let ids = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        // With top-level `await` anywhere in the entry's graph, every ES module function is
        // async and awaits its dependencies in order, as the spec's async module evaluation does.
        let isAsync = order.contains { graph.modules[$0]?.format == .esModule && graph.modules[$0]?.topLevelAwait != nil }

        var map = SourceMapBuilder()
        map.append(Self.loader)
        for path in order {
            guard let source = graph.modules[path], let id = ids[path] else { continue }
            emit(source, id: id, ids: ids, isAsync: isAsync, into: &map)
        }
        map.append(isAsync ? "await __hawser_modules.load(\(ids[entry] ?? 0)).done;\n" : "__hawser_modules.load(\(ids[entry] ?? 0));\n")
        return ModuleBundle(map: map, modules: order.filter { $0 != entry }, usesTopLevelAwait: isAsync)
    }

    private func emit(_ source: ModuleSource, id: Int, ids: [String: Int], isAsync: Bool, into map: inout SourceMapBuilder) {
        let path = source.path
        let original = originalText(path)
        let sourceIndex = map.source(path, text: original?.bytes ?? source.bytes)
        let table = graph.resolved[path] ?? [:]
        // `require("…")` by specifier, for the module's own `require`.
        var requires: [(String, Int)] = []
        for (index, request) in source.requests.enumerated() where !request.isStatic {
            if let target = table[index], let targetID = ids[target], !requires.contains(where: { $0.0 == request.specifier }) {
                requires.append((request.specifier, targetID))
            }
        }
        let requireTable = requires.isEmpty ? "" : ", {" + requires.map { JSON.stringLiteral($0.0) + ": " + String($0.1) }.joined(separator: ", ") + "}"
        let start = (source: sourceIndex, position: SourceMapBuilder.OriginalPosition(line: 0, column: 0, utf8Column: 0))
        switch source.format {
        case .json:
            map.append("__hawser_modules.define(\(id), \"cjs\", function (module) { module.exports = // \(GeneratedHeader.commentSafe(path))\n")
            var cursor = OriginalCursor(original: original)
            map.appendCopy(of: source.bytes, 0..<source.bytes.count, source: sourceIndex, cursor: &cursor)
            map.append("\n; });\n")
        case .commonJS:
            map.append("__hawser_modules.define(\(id), \"cjs\", function (module, exports, require) { // \(GeneratedHeader.commentSafe(path))\n", mappedTo: start)
            var cursor = OriginalCursor(original: original)
            map.appendCopy(of: source.bytes, 0..<source.bytes.count, source: sourceIndex, cursor: &cursor)
            map.append("\n}\(requireTable));\n")
        case .esModule:
            var prologue = "__hawser_modules.define(\(id), \"esm\", \(isAsync ? "async " : "")function (__hawser_exports, __hawser_import"
            prologue += source.usesRequire ? ", require) {" : ") {"
            prologue += " \"use strict\"; __hawser_exports({" + getters(of: source).joined(separator: ", ") + "});"
            if source.namesDefaultFunction {
                prologue += " Object.defineProperty(\(ModuleSource.defaultLocal), \"name\", { value: \"default\", configurable: true });"
            }
            let handles = source.staticRequests.indices.compactMap { index -> String? in
                guard let target = graph.target(of: path, staticRequest: index), let targetID = ids[target] else { return nil }
                return "\(ModuleSource.handle(index)) = \(isAsync ? "await " : "")__hawser_import(\(targetID))"
            }
            if !handles.isEmpty { prologue += " var " + handles.joined(separator: ", ") + ";" }
            prologue += " // \(GeneratedHeader.commentSafe(path))\n"
            map.append(prologue, mappedTo: start)
            var cursor = OriginalCursor(original: original)
            var offset = 0
            let edits = source.edits.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }.map(\.element)
            for edit in edits where edit.range.lowerBound >= offset {
                map.appendCopy(of: source.bytes, offset..<edit.range.lowerBound, source: sourceIndex, cursor: &cursor)
                map.append(edit.text, mappedTo: (sourceIndex, cursor.position(of: edit.range.lowerBound, in: source.bytes)))
                offset = edit.range.upperBound
            }
            map.appendCopy(of: source.bytes, offset..<source.bytes.count, source: sourceIndex, cursor: &cursor)
            map.append("\n}\(requireTable));\n")
        }
    }

    /// `name: () => value` for every name of the module's namespace, sorted as the spec sorts
    /// a namespace's keys (by UTF-16 code units).
    private func getters(of source: ModuleSource) -> [String] {
        let path = source.path
        let names = exportedNames(of: path).sorted { Array($0.utf16).lexicographicallyPrecedes(Array($1.utf16)) }
        return names.compactMap { name -> String? in
            guard let value = localAccess(source, name) else { return nil }
            let key = ModuleSource.isIdentifierName(name) ? name : JSON.stringLiteral(name)
            return "\(key): () => \(value)"
        }
    }

    /// How the module's own code reads its export `name`.
    private func localAccess(_ source: ModuleSource, _ name: String) -> String? {
        for export in source.exports {
            switch export {
            case .local(let exported, let local, _) where exported == name:
                return source.imports[local].map(ModuleSource.access) ?? local
            case .indirect(let exported, let imported, let request, _) where exported == name:
                return ModuleSource.access(imported, ofRequest: request)
            case .namespace(let exported, let request, _) where exported == name:
                return ModuleSource.handle(request)
            default:
                continue
            }
        }
        for case .star(let request, _) in source.exports {
            guard let target = graph.target(of: source.path, staticRequest: request) else { continue }
            var visited: Set<String> = []
            if case .found = resolveExport(target, name, &visited) { return ModuleSource.access(name, ofRequest: request) }
        }
        return nil
    }

    /// `Templates/module-registry.js`: the registry every bundled entry starts with. `define`
    /// records a module's function; `load` runs it once and gives its record (an ES module's
    /// namespace, or a CommonJS module's `module`); an ES module importing a CommonJS one sees a
    /// namespace whose `default` is `module.exports` (its `default` when it sets `__esModule`)
    /// and whose other names read `module.exports` when used, as esbuild and rollup do. The file
    /// explains the registry in comments. It is a template file as `Compile/Template.swift`
    /// describes them, with no placeholders (TemplateTests checks it as one), read here without
    /// that type, a later stage's: the notes end at the first empty line.
    static let registryFile = "module-registry.js"
    static let registryText = String(decoding: PackageResources.module_registry_js, as: UTF8.self)

    /// The registry as bundles hold it: the file after its notes, without the lines that are
    /// only a `//` comment (the file's explanations, which every bundle would otherwise carry).
    static let loader = CommentLines.removed(from: registryText.range(of: "\n\n").map { String(registryText[$0.upperBound...]) } ?? registryText)
}
