import TreeSitter

/// What the classes of one script say about their instances, for methods called through them
/// (`this.transport.send(name)`, `m.request("x")`): each class's instance methods, and the
/// class of each property that every assignment in the class gives a `new` instance of one
/// named class. Computed once per class.
final class ClassIndex {
    private var methods: [Int32: Set<String>] = [:]
    /// For each class, each property `this.P` assigned in it: the constructor (an identifier)
    /// when every assignment is `new` of that one name, nil otherwise.
    private var properties: [Int32: [String: SyntaxNode?]] = [:]

    /// The names of the instance methods a class declares (methods, and fields holding a function).
    func instanceMethods(of classNode: SyntaxNode) -> Set<String> {
        if let known = methods[classNode.index] { return known }
        var names = Set<String>()
        for member in classNode.child(field: "body")?.namedChildren ?? [] where !Self.isStatic(member) {
            switch member.type {
            case "method_definition":
                if !Self.isAccessor(member), let name = member.child(field: "name"), name.type == "property_identifier" {
                    names.insert(name.text)
                }
            case "field_definition":
                if let name = member.child(field: "property"), name.type == "property_identifier",
                   let value = member.child(field: "value")?.skippingParenthesesDownward, value.isFunctionLike {
                    names.insert(name.text)
                }
            default:
                break
            }
        }
        methods[classNode.index] = names
        return names
    }

    /// The constructor of the instance `this.<property>` holds in the class, when the class
    /// gives it only `new` instances of one name (in its methods, constructor and fields; the
    /// `this` of a nested function or class is another object); nil otherwise.
    func propertyConstructor(_ property: String, of classNode: SyntaxNode) -> SyntaxNode? {
        if properties[classNode.index] == nil { properties[classNode.index] = collectProperties(classNode) }
        return properties[classNode.index]?[property] ?? nil
    }

    private func collectProperties(_ classNode: SyntaxNode) -> [String: SyntaxNode?] {
        guard let body = classNode.child(field: "body") else { return [:] }
        var result: [String: SyntaxNode?] = [:]
        func record(_ name: String, _ value: SyntaxNode?) {
            let constructor = value.flatMap { Self.constructedClass($0) }
            guard let existing = result[name] else {
                result[name] = .some(constructor)
                return
            }
            if let existing, let constructor, existing.text == constructor.text { return }
            result[name] = .some(nil)
        }
        let tree = classNode.tree
        var index = Int(body.index) + 1
        while index < body.subtreeEnd {
            let node = tree.node(at: index)
            index += 1
            switch node.type {
            case "class", "class_declaration":
                index = node.subtreeEnd
            case "method_definition", "field_definition":
                // Static members and members of an object literal in the class: another `this`.
                guard node.parent?.isSame(as: body) == true, !Self.isStatic(node) else {
                    index = node.subtreeEnd
                    continue
                }
                if node.type == "field_definition", let name = node.child(field: "property"), name.type == "property_identifier",
                   let value = node.child(field: "value") {
                    record(name.text, value)
                }
            case "assignment_expression", "augmented_assignment_expression":
                guard let left = node.child(field: "left")?.skippingParenthesesDownward, left.type == "member_expression",
                      left.child(field: "object")?.skippingParenthesesDownward.type == "this",
                      let name = left.child(field: "property"), name.type == "property_identifier"
                else { continue }
                record(name.text, node.type == "assignment_expression" ? node.child(field: "right") : nil)
            case "update_expression":
                if let argument = node.child(field: "argument")?.skippingParenthesesDownward, argument.type == "member_expression",
                   argument.child(field: "object")?.skippingParenthesesDownward.type == "this",
                   let name = argument.child(field: "property"), name.type == "property_identifier" {
                    record(name.text, nil)
                }
            default:
                // A nested function has a `this` of its own; arrow functions share the method's.
                if node.isFunctionLike, node.type != "arrow_function" { index = node.subtreeEnd }
            }
        }
        return result
    }

    /// The class identifier of `new K(…)` (or `new K`), or nil for any other value.
    static func constructedClass(_ value: SyntaxNode) -> SyntaxNode? {
        let value = value.skippingParenthesesDownward
        guard value.type == "new_expression",
              let constructor = value.child(field: "constructor")?.skippingParenthesesDownward, constructor.type == "identifier"
        else { return nil }
        return constructor
    }

    /// Whether a class member is `static`.
    static func isStatic(_ member: SyntaxNode) -> Bool {
        member.childSequence.contains { !$0.isNamed && $0.type == "static" }
    }

    /// Whether a method is a getter or setter.
    static func isAccessor(_ method: SyntaxNode) -> Bool {
        method.childSequence.contains { !$0.isNamed && ($0.type == "get" || $0.type == "set") }
    }

    /// The class whose instance `this` is at `node`: the class of the (non-static) method or
    /// field around it, through arrow functions; nil elsewhere. Each node climbed through is
    /// remembered, so many `this` in deeply nested arrow functions cost one climb in all.
    func enclosingClass(ofThis node: SyntaxNode) -> SyntaxNode? {
        var visited: [Int32] = []
        var answer: Int32 = -1
        var current = node.parent
        climb: while let candidate = current {
            if let known = thisClasses[candidate.index] {
                answer = known
                break
            }
            visited.append(candidate.index)
            switch candidate.type {
            case "arrow_function":
                break
            case "method_definition", "field_definition":
                if !Self.isStatic(candidate), let body = candidate.parent, body.type == "class_body",
                   let classNode = body.parent, classNode.type == "class" || classNode.type == "class_declaration" {
                    answer = classNode.index
                }
                break climb
            case "class_static_block", "program":
                break climb
            default:
                if candidate.isFunctionLike { break climb }
            }
            current = candidate.parent
        }
        for index in visited { thisClasses[index] = answer }
        return answer >= 0 ? node.tree.node(at: Int(answer)) : nil
    }

    /// `enclosingClass(ofThis:)`'s answers by the nodes it climbed through (-1 for none).
    private var thisClasses: [Int32: Int32] = [:]
}
