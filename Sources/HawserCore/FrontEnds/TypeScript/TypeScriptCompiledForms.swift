import Foundation
import TreeSitter

/// The forms the stripper compiles rather than erases, as `tsc --isolatedModules` emits them
/// (target ESNext), each source line kept on its output line.
extension TypeScriptStripPass {
    // MARK: - Constructor parameter properties

    /// `constructor(readonly message: string, private x = 1)`: the modifiers (and types) are
    /// erased; as tsc does with class fields defined (ESNext), each property is declared first
    /// in the class body (`message; x;`) and assigned at the body's start, after the
    /// `super(…)` statement in a derived class.
    mutating func compileParameterProperties(_ constructor: SyntaxNode) {
        if constructor.hasError { return }
        guard let parameters = constructor.child(field: "parameters") else { return }
        var names: [String] = []
        for parameter in parameters.childSequence where parameter.type == "required_parameter" || parameter.type == "optional_parameter" {
            let modifiers = parameter.childSequence.filter {
                $0.type == "accessibility_modifier" || $0.type == "override_modifier" || (!$0.isNamed && $0.type == "readonly")
            }
            guard !modifiers.isEmpty else { continue }
            for modifier in modifiers { blank(modifier) }
            guard let pattern = parameter.child(field: "pattern"), pattern.type == "identifier" else {
                refuse(parameter, "a parameter property must be a plain name: declare the field and assign it in the constructor instead")
                continue
            }
            names.append(pattern.text)
        }
        guard !names.isEmpty, let classBody = constructor.parent, let body = constructor.child(field: "body"),
              let bodyOpen = body.firstChild, bodyOpen.type == "{", let classOpen = classBody.firstChild, classOpen.type == "{" else { return }
        edits.append((classOpen.endByte..<classOpen.endByte, Array((" " + names.map { "\($0);" }.joined(separator: " ")).utf8)))
        let assignments = names.map { "this.\($0) = \($0);" }.joined(separator: " ")
        let isDerived = classBody.parent?.childSequence.contains { heritage in
            heritage.type == "class_heritage" && heritage.childSequence.contains { $0.type == "extends_clause" }
        } ?? false
        if !isDerived {
            edits.append((bodyOpen.endByte..<bodyOpen.endByte, Array((" " + assignments).utf8)))
            return
        }
        for statement in body.childSequence where statement.type == "expression_statement" {
            guard let call = firstNamedChild(statement), call.type == "call_expression",
                  call.child(field: "function")?.type == "super" else { continue }
            let terminated = lastChild(statement)?.type == ";"
            edits.append((statement.endByte..<statement.endByte, Array(((terminated ? " " : "; ") + assignments).utf8)))
            return
        }
        refuse(constructor, "parameter properties in a derived class need a `super(…);` statement directly in the constructor's body: declare the fields and assign them after `super(…)` instead")
    }

    // MARK: - Enums

    enum EnumValue {
        case number(Double)
        case string(String)
    }

    /// `enum E { A, B = "b" }` → `var E; (function (E) { E[E["A"] = 0] = "A"; E["B"] = "b"; })(E || (E = {}));`,
    /// the head, each member and the closing brace replaced in place.
    mutating func compileEnum(_ node: SyntaxNode) {
        if node.hasError { return }
        guard let nameNode = node.child(field: "name"), let body = node.child(field: "body"),
              let open = body.firstChild, open.type == "{", let close = lastChild(body), close.type == "}" else { return }
        let name = nameNode.text
        // tsc declares the enum with `var` at the top level and with `let` in a block or function,
        // once per scope when declarations merge.
        var scope = node.parent
        if scope?.type == "export_statement" { scope = scope?.parent }
        let keyword = scope?.type == "program" ? "var" : "let"
        let isFirst = declaredEnums.insert("\(scope.map { Int($0.index) } ?? -1):\(name)").inserted
        let declaration = isFirst ? "\(keyword) \(name); " : ""
        if !isFirst, node.parent?.type == "export_statement" {
            refuse(node, "a second `export enum \(name)` is not supported: declare the enum's members in one declaration")
        }
        edits.append((node.startByte..<open.endByte, Array("\(declaration)(function (\(name)) {".utf8)))
        edits.append((close.startByte..<close.endByte, Array("})(\(name) || (\(name) = {}));".utf8)))

        let children = body.childSequence.filter { $0.type != "comment" }
        var members: [(node: SyntaxNode, key: String, value: SyntaxNode?, end: Int)] = []
        for (position, child) in children.enumerated() where child.isNamed {
            var end = child.endByte
            if position + 1 < children.count, children[position + 1].type == "," { end = children[position + 1].endByte }
            let nameChild = child.type == "enum_assignment" ? child.child(field: "name") : child
            guard let nameChild, let key = memberKey(nameChild) else {
                refuse(child, "a computed enum member name is not supported: use a plain name or a string")
                continue
            }
            members.append((child, key, child.type == "enum_assignment" ? child.child(field: "value") : nil, end))
        }
        let memberNames = Set(members.map(\.key))
        var values: [String: EnumValue] = [:]
        var previous: EnumValue? = .number(-1)
        var declaredNames: Set<String> = []
        for member in members {
            defer { declaredNames.insert(member.key) }
            let target = "\(name)[\(Self.quoted(member.key))]"
            var text: String
            if let value = member.value {
                if let constant = evaluate(value, enumName: name, values: values) {
                    values[member.key] = constant
                    previous = constant
                    switch constant {
                    case .number(let number): text = "\(name)[\(target) = \(Self.numberText(number))] = \(Self.quoted(member.key));"
                    case .string(let string): text = "\(target) = \(Self.quoted(string));"
                    }
                } else {
                    previous = nil
                    if let later = laterMemberReference(value, declared: declaredNames, memberNames: memberNames) {
                        refuse(later, "enum member `\(member.key)` refers to `\(later.text)`, a member declared after it: declare `\(later.text)` first")
                    }
                    text = "\(name)[\(target) = \(rewrittenInitializer(value, enumName: name, memberNames: memberNames))] = \(Self.quoted(member.key));"
                }
            } else if case .number(let last)? = previous {
                let number = last + 1
                values[member.key] = .number(number)
                previous = .number(number)
                text = "\(name)[\(target) = \(Self.numberText(number))] = \(Self.quoted(member.key));"
            } else {
                refuse(member.node, "enum member `\(member.key)` needs an initializer: the member before it is not a numeric constant")
                text = "\(name)[\(target) = void 0] = \(Self.quoted(member.key));"
                previous = nil
            }
            edits.append((member.node.startByte..<member.end, Array(text.utf8)))
        }
    }

    func memberKey(_ node: SyntaxNode) -> String? {
        switch node.type {
        case "property_identifier", "identifier": return node.text
        case "string": return stringValue(node)
        case "number": return Self.parseNumber(node.text).map(Self.numberText)
        default: return nil
        }
    }

    /// An identifier of the initializer naming a member not declared yet (tsc refuses it).
    func laterMemberReference(_ value: SyntaxNode, declared: Set<String>, memberNames: Set<String>) -> SyntaxNode? {
        for index in Int(value.index)..<value.subtreeEnd {
            let node = tree.node(at: index)
            guard node.type == "identifier", memberNames.contains(node.text), !declared.contains(node.text) else { continue }
            if let parent = node.parent, parent.type == "member_expression", parent.child(field: "property")?.index == node.index { continue }
            return node
        }
        return nil
    }

    /// The initializer's JavaScript (types inside already blanked), with the enum's members
    /// referred to as `E.X`.
    func rewrittenInitializer(_ value: SyntaxNode, enumName: String, memberNames: Set<String>) -> String {
        var bytes: [UInt8] = []
        var position = value.startByte
        for index in Int(value.index)..<value.subtreeEnd {
            let node = tree.node(at: index)
            guard node.type == "identifier", node.startByte >= position, memberNames.contains(node.text) else { continue }
            if let parent = node.parent, parent.type == "member_expression", parent.child(field: "property")?.index == node.index { continue }
            bytes.append(contentsOf: output[position..<node.startByte])
            bytes.append(contentsOf: Array("\(enumName).\(node.text)".utf8))
            position = node.endByte
        }
        bytes.append(contentsOf: output[position..<value.endByte])
        return String(decoding: bytes, as: UTF8.self)
    }

    /// tsc's constant folding of enum initializers.
    /// How deep an initializer is folded: deeper (a generated `((((…1…))))`) is not constant,
    /// so the pass never recurses deeper than this, whatever the input.
    static let maximumFoldingDepth = 200

    func evaluate(_ node: SyntaxNode, enumName: String, values: [String: EnumValue], depth: Int = 0) -> EnumValue? {
        guard depth < Self.maximumFoldingDepth else { return nil }
        switch node.type {
        case "number":
            return Self.parseNumber(node.text).map { .number($0) }
        case "string":
            return stringValue(node).map { .string($0) }
        case "template_string":
            return stringValue(node).map { .string($0) }
        case "parenthesized_expression":
            guard let inner = firstNamedChild(node) else { return nil }
            return evaluate(inner, enumName: enumName, values: values, depth: depth + 1)
        case "identifier":
            if let value = values[node.text] { return value }
            if node.text == "Infinity" { return .number(.infinity) }
            if node.text == "NaN" { return .number(.nan) }
            return nil
        case "member_expression":
            guard node.child(field: "object")?.text == enumName, let property = node.child(field: "property") else { return nil }
            return values[property.text]
        case "subscript_expression":
            guard node.child(field: "object")?.text == enumName, let index = node.child(field: "index"), index.type == "string",
                  let key = stringValue(index) else { return nil }
            return values[key]
        case "unary_expression":
            guard let argument = node.child(field: "argument"), case .number(let number)? = evaluate(argument, enumName: enumName, values: values, depth: depth + 1) else { return nil }
            switch node.child(field: "operator")?.type {
            case "+": return .number(number)
            case "-": return .number(-number)
            case "~": return .number(Double(~Self.toInt32(number)))
            default: return nil
            }
        case "binary_expression":
            guard let left = node.child(field: "left").flatMap({ evaluate($0, enumName: enumName, values: values, depth: depth + 1) }),
                  let right = node.child(field: "right").flatMap({ evaluate($0, enumName: enumName, values: values, depth: depth + 1) }),
                  let op = node.child(field: "operator")?.type else { return nil }
            switch (left, right) {
            case (.string(let a), .string(let b)):
                return op == "+" ? .string(a + b) : nil
            case (.number(let a), .number(let b)):
                switch op {
                case "+": return .number(a + b)
                case "-": return .number(a - b)
                case "*": return .number(a * b)
                case "/": return .number(a / b)
                case "%": return .number(fmod(a, b))
                case "**": return .number(pow(a, b))
                case "|": return .number(Double(Self.toInt32(a) | Self.toInt32(b)))
                case "&": return .number(Double(Self.toInt32(a) & Self.toInt32(b)))
                case "^": return .number(Double(Self.toInt32(a) ^ Self.toInt32(b)))
                case "<<": return .number(Double(Self.toInt32(a) << (Self.toUInt32(b) & 31)))
                case ">>": return .number(Double(Self.toInt32(a) >> (Self.toUInt32(b) & 31)))
                case ">>>": return .number(Double(Self.toUInt32(a) >> (Self.toUInt32(b) & 31)))
                default: return nil
                }
            default:
                return nil
            }
        default:
            return nil
        }
    }

    /// The value of a string literal, or of a template literal without substitutions, with its
    /// escape sequences decoded (`JavaScriptEscapes`); nil for anything else.
    func stringValue(_ node: SyntaxNode) -> String? {
        guard node.type == "string" || node.type == "template_string" else { return nil }
        var value = ""
        for child in node.namedChildren {
            switch child.type {
            case "string_fragment": value += child.text
            case "escape_sequence": value += JavaScriptEscapes.decode(child.text)
            case "comment": continue
            default: return nil
            }
        }
        return value
    }

    static func toUInt32(_ value: Double) -> UInt32 {
        guard value.isFinite else { return 0 }
        let truncated = value.rounded(.towardZero)
        let modulo = fmod(truncated, 4_294_967_296)
        return UInt32(modulo < 0 ? modulo + 4_294_967_296 : modulo)
    }

    static func toInt32(_ value: Double) -> Int32 { Int32(bitPattern: toUInt32(value)) }

    static func parseNumber(_ raw: String) -> Double? {
        var text = raw.replacingOccurrences(of: "_", with: "").lowercased()
        if text.hasSuffix(".") { text += "0" }
        if text.hasSuffix("n") { return nil }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where text.hasPrefix(prefix) {
            return UInt64(text.dropFirst(2), radix: radix).map { Double($0) }
        }
        if text.count > 1, text.hasPrefix("0"), text.allSatisfy({ $0.isNumber }) {
            // A legacy octal literal (or a decimal one with a leading zero, when a digit is 8 or 9).
            return UInt64(text, radix: text.contains { $0 == "8" || $0 == "9" } ? 10 : 8).map { Double($0) }
        }
        return Double(text)
    }

    /// A number as JavaScript prints it (`String(n)`) for the numbers enums hold.
    static func numberText(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = "\(value)"
        if value == value.rounded(), abs(value) < 1e21, let e = text.firstIndex(of: "e") {
            // Integers up to 1e21 print in full: the shortest digits, then zeros.
            let mantissa = text[..<e]
            let exponent = Int(text[text.index(after: e)...].replacingOccurrences(of: "+", with: "")) ?? 0
            let negative = mantissa.hasPrefix("-")
            let digits = mantissa.filter { $0.isNumber }
            let padded = digits + String(repeating: "0", count: max(0, exponent + 1 - digits.count))
            return (negative ? "-" : "") + padded
        }
        // Swift writes `1e-07`; JavaScript `1e-7`.
        if let e = text.firstIndex(of: "e") {
            var exponent = String(text[text.index(after: e)...])
            var sign = "+"
            if exponent.hasPrefix("-") { sign = "-"; exponent.removeFirst() } else if exponent.hasPrefix("+") { exponent.removeFirst() }
            while exponent.count > 1, exponent.hasPrefix("0") { exponent.removeFirst() }
            text = String(text[..<e]) + "e" + sign + exponent
        }
        return text
    }

    /// A JavaScript string literal in double quotes: a JSON one, which escapes U+2028 and U+2029 too.
    static func quoted(_ text: String) -> String { JSON.stringLiteral(text) }
}
