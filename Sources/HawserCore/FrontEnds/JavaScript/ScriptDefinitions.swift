import TreeSitter

/// A name a script defines, and where: a declaration (`function f`, `var`/`let`/`const`,
/// `class`) or an assignment of a global object's property (`window.f = …`). Native code calls
/// into a page by such names (`evaluateJavaScript("f()")`), and whether the page can reach a
/// definition depends on its place (`NativeScriptCalls` in the analysis).
struct ScriptDefinition: Hashable, Sendable, Codable {
    enum Place: String, Hashable, Sendable, Codable {
        /// The script's own top level (a `var` anywhere outside functions, a function declared
        /// in a top-level block): global in a classic script, the module's own in a module.
        case topLevel
        /// Inside a function (an IIFE's, say): that function's own.
        case function
        /// A `let`, `const` or `class` in a block outside functions: the block's own.
        case block
        /// A property of the global object: `window.f = …`, `globalThis.f = …`, `self.f = …`,
        /// `window["f"] = …`, `Object.assign(window, { f })`. Reachable from every script.
        case global
    }

    var name: String
    var location: SourceLocation
    var place: Place
    /// Whether what the name is given is a function (a function declaration, or a function or
    /// arrow function expression as the value; for a global assignment, also a plain name).
    var isFunction: Bool
}

/// Collects the `ScriptDefinition`s of a script during the front end's one preorder walk.
struct ScriptDefinitionCollector {
    struct Found {
        var name: String
        var at: SourcePoint
        var place: ScriptDefinition.Place
        var isFunction: Bool
    }

    let scopes: ScopeResolver
    private(set) var found: [Found] = []
    /// The subtree ends of the function-like nodes around the current one (preorder indices).
    private var functionEnds: [Int] = []

    /// The node kinds it reads, looked up once (`Kinds.javascript`) and held by the collector:
    /// a static's every read costs a `swift_once`, and this runs for every named node.
    private struct Kinds {
        let functionDeclaration = JavaScriptParser.symbol(named: "function_declaration")
        let generatorDeclaration = JavaScriptParser.symbol(named: "generator_function_declaration")
        let classDeclaration = JavaScriptParser.symbol(named: "class_declaration")
        let declarator = JavaScriptParser.symbol(named: "variable_declarator")
        let variableDeclaration = JavaScriptParser.symbol(named: "variable_declaration")
        let assignment = JavaScriptParser.symbol(named: "assignment_expression")
        let call = JavaScriptParser.symbol(named: "call_expression")
        let identifier = JavaScriptParser.symbol(named: "identifier")
        let member = JavaScriptParser.symbol(named: "member_expression")
        let subscriptExpression = JavaScriptParser.symbol(named: "subscript_expression")
        let functionValues = SymbolSet(["function_expression", "function", "arrow_function", "generator_function"])
        /// Every kind `visit` looks at further: the function-like ones (for the scopes), the
        /// declarations, assignments and calls.
        let visited = SymbolSet([
            "function_declaration", "function_expression", "function", "generator_function_declaration", "generator_function",
            "arrow_function", "method_definition", "class_declaration", "variable_declarator", "assignment_expression",
            "call_expression",
        ])

        static let javascript = Kinds()
    }

    private let kinds = Kinds.javascript
    private var functionDeclaration: UInt16? { kinds.functionDeclaration }
    private var generatorDeclaration: UInt16? { kinds.generatorDeclaration }
    private var classDeclaration: UInt16? { kinds.classDeclaration }
    private var declaratorSymbol: UInt16? { kinds.declarator }
    private var variableDeclaration: UInt16? { kinds.variableDeclaration }
    private var assignment: UInt16? { kinds.assignment }
    private var call: UInt16? { kinds.call }
    private var identifier: UInt16? { kinds.identifier }
    private var member: UInt16? { kinds.member }
    private var subscriptSymbol: UInt16? { kinds.subscriptExpression }
    private var functionValues: SymbolSet { kinds.functionValues }

    init(scopes: ScopeResolver) {
        self.scopes = scopes
    }

    /// Visits a named node, in preorder.
    mutating func visit(_ node: SyntaxNode) {
        let symbol = node.symbol
        guard kinds.visited.contains(symbol) else { return }
        let isFunctionLike = node.isFunctionLike
        let isDeclaration = symbol == functionDeclaration || symbol == generatorDeclaration || symbol == classDeclaration
        let index = Int(node.index)
        while let end = functionEnds.last, index >= end { functionEnds.removeLast() }
        let inFunction = !functionEnds.isEmpty
        if isDeclaration {
            let isClass = symbol == classDeclaration
            let place: ScriptDefinition.Place = inFunction ? .function : (isClass && !Self.isStatementOfProgram(node) ? .block : .topLevel)
            // A class is no function native code can call: kept only where it makes a global.
            if let name = node.child(field: "name"), !isClass || place == .topLevel {
                found.append(Found(name: name.text, at: name.start, place: place, isFunction: !isClass))
            }
        } else if symbol == declaratorSymbol {
            declarator(node, inFunction: inFunction)
        } else if symbol == assignment {
            globalAssignment(node)
        } else if symbol == call {
            objectAssign(node)
        }
        if isFunctionLike { functionEnds.append(node.subtreeEnd) }
    }

    private mutating func declarator(_ node: SyntaxNode, inFunction: Bool) {
        guard let declaration = node.parent, let pattern = node.firstChild else { return }
        let isVar = declaration.symbol == variableDeclaration
        let place: ScriptDefinition.Place = inFunction ? .function : (isVar || Self.isStatementOfProgram(declaration) ? .topLevel : .block)
        let value = node.child(field: "value")?.skippingParenthesesDownward
        let isFunction = value.map { functionValues.contains($0.symbol) } ?? false
        // A local that holds no function cannot be what native code calls: not kept, so the
        // facts of a large script stay small.
        guard place == .topLevel || isFunction else { return }
        if pattern.symbol == identifier {
            found.append(Found(name: pattern.text, at: pattern.start, place: place, isFunction: isFunction))
        } else {
            for (name, _) in PatternBindings.names(in: pattern) {
                found.append(Found(name: name.text, at: name.start, place: place, isFunction: false))
            }
        }
    }

    /// Whether a statement is one of the program's own (directly, or exported).
    private static func isStatementOfProgram(_ node: SyntaxNode) -> Bool {
        guard let parent = node.parent else { return false }
        if parent.type == "program" { return true }
        return parent.type == "export_statement" && parent.parent?.type == "program"
    }

    /// `window.f = …`, `globalThis["f"] = …`, `self.f = …`, of the global object itself (not a
    /// local name spelt so).
    private mutating func globalAssignment(_ node: SyntaxNode) {
        // The left side is the first child, and a member's or subscript's object its first.
        guard let left = node.firstChild, left.symbol == member || left.symbol == subscriptSymbol,
              let object = left.firstChild, isGlobalObject(object)
        else { return }
        let name: String?, at: SourcePoint
        if left.symbol == member, let property = left.child(field: "property"), property.type == "property_identifier" {
            name = property.text
            at = property.start
        } else if left.symbol == subscriptSymbol, let key = left.child(field: "index")?.skippingParenthesesDownward {
            name = key.staticStringValue
            at = key.start
        } else {
            return
        }
        guard let name, !name.isEmpty else { return }
        let value = node.child(field: "right")?.skippingParenthesesDownward
        let isFunction = value.map { functionValues.contains($0.symbol) || $0.symbol == identifier } ?? false
        found.append(Found(name: name, at: at, place: .global, isFunction: isFunction))
    }

    /// `Object.assign(window, { f, g: …, h() {} })`: each key of the object literals is a global.
    private mutating func objectAssign(_ node: SyntaxNode) {
        guard let function = node.firstChild, function.symbol == member,
              let object = function.firstChild, object.symbol == identifier, object.endByte - object.startByte == 6, object.text == "Object", function.child(field: "property")?.text == "assign",
              let arguments = node.child(field: "arguments")?.namedChildrenWithoutComments,
              let target = arguments.first?.skippingParenthesesDownward, isGlobalObject(target)
        else { return }
        for source in arguments.dropFirst() where source.type == "object" {
            for member in source.namedChildrenWithoutComments {
                switch member.type {
                case "shorthand_property_identifier":
                    found.append(Found(name: member.text, at: member.start, place: .global, isFunction: true))
                case "pair":
                    if let key = member.child(field: "key"), key.type == "property_identifier" || key.type == "string" {
                        let name = key.type == "string" ? (key.staticStringValue ?? "") : key.text
                        let value = member.child(field: "value")?.skippingParenthesesDownward
                        let isFunction = value.map { functionValues.contains($0.symbol) || $0.symbol == identifier } ?? false
                        if !name.isEmpty { found.append(Found(name: name, at: key.start, place: .global, isFunction: isFunction)) }
                    }
                case "method_definition":
                    if let key = member.child(field: "name"), key.type == "property_identifier" {
                        found.append(Found(name: key.text, at: key.start, place: .global, isFunction: true))
                    }
                default:
                    break
                }
            }
        }
    }

    /// `window`, `globalThis` or `self`, not a local name spelt so.
    private func isGlobalObject(_ node: SyntaxNode) -> Bool {
        guard node.symbol == identifier else { return false }
        let length = node.endByte - node.startByte
        guard length == 4 || length == 6 || length == 10 else { return false }
        let text = node.text
        return HandlerAccessResolver.globalObjectNames.contains(text) && scopes.binding(named: text, at: node) == nil
    }
}
