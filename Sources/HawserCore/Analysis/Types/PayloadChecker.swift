/// Checks the payload literals the scripts pass against a handler's declared payload type.
///
/// Only what a literal shows is checked: its kind, and for an object literal its keys (and,
/// recursively, its nested object literals). So:
///
/// - a literal of kind `other` (a variable, a call, a spread…) is never an error;
/// - `.json` accepts anything; a number literal fits `.number` and `.integer` (its value is not
///   recorded); any string literal fits a `.stringEnum` (its value is not recorded either);
/// - an array literal fits any `.array`; its items are not checked;
/// - `null` fits `.null`, and also any optional field: the generated Swift decodes a `null`
///   optional field as nil.
enum PayloadChecker {
    /// Checks every payload literal of the uses against a declared type; `payload-mismatch`
    /// errors at the offending key/literal. Uses of other handlers are ignored. Sorted by
    /// location.
    ///
    /// - A missing required key is reported at the object literal:
    ///   "readFile: payload is missing required key 'filePath'".
    /// - An unknown key is reported at the key: "readFile: payload has unknown key 'fileName';
    ///   did you mean 'filePath'?", suggesting the nearest declared key the literal does not
    ///   already have (edit distance at most 2, or equal ignoring case).
    /// - A literal of the wrong kind is reported at the literal:
    ///   "readFile: payload.path: expected string, found number".
    static func check(handler: String, declared: PayloadType, uses: [HandlerUse]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for use in uses where use.name == handler {
            for literal in use.payloads {
                check(literal, against: declared, path: "payload", optional: false, handler: handler, diagnostics: &diagnostics)
            }
        }
        return diagnostics.sorted(by: Diagnostic.sortKey)
    }

    private static func check(
        _ literal: PayloadLiteral, against type: PayloadType, path: String, optional: Bool,
        handler: String, diagnostics: inout [Diagnostic]
    ) {
        if literal.kind == .other || type == .json { return }
        if literal.kind == .null, optional { return }

        guard case .object(let object) = type else {
            if !fits(literal.kind, type) {
                diagnostics.append(Diagnostic(
                    .payloadMismatch,
                    "\(handler): \(path): expected \(describe(type)), found \(literal.kind.rawValue)",
                    at: literal.location, handler: handler))
            }
            return
        }
        guard literal.kind == .object else {
            diagnostics.append(Diagnostic(
                .payloadMismatch, "\(handler): \(path): expected object, found \(literal.kind.rawValue)",
                at: literal.location, handler: handler))
            return
        }

        let present = Set(literal.properties.map(\.key))
        let declaredNames = object.fields.map(\.name)
        for field in object.fields where field.required && !present.contains(field.name) {
            diagnostics.append(Diagnostic(
                .payloadMismatch, "\(handler): \(path) is missing required key '\(field.name)'",
                at: literal.location, handler: handler))
        }
        let missingRequired = object.fields.filter { $0.required && !present.contains($0.name) }.map(\.name)
        let unknownCount = literal.properties.filter { property in !object.fields.contains { $0.name == property.key } }.count
        for property in literal.properties {
            guard let field = object.fields.first(where: { $0.name == property.key }) else {
                let candidates = declaredNames.filter { !present.contains($0) }
                // A near name, or else the one missing required key when this is the one unknown
                // key: `fileName` sent where `filePath` is declared.
                let suggestion = NameSuggester.suggestion(for: property.key, among: candidates)
                    ?? (unknownCount == 1 && missingRequired.count == 1 ? missingRequired[0] : nil)
                diagnostics.append(Diagnostic(
                    .payloadMismatch, "\(handler): \(path) has unknown key '\(property.key)'" + NameSuggester.suffix(suggesting: suggestion),
                    at: property.location, handler: handler, suggestion: suggestion))
                continue
            }
            check(property.value, against: field.type, path: "\(path).\(property.key)", optional: !field.required,
                  handler: handler, diagnostics: &diagnostics)
        }
    }

    /// Whether a literal of `kind` (not `other`, not an object) can be a value of `type`.
    private static func fits(_ kind: PayloadLiteral.Kind, _ type: PayloadType) -> Bool {
        switch type {
        case .json: return true
        case .string, .stringEnum: return kind == .string
        case .number, .integer: return kind == .number
        case .boolean: return kind == .boolean
        case .null: return kind == .null
        case .array: return kind == .array
        case .object: return kind == .object
        }
    }

    /// The type as an "expected …" message names it.
    private static func describe(_ type: PayloadType) -> String {
        switch type {
        case .string: return "string"
        case .number: return "number"
        case .integer: return "integer"
        case .boolean: return "boolean"
        case .null: return "null"
        case .json: return "any JSON value"
        case .array: return "array"
        case .stringEnum: return "string"
        case .object: return "object"
        }
    }
}
