import TreeSitter

/// The facts for following wrapper functions (`WrapperFunction`, `FunctionCall`), in script
/// coordinates: the names functions are called by, the accesses whose handler name is a
/// parameter, and every call of a function named by a path.
extension HandlerUseCollector {
    /// A name a function is called by: global (a top-level or undeclared name, or a member
    /// path as written), or local to the scope where `declaredAt` declares it.
    enum CallableKey: Hashable {
        case global(String)
        case local(String, declaredAt: SourcePoint)

        func appending(_ member: String) -> CallableKey {
            switch self {
            case .global(let path): return .global(path + "." + member)
            case .local(let path, let at): return .local(path + "." + member, declaredAt: at)
            }
        }
    }

    struct WrapperAccess {
        var keys: [CallableKey]
        var parameter: Int
        var called: Bool
        var resultUsed: Bool
        /// The position of the parameter the wrapper posts as the message body, when it posts one.
        var payloadParameter: Int?
    }

    enum Argument {
        case string(String, SourcePoint)
        case parameter(keys: [CallableKey], index: Int)
        case other(String, SourcePoint)
    }

    /// A `HandlerWrapper`, in script coordinates.
    struct HandlerWrapperFact {
        var keys: [CallableKey]
        var handler: String
        var definition: SourcePoint
        var resultUsed: Bool
        var payloadParameter: Int
    }

    struct Call {
        var callee: CallableKey
        var at: SourcePoint
        var arguments: [Argument]
        var resultUsed: Bool
        /// The first arguments' nodes, for the payload a wrapper posts; kept only for a call
        /// with a constant argument (one that can name a handler).
        var argumentNodes: [SyntaxNode]
        /// Whether the callee is a member path through a name bound in a local scope
        /// (`FunctionCall.throughLocalName`).
        var throughLocalName = false
    }

    /// Records a `messageHandlers[parameter]` access of a function that can be called by name.
    mutating func recordWrapperAccess(_ node: SyntaxNode, slot: HandlerAccessResolver.ParameterSlot, at: SourcePoint) {
        let keys = callableKeys(of: slot.function)
        guard !keys.isEmpty else { return }
        var called = false, resultUsed = false
        var payloadParameter: Int?
        let expression = node.skippingParenthesesUpward
        if let access = expression.parent, access.type == "member_expression" || access.type == "subscript_expression",
           expression.isField("object", of: access), Self.accessedName(access)?.0 == "postMessage" {
            let callee = access.skippingParenthesesUpward
            if let call = callee.parent, call.type == "call_expression", callee.isField("function", of: call) {
                called = true
                resultUsed = Self.isResultUsed(call)
                if let body = call.child(field: "arguments")?.namedChildren.first(where: { $0.type != "comment" }),
                   let bodySlot = resolver.parameterSlot(of: body), bodySlot.function.key == slot.function.key {
                    payloadParameter = bodySlot.index
                }
            }
        }
        var facts = wrapperAccesses[at] ?? WrapperAccess(keys: keys, parameter: slot.index, called: false, resultUsed: false)
        facts.called = facts.called || called
        facts.resultUsed = facts.resultUsed || resultUsed
        facts.payloadParameter = facts.payloadParameter ?? payloadParameter
        wrapperAccesses[at] = facts
    }

    /// Records a call whose callee is an identifier or a member path, with its first arguments.
    mutating func recordCall(_ call: SyntaxNode) {
        guard let function = call.child(field: "function"), let callee = key(ofCallee: function),
              let arguments = call.child(field: "arguments"), arguments.type == "arguments"
        else { return }
        var recorded: [Argument] = []
        let kept = Array(arguments.namedChildrenWithoutComments.prefix(FunctionCall.keptArguments))
        for argument in kept {
            let value = argument.skippingParenthesesDownward
            if value.type == "spread_element" {
                recorded.append(.other(Self.shortened(argument), argument.start))
                break
            }
            if let string = value.staticStringValue ?? resolver.scopes.constantString(value) ?? resolver.scopes.importedConstant(value) {
                recorded.append(.string(string, argument.start))
            } else if let slot = resolver.parameterSlot(of: value), case let keys = callableKeys(of: slot.function), !keys.isEmpty {
                recorded.append(.parameter(keys: keys, index: slot.index))
            } else {
                recorded.append(.other(Self.shortened(argument), argument.start))
            }
        }
        // A call without arguments can only be a `HandlerWrapper`'s, which global names hold.
        if recorded.isEmpty {
            guard case .global = callee else { return }
        }
        let mayNameHandler = recorded.contains { if case .string = $0 { return true } else { return false } }
        let mayPost: Bool
        switch callee {
        case .global(let path), .local(let path, _): mayPost = path == "postMessage" || path.hasSuffix(".postMessage")
        }
        // An object or array literal may be the body a function wrapping one handler posts
        // (`send({id: 1})` of `function send(d) { ….messageHandlers.H.postMessage(d) }`).
        let mayCarryBody = kept.contains { let type = $0.skippingParenthesesDownward.type; return type == "object" || type == "array" }
        calls.append(Call(
            callee: callee, at: call.start, arguments: recorded, resultUsed: Self.isResultUsed(call),
            argumentNodes: mayNameHandler || mayPost || mayCarryBody ? Array(kept.prefix(recorded.count)) : [],
            throughLocalName: isWrittenThroughLocalName(function, key: callee)))
    }

    /// Whether a member path as written (`bridge.send`) starts at a name bound in a local scope
    /// (a parameter `bridge`), and `key` is that path (not a class's method it was resolved to).
    private func isWrittenThroughLocalName(_ path: SyntaxNode, key: CallableKey) -> Bool {
        guard case .global(let written) = key else { return false }
        var node = path.skippingParenthesesDownward
        var hasMembers = false
        while node.type == "member_expression", let object = node.child(field: "object") {
            node = object.skippingParenthesesDownward
            hasMembers = true
        }
        guard hasMembers, node.type == "identifier", written.hasPrefix(node.text + "."),
              let source = resolver.scopes.binding(named: node.text, at: node)?.sources.first
        else { return false }
        return !Self.isTopLevel(source)
    }

    /// Whether the name a function or object is given is a member path through a name bound in
    /// a local scope (`$.api = { … }` in `function ($) { … }`): no name every script can reach.
    private func isGivenThroughLocalName(_ value: SyntaxNode) -> Bool {
        var expression = value.skippingParenthesesUpward
        if expression.type == "method_definition", let object = expression.parent, object.type == "object" {
            expression = object.skippingParenthesesUpward
        }
        while let parent = expression.parent {
            switch parent.type {
            case "pair":
                guard let object = parent.parent, object.type == "object" else { return false }
                expression = object.skippingParenthesesUpward
            case "assignment_expression":
                guard expression.isField("right", of: parent), let left = parent.child(field: "left"),
                      let key = key(ofCallee: left)
                else { return false }
                return isWrittenThroughLocalName(left, key: key)
            default:
                return false
            }
        }
        return false
    }

    /// Records the function around a `postMessage` call (`call`) of the handler `name` (used at
    /// `at`) as a `HandlerWrapper` when it posts its own parameter as the body and a global name
    /// holds it. A function that posts anything else, or a parameter of a function around it,
    /// is no wrapper: its calls are not uses.
    mutating func recordHandlerWrapper(call: SyntaxNode, name: String, at: SourcePoint) {
        guard let body = call.child(field: "arguments")?.namedChildren.first(where: { $0.type != "comment" }),
              let slot = resolver.parameterSlot(of: body),
              let function = Self.enclosingFunction(of: call), function.isSame(as: slot.function)
        else { return }
        let keys = callableKeys(of: function).filter(Self.isGlobalName)
        guard !keys.isEmpty, !isGivenThroughLocalName(function) else { return }
        handlerWrappers.append(HandlerWrapperFact(
            keys: keys, handler: name, definition: at, resultUsed: Self.isResultUsed(call), payloadParameter: slot.index))
    }

    /// Records a handler stored under a global name (`window.X = window.webkit.messageHandlers.H`,
    /// a top-level `var X = …`) as a `HandlerWrapper` called by `X.postMessage`.
    mutating func recordStoredHandler(_ expression: SyntaxNode, name: String, at: SourcePoint) {
        let keys = callableKeys(ofValue: expression).filter(Self.isGlobalName).map { $0.appending("postMessage") }
        guard !keys.isEmpty, !isGivenThroughLocalName(expression) else { return }
        handlerWrappers.append(HandlerWrapperFact(keys: keys, handler: name, definition: at, resultUsed: true, payloadParameter: 0))
    }

    /// Whether a key names something every script can reach: a global name or member path, not
    /// a local one, nor one through `this`.
    private static func isGlobalName(_ key: CallableKey) -> Bool {
        guard case .global(let path) = key else { return false }
        return path != "this" && !path.hasPrefix("this.")
    }

    /// A node's text for a warning, cut after 80 characters; only the bytes needed are read,
    /// so nested calls do not copy their whole text at every level.
    static func shortened(_ node: SyntaxNode) -> String {
        let bytes = node.tree.bytes[node.startByte..<min(node.endByte, node.startByte + 4 * 81)]
        let text = String(decoding: bytes, as: UTF8.self)
        return text.count > 80 || bytes.count < node.endByte - node.startByte ? String(text.prefix(80)) + "…" : text
    }

    /// The name a callee expression calls by: an identifier (global or local, by scope), or a
    /// member path of identifiers without a leading global object (`window.a.b` is `a.b`).
    func key(ofCallee callee: SyntaxNode) -> CallableKey? {
        var node = callee.skippingParenthesesDownward
        var members: [String] = []
        while node.type == "member_expression" {
            guard let property = node.child(field: "property"), property.type == "property_identifier",
                  let object = node.child(field: "object")
            else { return nil }
            members.append(property.text)
            node = object.skippingParenthesesDownward
        }
        let root: CallableKey
        switch node.type {
        case "identifier":
            let name = node.text
            if !members.isEmpty {
                if HandlerAccessResolver.globalObjectNames.contains(name), resolver.scopes.binding(named: name, at: node) == nil {
                    guard let first = members.popLast() else { return nil }
                    root = .global(first)
                } else if members.count == 1, let instance = instanceClassKey(of: node) {
                    // A method called through an instance of a known class: `m.request("x")`.
                    return instance.appending("prototype").appending(members[0])
                } else {
                    root = .global(name)
                }
            } else {
                root = key(ofName: node)
            }
        case "new_expression":
            // `new C(…).m(…)`: a method of the instance just made.
            guard members.count == 1, let constructor = ClassIndex.constructedClass(node) else { return nil }
            return key(ofName: constructor).appending("prototype").appending(members[0])
        case "this":
            guard !members.isEmpty else { return nil }
            if let method = methodKey(throughThis: node, members: members) { return method }
            root = .global("this")
        default:
            return nil
        }
        return members.reversed().reduce(root) { $0.appending($1) }
    }

    /// The method a call through `this` reaches, by its class (`Transport.prototype.send`):
    /// `this.m(…)` of a method `m` the class declares, or `this.p.m(…)` where the class gives
    /// `this.p` only instances of one class (`this.transport = new Transport()`). `members` are
    /// outermost first.
    private func methodKey(throughThis this: SyntaxNode, members: [String]) -> CallableKey? {
        guard members.count <= 2, let classNode = classes.enclosingClass(ofThis: this) else { return nil }
        if members.count == 1 {
            guard classes.instanceMethods(of: classNode).contains(members[0]), let key = classKeys(of: classNode).first else { return nil }
            return key.appending("prototype").appending(members[0])
        }
        guard let constructor = classes.propertyConstructor(members[1], of: classNode) else { return nil }
        return key(ofName: constructor).appending("prototype").appending(members[0])
    }

    /// The class of the instance a variable holds: a `const`, or a `let`/`var` never reassigned,
    /// initialised with `new K(…)`.
    private func instanceClassKey(of identifier: SyntaxNode) -> CallableKey? {
        guard let binding = resolver.scopes.binding(named: identifier.text, at: identifier), binding.sources.count == 1,
              let source = binding.sources.first, source.path.isEmpty,
              source.kind == .const || source.kind == .let || source.kind == .var, !resolver.isReassigned(binding),
              let value = source.declarator?.child(field: "value"), let constructor = ClassIndex.constructedClass(value)
        else { return nil }
        return key(ofName: constructor)
    }

    /// The names a class is known by: a declaration's name, or the variable or member a class
    /// expression is given to.
    private func classKeys(of classNode: SyntaxNode) -> [CallableKey] {
        if classNode.type == "class_declaration" {
            return classNode.child(field: "name").map { [key(ofName: $0)] } ?? []
        }
        return classNode.type == "class" ? callableKeys(ofValue: classNode) : []
    }

    /// The keys of a class member `name`: `C.prototype.name`, or `C.name` when it is static.
    private func memberKeys(_ member: SyntaxNode, named name: String) -> [CallableKey] {
        guard let body = member.parent, body.type == "class_body", let classNode = body.parent else { return [] }
        let keys = classKeys(of: classNode)
        return ClassIndex.isStatic(member) ? keys.map { $0.appending(name) } : keys.map { $0.appending("prototype").appending(name) }
    }

    /// The key of a name: local when a scope other than the program's declares it.
    private func key(ofName identifier: SyntaxNode) -> CallableKey {
        let name = identifier.text
        guard let source = resolver.scopes.binding(named: name, at: identifier)?.sources.first,
              !Self.isTopLevel(source)
        else { return .global(name) }
        return .local(name, declaredAt: source.nameNode.start)
    }

    /// Whether a declaration belongs to the program's own scope.
    private static func isTopLevel(_ source: BindingSource) -> Bool {
        var current: SyntaxNode? = source.nameNode.parent
        // A function's or class's name is declared in the scope around it.
        if source.kind == .function || source.kind == .class { current = current?.parent }
        if source.kind == .parameter || source.kind == .catchParameter || source.kind == .import { return source.kind == .import }
        while let node = current {
            if node.type == "program" { return true }
            if node.isFunctionLike || node.type == "class_body" || node.type == "class_static_block" { return false }
            if source.kind != .var,
               ["statement_block", "switch_body", "for_statement", "for_in_statement", "catch_clause"].contains(node.type) {
                return false
            }
            current = node.parent
        }
        return false
    }

    /// The names a function can be called by: its declared name, the variable or member it is
    /// assigned to, or its property in an object literal that is itself named that way.
    func callableKeys(of function: SyntaxNode) -> [CallableKey] {
        switch function.type {
        case "function_declaration", "generator_function_declaration":
            guard let name = function.child(field: "name") else { return [] }
            return [key(ofName: name)]
        case "method_definition":
            guard let name = function.child(field: "name"), let container = function.parent, let member = Self.propertyName(name)
            else { return [] }
            if container.type == "class_body" {
                guard member != "constructor", !ClassIndex.isAccessor(function) else { return [] }
                return memberKeys(function, named: member)
            }
            guard container.type == "object" else { return [] }
            return callableKeys(ofValue: container).map { $0.appending(member) }
        default:
            return callableKeys(ofValue: function)
        }
    }

    /// The names the value of an expression is given: the variable initialised with it, the
    /// member or variable assigned it, or an object literal's property of such an object.
    func callableKeys(ofValue value: SyntaxNode) -> [CallableKey] {
        var expression = value.skippingParenthesesUpward
        var members: [String] = []
        while let parent = expression.parent {
            switch parent.type {
            case "variable_declarator":
                guard expression.isField("value", of: parent), let name = parent.child(field: "name"), name.type == "identifier"
                else { return [] }
                return [members.reversed().reduce(key(ofName: name)) { $0.appending($1) }]
            case "assignment_expression":
                guard expression.isField("right", of: parent), let left = parent.child(field: "left"),
                      let root = key(ofCallee: left)
                else { return [] }
                return [members.reversed().reduce(root) { $0.appending($1) }]
            case "field_definition":
                // A class field: `send = (name) => …`.
                guard expression.isField("value", of: parent), let keyNode = parent.child(field: "property"),
                      let member = Self.propertyName(keyNode)
                else { return [] }
                return memberKeys(parent, named: member).map { members.reversed().reduce($0) { $0.appending($1) } }
            case "pair":
                guard expression.isField("value", of: parent), let keyNode = parent.child(field: "key"),
                      let member = Self.propertyName(keyNode), let object = parent.parent, object.type == "object"
                else { return [] }
                members.append(member)
                expression = object.skippingParenthesesUpward
            default:
                return []
            }
        }
        return []
    }

    /// The name of an object literal's key: an identifier or a string.
    private static func propertyName(_ key: SyntaxNode) -> String? {
        switch key.type {
        case "property_identifier": return key.text
        case "string": return key.staticStringValue
        default: return nil
        }
    }
}
