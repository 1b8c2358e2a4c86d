import TreeSitter

/// What a script passes as a payload at one use site, as far as its literal syntax tells:
/// the facts payload-type inference and schema checks work from.
struct PayloadLiteral: Hashable, Sendable, Codable {
    enum Kind: String, Hashable, Sendable, Codable {
        /// A string or template literal, or a call that always returns a string (`String(x)`,
        /// `JSON.stringify(x)`).
        case string
        /// A numeric literal (optionally signed).
        case number
        /// `true` or `false`.
        case boolean
        case null
        /// An array literal.
        case array
        /// An object literal with static keys; see `properties`.
        case object
        /// Any other expression: its type is not known statically.
        case other
    }

    var kind: Kind
    /// Where the expression starts.
    var location: SourceLocation
    /// The properties of an object literal, in source order.
    var properties: [PayloadProperty]
    /// Read from the `const` a name posted holds (`ScopeResolver.constantObjectLiteral`), not
    /// written in the call: the native payload check and schema checks read it, the bridge's
    /// inference does not (what the same handler's other posts send may be anything).
    var isConstant = false

    init(kind: Kind, location: SourceLocation, properties: [PayloadProperty] = []) {
        self.kind = kind
        self.location = location
        self.properties = properties
    }
}

/// One `key: value` of an object literal payload.
struct PayloadProperty: Hashable, Sendable, Codable {
    var key: String
    /// Where the key is written.
    var location: SourceLocation
    var value: PayloadLiteral

    init(key: String, location: SourceLocation, value: PayloadLiteral) {
        self.key = key
        self.location = location
        self.value = value
    }
}

extension PayloadLiteral {
    /// Reads the literal shape of `node`. `locate` maps script positions into the file.
    /// `constant` gives the object literal a name passed as the payload stands for
    /// (`ScopeResolver.constantObjectLiteral`): its keys are then read where it is written.
    static func read(
        _ node: SyntaxNode, locate: (SourcePoint) -> SourceLocation, constant: ((SyntaxNode) -> SyntaxNode?)? = nil
    ) -> PayloadLiteral {
        let node = node.skippingParenthesesDownward
        if node.type == "identifier", let constant, let literal = constant(node) {
            var read = read(literal, depth: 0, locate: locate)
            read.isConstant = true
            return read
        }
        return read(node, depth: 0, locate: locate)
    }

    /// How deep object literals are read: a deeper value is `other`, so a payload nested
    /// without end takes no more stack (and no more type) than this.
    static let maximumDepth = 64

    private static func read(_ node: SyntaxNode, depth: Int, locate: (SourcePoint) -> SourceLocation) -> PayloadLiteral {
        let node = node.skippingParenthesesDownward
        let location = locate(node.start)
        guard depth < maximumDepth else { return PayloadLiteral(kind: .other, location: location) }
        switch node.type {
        case "string", "template_string":
            return PayloadLiteral(kind: .string, location: location)
        case "number":
            return PayloadLiteral(kind: .number, location: location)
        case "unary_expression":
            if let op = node.operatorText, op == "-" || op == "+",
               node.child(field: "argument")?.skippingParenthesesDownward.type == "number" {
                return PayloadLiteral(kind: .number, location: location)
            }
        case "true", "false":
            return PayloadLiteral(kind: .boolean, location: location)
        case "null":
            return PayloadLiteral(kind: .null, location: location)
        case "call_expression":
            // `String(x)` and `JSON.stringify(x)` post a string whatever x is (stringify gives
            // undefined for undefined, which no dictionary or number read accepts either).
            if let callee = node.child(field: "function")?.skippingParenthesesDownward,
               callee.text == "String" || callee.text == "JSON.stringify" {
                return PayloadLiteral(kind: .string, location: location)
            }
        case "array":
            return PayloadLiteral(kind: .array, location: location)
        case "object":
            var properties: [PayloadProperty] = []
            for child in node.namedChildren where child.type != "comment" {
                switch child.type {
                case "pair":
                    guard let keyNode = child.child(field: "key"), let key = staticKey(keyNode),
                          let value = child.child(field: "value")
                    else { return PayloadLiteral(kind: .other, location: location) }
                    properties.append(PayloadProperty(key: key, location: locate(keyNode.start), value: read(value, depth: depth + 1, locate: locate)))
                case "shorthand_property_identifier":
                    properties.append(PayloadProperty(
                        key: child.text, location: locate(child.start),
                        value: PayloadLiteral(kind: .other, location: locate(child.start))))
                case "method_definition":
                    // A function: not postable, but its key is still a key.
                    guard let keyNode = child.child(field: "name"), let key = staticKey(keyNode) else {
                        return PayloadLiteral(kind: .other, location: location)
                    }
                    properties.append(PayloadProperty(key: key, location: locate(keyNode.start), value: PayloadLiteral(kind: .other, location: locate(child.start))))
                default:
                    // A spread or anything else: the keys are not known statically.
                    return PayloadLiteral(kind: .other, location: location)
                }
            }
            return PayloadLiteral(kind: .object, location: location, properties: properties)
        default:
            break
        }
        return PayloadLiteral(kind: .other, location: location)
    }

    /// A property key written statically: an identifier, a string or a number.
    private static func staticKey(_ node: SyntaxNode) -> String? {
        switch node.type {
        case "property_identifier", "number": return node.text
        case "string": return node.staticStringValue
        default: return nil
        }
    }
}
