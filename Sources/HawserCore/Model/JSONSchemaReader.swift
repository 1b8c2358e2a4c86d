/// A schema that `JSONSchemaReader` rejects: `path` is where in the configuration the offending
/// value sits (the caller's path extended by the key path inside the schema), `reason` what is
/// wrong with it.
struct SchemaError: Error, Equatable, CustomStringConvertible {
    var path: String
    var reason: String

    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    var description: String { "\(path): \(reason)" }
}

/// Reads the JSON Schema subset Hawser supports into a `PayloadType`.
///
/// Supported keywords: `type` (one string: object, string, number, integer, boolean, array,
/// null), `properties`, `required`, `items`, `enum` (strings only), `description`; `$schema` and
/// `title` are accepted and ignored. Anything else is an error, so a schema never means more than
/// the generated code checks.
///
/// - A schema with neither `type` nor `enum` is any JSON value (`.json`).
/// - `type: object` without `properties` is `.json` too: the model has no dictionary type.
/// - Object fields are sorted by key, whatever order the schema writes them in.
/// - A property's `description` goes on its `FieldType`; when the property is itself an object,
///   also on that `ObjectType` (it describes both). Elsewhere a `description` on a non-object
///   schema has nowhere to go and is dropped.
/// - `properties`, `required` and `items` are errors on a schema whose `type` is not object
///   (respectively array), and `enum` on one whose `type` is not string, rather than being
///   silently ignored.
enum JSONSchemaReader {
    /// Every type name `type` accepts, in the order error messages list them.
    static let typeNames = ["object", "string", "number", "integer", "boolean", "array", "null"]

    /// The keywords `read` understands.
    static let supportedKeywords: Set<String> = [
        "type", "properties", "required", "items", "enum", "description", "$schema", "title",
    ]

    /// Reads a schema (a value `JSON.parse` read) into a PayloadType. `path` names where it is,
    /// for errors, e.g. "handlers.readFile.payload" or "userscripts/schemas/readFile.json: payload".
    static func read(_ schema: JSON, path: String) throws(SchemaError) -> PayloadType {
        try readSchema(schema, path: path).type
    }

    /// The type of `schema` and its `description`, which the caller places on the field when the
    /// schema is a property's.
    private static func readSchema(_ schema: JSON, path: String) throws(SchemaError) -> (type: PayloadType, description: String?) {
        guard let schema = schema.dictionaryValue else {
            throw SchemaError(path: path, reason: "a schema must be a JSON object")
        }
        // Sorted, so that the first unsupported keyword reported does not depend on hashing.
        for key in schema.keys.sorted() where !supportedKeywords.contains(key) {
            throw SchemaError(path: join(path, key), reason: "unsupported keyword '\(key)'")
        }

        var description: String?
        if let value = schema["description"] {
            guard let text = value.stringValue else {
                throw SchemaError(path: join(path, "description"), reason: "'description' must be a string")
            }
            description = text
        }

        var type: String?
        if let value = schema["type"] {
            guard let name = value.stringValue else {
                throw SchemaError(path: join(path, "type"), reason: "'type' must be a single string: one of \(typeList)")
            }
            guard typeNames.contains(name) else {
                throw SchemaError(path: join(path, "type"), reason: "unknown type '\(name)'; expected one of \(typeList)")
            }
            type = name
        }

        // Keywords that only make sense for one type.
        if type != "object" {
            for key in ["properties", "required"] where schema[key] != nil {
                throw SchemaError(path: join(path, key), reason: "'\(key)' applies only to \"type\": \"object\"")
            }
        }
        if type != "array", schema["items"] != nil {
            throw SchemaError(path: join(path, "items"), reason: "'items' applies only to \"type\": \"array\"")
        }
        if let type, type != "string", schema["enum"] != nil {
            throw SchemaError(path: join(path, "enum"), reason: "'enum' is supported only for strings, not for \"type\": \"\(type)\"")
        }

        if let values = schema["enum"] {
            return (try readEnum(values, path: join(path, "enum")), description)
        }

        switch type {
        case nil: return (.json, description)
        case "string": return (.string, description)
        case "number": return (.number, description)
        case "integer": return (.integer, description)
        case "boolean": return (.boolean, description)
        case "null": return (.null, description)
        case "array":
            guard let items = schema["items"] else { return (.array(.json), description) }
            return (.array(try readSchema(items, path: join(path, "items")).type), description)
        default: // "object"
            guard let properties = schema["properties"] else {
                if schema["required"] != nil {
                    throw SchemaError(path: join(path, "required"), reason: "'required' needs 'properties' that list the required keys")
                }
                return (.json, description)
            }
            let object = try readObject(
                properties: properties, required: schema["required"], description: description, path: path)
            return (.object(object), description)
        }
    }

    private static func readObject(properties: JSON, required: JSON?, description: String?, path: String) throws(SchemaError) -> ObjectType {
        let propertiesPath = join(path, "properties")
        guard let properties = properties.dictionaryValue else {
            throw SchemaError(path: propertiesPath, reason: "'properties' must be an object that maps keys to schemas")
        }

        var requiredKeys = Set<String>()
        if let required {
            let requiredPath = join(path, "required")
            guard let list = required.arrayValue else {
                throw SchemaError(path: requiredPath, reason: "'required' must be an array of strings")
            }
            for element in list {
                guard let key = element.stringValue else {
                    throw SchemaError(path: requiredPath, reason: "'required' must be an array of strings")
                }
                guard properties[key] != nil else {
                    throw SchemaError(path: requiredPath, reason: "'required' names '\(key)', which is not in 'properties'")
                }
                requiredKeys.insert(key)
            }
        }

        var fields: [FieldType] = []
        for key in properties.keys.sorted() {
            let (type, fieldDescription) = try readSchema(properties[key]!, path: join(propertiesPath, key))
            fields.append(FieldType(name: key, type: type, required: requiredKeys.contains(key), description: fieldDescription))
        }
        return ObjectType(fields: fields, description: description)
    }

    private static func readEnum(_ values: JSON, path: String) throws(SchemaError) -> PayloadType {
        guard let list = values.arrayValue else {
            throw SchemaError(path: path, reason: "'enum' must be an array of strings")
        }
        var strings: [String] = []
        for element in list {
            guard let value = element.stringValue else {
                throw SchemaError(path: path, reason: "'enum' must be an array of strings")
            }
            guard !strings.contains(value) else {
                throw SchemaError(path: path, reason: "'enum' lists '\(value)' more than once")
            }
            strings.append(value)
        }
        guard !strings.isEmpty else {
            throw SchemaError(path: path, reason: "'enum' must list at least one string")
        }
        return .stringEnum(strings)
    }

    private static var typeList: String { typeNames.joined(separator: ", ") }

    private static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }
}
