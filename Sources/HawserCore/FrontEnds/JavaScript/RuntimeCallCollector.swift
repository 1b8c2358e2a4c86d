import TreeSitter

/// Finds calls through Hawser's runtime global that name a handler: `hawser.call("name", …)`,
/// `hawser.post("name", …)`, and the helpers that post: `hawser.forwardEvent(target, event,
/// "name")` and `hawser.syncState("name", …)`. Also as `window.hawser`, `self.hawser` and
/// `globalThis.hawser`.
/// A global shadowed by a local declaration is not the runtime.
struct RuntimeCallCollector {
    struct Call {
        let name: String
        let at: SourcePoint
        let form: HandlerUse.Form
        /// The payload argument of `call` and `post`; nil for the helpers, whose payloads are
        /// computed at runtime.
        let payload: SyntaxNode?
    }

    let global: String
    let scopes: ScopeResolver
    private(set) var calls: [Call] = []
    private(set) var dynamicNames: [(expression: String, at: SourcePoint)] = []

    init(global: String, scopes: ScopeResolver) {
        self.global = global
        self.scopes = scopes
    }

    mutating func collect(in root: SyntaxNode) {
        for index in Int(root.index)..<root.subtreeEnd {
            let node = root.tree.node(at: index)
            if node.type == "call_expression" { visit(node) }
        }
    }

    /// Records one `call_expression` if it is a call through the runtime.
    mutating func visit(_ call: SyntaxNode) {
        guard let function = call.child(field: "function")?.skippingParenthesesDownward,
              function.type == "member_expression",
              let property = function.child(field: "property"), property.type == "property_identifier",
              let object = function.child(field: "object")?.skippingParenthesesDownward,
              isRuntimeGlobal(object)
        else { return }
        // The method, the form of use it makes, and which argument names the handler.
        let form: HandlerUse.Form
        let nameIndex: Int
        let payloadIndex: Int?
        switch property.text {
        case "call": (form, nameIndex, payloadIndex) = (.call, 0, 1)
        case "post": (form, nameIndex, payloadIndex) = (.post, 0, 1)
        case "syncState": (form, nameIndex, payloadIndex) = (.post, 0, nil)
        case "forwardEvent": (form, nameIndex, payloadIndex) = (.post, 2, nil)
        default: return
        }
        let arguments = call.child(field: "arguments")?.namedChildren.filter { $0.type != "comment" } ?? []
        guard nameIndex < arguments.count else {
            dynamicNames.append(("\(global).\(property.text)() without a handler name", property.start))
            return
        }
        let argument = arguments[nameIndex]
        let nameNode = argument.skippingParenthesesDownward
        if let name = nameNode.staticStringValue ?? scopes.constantString(nameNode) ?? scopes.importedConstant(nameNode) {
            let payload = payloadIndex.flatMap { $0 < arguments.count ? arguments[$0] : nil }
            calls.append(Call(name: name, at: nameNode.start, form: form, payload: payload))
        } else {
            dynamicNames.append((argument.text, argument.start))
        }
    }

    /// Whether `node` is the runtime global: the bare identifier, or a member of a global
    /// object, with neither shadowed by a local declaration.
    private func isRuntimeGlobal(_ node: SyntaxNode) -> Bool {
        switch node.type {
        case "identifier":
            return node.text == global && scopes.binding(named: global, at: node) == nil
        case "member_expression":
            guard let property = node.child(field: "property"), property.type == "property_identifier",
                  property.text == global,
                  let object = node.child(field: "object")?.skippingParenthesesDownward,
                  object.type == "identifier", HandlerAccessResolver.globalObjectNames.contains(object.text)
            else { return false }
            return scopes.binding(named: object.text, at: object) == nil
        default:
            return false
        }
    }
}
