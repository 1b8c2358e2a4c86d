import TreeSitter

/// A TypeScript type as written, reduced to what a bridge payload can be: the front end's
/// record of an annotation, read again across files (`TypeScriptTyping`) where it names an
/// interface or alias.
indirect enum TypeScriptType: Hashable, Sendable, Codable {
    case string, number, boolean, null
    /// `any`, `unknown`, `object`, a function, a mapped or conditional type: any JSON value.
    case unknown
    /// `"a" | "b"`.
    case stringLiterals([String])
    case array(TypeScriptType)
    case object([Field])
    /// A named interface or type alias (`ReadFileRequest`, `Api.Request` by its last name).
    case reference(String)
    /// `T | null`, `T | undefined`: a field of this type may be left out.
    case optional(TypeScriptType)

    struct Field: Hashable, Sendable, Codable {
        var name: String
        var type: TypeScriptType
        /// `name?: T`.
        var optional: Bool
    }
}

/// What one TypeScript file says of the payloads and replies of its runtime calls, and the
/// interfaces and aliases it declares: collected from the tree the stripper walks, so no file
/// is parsed twice.
struct TypeScriptBridgeTypes: Hashable, Sendable, Codable {
    /// One `RUNTIME.call("name", payload)` or `RUNTIME.post("name", payload)` with a written type.
    struct TypedCall: Hashable, Sendable, Codable {
        /// The handler name, and where its literal is (a use of the runtime is at that literal).
        var name: String
        var line: Int
        var column: Int
        /// The payload's type: `payload as T`, `payload satisfies T`, or a parameter or
        /// variable declared `: T` passed by name.
        var payload: TypeScriptType?
        var payloadLine = 0
        var payloadColumn = 0
        /// The awaited reply's type: `const r: T = await …`, `(await …) as T`, or the `Promise<T>`
        /// (or `T`) return type of the function that returns the call.
        var reply: TypeScriptType?
        var replyLine = 0
        var replyColumn = 0
    }

    var calls: [TypedCall] = []
    /// Interfaces and type aliases by name, in the file's order.
    var declarations: [String: TypeScriptType] = [:]
    /// The names the file imports, by local name: the imported name (types named in another
    /// file are looked up by it).
    var importedNames: [String: String] = [:]

    var isEmpty: Bool { calls.isEmpty }

    /// Collects from `tree`, in one pass over its nodes.
    static func collect(_ tree: SyntaxTree) -> TypeScriptBridgeTypes {
        var result = TypeScriptBridgeTypes()
        let reader = TypeReader(tree: tree)
        // Compared by symbol: naming every node's type would make a string per node.
        let wanted = Set(["interface_declaration", "type_alias_declaration", "import_specifier", "call_expression"]
            .flatMap { tree.grammar.symbols(ofType: $0) })
        for index in 0..<tree.nodeCount {
            let node = tree.node(at: index)
            guard wanted.contains(node.symbol) else { continue }
            switch node.type {
            case "interface_declaration":
                if let name = node.child(field: "name")?.text, let body = node.child(field: "body") {
                    // An interface that extends another is not followed: its fields are not all here.
                    if node.namedChildren.contains(where: { $0.type == "extends_type_clause" }) {
                        result.declarations[name] = result.declarations[name] ?? .unknown
                    } else if result.declarations[name] == nil {
                        result.declarations[name] = reader.type(body)
                    }
                }
            case "type_alias_declaration":
                if let name = node.child(field: "name")?.text, let value = node.child(field: "value"),
                   node.child(field: "type_parameters") == nil, result.declarations[name] == nil {
                    result.declarations[name] = reader.type(value)
                }
            case "import_specifier":
                if let name = node.child(field: "name")?.text {
                    result.importedNames[node.child(field: "alias")?.text ?? name] = name
                }
            case "call_expression":
                if let call = reader.typedCall(node) { result.calls.append(call) }
            default:
                break
            }
        }
        return result
    }

    private struct TypeReader {
        let tree: SyntaxTree

        /// `RUNTIME.call("name", payload)` or `.post` with a string literal name, when its
        /// payload or reply has a written type.
        func typedCall(_ call: SyntaxNode) -> TypedCall? {
            guard let function = call.child(field: "function"), function.type == "member_expression",
                  let property = function.child(field: "property"), property.text == "call" || property.text == "post",
                  let object = function.child(field: "object"), object.type == "identifier" || object.type == "member_expression",
                  let arguments = call.child(field: "arguments") else { return nil }
            let items = arguments.namedChildren.filter { $0.type != "comment" }
            guard let first = items.first, first.type == "string", let name = stringValue(first) else { return nil }
            var typed = TypedCall(name: name, line: first.start.line, column: first.start.column)
            if items.count > 1, let payload = expressionType(items[1]) {
                typed.payload = payload
                (typed.payloadLine, typed.payloadColumn) = (items[1].start.line, items[1].start.column)
            }
            if property.text == "call", let (reply, at) = replyType(of: call) {
                typed.reply = reply
                (typed.replyLine, typed.replyColumn) = (at.line, at.column)
            }
            return typed.payload == nil && typed.reply == nil ? nil : typed
        }

        /// The written type of an argument: an assertion, or a name declared with a type.
        func expressionType(_ node: SyntaxNode) -> TypeScriptType? {
            switch node.type {
            case "parenthesized_expression":
                return node.namedChildren.first.flatMap(expressionType)
            case "as_expression", "satisfies_expression":
                // `x as const` keeps the literal's own types: the literal says them.
                guard let type = node.namedChildren.last, node.namedChildren.count == 2, type.text != "const" else { return nil }
                return self.type(type)
            case "identifier":
                return declaredType(of: node.text, from: node)
            default:
                return nil
            }
        }

        /// The type annotation of the nearest declaration of `name` around `node`: a
        /// parameter of an enclosing function, or a `const`/`let`/`var` of an enclosing block
        /// written before it.
        func declaredType(of name: String, from node: SyntaxNode) -> TypeScriptType? {
            var current = node
            while let parent = current.parent {
                switch parent.type {
                case "statement_block", "program":
                    for statement in parent.childSequence where statement.startByte < node.startByte {
                        let declaration = statement.type == "export_statement" ? statement.child(field: "declaration") : statement
                        guard let declaration, declaration.type == "lexical_declaration" || declaration.type == "variable_declaration" else { continue }
                        for declarator in declaration.namedChildren where declarator.type == "variable_declarator" {
                            guard declarator.child(field: "name")?.text == name else { continue }
                            return declarator.child(field: "type").flatMap(annotated)
                        }
                    }
                case "function_declaration", "function_expression", "arrow_function", "method_definition", "generator_function_declaration":
                    if let parameters = parent.child(field: "parameters") {
                        for parameter in parameters.namedChildren where parameter.type == "required_parameter" || parameter.type == "optional_parameter" {
                            guard let pattern = parameter.child(field: "pattern"), pattern.type == "identifier", pattern.text == name else { continue }
                            return parameter.child(field: "type").flatMap(annotated)
                        }
                    } else if let parameter = parent.child(field: "parameter"), parameter.text == name {
                        return nil
                    }
                default:
                    break
                }
                current = parent
            }
            return nil
        }

        /// The reply's written type: what the awaited call is declared, asserted or returned as.
        func replyType(of call: SyntaxNode) -> (TypeScriptType, SourcePoint)? {
            var node = call
            var awaited = false
            while let parent = node.parent {
                if parent.type == "parenthesized_expression" {
                    node = parent
                } else if parent.type == "await_expression", !awaited {
                    awaited = true
                    node = parent
                } else {
                    break
                }
            }
            guard let parent = node.parent else { return nil }
            switch parent.type {
            case "variable_declarator":
                guard parent.child(field: "value")?.isSame(as: node) == true, let annotation = parent.child(field: "type"),
                      let type = annotated(annotation) else { return nil }
                return (awaited ? type : unwrapPromise(annotation, type), annotation.start)
            case "as_expression":
                guard awaited, let type = parent.namedChildren.last, parent.namedChildren.count == 2, type.text != "const" else { return nil }
                return (self.type(type), type.start)
            case "return_statement":
                return returnType(around: parent)
            case "arrow_function":
                guard parent.child(field: "body")?.isSame(as: node) == true else { return nil }
                return returnType(of: parent)
            default:
                return nil
            }
        }

        /// The return type of the function a `return` is in.
        private func returnType(around statement: SyntaxNode) -> (TypeScriptType, SourcePoint)? {
            var current = statement
            while let parent = current.parent {
                switch parent.type {
                case "function_declaration", "function_expression", "arrow_function", "method_definition":
                    return returnType(of: parent)
                case "class_body", "program":
                    return nil
                default:
                    current = parent
                }
            }
            return nil
        }

        /// A function's `: Promise<T>` (an async one's reply) or `: T`.
        private func returnType(of function: SyntaxNode) -> (TypeScriptType, SourcePoint)? {
            guard let annotation = function.child(field: "return_type"), let inner = annotation.namedChildren.first else { return nil }
            if let promised = promised(inner) { return (type(promised), promised.start) }
            return (type(inner), inner.start)
        }

        /// `T` of `Promise<T>`.
        private func promised(_ node: SyntaxNode) -> SyntaxNode? {
            guard node.type == "generic_type", node.child(field: "name")?.text == "Promise",
                  let arguments = node.child(field: "type_arguments"), arguments.namedChildren.count == 1 else { return nil }
            return arguments.namedChildren[0]
        }

        /// A not-awaited call declared `: Promise<T>` replies `T`.
        private func unwrapPromise(_ annotation: SyntaxNode, _ type: TypeScriptType) -> TypeScriptType {
            guard let inner = annotation.namedChildren.first, let promised = promised(inner) else { return type }
            return self.type(promised)
        }

        /// The type of a `type_annotation` (`: T`).
        func annotated(_ annotation: SyntaxNode) -> TypeScriptType? {
            guard annotation.type == "type_annotation", let inner = annotation.namedChildren.first else { return nil }
            return type(inner)
        }

        /// A type node read as a payload type.
        func type(_ node: SyntaxNode, depth: Int = 0) -> TypeScriptType {
            guard depth < 32 else { return .unknown }
            switch node.type {
            case "predefined_type":
                switch node.text {
                case "string": return .string
                case "number", "bigint": return node.text == "number" ? .number : .unknown
                case "boolean": return .boolean
                case "null": return .null
                default: return .unknown
                }
            case "type_identifier":
                return .reference(node.text)
            case "nested_type_identifier":
                return node.child(field: "name").map { .reference($0.text) } ?? .unknown
            case "parenthesized_type", "readonly_type":
                return node.namedChildren.first.map { type($0, depth: depth + 1) } ?? .unknown
            case "array_type":
                return node.namedChildren.first.map { .array(type($0, depth: depth + 1)) } ?? .unknown
            case "generic_type":
                let name = node.child(field: "name")?.text
                let arguments = node.child(field: "type_arguments")?.namedChildren ?? []
                if name == "Array" || name == "ReadonlyArray", arguments.count == 1 { return .array(type(arguments[0], depth: depth + 1)) }
                return .unknown
            case "literal_type":
                guard let literal = node.namedChildren.first else { return .unknown }
                switch literal.type {
                case "string": return stringValue(literal).map { .stringLiterals([$0]) } ?? .unknown
                case "number": return .number
                case "true", "false": return .boolean
                case "null": return .null
                case "undefined": return .optional(.unknown)
                default: return .unknown
                }
            case "undefined":
                return .optional(.unknown)
            case "union_type":
                return union(flattening: node, depth: depth)
            case "object_type", "interface_body":
                var fields: [TypeScriptType.Field] = []
                for member in node.namedChildren {
                    switch member.type {
                    case "property_signature":
                        guard let key = member.child(field: "name"), let name = propertyName(key) else { return .unknown }
                        let optional = member.childSequence.contains { !$0.isNamed && $0.type == "?" }
                        var fieldType = member.child(field: "type").flatMap(annotated) ?? .unknown
                        var mayBeLeftOut = optional
                        if case .optional(let inner) = fieldType { fieldType = inner; mayBeLeftOut = true }
                        fields.append(TypeScriptType.Field(name: name, type: fieldType, optional: mayBeLeftOut))
                    case "comment":
                        continue
                    default:
                        // An index signature, a method, a call signature: not a plain record of fields.
                        return .unknown
                    }
                }
                return .object(fields)
            default:
                return .unknown
            }
        }

        /// A union: string literals only is an enumeration; `T | undefined` is an optional `T`;
        /// anything else any JSON value, `T | null` too (a bridge type is never null: a field
        /// that may hold null is any JSON value, so the declarations still accept the null).
        private func union(flattening node: SyntaxNode, depth: Int) -> TypeScriptType {
            var members: [TypeScriptType] = []
            func collect(_ node: SyntaxNode) {
                if node.type == "union_type" {
                    for child in node.namedChildren { collect(child) }
                } else {
                    members.append(type(node, depth: depth + 1))
                }
            }
            collect(node)
            var literals: [String] = []
            var rest: [TypeScriptType] = []
            var optional = false
            for member in members {
                switch member {
                case .stringLiterals(let values): literals += values.filter { !literals.contains($0) }
                case .optional(.unknown): optional = true
                default: rest.append(member)
                }
            }
            let base: TypeScriptType
            if rest.contains(.null) {
                base = .unknown
            } else if rest.isEmpty, !literals.isEmpty {
                base = .stringLiterals(literals)
            } else if literals.isEmpty, rest.count == 1 {
                base = rest[0]
            } else {
                base = .unknown
            }
            return optional ? .optional(base) : base
        }

        private func propertyName(_ key: SyntaxNode) -> String? {
            switch key.type {
            case "property_identifier": return key.text
            case "string": return stringValue(key)
            default: return nil
            }
        }

        /// A string literal's value, when it has no escapes to read.
        private func stringValue(_ node: SyntaxNode) -> String? {
            let fragments = node.namedChildren
            if fragments.isEmpty { return "" }
            guard fragments.count == 1, fragments[0].type == "string_fragment" else { return nil }
            return fragments[0].text
        }
    }
}
