/// What decoding a message body as a `Decodable` struct reads from it: one `BodyRead` per
/// stored property the synthesized `init(from:)` decodes, under its coding key. Only what the
/// compiler synthesizes is followed: a type with its own `init(from:)`, a class or enum, or a
/// coding key that is not a plain string is not (nil: the body escapes).
///
/// - the keys: the property names, or the cases of its `CodingKeys` (a raw value renames one;
///   a property left out of `CodingKeys` is not decoded);
/// - required: a property whose type is not optional, when the decoding itself is required
///   (`SwiftMessageReceivers.FoundDecode.required`). A property with an initial value is left
///   out (a `let` with one is never decoded, a `var` with one is).
/// - the kind: as a cast to the property's type reads it; a `Decodable` struct is an object.
enum SwiftDecodableReads {
    static func reads(of typeKey: String, required: Bool, index: SwiftIndex) -> [BodyRead]? {
        guard let declarations = index.types[typeKey], declarations.contains(where: { $0.kind == .struct }) else { return nil }
        let inherits = Set(declarations.flatMap(\.inherits))
        guard inherits.contains("Decodable") || inherits.contains("Codable") else { return nil }
        let customInit = index.functionsByName["init"]?.contains { function in
            function.context.typeKey == typeKey && function.parameters.first?.label == "from"
        } ?? false
        guard !customInit else { return nil }
        var keys: [String: String]?
        if let cases = index.enumCases[typeKey + ".CodingKeys"] {
            let isString = index.stringEnums.contains(typeKey + ".CodingKeys")
            var map: [String: String] = [:]
            for item in cases {
                guard let key = item.raw ?? (isString ? nil : item.name) else { return nil }
                map[item.name] = key
            }
            keys = map
        }
        let properties = index.members.filter { $0.key.scope == typeKey }.flatMap(\.value)
            .filter { !$0.isStatic && $0.body == nil && $0.initializer == nil && $0.type != nil }
            .sorted { ($0.type!.file, $0.type!.range.lowerBound) < ($1.type!.file, $1.type!.range.lowerBound) }
        var reads: [BodyRead] = []
        for property in properties {
            guard let key = keys.map({ $0[property.name] }) ?? property.name else { continue }
            let span = property.type!
            let list = index.tokenLists[span.file]
            let tokens = list.code
            guard span.range.lowerBound >= 2, !span.range.isEmpty else { continue }
            let last = tokens[span.range.upperBound - 1]
            let optional = last.is(.question) || last.is(.bang) || list.spells(tokens[span.range.lowerBound], "Optional")
            let scanner = SwiftMessageReceivers(file: index.files[span.file], list: list)
            var kind = scanner.type(at: span.range.lowerBound)?.kind
            if kind == nil, tokens[span.range.lowerBound].kind == .identifier {
                kind = namedKind(list.identifier(tokens[span.range.lowerBound]), index: index)
            }
            let nameToken = tokens[span.range.lowerBound - 2]
            reads.append(BodyRead(
                key: key, kind: kind, required: required && !optional,
                typeText: scanner.text(span.range),
                location: SourceLocation(file: index.files[span.file], line: Int(nameToken.line), column: Int(nameToken.column)),
                form: .decoded))
        }
        return reads
    }

    /// The kind of a type declared in the app: a string enum decodes from a string, a
    /// `Decodable` struct from an object; anything else is not known.
    private static func namedKind(_ name: String, index: SwiftIndex) -> BodyValueKind? {
        guard let keys = index.typesByName[name], keys.count == 1, let declarations = index.types[keys[0]] else { return nil }
        if index.stringEnums.contains(keys[0]) { return .string }
        let inherits = Set(declarations.flatMap(\.inherits))
        if declarations.contains(where: { $0.kind == .struct }), inherits.contains("Decodable") || inherits.contains("Codable") {
            return .object
        }
        return nil
    }
}
