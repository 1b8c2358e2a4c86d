extension SwiftBridgeGenerator {
    /// A Swift type as written where it is used.
    indirect enum SwiftType: Equatable {
        case string, double, int, bool
        /// `JSONValue` that must be JSON `null`.
        case null
        /// Any `JSONValue`.
        case json
        case array(SwiftType)
        /// A generated struct or enum, by the name it is written with at its use site.
        case named(String)

        var spelling: String {
            switch self {
            case .string: return "String"
            case .double: return "Double"
            case .int: return "Int"
            case .bool: return "Bool"
            case .null, .json: return "JSONValue"
            case .array(let element): return "[\(element.spelling)]"
            case .named(let name): return name
            }
        }
    }

    /// One generated type.
    indirect enum Declaration {
        case structure(Structure)
        case enumeration(name: String, description: String?, cases: [EnumCase])
        case alias(name: String, description: String?, type: SwiftType)

        var name: String {
            switch self {
            case .structure(let structure): return structure.name
            case .enumeration(let name, _, _), .alias(let name, _, _): return name
            }
        }
    }

    struct Structure {
        var name: String
        var description: String?
        var fields: [Field]
        /// The types of fields that are objects or string enums, named after the field.
        var nested: [Declaration]
    }

    struct Field {
        /// The JSON key.
        var key: String
        /// The property's identifier, unique in its struct, not escaped.
        var name: String
        var type: SwiftType
        var required: Bool
        var description: String?

        var escapedName: String { SwiftNames.escaped(name) }
        /// `String` or `String?`.
        var declaredType: String { required ? type.spelling : type.spelling + "?" }
    }

    struct EnumCase {
        /// The case's identifier, not escaped.
        var name: String
        var value: String
    }

    /// The payload and reply types of every handler, with the names of their nested types chosen.
    struct TypePlan {
        /// The top-level declarations, in handler order: each handler's payload, then its reply.
        var declarations: [Declaration] = []
        /// Handler name → how to read and write its payload and its reply: the generated struct or
        /// enum, or what the type alias stands for.
        var payloadTypes: [String: SwiftType] = [:]
        var replyTypes: [String: SwiftType] = [:]

        init(model: BridgeModel) {
            let topLevelNames = Set(model.handlers.flatMap { [$0.payloadTypeName, $0.replyTypeName] })
            let reserved = TypePlan.reservedTypeNames.union(topLevelNames).union([model.name])
            for handler in model.handlers {
                let payloadDescription = handler.payloadDeclared ? nil : "Inferred from the scripts' literals."
                payloadTypes[handler.name] = declare(
                    handler.payload, named: handler.payloadTypeName,
                    description: "The payload of `\(handler.name)`." + (payloadDescription.map { " " + $0 } ?? ""),
                    reserved: reserved)
                if handler.kind == .request {
                    replyTypes[handler.name] = declare(
                        handler.reply ?? .json, named: handler.replyTypeName,
                        description: "The reply of `\(handler.name)`.", reserved: reserved)
                }
            }
        }

        /// Names a nested type must not take: Swift's own (`Type`, `Self`), the standard types the
        /// generated code writes unqualified, and the namespace's members.
        static let reservedTypeNames: Set<String> = [
            "Type", "Protocol", "Self", "Any", "CodingKeys", "String", "Double", "Int", "Bool", "Array",
            "Dictionary", "Optional", "Error", "JSONValue", "Wire", "Delivery", "Route", "Handler", "Handlers",
            "Script", "World", "InjectionTime", "DispatchOutcome", "MessageProxy", "ZoomBlocker", "CookieCountdown", "HTTPCookie",
        ]

        /// Property and case names the generated code keeps for itself or that cannot be used.
        static let reservedMemberNames: Set<String> = ["self", "hawserJSON", "allCases", "rawValue", "_"]

        /// Declares `type` in the namespace as `name` and returns how to write it there.
        private mutating func declare(_ type: PayloadType, named name: String, description: String, reserved: Set<String>) -> SwiftType {
            switch type {
            case .object(let object):
                let full = [description, object.description].compactMap { $0 }.joined(separator: "\n\n")
                declarations.append(.structure(TypePlan.structure(named: name, object, description: full, reserved: reserved)))
            case .stringEnum(let values):
                declarations.append(.enumeration(name: name, description: description, cases: TypePlan.cases(values)))
            default:
                var elements: [Declaration] = []
                let swiftType = TypePlan.reference(type, baseName: name, isElement: false, reserved: reserved, into: &elements)
                declarations.append(.alias(name: name, description: description, type: swiftType))
                declarations += elements
                return swiftType
            }
            return .named(name)
        }

        /// The Swift type of `type`; the struct or enum it needs, if any, is added to `declarations`
        /// as `baseName` (`baseName` + `Element` for the items of an array).
        static func reference(
            _ type: PayloadType, baseName: String, isElement: Bool, fieldDescription: String? = nil, reserved: Set<String>,
            into declarations: inout [Declaration]
        ) -> SwiftType {
            let declaredName = isElement ? baseName + "Element" : baseName
            let description = isElement ? "An element of `\(baseName)`." : nil
            switch type {
            case .string: return .string
            case .number: return .double
            case .integer: return .int
            case .boolean: return .bool
            case .null: return .null
            case .json: return .json
            case .array(let element):
                return .array(reference(element, baseName: baseName, isElement: true, reserved: reserved, into: &declarations))
            case .stringEnum(let values):
                declarations.append(.enumeration(name: declaredName, description: description ?? fieldDescription, cases: cases(values)))
                return .named(declaredName)
            case .object(let object):
                let text = object.description ?? description ?? fieldDescription
                declarations.append(.structure(structure(named: declaredName, object, description: text, reserved: reserved)))
                return .named(declaredName)
            }
        }

        static func structure(named name: String, _ object: ObjectType, description: String?, reserved: Set<String>) -> Structure {
            let propertyNames = uniqueIdentifiers(object.fields.map { SwiftNames.lowerCamelCase($0.name) }, avoiding: reservedMemberNames)
            var typeNames = UniqueNames(reserved: reserved.union(propertyNames))
            var fields: [Field] = []
            var nested: [Declaration] = []
            for (field, propertyName) in zip(object.fields, propertyNames) {
                let typeName = typeNames.claim(identifierBase(SwiftNames.upperCamelCase(field.name)))
                typeNames.reserve(typeName + "Element")
                let type = reference(
                    field.type, baseName: typeName, isElement: false, fieldDescription: "The type of `\(field.name)`.",
                    reserved: typeNames.taken, into: &nested)
                fields.append(Field(key: field.name, name: propertyName, type: type, required: field.required, description: field.description))
            }
            return Structure(name: name, description: description, fields: fields, nested: nested)
        }

        static func cases(_ values: [String]) -> [EnumCase] {
            let names = uniqueIdentifiers(values.map { $0.isEmpty ? "empty" : SwiftNames.lowerCamelCase($0) }, avoiding: reservedMemberNames)
            return zip(names, values).map { EnumCase(name: $0, value: $1) }
        }

        /// `names` with clashes resolved by numbering (`aB`, `aB2`), in order.
        static func uniqueIdentifiers(_ names: [String], avoiding reserved: Set<String>) -> [String] {
            var unique = UniqueNames(reserved: reserved)
            return names.map { unique.claim(identifierBase($0)) }
        }

        /// `_` alone is not a usable identifier: it becomes `value`.
        static func identifierBase(_ name: String) -> String {
            name == "_" ? "value" : name
        }
    }

    // MARK: - Emitting declarations

    static func writeDeclaration(_ declaration: Declaration, to w: inout SwiftCodeWriter) {
        switch declaration {
        case .alias(let name, let description, let type):
            w.documentation(description)
            w.line("public typealias \(name) = \(type.spelling)")
        case .enumeration(let name, let description, let cases):
            w.documentation(description)
            w.block("public enum \(name): String, Codable, Sendable, CaseIterable {") { w in
                for enumCase in cases {
                    let raw = SwiftStringLiteral.make(enumCase.value)
                    w.line("case \(SwiftNames.escaped(enumCase.name)) = \(raw)")
                }
            }
        case .structure(let structure):
            writeStructure(structure, to: &w)
        }
    }

    static func writeStructure(_ structure: Structure, to w: inout SwiftCodeWriter) {
        w.documentation(structure.description)
        w.block("public struct \(structure.name): Codable, Sendable, Equatable {") { w in
            for field in structure.fields {
                w.documentation(field.description)
                w.line("public var \(field.escapedName): \(field.declaredType)")
            }
            if structure.fields.contains(where: { $0.name != $0.key }) {
                w.line()
                w.block("private enum CodingKeys: String, CodingKey {") { w in
                    for field in structure.fields {
                        let rawValue = field.name == field.key ? "" : " = \(SwiftStringLiteral.make(field.key))"
                        w.line("case \(field.escapedName)\(rawValue)")
                    }
                }
            }
            if !structure.fields.isEmpty { w.line() }
            w.line("/// Makes a value from its fields.")
            guard !structure.fields.isEmpty else {
                w.line("public init() {}")
                for declaration in structure.nested {
                    w.line()
                    writeDeclaration(declaration, to: &w)
                }
                return
            }
            let parameters = structure.fields.map { field in
                "\(field.escapedName): \(field.declaredType)\(field.required ? "" : " = nil")"
            }
            w.block("public init(\(parameters.joined(separator: ", "))) {") { w in
                for field in structure.fields {
                    w.line("self.\(field.escapedName) = \(field.escapedName)")
                }
            }
            for declaration in structure.nested {
                w.line()
                writeDeclaration(declaration, to: &w)
            }
        }
    }

    // MARK: - Reading and writing JSON

    /// The extensions that read every generated struct and enum from a `JSONValue`, reporting
    /// the key path of what is wrong, and write them back.
    static func writeTypeCoding(_ plan: TypePlan, namespace: String, to w: inout SwiftCodeWriter) {
        var first = true
        func visit(_ declaration: Declaration, qualifiedName: String) {
            switch declaration {
            case .alias:
                return
            case .enumeration(_, _, let cases):
                if !first { w.line() }
                first = false
                writeEnumCoding(qualifiedName, cases: cases, namespace: namespace, to: &w)
            case .structure(let structure):
                if !first { w.line() }
                first = false
                writeStructureCoding(structure, qualifiedName: qualifiedName, namespace: namespace, to: &w)
                for nested in structure.nested { visit(nested, qualifiedName: qualifiedName + "." + nested.name) }
            }
        }
        for declaration in plan.declarations { visit(declaration, qualifiedName: namespace + "." + declaration.name) }
    }

    static func writeEnumCoding(_ qualifiedName: String, cases: [EnumCase], namespace: String, to w: inout SwiftCodeWriter) {
        let ns = namespace + "."
        let expected = "expected one of " + cases.map { "'\($0.value)'" }.joined(separator: ", ")
        w.block("extension \(qualifiedName) {") { w in
            w.block("fileprivate init(hawserJSON value: \(ns)JSONValue, at path: String) throws {") { w in
                w.block("guard case .string(let raw) = value, let known = Self(rawValue: raw) else {") { w in
                    w.line("throw \(ns)Wire.Failure(path: path, problem: \(SwiftStringLiteral.make(expected)))")
                }
                w.line("self = known")
            }
            w.line()
            w.line("fileprivate var hawserJSON: \(ns)JSONValue { .string(rawValue) }")
        }
    }

    static func writeStructureCoding(_ structure: Structure, qualifiedName: String, namespace: String, to w: inout SwiftCodeWriter) {
        let ns = namespace + "."
        w.block("extension \(qualifiedName) {") { w in
            w.block("fileprivate init(hawserJSON value: \(ns)JSONValue, at path: String) throws {") { w in
                if structure.fields.isEmpty {
                    w.line("_ = try \(ns)Wire.object(value, at: path)")
                } else {
                    w.line("let object = try \(ns)Wire.object(value, at: path)")
                }
                for field in structure.fields {
                    let key = SwiftStringLiteral.make(field.key)
                    let path = "path + \(SwiftStringLiteral.make(keyPathSuffix(field.key)))"
                    if field.required {
                        let required = "\(ns)Wire.required(\(key), in: object, at: path)"
                        let read = decodeExpression(field.type, value: field.type == .json ? "try " + required : required, path: path, in: ns)
                        w.line("self.\(field.escapedName) = \(read)")
                    } else if field.type == .json {
                        w.line("self.\(field.escapedName) = \(ns)Wire.optional(\(key), in: object)")
                    } else {
                        let read = decodeExpression(field.type, value: "$0", path: path, in: ns)
                        w.line("self.\(field.escapedName) = try \(ns)Wire.optional(\(key), in: object).map { \(read) }")
                    }
                }
            }
            w.line()
            w.block("fileprivate var hawserJSON: \(ns)JSONValue {") { w in
                guard !structure.fields.isEmpty else {
                    w.line(".object([:])")
                    return
                }
                w.line("var object: [String: \(ns)JSONValue] = [:]")
                for field in structure.fields {
                    let key = SwiftStringLiteral.make(field.key)
                    if field.required {
                        w.line("object[\(key)] = \(encodeExpression(field.type, value: "self.\(field.escapedName)", in: ns))")
                    } else {
                        w.block("if let value = self.\(field.escapedName) {") { w in
                            w.line("object[\(key)] = \(encodeExpression(field.type, value: "value", in: ns))")
                        }
                    }
                }
                w.line("return .object(object)")
            }
        }
    }

    /// `.name` for identifier keys, `["my-key"]` for others, as the runtime writes key paths.
    static func keyPathSuffix(_ key: String) -> String {
        let isIdentifier = key.first.map { $0.isASCII && ($0.isLetter || $0 == "_" || $0 == "$") } == true
            && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }
        guard !isIdentifier else { return "." + key }
        return "[" + JSON.stringLiteral(key) + "]"
    }

    /// An expression that reads `value` (a `JSONValue` expression) as `type`, throwing a
    /// `Wire.Failure` that names `path` (a `String` expression). `ns` qualifies the namespace's
    /// members: `Bridge.` in extensions of nested types, which do not see them, else empty.
    static func decodeExpression(_ type: SwiftType, value: String, path: String, in ns: String) -> String {
        switch type {
        case .string: return "try \(ns)Wire.string(\(value), at: \(path))"
        case .double: return "try \(ns)Wire.number(\(value), at: \(path))"
        case .int: return "try \(ns)Wire.integer(\(value), at: \(path))"
        case .bool: return "try \(ns)Wire.boolean(\(value), at: \(path))"
        case .null: return "try \(ns)Wire.null(\(value), at: \(path))"
        case .json: return value
        case .array(.json):
            return "try \(ns)Wire.array(\(value), at: \(path)) { item, _ in item }"
        case .array(let element):
            return "try \(ns)Wire.array(\(value), at: \(path)) { item, itemPath in \(decodeExpression(element, value: "item", path: "itemPath", in: ns)) }"
        case .named(let name):
            return "try \(name)(hawserJSON: \(value), at: \(path))"
        }
    }

    /// An expression that writes `value` (of `type`) as a `JSONValue`; `ns` as for `decodeExpression`.
    static func encodeExpression(_ type: SwiftType, value: String, in ns: String) -> String {
        switch type {
        case .string: return "\(ns)JSONValue.string(\(value))"
        case .double: return "\(ns)JSONValue.number(\(value))"
        case .int: return "\(ns)JSONValue.number(Double(\(value)))"
        case .bool: return "\(ns)JSONValue.bool(\(value))"
        case .null, .json: return value
        case .array(let element): return "\(ns)JSONValue.array(\(value).map { \(encodeExpression(element, value: "$0", in: ns)) })"
        case .named: return "\(value).hawserJSON"
        }
    }
}
