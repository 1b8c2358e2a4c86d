import TreeSitter

/// Walks a syntax tree and classifies every handler-related expression by its context: a
/// `postMessage` call (with whether its result is used), a reference that escapes, a probe
/// (existence test, never reported), a call of another method, a computed name, or a use of an
/// alias that cannot be resolved soundly.
///
/// Findings are in script coordinates; `JavaScriptFrontEnd` maps them into the file.
struct HandlerUseCollector {
    struct UseKey: Hashable {
        let name: String
        let at: SourcePoint
    }

    struct Finding: Hashable {
        let code: DiagnosticCode
        let message: String
        let at: SourcePoint
        let handler: String?
    }

    let resolver: HandlerAccessResolver
    /// The script's classes, for methods called through their instances.
    let classes = ClassIndex()
    struct UseFacts: Hashable {
        /// Whether `postMessage` is called through it (otherwise it is only a reference).
        var called = false
        /// Whether any call through it uses the result.
        var resultUsed = false
    }

    /// Each use, with what the calls through it do.
    private(set) var uses: [UseKey: UseFacts] = [:]
    /// The first argument of each `postMessage` call through a use, in source order.
    private(set) var payloads: [UseKey: [SyntaxNode]] = [:]
    private(set) var findings: Set<Finding> = []
    /// Accesses whose computed handler name is a parameter of the function around them, by
    /// where the name is written (`WrapperFunction`).
    var wrapperAccesses: [SourcePoint: WrapperAccess] = [:]
    /// Every call of a function named by an identifier or a member path (`FunctionCall`).
    var calls: [Call] = []
    /// Functions and handlers held by global names that post to one handler (`HandlerWrapper`).
    var handlerWrappers: [HandlerWrapperFact] = []
    /// Uses recorded where an alias is declared (`const h = ….messageHandlers.x`), by where the
    /// alias's name is declared; such a use is dropped once a use goes through the alias,
    /// since each of those is a use at its own place.
    private var declarationUses: [SourcePoint: UseKey] = [:]
    private var aliasesUsed: Set<SourcePoint> = []
    /// Where the alias that the reference being classified goes through is declared.
    private var pendingAlias: SourcePoint?

    /// False for a script none of whose expressions can denote anything handler-related
    /// (`JavaScriptFrontEnd.canReachHandlers`): only calls are recorded.
    let classifiesHandlerValues: Bool

    init(resolver: HandlerAccessResolver, classifiesHandlerValues: Bool = true) {
        self.resolver = resolver
        self.classifiesHandlerValues = classifiesHandlerValues
    }

    /// Visits every named node of the tree, in preorder, then `finish()`es.
    mutating func collect(in root: SyntaxNode) {
        for index in Int(root.index)..<root.subtreeEnd {
            let node = root.tree.node(at: index)
            if node.isNamed { visit(node) }
        }
        finish()
    }

    /// Drops the uses at alias declarations that uses went through (`declarationUses`).
    mutating func finish() {
        for declared in aliasesUsed {
            guard let key = declarationUses[declared] else { continue }
            uses[key] = nil
            payloads[key] = nil
        }
    }

    /// The kinds `visit` looks at.
    static let visitedKinds = SymbolSet([
        "identifier", "shorthand_property_identifier", "member_expression", "subscript_expression", "call_expression",
        "variable_declarator",
    ])

    private static let callSymbol = JavaScriptParser.symbol(named: "call_expression")

    /// Classifies one named node; call for every named node, then `finish()`.
    mutating func visit(_ node: SyntaxNode) {
        guard Self.visitedKinds.contains(node.symbol) else { return }
        guard classifiesHandlerValues else {
            if node.symbol == Self.callSymbol { recordCall(node) }
            return
        }
        switch node.type {
        case "identifier":
            guard resolver.mayDenoteHandlers(node.text), Self.isReference(node) else { return }
            classify(node)
        case "shorthand_property_identifier":
            guard resolver.mayDenoteHandlers(node.text) else { return }
            classify(node)
        case "member_expression", "subscript_expression":
            classify(node)
        case "call_expression":
            recordCall(node)
        case "variable_declarator":
            // Destructured single-handler aliases are uses at their key; plain aliases are also
            // reached through their initialiser, at the same place (the two merge).
            guard let name = node.child(field: "name") else { return }
            for (nameNode, path) in PatternBindings.names(in: name) {
                let source = BindingSource(kind: .const, nameNode: nameNode, declarator: node, path: path)
                switch resolver.declaredValue(of: source) {
                case .handler(let handler, let at)?:
                    recordUse(handler, at: at, called: false, resultUsed: false)
                    // The value's own reference, when it is one, is the use to drop (see below).
                    if declarationUses[nameNode.start] == nil { declarationUses[nameNode.start] = UseKey(name: handler, at: at) }
                case .dynamicHandler(let expression, let at)?:
                    reportDynamic(expression, at: at)
                default:
                    break
                }
            }
        default:
            break
        }
    }

    private mutating func classify(_ node: SyntaxNode) {
        switch resolver.value(of: node) {
        case .handler(let name, let at)?:
            classifyHandlerReference(node, name: name, at: at)
        case .dynamicHandler(let expression, let at)?:
            if !Self.isProbe(Self.chainTop(of: node)) {
                reportDynamic(expression, at: at)
                if let slot = resolver.dynamicSlots[at] { recordWrapperAccess(node, slot: slot, at: at) }
            }
        case .unsound(let name)?:
            if !Self.isProbe(Self.chainTop(of: node)) {
                findings.insert(Finding(
                    code: .dynamicHandlerName, message: "cannot resolve '\(name)' soundly: it is reassigned",
                    at: node.start, handler: nil))
            }
        default:
            break
        }
    }

    private mutating func classifyHandlerReference(_ node: SyntaxNode, name: String, at declaredAt: SourcePoint) {
        let expression = node.skippingParenthesesUpward
        guard let parent = expression.parent else { return }
        // Through an alias, each reference is a use of its own, where the alias is written.
        var at = declaredAt
        if node.type == "identifier" || node.type == "shorthand_property_identifier" {
            at = node.start
            pendingAlias = resolver.scopes.binding(named: node.text, at: node)?.sources.first?.nameNode.start
        }
        defer { pendingAlias = nil }
        if parent.type == "variable_declarator", expression.isField("value", of: parent),
           let alias = parent.child(field: "name"), alias.type == "identifier" {
            declarationUses[alias.start] = UseKey(name: name, at: at)
        }
        if (parent.type == "member_expression" || parent.type == "subscript_expression"),
           expression.isField("object", of: parent) {
            guard let (method, methodAt) = Self.accessedName(parent) else { return }
            let access = parent.skippingParenthesesUpward
            if let call = access.parent, call.type == "call_expression", access.isField("function", of: call) {
                if method == "postMessage" {
                    recordUse(name, at: at, called: true, resultUsed: Self.isResultUsed(call))
                    if let argument = call.child(field: "arguments")?.namedChildren.first(where: { $0.type != "comment" }) {
                        payloads[UseKey(name: name, at: at), default: []].append(argument)
                    }
                    recordHandlerWrapper(call: call, name: name, at: at)
                } else {
                    // Still a use of the handler: its name is checked too.
                    recordUse(name, at: at, called: false, resultUsed: false)
                    findings.insert(Finding(
                        code: .unknownHandlerMethod,
                        message: "'\(method)' is not a method of a message handler" + NameSuggester.suffix(suggesting: "postMessage"),
                        at: methodAt, handler: name))
                }
            } else if method == "postMessage", !Self.isProbe(access), !Self.isDiscarded(access) {
                recordUse(name, at: at, called: false, resultUsed: false)
            }
            return
        }
        if Self.isProbe(expression) || Self.isDiscarded(expression) { return }
        if parent.type == "call_expression", expression.isField("function", of: parent) { return }
        if (parent.type == "assignment_expression" && expression.isField("right", of: parent))
            || (parent.type == "variable_declarator" && expression.isField("value", of: parent)) {
            recordStoredHandler(expression, name: name, at: at)
        }
        recordUse(name, at: at, called: false, resultUsed: false)
    }

    private mutating func recordUse(_ name: String, at: SourcePoint, called: Bool, resultUsed: Bool) {
        if let alias = pendingAlias { aliasesUsed.insert(alias) }
        let key = UseKey(name: name, at: at)
        var facts = uses[key] ?? UseFacts()
        facts.called = facts.called || called
        facts.resultUsed = facts.resultUsed || resultUsed
        uses[key] = facts
    }

    private mutating func reportDynamic(_ expression: String, at: SourcePoint) {
        findings.insert(Finding(
            code: .dynamicHandlerName,
            message: "handler name is computed at runtime and cannot be checked: \(expression)",
            at: at, handler: nil))
    }

    // MARK: - Context rules

    /// Whether an identifier is read (rather than declared or assigned to).
    static func isReference(_ identifier: SyntaxNode) -> Bool {
        guard let parent = identifier.parent else { return true }
        switch parent.type {
        case "variable_declarator", "function_declaration", "function_expression", "function",
             "generator_function_declaration", "generator_function", "class_declaration", "class",
             "method_definition":
            return !identifier.isField("name", of: parent)
        case "arrow_function":
            return !identifier.isField("parameter", of: parent)
        case "catch_clause":
            return !identifier.isField("parameter", of: parent)
        case "assignment_pattern", "assignment_expression", "augmented_assignment_expression", "for_in_statement":
            return !identifier.isField("left", of: parent)
        case "pair_pattern":
            return !identifier.isField("value", of: parent)
        case "formal_parameters", "array_pattern", "rest_pattern", "update_expression", "import_specifier",
             "import_clause", "namespace_import", "export_specifier":
            return false
        default:
            return true
        }
    }

    /// The name of the property read by a member or subscript access, and where it is written;
    /// nil for a computed or private name.
    static func accessedName(_ access: SyntaxNode) -> (String, SourcePoint)? {
        if access.type == "member_expression" {
            guard let property = access.child(field: "property"), property.type == "property_identifier" else { return nil }
            return (property.text, property.start)
        }
        guard let index = access.child(field: "index")?.skippingParenthesesDownward,
              let name = index.staticStringValue
        else { return nil }
        return (name, index.start)
    }

    /// The outermost member or subscript access that has `node` at the start of its chain.
    static func chainTop(of node: SyntaxNode) -> SyntaxNode {
        var current = node.skippingParenthesesUpward
        while let parent = current.parent,
              parent.type == "member_expression" || parent.type == "subscript_expression",
              current.isField("object", of: parent) {
            current = parent.skippingParenthesesUpward
        }
        return current
    }

    /// Whether the value is evaluated and thrown away: a statement on its own, or in an error
    /// region where its context is unknown.
    static func isDiscarded(_ node: SyntaxNode) -> Bool {
        guard let parent = node.skippingParenthesesUpward.parent else { return true }
        return parent.type == "expression_statement" || parent.type == "ERROR"
    }

    /// Whether the value only serves an existence test: a condition, `typeof`, `!`, a
    /// comparison, the left side of `&&`, `Boolean(…)`. Values that flow on through `||`, `??`,
    /// the right side of `&&` or a ternary branch are probes when the whole expression is.
    static func isProbe(_ node: SyntaxNode) -> Bool {
        var expression = node.skippingParenthesesUpward
        while let parent = expression.parent {
            switch parent.type {
            case "if_statement", "while_statement", "do_statement", "for_statement":
                return expression.isField("condition", of: parent)
            case "expression_statement":
                if let loop = parent.parent, loop.type == "for_statement" { return parent.isField("condition", of: loop) }
                return false
            case "ternary_expression":
                if expression.isField("condition", of: parent) { return true }
            case "unary_expression":
                return true
            case "binary_expression":
                switch parent.operatorText {
                case "&&":
                    if expression.isField("left", of: parent) { return true }
                case "||", "??":
                    break
                case "==", "!=", "===", "!==", "in", "instanceof":
                    return true
                default:
                    return false
                }
            case "arguments":
                guard let call = parent.parent, call.type == "call_expression" else { return false }
                return call.child(field: "function")?.skippingParenthesesDownward.text == "Boolean"
            default:
                return false
            }
            // The whole expression is a probe when its own context makes it one.
            expression = parent.skippingParenthesesUpward
        }
        return false
    }

    /// Whether the value of a `postMessage` call is used. Statement level, `void`, non-final
    /// sequence elements and for-loop updates discard it; `&&`/`||`/`??` right sides and ternary
    /// branches pass it on to their own context; a function's result (an arrow function's
    /// expression body, a `return`) is used when the function's is (`isFunctionResultUsed`);
    /// everything else uses it.
    static func isResultUsed(_ call: SyntaxNode) -> Bool {
        var expression = call.skippingParenthesesUpward
        while true {
            guard let parent = expression.parent else { return false }
            switch parent.type {
            case "arrow_function":
                guard expression.isField("body", of: parent) else { return true }
                guard let next = functionResultContext(parent) else { return functionResultIsUsed(parent) }
                expression = next.skippingParenthesesUpward
                continue
            case "return_statement":
                // A `return` outside any function is an HTML event attribute's: the browser ignores it.
                guard let function = enclosingFunction(of: parent) else { return false }
                guard let next = functionResultContext(function) else { return functionResultIsUsed(function) }
                expression = next.skippingParenthesesUpward
                continue
            case "expression_statement", "ERROR":
                if let loop = parent.parent, loop.type == "for_statement" { return parent.isField("condition", of: loop) }
                return false
            case "unary_expression":
                return parent.operatorText != "void"
            case "sequence_expression":
                guard let last = parent.namedChildrenWithoutComments.last, last.isSame(as: expression) else { return false }
            case "for_statement":
                return !expression.isField("increment", of: parent) && !expression.isField("initializer", of: parent)
            case "binary_expression":
                switch parent.operatorText {
                case "&&", "||", "??":
                    if expression.isField("left", of: parent) { return true }
                default:
                    return true
                }
            case "ternary_expression":
                if expression.isField("condition", of: parent) { return true }
            case "variable_declarator":
                return !(expression.isField("value", of: parent) && isTestedFirst(parent))
            default:
                return true
            }
            // Passed on: the result is used when the enclosing expression's is.
            expression = parent.skippingParenthesesUpward
        }
    }

    /// Whether the variable `declarator` declares is tested before anything else is done with
    /// it: its first reference after the declaration, in the block that holds it, is a truth
    /// or null test (`if (result)`, `result && result.catch(…)`, `!result`, `typeof result`,
    /// `result != null`, `result ? … : …`). A result kept that way is defensive code that works
    /// with or without a reply, so it does not expect one.
    static func isTestedFirst(_ declarator: SyntaxNode) -> Bool {
        guard let name = declarator.child(field: "name"), name.type == "identifier",
              let declaration = declarator.parent, let block = declaration.parent else { return false }
        let text = name.text
        let tree = declarator.tree
        var index = declarator.subtreeEnd
        while index < block.subtreeEnd {
            let node = tree.node(at: index)
            index += 1
            guard node.type == "identifier", node.text == text, let parent = node.parent else { continue }
            switch parent.type {
            case "binary_expression":
                switch parent.operatorText {
                case "&&": return node.isField("left", of: parent)
                case "==", "!=", "===", "!==":
                    let other = node.isField("left", of: parent) ? parent.child(field: "right") : parent.child(field: "left")
                    return other.map { $0.type == "null" || $0.type == "undefined" || ($0.type == "identifier" && $0.text == "undefined") } ?? false
                default: return false
                }
            case "unary_expression":
                return parent.operatorText == "!" || parent.operatorText == "typeof"
            case "ternary_expression":
                return node.isField("condition", of: parent)
            case "parenthesized_expression":
                guard let statement = parent.parent else { return false }
                return ["if_statement", "while_statement", "do_statement"].contains(statement.type)
                    && parent.isField("condition", of: statement)
            default:
                return false
            }
        }
        return false
    }

    /// The methods that hand a callback's result on: `map` and `flatMap` collect it, a promise's
    /// `then` and `catch` resolve to it.
    static let resultCollectingMethods: Set<String> = ["map", "flatMap", "then", "catch"]

    /// Whether what a function returns is used: it is declared with a name (a function
    /// declaration, a method), or it is a function expression given a name (assigned, a
    /// property of an object literal, a class field, a default value, a default export), or it
    /// is called on the spot with its result used. A callback passed directly as an argument
    /// returns into the caller, which ignores it (`addEventListener("scroll", () => post(…))`),
    /// except for `resultCollectingMethods`, whose own result then counts; so does the browser
    /// ignore what an event handler property (`el.onclick = () => post(…)`) returns.
    static func isFunctionResultUsed(_ function: SyntaxNode) -> Bool {
        guard let call = functionResultContext(function) else { return functionResultIsUsed(function) }
        return isResultUsed(call)
    }

    /// The call whose result decides whether `function`'s result is used (it is called on the
    /// spot, or it is the callback of a `resultCollectingMethods` call), or nil when
    /// `functionResultIsUsed` decides alone. Lets `isResultUsed` go on iteratively.
    private static func functionResultContext(_ function: SyntaxNode) -> SyntaxNode? {
        functionResult(function).call
    }

    private static func functionResultIsUsed(_ function: SyntaxNode) -> Bool {
        functionResult(function).used
    }

    /// Climbs from a function to what decides whether its result is used: a decision, or a call
    /// whose own result decides.
    private static func functionResult(_ function: SyntaxNode) -> (used: Bool, call: SyntaxNode?) {
        switch function.type {
        case "function_declaration", "generator_function_declaration", "method_definition":
            return (true, nil)
        default:
            break
        }
        var current = function.skippingParenthesesUpward
        while let parent = current.parent {
            switch parent.type {
            case "ternary_expression":
                guard !current.isField("condition", of: parent) else { return (false, nil) }
            case "binary_expression":
                switch parent.operatorText {
                case "||", "??": break
                case "&&": guard current.isField("right", of: parent) else { return (false, nil) }
                default: return (false, nil)
                }
            case "variable_declarator", "field_definition", "pair", "export_statement":
                return (current.isField("value", of: parent) || parent.type == "export_statement", nil)
            case "assignment_expression":
                // An event handler property (`el.onclick = …`) is a callback too: the browser ignores its result.
                guard current.isField("right", of: parent) else { return (false, nil) }
                return (!isEventHandlerProperty(parent.child(field: "left")), nil)
            case "assignment_pattern":
                return (current.isField("right", of: parent), nil)
            case "call_expression":
                return current.isField("function", of: parent) ? (false, parent) : (false, nil)
            case "arguments":
                guard let call = parent.parent, call.type == "call_expression",
                      let callee = call.child(field: "function")?.skippingParenthesesDownward,
                      callee.type == "member_expression",
                      let method = callee.child(field: "property"), resultCollectingMethods.contains(method.text)
                else { return (false, nil) }
                return (false, call)
            default:
                return (false, nil)
            }
            current = parent.skippingParenthesesUpward
        }
        return (false, nil)
    }

    /// Whether an assignment target is an event handler property: `el.onclick`, `window.onload`,
    /// `socket["onmessage"]` (`on` followed by a lower-case letter).
    static func isEventHandlerProperty(_ target: SyntaxNode?) -> Bool {
        guard let target = target?.skippingParenthesesDownward, let (name, _) = accessedName(target) else { return false }
        let scalars = Array(name.unicodeScalars)
        return scalars.count > 2 && name.hasPrefix("on") && ("a"..."z").contains(scalars[2])
    }

    /// The innermost function around `node`, or nil at the top level (or in a class static block).
    static func enclosingFunction(of node: SyntaxNode) -> SyntaxNode? {
        var current = node.parent
        while let candidate = current {
            if candidate.isFunctionLike { return candidate }
            if candidate.type == "class_static_block" { return nil }
            current = candidate.parent
        }
        return nil
    }
}
