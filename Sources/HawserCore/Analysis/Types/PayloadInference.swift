/// Infers a handler's payload type from the literals the scripts pass, for handlers without a
/// declared schema.
///
/// Each position of the payload (the payload itself, each key of an object literal, each key of
/// a nested object literal) is typed from the literals found there across every use site:
///
/// - string → `.string`, number → `.number` (a literal cannot tell an integer), boolean →
///   `.boolean`, array literal → `.array(.json)`, object literal → `.object` whose fields are
///   the union of the keys, merged key by key with these same rules;
/// - `null` is `.null` for the payload itself and `.json` for a key (the model has no nullable
///   type);
/// - a key present in every object literal at its position is required, otherwise optional;
/// - a literal of kind `other` (a variable, a call, a spread…) tells nothing: it is skipped,
///   so it neither makes a key optional nor conflicts. A position with no other literal is
///   `.json`, and so is a handler with no payload literal at all;
/// - literals of different kinds at one position (`null` included) make that position `.json`
///   and raise `payload-conflict` warnings; the position's contents are then not inferred.
enum PayloadInference {
    /// A literal at one position, with where a diagnostic about it goes: the literal itself for
    /// the payload, the key for a key's value.
    private struct Site {
        let literal: PayloadLiteral
        let anchor: SourceLocation
    }

    /// Infers a handler's payload type from every payload literal of its uses (across files).
    /// Also returns `payload-conflict` warnings. Uses of other handlers are ignored, so `uses`
    /// may hold every use of the scripts.
    ///
    /// A conflict warns at the first literal of the position (by file, line, column), naming the
    /// first literal of another kind, and at every literal whose kind differs from the first's,
    /// naming the first. Fields are sorted by name; diagnostics by location.
    static func infer(handler: String, uses: [HandlerUse]) -> (PayloadType, [Diagnostic]) {
        let sites = uses.filter { $0.name == handler }
            .flatMap(\.payloads)
            .map { Site(literal: $0.isConstant ? PayloadLiteral(kind: .other, location: $0.location) : $0, anchor: $0.location) }
        var diagnostics: [Diagnostic] = []
        let type = merge(sites, path: "payload", isKey: false, handler: handler, diagnostics: &diagnostics)
        return (type, diagnostics.sorted(by: Diagnostic.sortKey))
    }

    private static func merge(
        _ sites: [Site], path: String, isKey: Bool, handler: String, diagnostics: inout [Diagnostic]
    ) -> PayloadType {
        let informative = sites.filter { $0.literal.kind != .other }.sorted { $0.anchor < $1.anchor }
        guard let first = informative.first else { return .json }

        if let conflicting = informative.first(where: { $0.literal.kind != first.literal.kind }) {
            diagnostics.append(conflict(handler: handler, path: path, at: first, other: conflicting))
            for site in informative where site.literal.kind != first.literal.kind {
                diagnostics.append(conflict(handler: handler, path: path, at: site, other: first))
            }
            return .json
        }

        switch first.literal.kind {
        case .string: return .string
        case .number: return .number
        case .boolean: return .boolean
        case .null: return isKey ? .json : .null
        case .array: return .array(.json)
        case .other: return .json
        case .object:
            return .object(mergeObjects(informative.map(\.literal), path: path, handler: handler, diagnostics: &diagnostics))
        }
    }

    private static func mergeObjects(
        _ objects: [PayloadLiteral], path: String, handler: String, diagnostics: inout [Diagnostic]
    ) -> ObjectType {
        var sitesByKey: [String: [Site]] = [:]
        for object in objects {
            // A key written twice in one literal: the last one wins, as in JavaScript.
            var last: [String: PayloadProperty] = [:]
            for property in object.properties { last[property.key] = property }
            for (key, property) in last {
                sitesByKey[key, default: []].append(Site(literal: property.value, anchor: property.location))
            }
        }
        let fields = sitesByKey.keys.sorted().map { key in
            let sites = sitesByKey[key]!
            return FieldType(
                name: key,
                type: merge(sites, path: "\(path).\(key)", isKey: true, handler: handler, diagnostics: &diagnostics),
                required: sites.count == objects.count)
        }
        return ObjectType(fields: fields)
    }

    private static func conflict(handler: String, path: String, at site: Site, other: Site) -> Diagnostic {
        Diagnostic(
            .payloadConflict,
            "\(handler): \(path) is \(describe(site.literal.kind)) here but \(describe(other.literal.kind)) at \(other.anchor), so its type falls back to any JSON value",
            at: site.anchor, handler: handler)
    }

    /// The kind with its article, as it reads after "is".
    static func describe(_ kind: PayloadLiteral.Kind) -> String {
        switch kind {
        case .string: return "a string"
        case .number: return "a number"
        case .boolean: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        case .other: return "an expression"
        }
    }
}
