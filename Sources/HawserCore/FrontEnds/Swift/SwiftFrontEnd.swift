/// The Swift front end: finds message-handler registrations, the names Swift dispatches on, and
/// `hawser-ignore:` suppressions in Swift sources.
enum SwiftFrontEnd {
    /// Scans all files together (names resolve across files). Every output list is sorted by
    /// file, line and column (then name), so the result does not depend on the order of `files`.
    static func analyze(_ files: [SourceFile]) -> NativeFacts {
        var symbols = SwiftSymbolTable()
        var uses: [SwiftFileScanner.RegistrationUse] = []
        var facts = NativeFacts()
        for file in files {
            let tokens = SwiftLexer.tokenize(file.bytes)
            facts.suppressions += suppressions(in: tokens, file: file.path)
            var scanner = SwiftFileScanner(file: file, tokens: tokens)
            scanner.scan(into: &symbols)
            uses += scanner.uses
            facts.dispatchNames += scanner.dispatchNames
        }
        for use in uses {
            if let names = resolve(use, symbols: symbols) {
                for name in names {
                    facts.registrations.append(HandlerRegistration(
                        name: name, location: use.location, reply: use.reply, world: use.world, scope: use.scope))
                }
            } else {
                facts.diagnostics.append(Diagnostic(
                    .unresolvedRegistration, "cannot resolve handler name '\(use.nameText)' statically", at: use.location))
            }
        }
        facts.sort()
        return facts
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
