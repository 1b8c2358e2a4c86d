import TreeSitter

/// One file of a module graph, read once: how it is written (an ES module, CommonJS or JSON),
/// what it asks for (`Request`), what it imports and exports, and the edits that turn its text
/// into the body of a module function (`ModuleLinker`). Everything here is a fact of the file
/// alone; what a specifier resolves to, and what another module exports, is the graph's and the
/// linker's business.
struct ModuleSource: Codable {
    enum Format: Equatable, Codable {
        /// `import`/`export` syntax, or a file imported by one that has no module syntax at all
        /// (it is evaluated as a module: strict, its own scope).
        case esModule
        /// `require`, `module.exports`, `exports.x`, or a `.cjs` file.
        case commonJS
        /// A `.json` file: its value is `module.exports`.
        case json
    }

    /// A specifier the file asks for, in the order the file asks.
    struct Request: Equatable, Codable {
        var specifier: String
        var kind: ImportKind
        /// Where the specifier is written (the string literal), for diagnostics.
        var at: SourcePoint
        /// Whether it is an `import`/`export … from` (evaluated before the module's body) rather
        /// than a `require(…)` call (evaluated when the call runs).
        var isStatic: Bool
    }

    /// What an imported local name stands for: a name of another module, or its namespace.
    struct ImportBinding: Equatable, Codable {
        /// The index of the module's static request (`staticRequests`) it comes from.
        var request: Int
        /// The exported name, or nil for `* as ns`.
        var imported: String?
        var at: SourcePoint
    }

    /// One `export` of the file.
    enum Export: Equatable, Codable {
        /// `export { local as exported }`, `export const exported`, `export default …`
        /// (local `__hawser_default` or the declared name).
        case local(exported: String, local: String, at: SourcePoint)
        /// `export { imported as exported } from "…"`.
        case indirect(exported: String, imported: String, request: Int, at: SourcePoint)
        /// `export * as exported from "…"`.
        case namespace(exported: String, request: Int, at: SourcePoint)
        /// `export * from "…"`.
        case star(request: Int, at: SourcePoint)
    }

    /// A replacement of the bytes `range` of the file by `text`.
    struct Edit: Codable {
        var range: Range<Int>
        var text: String
    }

    /// The local name `export default <expression>` and anonymous default declarations bind.
    static let defaultLocal = "__hawser_default"

    /// The name of the handle of static request `index` in a module function.
    static func handle(_ index: Int) -> String { "__hawser_m\(index)" }

    var path: String
    /// The file's bytes: not part of a cached entry (`CodingKeys`); the cache's user sets them.
    var bytes: [UInt8] = []
    var format: Format
    /// Every request: static ones (deduplicated by specifier, in source order) and `require`s.
    var requests: [Request] = []
    /// The static requests' specifiers, in order: request `i` of `ImportBinding` and `Export`.
    var staticRequests: [String] = []
    var imports: [String: ImportBinding] = [:]
    var exports: [Export] = []
    /// Sorted by position, never overlapping.
    var edits: [Edit] = []
    /// Whether the module's own code refers to a `require` it does not declare.
    var usesRequire = false
    /// The first `await` outside every function, if any.
    var topLevelAwait: SourcePoint?
    /// A default export that is an anonymous function declaration, which must be named
    /// `default` (it is hoisted under `__hawser_default`).
    var namesDefaultFunction = false
    /// Findings of the file alone: syntax errors, `import()`, `import.meta`.
    var diagnostics: [Diagnostic] = []
    /// Whether the text has module syntax (`import`/`export` statements, or a `require("…")`
    /// call, `module`/`exports` of CommonJS): a script without any is a classic script.
    /// A script that calls `import()` is one too: it is checked as one, and the call is an error.
    var hasModuleSyntax: Bool {
        !staticRequests.isEmpty || !exports.isEmpty || hasModuleStatement || format != .esModule || usesRequire || usesDynamicImport
    }
    private(set) var usesDynamicImport = false
    private(set) var hasModuleStatement = false

    enum CodingKeys: String, CodingKey {
        case path, format, requests, staticRequests, imports, exports, edits, usesRequire, topLevelAwait, namesDefaultFunction,
             diagnostics, hasModuleStatement, usesDynamicImport
    }

    init(path: String, bytes: [UInt8], format: Format) {
        self.path = path
        self.bytes = bytes
        self.format = format
    }

    /// The words without which a text has no module syntax: `import`, `export` (and
    /// `exports`), `require` and `module`; and `await`, since an imported module that awaits at
    /// its top level makes its entry's module functions async. A file that has none of them is
    /// a classic script, known without a parse; most user scripts are.
    private static let moduleWords = ["import", "export", "require", "module", "await"].map { Array($0.utf8) }

    /// Whether the file is a script without module syntax, known from its bytes alone.
    static func isClassicWithoutParse(path: String, bytes: [UInt8]) -> Bool {
        let lower = path.lowercased()
        return !lower.hasSuffix(".json") && !lower.hasSuffix(".cjs") && !lower.hasSuffix(".mjs")
            && !moduleWords.contains { JavaScriptFrontEnd.contains(bytes, $0) }
    }

    /// `read`, through `cache` when there is one: keyed by everything the result is a function
    /// of (the path, the bytes, whether syntax errors are reported).
    static func read(path: String, bytes: [UInt8], reportsSyntaxErrors: Bool, cache: FactCache?) -> ModuleSource {
        // A classic script known without a parse is not worth a cache entry.
        guard let cache, !isClassicWithoutParse(path: path, bytes: bytes) else {
            return read(path: path, bytes: bytes, reportsSyntaxErrors: reportsSyntaxErrors)
        }
        let key = FactCache.key("module-source") { hasher in
            hasher.field(path)
            hasher.update(reportsSyntaxErrors ? 1 : 0)
            hasher.field(bytes)
        }
        var source = cache.value(key) { read(path: path, bytes: bytes, reportsSyntaxErrors: reportsSyntaxErrors) }
        source.bytes = bytes
        return source
    }

    /// Reads a file. `reportsSyntaxErrors` is false for files that lint reads anyway (it reports
    /// their syntax errors itself).
    static func read(path: String, bytes: [UInt8], reportsSyntaxErrors: Bool) -> ModuleSource {
        let lower = path.lowercased()
        if isClassicWithoutParse(path: path, bytes: bytes) { return ModuleSource(path: path, bytes: bytes, format: .esModule) }
        if lower.hasSuffix(".json") {
            var source = ModuleSource(path: path, bytes: bytes, format: .json)
            do {
                _ = try JSON.parse(bytes)
            } catch {
                source.diagnostics.append(Diagnostic(
                    .moduleError, "the JSON file does not parse: \(error.reason)",
                    at: location(path, SourcePoint(line: error.line, column: error.column))))
            }
            return source
        }
        guard let tree = try? JavaScriptParser.parse(bytes) else {
            var source = ModuleSource(path: path, bytes: bytes, format: .esModule)
            source.diagnostics.append(Diagnostic(.syntaxError, "cannot parse the module", at: location(path, SourcePoint(line: 1, column: 1))))
            return source
        }
        return read(path: path, tree: tree, reportsSyntaxErrors: reportsSyntaxErrors)
    }

    /// `read` of a JavaScript file (not JSON) from a tree already parsed from its bytes: the
    /// tree lint's front end walks (`ScriptScan`), so the file is parsed once for both.
    static func read(path: String, tree: SyntaxTree, reportsSyntaxErrors: Bool) -> ModuleSource {
        let lower = path.lowercased()
        var source = ModuleSource(path: path, bytes: tree.bytes, format: .esModule)
        if isClassicWithoutParse(path: path, bytes: tree.bytes) { return source }
        var reader = TreeWalk(source: source, tree: tree)
        reader.read()
        source = reader.source
        if reportsSyntaxErrors {
            source.diagnostics += JavaScriptSyntaxErrors.find(in: tree.root).map {
                Diagnostic(.syntaxError, $0.message, at: location(path, $0.at))
            }
        }
        if lower.hasSuffix(".cjs") {
            source.format = .commonJS
        } else if !lower.hasSuffix(".mjs"), source.staticRequests.isEmpty, source.exports.isEmpty, !source.hasModuleStatement,
                  reader.usesCommonJSNames {
            source.format = .commonJS
        }
        if source.format == .esModule, source.hasModuleSyntax { source.diagnostics += reader.earlyErrors() }
        if source.format == .commonJS {
            // A CommonJS file keeps its text as written: it has no import bindings to rewrite.
            source.edits = []
            source.imports = [:]
            source.usesRequire = true
        }
        return source
    }

    static func location(_ path: String, _ point: SourcePoint) -> SourceLocation {
        SourceLocation(file: path, line: point.line, column: point.column)
    }

    /// The walk of one tree.
    private struct TreeWalk {
        var source: ModuleSource
        let tree: SyntaxTree
        let scopes = ScopeResolver()
        /// A free `module` or `exports` is referred to.
        var usesCommonJSNames = false

        init(source: ModuleSource, tree: SyntaxTree) {
            self.source = source
            self.tree = tree
        }

        mutating func read() {
            let root = tree.root
            // Statements first: the imports must be known before their uses are rewritten.
            for statement in root.namedChildren {
                switch statement.type {
                case "import_statement": readImport(statement)
                case "export_statement": readExport(statement)
                default: break
                }
            }
            var awaitScopeEnd = 0
            var skipEnd = 0
            for index in 0..<tree.nodeCount {
                let node = tree.node(at: index)
                if index >= awaitScopeEnd {
                    if JavaScriptFrontEnd.awaitScopes.contains(node.symbol) {
                        awaitScopeEnd = node.subtreeEnd
                    } else if node.type == "await", !node.isNamed, source.topLevelAwait == nil {
                        source.topLevelAwait = node.start
                    }
                }
                guard node.isNamed, index >= skipEnd else { continue }
                switch node.type {
                case "import_statement":
                    skipEnd = node.subtreeEnd
                case "export_statement" where node.child(field: "declaration") == nil && node.child(field: "value") == nil:
                    skipEnd = node.subtreeEnd
                case "meta_property" where node.text.hasPrefix("import"):
                    source.diagnostics.append(Diagnostic(
                        .moduleError, "import.meta has no value in an injected script, which is a classic script with no module URL",
                        at: location(source.path, node.start)))
                case "call_expression":
                    readCall(node)
                case "identifier", "shorthand_property_identifier":
                    readIdentifier(node)
                default:
                    break
                }
            }
        }

        /// The spec's early errors of a module's top level that the grammar lets through: an
        /// export name given twice; a name declared twice where not every declaration is a
        /// `var` (a module's functions, classes, `let`s, `const`s and imports are lexical); an
        /// import named `eval` or `arguments`.
        func earlyErrors() -> [Diagnostic] {
            var diagnostics: [Diagnostic] = []
            var exported: Set<String> = []
            for export in source.exports {
                let (name, at): (String?, SourcePoint)
                switch export {
                case .local(let exportedName, _, let point), .indirect(let exportedName, _, _, let point), .namespace(let exportedName, _, let point):
                    (name, at) = (exportedName, point)
                case .star(_, let point):
                    (name, at) = (nil, point)
                }
                if let name, !exported.insert(name).inserted {
                    diagnostics.append(Diagnostic(.moduleError, "'\(name)' is exported twice", at: location(source.path, at)))
                }
            }
            var declared: [String: Bool] = [:]  // name → whether every declaration so far is a `var`
            func declare(_ name: String, isVar: Bool, at: SourcePoint) {
                if let onlyVars = declared[name], !(onlyVars && isVar) {
                    diagnostics.append(Diagnostic(.moduleError, "'\(name)' is declared twice at the module's top level", at: location(source.path, at)))
                }
                declared[name] = (declared[name] ?? true) && isVar
            }
            for (name, binding) in source.imports.sorted(by: { ($0.value.at.line, $0.value.at.column) < ($1.value.at.line, $1.value.at.column) }) {
                if name == "eval" || name == "arguments" {
                    diagnostics.append(Diagnostic(.moduleError, "an import cannot be named '\(name)'", at: location(source.path, binding.at)))
                }
                declare(name, isVar: false, at: binding.at)
            }
            for statement in tree.root.namedChildren {
                let declaration = statement.type == "export_statement" ? statement.child(field: "declaration") : statement
                guard let declaration else { continue }
                switch declaration.type {
                case "variable_declaration", "lexical_declaration", "function_declaration", "generator_function_declaration", "class_declaration":
                    let isVar = declaration.type == "variable_declaration"
                    for name in Self.declaredNames(declaration) { declare(name, isVar: isVar, at: declaration.start) }
                default:
                    continue
                }
            }
            return diagnostics
        }

        private mutating func request(_ specifierNode: SyntaxNode) -> Int? {
            guard let specifier = specifierNode.staticStringValue else { return nil }
            if let index = source.staticRequests.firstIndex(of: specifier) { return index }
            source.staticRequests.append(specifier)
            source.requests.append(Request(specifier: specifier, kind: .import, at: specifierNode.start, isStatic: true))
            return source.staticRequests.count - 1
        }

        /// The edit that removes a statement: an empty statement (so no two statements join),
        /// then the statement's line breaks, so the lines after it keep their numbers.
        private mutating func remove(_ statement: SyntaxNode) {
            let newlines = tree.bytes[statement.startByte..<statement.endByte].filter { $0 == UInt8(ascii: "\n") }.count
            source.edits.append(Edit(range: statement.startByte..<statement.endByte, text: ";" + String(repeating: "\n", count: newlines)))
        }

        private mutating func readImport(_ statement: SyntaxNode) {
            source.hasModuleStatement = true
            remove(statement)
            guard let sourceNode = statement.child(field: "source"), let index = request(sourceNode) else { return }
            for clause in statement.namedChildren where clause.type == "import_clause" {
                for part in clause.namedChildren {
                    switch part.type {
                    case "identifier":
                        source.imports[part.text] = ImportBinding(request: index, imported: "default", at: part.start)
                    case "namespace_import":
                        if let name = part.namedChildren.first(where: { $0.type == "identifier" }) {
                            source.imports[name.text] = ImportBinding(request: index, imported: nil, at: name.start)
                        }
                    case "named_imports":
                        for specifier in part.namedChildren where specifier.type == "import_specifier" {
                            guard let name = specifier.child(field: "name") else { continue }
                            let local = specifier.child(field: "alias") ?? name
                            source.imports[local.text] = ImportBinding(request: index, imported: Self.exportName(name), at: name.start)
                        }
                    default:
                        break
                    }
                }
            }
        }

        /// The name an `import`/`export` specifier spells: an identifier, or a string.
        static func exportName(_ node: SyntaxNode) -> String {
            node.staticStringValue ?? node.text
        }

        private mutating func readExport(_ statement: SyntaxNode) {
            source.hasModuleStatement = true
            let at = statement.start
            let isDefault = statement.children.contains { !$0.isNamed && $0.type == "default" }
            if let declaration = statement.child(field: "declaration") {
                // `export <declaration>`: the declaration stays, without the keywords.
                source.edits.append(Edit(range: statement.startByte..<declaration.startByte, text: ""))
                if isDefault {
                    let name = declaration.child(field: "name")?.text ?? ModuleSource.defaultLocal
                    source.exports.append(.local(exported: "default", local: name, at: at))
                    return
                }
                for name in Self.declaredNames(declaration) {
                    source.exports.append(.local(exported: name, local: name, at: at))
                }
                return
            }
            if let value = statement.child(field: "value") {
                readDefaultValue(value, statement: statement)
                return
            }
            remove(statement)
            let sourceNode = statement.child(field: "source")
            let index = sourceNode.flatMap { request($0) }
            if sourceNode != nil, index == nil { return }
            if let clause = statement.namedChildren.first(where: { $0.type == "export_clause" }) {
                for specifier in clause.namedChildren where specifier.type == "export_specifier" {
                    guard let name = specifier.child(field: "name") else { continue }
                    let exported = Self.exportName(specifier.child(field: "alias") ?? name)
                    if let index {
                        source.exports.append(.indirect(exported: exported, imported: Self.exportName(name), request: index, at: specifier.start))
                    } else {
                        source.exports.append(.local(exported: exported, local: name.text, at: specifier.start))
                        if scopes.binding(named: name.text, at: specifier) == nil {
                            source.diagnostics.append(Diagnostic(
                                .moduleError, "export '\(exported)': '\(name.text)' is not declared in this module",
                                at: location(source.path, name.start)))
                        }
                    }
                }
            } else if let namespace = statement.namedChildren.first(where: { $0.type == "namespace_export" }), let index {
                let name = namespace.namedChildren.last.map(Self.exportName) ?? "*"
                source.exports.append(.namespace(exported: name, request: index, at: at))
            } else if let index {
                source.exports.append(.star(request: index, at: at))
            }
        }

        /// `export default <value>`: an anonymous function is hoisted as a declaration named
        /// `__hawser_default` (renamed `default` by the prologue); anything else initialises a
        /// `const __hawser_default`, and an anonymous function or class among them is named
        /// `default` as the spec's NamedEvaluation does, through an object literal's key.
        private mutating func readDefaultValue(_ value: SyntaxNode, statement: SyntaxNode) {
            source.exports.append(.local(exported: "default", local: ModuleSource.defaultLocal, at: statement.start))
            let isAnonymous = value.child(field: "name") == nil
            if ["function_expression", "generator_function"].contains(value.type), isAnonymous {
                source.edits.append(Edit(range: statement.startByte..<value.startByte, text: ""))
                // After `function` or `function *`.
                let keyword = value.children.last { !$0.isNamed && ($0.type == "function" || $0.type == "*") && $0.startByte < (value.child(field: "parameters")?.startByte ?? value.endByte) }
                let insertAt = keyword?.endByte ?? value.startByte
                source.edits.append(Edit(range: insertAt..<insertAt, text: " " + ModuleSource.defaultLocal))
                source.namesDefaultFunction = true
                return
            }
            let named = (["arrow_function", "class", "function_expression", "generator_function"].contains(value.type) && isAnonymous)
            source.edits.append(Edit(
                range: statement.startByte..<value.startByte,
                text: "const \(ModuleSource.defaultLocal) = " + (named ? "{ default: " : "")))
            if named { source.edits.append(Edit(range: value.endByte..<value.endByte, text: " }.default")) }
            // `export default class {}` ends without a semicolon; the const needs one.
            if value.endByte == statement.endByte { source.edits.append(Edit(range: value.endByte..<value.endByte, text: ";")) }
        }

        /// The names a declaration binds: functions, classes, and every name of `var`/`let`/
        /// `const` patterns.
        static func declaredNames(_ declaration: SyntaxNode) -> [String] {
            if let name = declaration.child(field: "name") { return [name.text] }
            var names: [String] = []
            for declarator in declaration.namedChildren where declarator.type == "variable_declarator" {
                guard let pattern = declarator.child(field: "name") else { continue }
                names += PatternBindings.names(in: pattern).map { $0.0.text }
            }
            return names
        }

        private mutating func readCall(_ call: SyntaxNode) {
            guard let function = call.child(field: "function") else { return }
            if function.type == "import" {
                source.usesDynamicImport = true
                source.diagnostics.append(Diagnostic(
                    .moduleError,
                    "import() cannot load a module in an injected script (a classic script has no module loader); import it with an import declaration",
                    at: location(source.path, call.start)))
                return
            }
            guard function.type == "identifier", function.text == "require",
                  scopes.binding(named: "require", at: function) == nil else { return }
            source.usesRequire = true
            guard let arguments = call.child(field: "arguments"), arguments.namedChildren.count == 1,
                  let argument = arguments.namedChildren.first, let specifier = argument.staticStringValue else { return }
            source.requests.append(Request(specifier: specifier, kind: .require, at: argument.start, isStatic: false))
        }

        /// A use of an imported name becomes a read of the imported module's namespace, so every
        /// use sees the exporter's current value (a live binding).
        private mutating func readIdentifier(_ node: SyntaxNode) {
            let name = node.text
            if name == "module" || name == "exports" || name == "require" {
                if node.type == "identifier", scopes.binding(named: name, at: node) == nil {
                    if name == "require" { source.usesRequire = true } else { usesCommonJSNames = true }
                }
                return
            }
            guard let binding = source.imports[name],
                  scopes.binding(named: name, at: node)?.sources.first?.kind == .import else { return }
            let access = ModuleSource.access(binding)
            let replacement: String
            if node.type == "shorthand_property_identifier" {
                replacement = "\(name): \(access)"
            } else if let parent = node.parent, parent.type == "call_expression", parent.child(field: "function")?.isSame(as: node) == true,
                      binding.imported != nil {
                // Called as a plain function, `this` stays undefined, as for the import itself.
                replacement = "(0, \(access))"
            } else {
                replacement = access
            }
            source.edits.append(Edit(range: node.startByte..<node.endByte, text: replacement))
        }
    }

    /// How a module function reads its export `name` of static request `request`:
    /// `__hawser_m0.name`, or `__hawser_m0["a-b"]` for a name that is not an identifier.
    static func access(_ name: String, ofRequest request: Int) -> String {
        handle(request) + (isIdentifierName(name) ? "." + name : "[" + JSON.stringLiteral(name) + "]")
    }

    /// How a module function reads an imported binding: the name it imports, or for
    /// `* as ns` the namespace itself.
    static func access(_ binding: ImportBinding) -> String {
        binding.imported.map { access($0, ofRequest: binding.request) } ?? handle(binding.request)
    }

    /// An ASCII identifier name (other names are written as strings, which is always valid).
    static func isIdentifierName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
        }
    }
}
