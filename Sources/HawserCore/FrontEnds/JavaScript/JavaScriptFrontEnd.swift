import TreeSitter

/// The JavaScript front end: finds message-handler uses, front-end diagnostics and
/// suppression comments in one script by walking its tree-sitter syntax tree.
enum JavaScriptFrontEnd {
    /// Analyses one script. `origin` is where the script's first byte sits in `file`
    /// (SourcePoint(line: 1, column: 1) for a .js file; elsewhere for an inline <script> in HTML).
    /// Every location is mapped: line += origin.line - 1; column += origin.column - 1 only on the
    /// script's first line. `runtimeGlobal` is the name of Hawser's runtime object, whose
    /// `call` and `post` methods are handler uses too.
    ///
    /// `placeholders` are the forms of placeholder a script template may contain: each occurrence
    /// is filled in with an identifier of the same length before parsing (`PlaceholderFiller`),
    /// and a handler named with one is a templated use. `position`, when given, maps a script
    /// position into the file instead of `origin` (for a script decoded from an HTML attribute).
    ///
    /// `recordsCalls` false leaves out the calls (`JavaScriptFacts.calls`) of a script that
    /// cannot reach a handler: only a wrapper's callers need them, and the pipeline's scan
    /// (`ScriptScan`) knows from the bytes which scripts may call one.
    static func analyze(
        script: [UInt8], file: String, origin: SourcePoint = SourcePoint(line: 1, column: 1),
        runtimeGlobal: String = RuntimeOptions.defaultGlobal, placeholders: [PlaceholderForm] = [],
        position: ((SourcePoint) -> SourcePoint)? = nil, recordsCalls: Bool = true
    ) -> JavaScriptFacts {
        switch parse(script, placeholders: placeholders) {
        case .success(let tree):
            return analyze(
                tree: tree, file: file, origin: origin, runtimeGlobal: runtimeGlobal, placeholders: placeholders, position: position,
                recordsCalls: recordsCalls)
        case .failure(let error):
            return unparsed(error, file: file, origin: origin, position: position)
        }
    }

    /// The tree `analyze` walks: the script's, parsed with its placeholders filled in.
    static func parse(_ script: [UInt8], placeholders: [PlaceholderForm]) -> Result<SyntaxTree, Error> {
        Result { try JavaScriptParser.parse(script, standIn: PlaceholderFiller.standIn(for: script, forms: placeholders)?.bytes) }
    }

    /// The facts of a script tree-sitter could not parse at all: one `syntax-error`.
    static func unparsed(
        _ error: Error, file: String, origin: SourcePoint = SourcePoint(line: 1, column: 1), position: ((SourcePoint) -> SourcePoint)? = nil
    ) -> JavaScriptFacts {
        let point = position?(SourcePoint(line: 1, column: 1)) ?? origin
        let diagnostic = Diagnostic(.syntaxError, "cannot parse the script: \(error)", at: SourceLocation(file: file, line: point.line, column: point.column))
        return JavaScriptFacts(file: file, diagnostics: [diagnostic])
    }

    /// `analyze` of a tree `parse` made.
    static func analyze(
        tree: SyntaxTree, file: String, origin: SourcePoint = SourcePoint(line: 1, column: 1),
        runtimeGlobal: String = RuntimeOptions.defaultGlobal, placeholders: [PlaceholderForm] = [],
        position: ((SourcePoint) -> SourcePoint)? = nil, recordsCalls: Bool = true
    ) -> JavaScriptFacts {
        func filePoint(_ point: SourcePoint) -> SourcePoint {
            if let position { return position(point) }
            return SourcePoint(line: point.line + origin.line - 1, column: point.column + (point.line == 1 ? origin.column - 1 : 0))
        }
        func location(_ point: SourcePoint) -> SourceLocation {
            let mapped = filePoint(point)
            return SourceLocation(file: file, line: mapped.line, column: mapped.column)
        }
        let script = tree.bytes
        let root = tree.root

        let scopes = ScopeResolver()
        let canReachHandlers = Self.canReachHandlers(tree)
        // Without handlers to classify or calls to record, the resolver's own pass has nothing to serve.
        let resolver = HandlerAccessResolver(
            root: root, scopes: scopes, collectsDeclaredNames: canReachHandlers, collectsReassignments: canReachHandlers || recordsCalls)
        var collector = HandlerUseCollector(resolver: resolver, classifiesHandlerValues: canReachHandlers)
        let walksCollector = canReachHandlers || recordsCalls
        var runtimeCalls = RuntimeCallCollector(global: runtimeGlobal, scopes: scopes)
        var syntaxErrors = JavaScriptSyntaxErrors.Collector()
        var suppressionFindings: [JavaScriptSuppressions.Finding] = []
        var htmlFragments: [HTMLFragment] = []
        var definitions = ScriptDefinitionCollector(scopes: scopes)
        let mayHaveSuppressions = JavaScriptSuppressions.mentionsDirective(script)
        // One pass over the tree's nodes, in preorder, for every fact; the resolver's own pass
        // (reassignments, declared names) had to come first.
        let callSymbol = JavaScriptParser.symbol(named: "call_expression"), commentSymbol = JavaScriptParser.symbol(named: "comment")
        // A call through the runtime names its global as written: without those bytes there is none.
        let mayCallRuntime = contains(script, Array(runtimeGlobal.utf8))
        // Top-level `await`: the keyword token (of `await x` and of `for await`) outside every
        // `awaitScopes` subtree, which in preorder is the indices before its end.
        var usesTopLevelAwait = false, awaitScopeEnd = 0
        // Top-level declarations, in the same pass: `var`s outside every function (the same
        // `awaitScopes` subtrees, which are the bodies a `var` belongs to), and the function,
        // class and lexical declarations that are statements of the program.
        var topLevel = TopLevelCollector(), varScopeEnd = 0
        for index in 0..<tree.nodeCount {
            let node = tree.node(at: index)
            if !usesTopLevelAwait, index >= awaitScopeEnd {
                if awaitScopes.contains(node.symbol) {
                    awaitScopeEnd = node.subtreeEnd
                } else if node.symbol == awaitSymbol, !node.isNamed {
                    usesTopLevelAwait = true
                }
            }
            syntaxErrors.visit(node)
            guard node.isNamed else { continue }
            if index >= varScopeEnd {
                topLevel.visit(node)
                if node.type == "export_statement" { topLevel.visitExport(node) }
                if awaitScopes.contains(node.symbol) { varScopeEnd = node.subtreeEnd }
            }
            if walksCollector { collector.visit(node) }
            definitions.visit(node)
            let symbol = node.symbol
            if symbol == callSymbol {
                if mayCallRuntime { runtimeCalls.visit(node) }
            } else if symbol == commentSymbol, mayHaveSuppressions, let finding = JavaScriptSuppressions.finding(node) {
                suppressionFindings.append(finding)
            } else if symbol == templateStringSymbol, let fragment = htmlFragment(node) {
                htmlFragments.append(fragment)
            }
        }
        collector.finish()

        var uses = collector.uses.map { key, facts in
            HandlerUse(
                name: key.name, location: location(key.at), resultUsed: facts.resultUsed,
                form: facts.called ? .postMessage : .reference,
                payloads: (collector.payloads[key] ?? []).map { PayloadLiteral.read($0, locate: location, constant: scopes.constantObjectLiteral) },
                template: HandlerTemplate(key.name, forms: placeholders))
        }
        uses += runtimeCalls.calls.map { call in
            HandlerUse(
                name: call.name, location: location(call.at), resultUsed: call.form == .call, form: call.form,
                payloads: call.payload.map { [PayloadLiteral.read($0, locate: location, constant: scopes.constantObjectLiteral)] } ?? [],
                template: HandlerTemplate(call.name, forms: placeholders))
        }
        uses.sort { ($0.location, $0.name) < ($1.location, $1.name) }

        var diagnostics = collector.findings.map {
            Diagnostic($0.code, $0.message, at: location($0.at), handler: $0.handler)
        }
        diagnostics += runtimeCalls.dynamicNames.map {
            Diagnostic(.dynamicHandlerName, "handler name is computed at runtime and cannot be checked: \($0.expression)", at: location($0.at))
        }
        diagnostics += syntaxErrors.findings(in: tree).map {
            Diagnostic(.syntaxError, $0.message, at: location($0.at))
        }
        diagnostics.sort(by: Diagnostic.sortKey)

        let suppressions = suppressionFindings
            .map { Suppression(file: file, line: filePoint(SourcePoint(line: $0.line, column: 1)).line, codes: $0.codes) }
            .sorted { ($0.line, $0.codes.sorted().joined(separator: ",")) < ($1.line, $1.codes.sorted().joined(separator: ",")) }

        func key(_ callable: HandlerUseCollector.CallableKey) -> String {
            switch callable {
            case .global(let path): return path
            case .local(let path, let at): return "\(path)@\(location(at))"
            }
        }
        let wrappers = collector.wrapperAccesses.map { at, access in
            WrapperFunction(
                keys: access.keys.map(key), parameter: access.parameter, access: location(at),
                called: access.called, resultUsed: access.resultUsed, payloadParameter: access.payloadParameter)
        }.sorted { $0.access < $1.access }
        // A name written with a placeholder is not known: its calls would be uses no one can
        // name. One filled in by native code (`window.%@ = …`) is known where the interpolation
        // resolves to one name (`Pipeline.analyzeEmbedded`).
        func isKnown(_ name: String) -> Bool {
            HandlerTemplate(name, forms: placeholders) == nil
        }
        let handlerWrappers = collector.handlerWrappers.compactMap { wrapper -> HandlerWrapper? in
            let keys = wrapper.keys.map(key)
            guard isKnown(wrapper.handler), keys.allSatisfy(isKnown) else { return nil }
            return HandlerWrapper(
                keys: keys, handler: wrapper.handler, definition: location(wrapper.definition), resultUsed: wrapper.resultUsed,
                payloadParameter: wrapper.payloadParameter)
        }
        let calls = collector.calls.map { call in
            FunctionCall(callee: key(call.callee), location: location(call.at), arguments: call.arguments.map { argument in
                switch argument {
                case .string(let value, let at): return .string(value, location(at))
                case .parameter(let keys, let index): return .parameter(keys: keys.map(key), index: index)
                case .other(let text, let at): return .other(text, location(at))
                }
            }, resultUsed: call.resultUsed, payloads: call.argumentNodes.map { PayloadLiteral.read($0, locate: location, constant: scopes.constantObjectLiteral) },
            throughLocalName: call.throughLocalName)
        }

        var facts = JavaScriptFacts(
            file: file, uses: uses, diagnostics: diagnostics, suppressions: suppressions, wrappers: wrappers,
            handlerWrappers: handlerWrappers, calls: calls, usesTopLevelAwait: usesTopLevelAwait)
        facts.htmlFragments = htmlFragments
        facts.constantStrings = topLevel.constants
        facts.topLevel = TopLevelBindings(
            declarations: topLevel.declared.map { TopLevelDeclaration(name: $0.name.text, kind: $0.kind, location: location($0.name.start)) },
            isStrict: hasUseStrictDirective(root), returnAt: topLevel.returnStatement.map { location($0.start) })
        facts.definitions = definitions.found.map {
            ScriptDefinition(name: $0.name, location: location($0.at), place: $0.place, isFunction: $0.isFunction)
        }
        return facts
    }

    /// The names a script's top level declares, as the preorder walk meets them (`visit` is
    /// given each named node outside every function): each name once, with the kind of its first
    /// declaration, in source order.
    struct TopLevelCollector {
        private(set) var declared: [(name: SyntaxNode, kind: TopLevelDeclaration.Kind)] = []
        /// The first `return` statement outside every function.
        private(set) var returnStatement: SyntaxNode?
        private var seen: Set<String> = []

        private static let program = SymbolSet(types: ["program"])
        private static let variableDeclaration = SymbolSet(types: ["variable_declaration"])
        private static let lexicalDeclaration = SymbolSet(types: ["lexical_declaration"])
        private static let forIn = SymbolSet(types: ["for_in_statement"])
        private static let functions = SymbolSet(types: ["function_declaration", "generator_function_declaration"])
        private static let classDeclaration = SymbolSet(types: ["class_declaration"])
        private static let returnStatement = SymbolSet(types: ["return_statement"])

        mutating func visit(_ node: SyntaxNode) {
            let symbol = node.symbol
            if Self.returnStatement.contains(symbol) {
                if returnStatement == nil { returnStatement = node }
            } else if Self.variableDeclaration.contains(symbol) {
                declarators(of: node, kind: .var)
            } else if Self.forIn.contains(symbol), node.child(field: "kind")?.type == "var", let left = node.child(field: "left") {
                pattern(left, kind: .var)
            } else if let parent = node.parent, Self.program.contains(parent.symbol) {
                if Self.lexicalDeclaration.contains(symbol) {
                    let isConst = node.child(field: "kind")?.type == "const"
                    declarators(of: node, kind: isConst ? .const : .let)
                    if isConst { constantStrings(of: node) }
                } else if Self.functions.contains(symbol), let name = node.child(field: "name") {
                    add(name, .function)
                } else if Self.classDeclaration.contains(symbol), let name = node.child(field: "name") {
                    add(name, .class)
                }
            }
        }

        /// Whether `node` is an `export const …` statement of the program: its names are a
        /// module's exports, which another module's handler names may be (`ImportedConstant`).
        mutating func visitExport(_ node: SyntaxNode) {
            guard node.type == "export_statement", node.parent.map({ Self.program.contains($0.symbol) }) == true,
                  let declaration = node.child(field: "declaration"), Self.lexicalDeclaration.contains(declaration.symbol),
                  declaration.child(field: "kind")?.type == "const"
            else { return }
            constantStrings(of: declaration)
        }

        /// The top-level `const`s whose value is a string literal, by name.
        private(set) var constants: [String: String] = [:]

        private mutating func constantStrings(of declaration: SyntaxNode) {
            for declarator in declaration.namedChildren where declarator.type == "variable_declarator" {
                guard let name = declarator.child(field: "name"), name.type == "identifier",
                      let value = declarator.child(field: "value")?.skippingParenthesesDownward.staticStringValue else { continue }
                constants[name.text] = value
            }
        }

        private mutating func declarators(of declaration: SyntaxNode, kind: TopLevelDeclaration.Kind) {
            for declarator in declaration.namedChildren where declarator.type == "variable_declarator" {
                if let name = declarator.child(field: "name") { pattern(name, kind: kind) }
            }
        }

        private mutating func pattern(_ pattern: SyntaxNode, kind: TopLevelDeclaration.Kind) {
            for (name, _) in PatternBindings.names(in: pattern) { add(name, kind) }
        }

        private mutating func add(_ name: SyntaxNode, _ kind: TopLevelDeclaration.Kind) {
            if seen.insert(name.text).inserted { declared.append((name, kind)) }
        }
    }

    /// Whether the directive prologue of `program` (its leading statements that are string
    /// literals alone, after comments and a `#!` line) holds `"use strict"` or `'use strict'`,
    /// written without escapes, as the spec requires of the directive.
    static func hasUseStrictDirective(_ program: SyntaxNode) -> Bool {
        for statement in program.namedChildren {
            switch statement.type {
            case "comment", "hash_bang_line":
                continue
            case "expression_statement":
                let expression = statement.namedChildrenWithoutComments
                guard expression.count == 1, expression[0].type == "string" else { return false }
                if expression[0].text == "\"use strict\"" || expression[0].text == "'use strict'" { return true }
            default:
                return false
            }
        }
        return false
    }

    private static let templateStringSymbol = JavaScriptParser.symbol(named: "template_string")
    private static let templateSubstitutionSymbol = JavaScriptParser.symbol(named: "template_substitution")

    /// A template literal whose text is HTML that may hold JavaScript (`HTMLFragment.isHTML`):
    /// its raw text with every `${…}` filled with `_`, line breaks kept.
    static func htmlFragment(_ node: SyntaxNode) -> HTMLFragment? {
        let bytes = node.tree.bytes
        let start = node.startByte + 1
        var end = node.endByte
        if end > start, bytes[end - 1] == UInt8(ascii: "`") { end -= 1 }
        guard end > start, HTMLFragment.isHTML(bytes[start..<end]) else { return nil }
        var text = Array(bytes[start..<end])
        for child in node.childSequence where child.symbol == templateSubstitutionSymbol {
            for offset in max(child.startByte, start)..<min(child.endByte, end)
            where text[offset - start] != UInt8(ascii: "\n") && text[offset - start] != UInt8(ascii: "\r") {
                text[offset - start] = UInt8(ascii: "_")
            }
        }
        let origin = node.tree.point(ofByte: start)
        return HTMLFragment(bytes: text, line: origin.line, column: origin.column)
    }

    /// The node kinds whose bodies are their own (async or not) scope for `await`.
    static let awaitScopes = SymbolSet([
        "function_declaration", "function_expression", "generator_function", "generator_function_declaration",
        "arrow_function", "method_definition", "field_definition", "class_static_block",
    ])
    /// The `await` keyword token.
    private static let awaitSymbol = JavaScriptParser.symbol(ofToken: "await")

    /// Whether any expression of the script can denote something handler-related
    /// (`HandlerValue.isHandlerRelated`): every such value starts at `webkit`, written as a
    /// name, a property or a string, so the script's bytes hold the word, unless a string spells
    /// it with escape sequences (`"\x77ebkit"`, or a line continuation between two halves).
    /// When it cannot, nothing is classified (no use, alias, probe, computed or unsound name can
    /// come of it) and only the facts every script has are collected: calls (a wrapper may be
    /// in another file), syntax errors, suppressions, top-level `await`.
    static func canReachHandlers(_ tree: SyntaxTree) -> Bool {
        if contains(tree.bytes, Array("webkit".utf8)) { return true }
        guard let escape = escapeSymbol else { return true }
        return tree.containsNode(withSymbol: escape) { node in
            // An escape that decodes to a letter (or to nothing) may spell part of the word.
            let decoded = JavaScriptEscapes.decode(node.text)
            return decoded.isEmpty || decoded.utf8.contains { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
        }
    }

    private static let escapeSymbol = JavaScriptParser.symbol(named: "escape_sequence")

    /// Whether the program has an `import` declaration (a statement of its top level).
    static func hasImportStatement(_ tree: SyntaxTree) -> Bool {
        guard let symbol = importSymbol else { return true }
        var child = tree.root.firstChild
        while let node = child {
            if node.symbol == symbol { return true }
            child = node.nextSibling
        }
        return false
    }

    private static let importSymbol = JavaScriptParser.symbol(named: "import_statement")

    /// Whether a script can use a handler at all: it mentions `messageHandlers` or the runtime
    /// global. A quick byte test for the many short scripts of HTML event attributes, which are
    /// analysed only when it holds (so a page's `onclick="…"` that is not JavaScript yet, a
    /// server template's say, is not a syntax error).
    static func mayUseHandlers(_ script: [UInt8], runtimeGlobal: String = RuntimeOptions.defaultGlobal) -> Bool {
        contains(script, Array("messageHandlers".utf8)) || contains(script, Array(runtimeGlobal.utf8))
    }

    /// Whether `needle` occurs in `bytes`.
    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }
}
