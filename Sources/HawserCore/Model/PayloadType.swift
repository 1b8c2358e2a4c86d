/// The type of a handler's payload or reply, from a declared JSON Schema or inferred from the
/// scripts' literals. Generators map it to Swift and TypeScript.
indirect enum PayloadType: Hashable, Sendable {
    /// JSON string → `String`.
    case string
    /// JSON number → `Double`.
    case number
    /// JSON integer → `Int`.
    case integer
    /// JSON boolean → `Bool`.
    case boolean
    /// JSON null only.
    case null
    /// Any JSON value → the generated `JSONValue`.
    case json
    /// A JSON array whose items have one type.
    case array(PayloadType)
    /// A string restricted to these values, in declared order → a generated `String` enum.
    case stringEnum([String])
    /// A JSON object with known fields → a generated struct.
    case object(ObjectType)
}

/// The fields of an object type.
struct ObjectType: Hashable, Sendable {
    /// In declared order for schemas, sorted by name when inferred.
    var fields: [FieldType]
    var description: String?

    init(fields: [FieldType], description: String? = nil) {
        self.fields = fields
        self.description = description
    }
}

struct FieldType: Hashable, Sendable {
    /// The JSON key.
    var name: String
    var type: PayloadType
    /// Whether every valid value has the key; optional fields become Swift optionals.
    var required: Bool
    var description: String?

    init(name: String, type: PayloadType, required: Bool, description: String? = nil) {
        self.name = name
        self.type = type
        self.required = required
        self.description = description
    }
}

extension PayloadType {
    /// The type on one line, as TypeScript writes it, for messages: `{ path: string; line?: number }`.
    var summary: String {
        switch self {
        case .string, .stringEnum([]): return "string"
        case .number, .integer: return "number"
        case .boolean: return "boolean"
        case .null: return "null"
        case .json: return "any JSON value"
        case .array(let element):
            let text = element.summary
            return text.contains(" ") ? "(\(text))[]" : text + "[]"
        case .stringEnum(let values): return values.map { "\"\($0)\"" }.joined(separator: " | ")
        case .object(let object):
            guard !object.fields.isEmpty else { return "{}" }
            return "{ " + object.fields.map { "\($0.name)\($0.required ? "" : "?"): \($0.type.summary)" }.joined(separator: "; ") + " }"
        }
    }
}
