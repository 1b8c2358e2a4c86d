import TreeSitter

/// How a name was declared.
enum BindingKind: Equatable {
    case `var`, `let`, `const`, parameter, function, `class`, catchParameter, `import`
}

/// One step from a destructured value to a bound name: a property key (`{ key: name }`), or a
/// step that cannot be followed (array element, rest element).
enum PatternStep {
    case key(SyntaxNode)
    case opaque
}

/// Where one declaration of a binding takes its value from.
struct BindingSource {
    let kind: BindingKind
    /// The identifier that declares the name.
    let nameNode: SyntaxNode
    /// The `variable_declarator` for `var`/`let`/`const`; nil for other declarations.
    let declarator: SyntaxNode?
    /// The destructuring path from the declarator's value to the name.
    let path: [PatternStep]
}

/// A name declared in one lexical scope. Several `var` declarations of one name in one function
/// share a binding, which then has several sources.
final class Binding {
    let name: String
    private(set) var sources: [BindingSource]

    init(name: String, source: BindingSource) {
        self.name = name
        self.sources = [source]
    }

    func add(_ source: BindingSource) { sources.append(source) }
}

/// Resolves identifiers to their declarations by lexical scope: block scoping for
/// `let`/`const`/`class`/function declarations, function scoping (with hoisting) for `var`,
/// parameters and catch parameters in their own scopes, imports at the top level.
///
/// A scope's declarations are collected the first time the scope is consulted, and binding
/// objects are stable, so they can serve as identities.
final class ScopeResolver {
    private var tables: [NodeKey: [String: Binding]] = [:]

    /// The string an identifier stands for when it names a `const` initialised by a string
    /// literal (or a template literal without substitutions): `const NAME = "observer"`.
    /// A `const` cannot be reassigned, so this is sound.
    func constantString(_ identifier: SyntaxNode) -> String? {
        guard identifier.type == "identifier",
              let binding = binding(named: identifier.text, at: identifier),
              binding.sources.count == 1, let source = binding.sources.first,
              source.kind == .const, source.path.isEmpty,
              let value = source.declarator?.child(field: "value")?.skippingParenthesesDownward
        else { return nil }
        return value.staticStringValue
    }

    /// The object literal a payload named by `identifier` holds: a `const` initialised by one,
    /// whose every other reference is an argument of a call that cannot change it (not
    /// `Object.assign(x, …)`, `$.extend(x, …)`, `_.merge(x, …)`): no `x.key = …`, no
    /// `delete x.key`, nothing read or written through a member. Nil for anything else.
    func constantObjectLiteral(_ identifier: SyntaxNode) -> SyntaxNode? {
        guard identifier.type == "identifier",
              let binding = binding(named: identifier.text, at: identifier),
              binding.sources.count == 1, let source = binding.sources.first,
              source.kind == .const, source.path.isEmpty,
              let declarator = source.declarator,
              let value = declarator.child(field: "value")?.skippingParenthesesDownward, value.type == "object"
        else { return nil }
        // The references are inside the block that declares the name.
        var scope = declarator
        while let parent = scope.parent, !["statement_block", "program", "switch_body", "class_body"].contains(parent.type) { scope = parent }
        guard let block = scope.parent else { return nil }
        let tree = identifier.tree
        for index in Int(block.index)..<block.subtreeEnd {
            let node = tree.node(at: index)
            guard node.type == "identifier", node.text == identifier.text, !node.isSame(as: source.nameNode),
                  self.binding(named: node.text, at: node) === binding else { continue }
            guard let arguments = node.skippingParenthesesUpward.parent, arguments.type == "arguments",
                  let call = arguments.parent, call.type == "call_expression",
                  let callee = call.child(field: "function") else { return nil }
            let name = callee.type == "member_expression" ? callee.child(field: "property")?.text : callee.text
            if ["assign", "extend", "merge", "defineProperty", "defineProperties", "setPrototypeOf", "mixin"].contains(name ?? "") {
                return nil
            }
        }
        return value
    }

    /// For an identifier bound by an `import` alone, the stand-in for the string its export
    /// may hold (`ImportedConstant`), which the module stage resolves; nil for any other.
    func importedConstant(_ identifier: SyntaxNode) -> String? {
        guard identifier.type == "identifier",
              let binding = binding(named: identifier.text, at: identifier),
              binding.sources.count == 1, binding.sources[0].kind == .import
        else { return nil }
        return ImportedConstant.standIn(for: identifier.text)
    }

    /// The binding that `identifier` (a reference at that position) denotes, or nil when the
    /// name is not declared in any enclosing scope (a global). Climbs from scope to scope, and
    /// remembers the answer for every scope it passed, so no chain is climbed twice for a name.
    func binding(named name: String, at node: SyntaxNode) -> Binding? {
        let tree = node.tree
        if scopeParents.isEmpty { scopeParents = Self.scopeParents(of: tree) }
        var scope = scopeParents[Int(node.index)]
        // The scopes passed, in a buffer kept between calls: this is asked for most identifiers.
        passed.removeAll(keepingCapacity: true)
        var found: Binding?
        while scope >= 0 {
            if let known = resolved[scope]?[name] {
                found = known
                break
            }
            passed.append(scope)
            if let binding = declarations(of: tree.node(at: Int(scope)))?[name] {
                found = binding
                break
            }
            scope = scopeParents[Int(scope)]
        }
        for scope in passed { resolved[scope, default: [:]][name] = .some(found) }
        return found
    }

    private var passed: [Int32] = []

    /// Answers of `binding(named:at:)` by scope and name.
    private var resolved: [Int32: [String: Binding?]] = [:]
    /// For each node, the nearest ancestor that can be a scope (-1 for none).
    private var scopeParents: [Int32] = []

    /// The node types that may declare names (`collect`).
    private static let scopeSymbols: Set<UInt16> = Set(
        ["program", "function_declaration", "function_expression", "function", "generator_function_declaration",
         "generator_function", "arrow_function", "method_definition", "statement_block", "switch_body",
         "for_statement", "for_in_statement", "catch_clause", "class"].compactMap(JavaScriptParser.symbol(named:)))

    /// One pass in preorder: a node's nearest possible scope is its parent, or its parent's.
    private static func scopeParents(of tree: SyntaxTree) -> [Int32] {
        var parents = [Int32](repeating: -1, count: tree.nodeCount)
        for index in 1..<max(1, tree.nodeCount) {
            guard let parent = tree.node(at: index).parent else { continue }
            parents[index] = scopeSymbols.contains(parent.symbol) ? parent.index : parents[Int(parent.index)]
        }
        return parents
    }

    /// The declarations a node introduces as a scope, or nil when it is not a scope.
    private func declarations(of scope: SyntaxNode) -> [String: Binding]? {
        let key = scope.key
        if let table = tables[key] { return table }
        guard let table = collect(scope) else { return nil }
        tables[key] = table
        return table
    }

    private func collect(_ scope: SyntaxNode) -> [String: Binding]? {
        var table: [String: Binding] = [:]
        func declare(_ source: BindingSource) {
            let name = source.nameNode.text
            if let existing = table[name] { existing.add(source) } else { table[name] = Binding(name: name, source: source) }
        }
        func declarePattern(_ pattern: SyntaxNode, kind: BindingKind, declarator: SyntaxNode?) {
            for (nameNode, path) in PatternBindings.names(in: pattern) {
                declare(BindingSource(kind: kind, nameNode: nameNode, declarator: declarator, path: path))
            }
        }

        switch scope.type {
        case "program":
            collectVars(in: scope, into: declarePattern)
            collectLexical(in: scope, into: declarePattern)
            for statement in scope.namedChildren where statement.type == "import_statement" {
                for nameNode in importedNames(statement) {
                    declare(BindingSource(kind: .import, nameNode: nameNode, declarator: nil, path: []))
                }
            }
        case _ where scope.isFunctionLike:
            if let parameters = scope.child(field: "parameters") {
                for parameter in parameters.namedChildrenWithoutComments {
                    declarePattern(parameter, kind: .parameter, declarator: nil)
                }
            }
            if let parameter = scope.child(field: "parameter") {
                declarePattern(parameter, kind: .parameter, declarator: nil)
            }
            // A function expression's own name is visible inside it only.
            if scope.type == "function_expression" || scope.type == "function" || scope.type == "generator_function",
               let name = scope.child(field: "name") {
                declare(BindingSource(kind: .function, nameNode: name, declarator: nil, path: []))
            }
            if let body = scope.child(field: "body"), body.type == "statement_block" {
                collectVars(in: body, into: declarePattern)
            }
        case "statement_block":
            collectLexical(in: scope, into: declarePattern)
        case "switch_body":
            for branch in scope.namedChildren where branch.type == "switch_case" || branch.type == "switch_default" {
                collectLexical(in: branch, into: declarePattern)
            }
        case "for_statement":
            if let initializer = scope.child(field: "initializer"), initializer.type == "lexical_declaration" {
                declareDeclaration(initializer, into: declarePattern)
            }
        case "for_in_statement":
            if let kind = scope.child(field: "kind")?.type, kind == "let" || kind == "const",
               let left = scope.child(field: "left") {
                declarePattern(left, kind: kind == "let" ? .let : .const, declarator: nil)
            }
        case "catch_clause":
            if let parameter = scope.child(field: "parameter") {
                declarePattern(parameter, kind: .catchParameter, declarator: nil)
            }
        case "class":
            if let name = scope.child(field: "name") {
                declare(BindingSource(kind: .class, nameNode: name, declarator: nil, path: []))
            }
        default:
            return nil
        }
        return table
    }

    private typealias PatternDeclarer = (SyntaxNode, BindingKind, SyntaxNode?) -> Void

    /// Declares the names of a `lexical_declaration` or `variable_declaration`.
    private func declareDeclaration(_ declaration: SyntaxNode, into declare: PatternDeclarer) {
        let kind: BindingKind
        switch declaration.child(field: "kind")?.type ?? "var" {
        case "let": kind = .let
        case "const": kind = .const
        default: kind = .var
        }
        for declarator in declaration.namedChildren where declarator.type == "variable_declarator" {
            if let name = declarator.child(field: "name") {
                declare(name, kind, declarator)
            }
        }
    }

    /// Block-scoped declarations that are direct statements of `container`.
    private func collectLexical(in container: SyntaxNode, into declare: PatternDeclarer) {
        for statement in container.namedChildren {
            var statement = statement
            if statement.type == "export_statement", let declaration = statement.child(field: "declaration") {
                statement = declaration
            }
            switch statement.type {
            case "lexical_declaration":
                declareDeclaration(statement, into: declare)
            case "function_declaration", "generator_function_declaration":
                if let name = statement.child(field: "name") { declare(name, .function, nil) }
            case "class_declaration":
                if let name = statement.child(field: "name") { declare(name, .class, nil) }
            default:
                break
            }
        }
    }

    /// `var` declarations anywhere in `body` outside nested functions: they belong to the
    /// function (or program) whose body this is.
    private func collectVars(in body: SyntaxNode, into declare: PatternDeclarer) {
        var stack: [SyntaxNode] = []
        for child in body.childSequence where child.isNamed { stack.append(child) }
        while let node = stack.popLast() {
            if node.isFunctionLike || node.type == "class_body" { continue }
            if node.type == "variable_declaration" {
                declareDeclaration(node, into: declare)
            } else if node.type == "for_in_statement", node.child(field: "kind")?.type == "var",
                      let left = node.child(field: "left") {
                declare(left, .var, nil)
            }
            for child in node.childSequence where child.isNamed { stack.append(child) }
        }
    }

    private func importedNames(_ statement: SyntaxNode) -> [SyntaxNode] {
        var names: [SyntaxNode] = []
        var stack = statement.namedChildren.filter { $0.type == "import_clause" }
        while let node = stack.popLast() {
            switch node.type {
            case "identifier":
                names.append(node)
            case "import_specifier":
                if let name = node.child(field: "alias") ?? node.child(field: "name"), name.type == "identifier" {
                    names.append(name)
                }
            default:
                stack.append(contentsOf: node.namedChildren)
            }
        }
        return names
    }
}

/// The names a binding pattern declares, each with its destructuring path.
enum PatternBindings {
    /// The longest path that is kept step by step: no longer one can lead to a handler
    /// (`window` → `webkit` → `messageHandlers` → a handler is three keys).
    static let maximumPath = 8

    /// `path` followed by `step`; a path that cannot be followed (too long, or past an
    /// opaque step) ends in one opaque step and grows no more, so deep patterns stay linear.
    static func extended(_ path: [PatternStep], _ step: PatternStep) -> [PatternStep] {
        if case .opaque? = path.last { return path }
        return path.count < maximumPath ? path + [step] : path + [.opaque]
    }

    /// In source order, with an explicit stack: patterns may nest to any depth.
    static func names(in pattern: SyntaxNode) -> [(SyntaxNode, [PatternStep])] {
        var result: [(SyntaxNode, [PatternStep])] = []
        var stack: [(SyntaxNode, [PatternStep])] = [(pattern, [])]
        while let (node, path) = stack.popLast() {
            // What to visit next, in order; pushed reversed so the first is visited first.
            var next: [(SyntaxNode, [PatternStep])] = []
            switch node.type {
            case "identifier":
                result.append((node, path))
            case "shorthand_property_identifier_pattern":
                result.append((node, Self.extended(path, .key(node))))
            case "object_pattern":
                children: for child in node.namedChildrenWithoutComments {
                    switch child.type {
                    case "shorthand_property_identifier_pattern":
                        next.append((child, path))
                    case "pair_pattern":
                        guard let key = child.child(field: "key"), let value = child.child(field: "value") else { continue children }
                        next.append((value, Self.extended(path, .key(key))))
                    case "object_assignment_pattern":
                        // `{ name = fallback }`: the property when present; WebKit always provides it.
                        if let left = child.child(field: "left") { next.append((left, path)) }
                    case "rest_pattern":
                        for inner in child.namedChildrenWithoutComments { next.append((inner, Self.extended(path, .opaque))) }
                    default:
                        break
                    }
                }
            case "array_pattern", "rest_pattern":
                for child in node.namedChildrenWithoutComments { next.append((child, Self.extended(path, .opaque))) }
            case "assignment_pattern":
                if let left = node.child(field: "left") { next.append((left, path)) }
            default:
                break
            }
            stack.append(contentsOf: next.reversed())
        }
        return result
    }
}
