/// The Swift front end: finds message-handler registrations, the names Swift dispatches on, and
/// `hawser-ignore:` suppressions in Swift sources.
enum SwiftFrontEnd {
    /// Scans all files together (names resolve across files). Every output list is sorted by
    /// file, line and column (then name), so the result does not depend on the order of `files`.
    static func analyze(_ files: [SourceFile]) -> NativeFacts {
        var index = SwiftIndex()
        var uses: [SwiftFileScanner.RegistrationUse] = []
        var facts = NativeFacts()
        for (number, file) in files.enumerated() {
            let tokens = SwiftLexer.tokenize(file.bytes)
            facts.suppressions += suppressions(in: tokens, file: file.path)
            var scanner = SwiftFileScanner(file: file, tokens: tokens, index: number)
            scanner.scan(into: &index)
            uses += scanner.uses
            facts.dispatchNames += scanner.dispatchNames
        }
        let resolver = SwiftNameResolver(index: index)
        for use in uses {
            let result = resolver.resolve(use.nameTokens, context: use.context)
            var resolved = 0
            var seen = Set<HandlerRegistration>()
            for value in result.values {
                let (name, isPattern, origin): (String, Bool, SwiftOrigin?)
                switch value {
                case .string(let s, let o): (name, isPattern, origin) = (s, false, o)
                case .pattern(let p, let o): (name, isPattern, origin) = (p, true, o)
                default: continue
                }
                resolved += 1
                let registration = HandlerRegistration(
                    name: name, location: origin?.location ?? use.location, reply: use.reply, world: use.world,
                    scope: result.filtered ? nil : (origin.map(\.scope) ?? use.scope), isPattern: isPattern)
                if seen.insert(registration).inserted { facts.registrations.append(registration) }
            }
            if resolved == 0 || !result.failures.isEmpty {
                let reason = result.failures.first ?? Self.notAString(result.values)
                let message = resolved == 0
                    ? "cannot resolve handler name '\(use.nameText)' statically: \(reason)"
                    : "some values of handler name '\(use.nameText)' cannot be resolved statically: \(reason)"
                facts.diagnostics.append(Diagnostic(.unresolvedRegistration, message, at: use.location))
            }
        }
        facts.sort()
        return facts
    }

    /// Why values that resolved are not names.
    private static func notAString(_ values: [SwiftValue]) -> String {
        switch values.first {
        case .enumCase?: return "it is an enum case, not a string; its rawValue is the name"
        case .sequence?: return "it is a collection of names, not one; register each element"
        case .metatype?, .instance?: return "it is a value of a type, not a string"
        default: return "it is not a string"
        }
    }

    /// One suppression per comment holding `hawser-ignore:`. A comment alone on its line covers
    /// the line after it ends; a comment after code covers its own line.
    static func suppressions(in tokens: [SwiftToken], file: String) -> [Suppression] {
        tokens.compactMap { token in
            guard token.isComment, let codes = Suppression.codes(inComment: token.text) else { return nil }
            let line = token.isFirstOnLine ? token.endLine + 1 : token.line
            return Suppression(file: file, line: line, codes: codes)
        }
    }
}
