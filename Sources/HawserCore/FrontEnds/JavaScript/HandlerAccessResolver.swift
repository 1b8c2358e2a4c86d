import TreeSitter

/// Computes the `HandlerValue` of expressions: member chains from the roots (`window`, `self`,
/// `globalThis`, `webkit`), string-keyed bracket access, and aliases declared with
/// `const`/`let`/`var` (including object destructuring), resolved by lexical scope.
///
/// An alias declared with `let`/`var` that is reassigned anywhere (or declared twice) has no
/// single value; if any of its values is handler-related it evaluates to `.unsound`.
final class HandlerAccessResolver {
    let scopes: ScopeResolver
    /// For each reassigned binding, the right-hand side of each reassignment (nil when the
    /// assigned value is not a plain `=` of an expression: `+=`, `++`, destructuring, `for…of`).
    private var reassignments: [ObjectIdentifier: [SyntaxNode?]] = [:]
    private var aliasValues: [ObjectIdentifier: HandlerValue?] = [:]
    private var inProgress: Set<ObjectIdentifier> = []
    /// Every name some `variable_declarator` declares: only these (and the roots) can denote
    /// anything handler-related, so other identifiers skip scope resolution.
    private var declaredNames: Set<String> = []

    /// Whether `declaredNames` is collected (`mayDenoteHandlers` needs it); a script that
    /// cannot reach the handlers (`JavaScriptFrontEnd.canReachHandlers`) asks no such question.
    private let collectsDeclaredNames: Bool

    init(root: SyntaxNode, scopes: ScopeResolver, collectsDeclaredNames: Bool = true, collectsReassignments: Bool = true) {
        self.scopes = scopes
        self.collectsDeclaredNames = collectsDeclaredNames
        if collectsReassignments { collectReassignments(root) }
    }

    /// The global objects a script can reach the handlers through.
    static let globalObjectNames: Set<String> = ["window", "self", "globalThis"]

    /// Whether an identifier with this name can denote anything handler-related: a root, or a
    /// name some declarator declares. A cheap test that spares scope resolution.
    func mayDenoteHandlers(_ name: String) -> Bool {
        declaredNames.contains(name) || Self.globalObjectNames.contains(name) || name == "webkit"
    }

    /// What `node` denotes, or nil when it is nothing handler-related. Iterative: it goes down
    /// parentheses and member links to the base, then applies the links outwards, so a chain
    /// of any length takes no stack.
    func value(of node: SyntaxNode) -> HandlerValue? {
        enum Link {
            case parentheses
            case member(SyntaxNode)
            case index(SyntaxNode)
        }
        if let known = known(node) { return known }
        // Remembered only outside alias resolution, whose cycle guard gives provisional nils.
        let shouldRemember = inProgress.isEmpty
        var links: [(node: SyntaxNode, link: Link)] = []
        var current = node
        var base: HandlerValue?
        descend: while true {
            if current.index != node.index, let known = known(current) {
                base = known
                break descend
            }
            switch current.type {
            case "parenthesized_expression":
                guard let inner = current.namedChildrenWithoutComments.last else { break descend }
                links.append((current, .parentheses))
                current = inner
            case "identifier", "shorthand_property_identifier":
                let name = current.text
                guard mayDenoteHandlers(name) else { break descend }
                if let binding = scopes.binding(named: name, at: current) {
                    base = aliasValue(of: binding)
                } else if Self.globalObjectNames.contains(name) {
                    base = .global
                } else {
                    base = name == "webkit" ? .webkit : nil
                }
                break descend
            case "member_expression":
                // A private name (`a.#b`) is nothing handler-related, whatever `a` is.
                guard let object = current.child(field: "object"), let property = current.child(field: "property"),
                      property.type == "property_identifier"
                else { break descend }
                links.append((current, .member(property)))
                current = object
            case "subscript_expression":
                guard let object = current.child(field: "object"), let index = current.child(field: "index") else { break descend }
                links.append((current, .index(index)))
                current = object
            default:
                break descend
            }
        }
        if shouldRemember { remember(base, for: current) }
        while let (linkNode, link) = links.popLast() {
            if let value = base {
                switch link {
                case .parentheses: break
                case .member(let property): base = value.member(property.text, at: property.start)
                case .index(let index): base = subscriptValue(value, index: index.skippingParenthesesDownward)
                }
            } else if Self.isWebkitMessageHandlers(linkNode) {
                // `EXPR.webkit.messageHandlers`, whatever `EXPR` is (a parameter `win`, `top`,
                // `this.window`, `a.b`): the two links together are specific enough.
                base = .messageHandlers
            }
            if shouldRemember { remember(base, for: linkNode) }
        }
        return base
    }

    /// Whether `node` reads `messageHandlers` from a read of `webkit` (as a member or a string
    /// index, `a.webkit.messageHandlers`, `a["webkit"]["messageHandlers"]`), from any object.
    static func isWebkitMessageHandlers(_ node: SyntaxNode) -> Bool {
        guard Self.reads(node, "messageHandlers"),
              let object = node.child(field: "object")?.skippingParenthesesDownward
        else { return false }
        return Self.reads(object, "webkit")
    }

    /// Whether a member or subscript access reads property `name`, written as a name or a
    /// string. Asked of most member accesses, so a name of another length is never copied.
    private static func reads(_ node: SyntaxNode, _ name: String) -> Bool {
        switch node.type {
        case "member_expression":
            guard let property = node.child(field: "property"), property.type == "property_identifier",
                  property.endByte - property.startByte == name.utf8.count
            else { return false }
            return property.text == name
        case "subscript_expression":
            return node.child(field: "index")?.skippingParenthesesDownward.staticStringValue == name
        default:
            return false
        }
    }

    /// What each expression evaluated so far denotes, by node: every link of a member chain is
    /// evaluated once, however many of the chain's nodes are asked about. Nothing (the common
    /// answer) is a flag per node; anything else is kept by node.
    private var values: [Int32: HandlerValue] = [:]
    private var knownNothing: [Bool] = []

    private func known(_ node: SyntaxNode) -> HandlerValue?? {
        if let value = values[node.index] { return .some(value) }
        let index = Int(node.index)
        return index < knownNothing.count && knownNothing[index] ? .some(nil) : nil
    }

    private func remember(_ value: HandlerValue?, for node: SyntaxNode) {
        if let value {
            values[node.index] = value
            return
        }
        if knownNothing.isEmpty { knownNothing = [Bool](repeating: false, count: node.tree.nodeCount) }
        knownNothing[Int(node.index)] = true
    }

    /// The value a declaration gives its name, ignoring whether the binding is reassigned.
    func declaredValue(of source: BindingSource) -> HandlerValue? {
        guard let declarator = source.declarator, let initializer = declarator.child(field: "value"),
              var current = value(of: initializer)
        else { return nil }
        for step in source.path {
            guard let next = apply(step, to: current) else { return nil }
            current = next
        }
        return current
    }

    private func subscriptValue(_ base: HandlerValue, index: SyntaxNode) -> HandlerValue? {
        if let name = index.staticStringValue ?? scopes.constantString(index) ?? scopes.importedConstant(index.skippingParenthesesDownward) {
            return base.member(name, at: index.start)
        }
        if base == .messageHandlers {
            let at = index.start
            if dynamicSlots[at] == nil, let slot = parameterSlot(of: index) { dynamicSlots[at] = slot }
            return .dynamicHandler(expression: index.text, at: at)
        }
        return nil
    }

    /// Whether a binding is assigned anywhere after its declaration.
    func isReassigned(_ binding: Binding) -> Bool { reassignments[ObjectIdentifier(binding)] != nil }

    /// A parameter of a function: the function and the parameter's position.
    struct ParameterSlot {
        let function: SyntaxNode
        let index: Int
    }

    /// For each computed handler name (by where it is written) that is a parameter of the
    /// function around it: a wrapper's access.
    private(set) var dynamicSlots: [SourcePoint: ParameterSlot] = [:]

    /// The parameter `expression` is, directly or through `const` aliases (`const n = name`);
    /// nil when it is anything else, or a parameter that is reassigned or destructured.
    func parameterSlot(of expression: SyntaxNode) -> ParameterSlot? {
        var node = expression.skippingParenthesesDownward
        var seen = Set<NodeKey>()
        while node.type == "identifier", seen.insert(node.key).inserted,
              let binding = scopes.binding(named: node.text, at: node),
              binding.sources.count == 1, reassignments[ObjectIdentifier(binding)] == nil {
            let source = binding.sources[0]
            guard source.path.isEmpty else { return nil }
            switch source.kind {
            case .parameter:
                return Self.slot(ofParameter: source.nameNode)
            case .const:
                guard let value = source.declarator?.child(field: "value") else { return nil }
                node = value.skippingParenthesesDownward
            default:
                return nil
            }
        }
        return nil
    }

    /// The function and position of a parameter declared by `name` (plain, or with a default value).
    private static func slot(ofParameter name: SyntaxNode) -> ParameterSlot? {
        var node = name
        if let parent = node.parent, parent.type == "assignment_pattern", node.isField("left", of: parent) { node = parent }
        guard let parent = node.parent else { return nil }
        if parent.type == "arrow_function" { return ParameterSlot(function: parent, index: 0) }
        guard parent.type == "formal_parameters", let function = parent.parent,
              let index = parent.namedChildrenWithoutComments.firstIndex(where: { $0.isSame(as: node) })
        else { return nil }
        return ParameterSlot(function: function, index: index)
    }

    private func apply(_ step: PatternStep, to base: HandlerValue) -> HandlerValue? {
        guard case .key(let key) = step else { return nil }
        switch key.type {
        case "property_identifier", "shorthand_property_identifier_pattern", "number":
            return base.member(key.text, at: key.start)
        case "string":
            guard let name = key.staticStringValue else { return nil }
            return base.member(name, at: key.start)
        case "computed_property_name":
            guard let inner = key.namedChildrenWithoutComments.first?.skippingParenthesesDownward else { return nil }
            return subscriptValue(base, index: inner)
        default:
            return nil
        }
    }

    /// The value of a binding used as an alias; nil for parameters, functions, imports and
    /// uninitialised or non-handler variables.
    private func aliasValue(of binding: Binding) -> HandlerValue? {
        let id = ObjectIdentifier(binding)
        if let known = aliasValues[id] { return known }
        guard !inProgress.contains(id) else { return nil }
        inProgress.insert(id)
        defer { inProgress.remove(id) }

        let sources = binding.sources
        guard sources.allSatisfy({ [.var, .let, .const].contains($0.kind) && $0.declarator != nil })
        else {
            aliasValues[id] = .some(nil)
            return nil
        }
        let declared = sources.map { declaredValue(of: $0) }
        let assigned = reassignments[id] ?? []
        let result: HandlerValue?
        if sources.count == 1 && (assigned.isEmpty || sources[0].kind == .const) {
            result = declared[0]
        } else if sources.count == 1, sources[0].declarator?.child(field: "value") == nil, assigned.count == 1,
                  let only = assigned[0] {
            // `var h; … h = window.webkit.messageHandlers.x;`: declared without a value and
            // assigned once, so it only ever holds that one value (or nothing yet).
            result = value(of: only)
        } else {
            let assignedValues = assigned.compactMap { $0.flatMap { value(of: $0) } }
            let related = (declared.compactMap { $0 } + assignedValues).contains { $0.isHandlerRelated }
            result = related ? .unsound(name: binding.name) : nil
        }
        aliasValues[id] = .some(result)
        return result
    }

    /// The kinds `collectReassignments` looks at.
    private static let bindingChangeKinds = SymbolSet([
        "assignment_expression", "augmented_assignment_expression", "update_expression", "for_in_statement",
        "variable_declarator",
    ])

    /// Records every assignment to a declared name, and every name a declarator declares: `=`, compound assignment, `++`/`--`,
    /// destructuring assignment and `for (name of …)` without a declaration.
    private func collectReassignments(_ root: SyntaxNode) {
        func record(_ target: SyntaxNode, value: SyntaxNode?) {
            let target = target.skippingParenthesesDownward
            if target.type == "identifier" {
                if let binding = scopes.binding(named: target.text, at: target) {
                    reassignments[ObjectIdentifier(binding), default: []].append(value)
                }
                return
            }
            for (name, _) in PatternBindings.names(in: target) {
                if let binding = scopes.binding(named: name.text, at: name) {
                    reassignments[ObjectIdentifier(binding), default: []].append(nil)
                }
            }
        }
        let tree = root.tree
        for index in Int(root.index)..<root.subtreeEnd {
            let node = tree.node(at: index)
            guard Self.bindingChangeKinds.contains(node.symbol) else { continue }
            switch node.type {
            case "assignment_expression":
                if let left = node.child(field: "left") {
                    record(left, value: left.skippingParenthesesDownward.type == "identifier" ? node.child(field: "right") : nil)
                }
            case "augmented_assignment_expression":
                if let left = node.child(field: "left") { record(left, value: nil) }
            case "update_expression":
                if let argument = node.child(field: "argument") { record(argument, value: nil) }
            case "for_in_statement":
                if node.child(field: "kind") == nil, let left = node.child(field: "left") { record(left, value: nil) }
            case "variable_declarator":
                if collectsDeclaredNames, let name = node.child(field: "name") {
                    for (nameNode, _) in PatternBindings.names(in: name) { declaredNames.insert(nameNode.text) }
                }
            default:
                break
            }
        }
    }
}
