/// The Objective-C front end: finds message-handler registrations, the names native code
/// dispatches on, and `hawser-ignore:` suppressions in `.m`, `.mm` and `.h` files.
enum ObjCFrontEnd {
    /// Scans all files together (names resolve across files: a constant declared `extern` in a
    /// header is defined in some `.m`). Every output list is sorted as `NativeFacts.sort` does,
    /// so the result does not depend on the order of `files`.
    static func analyze(_ files: [SourceFile]) -> NativeFacts {
        var symbols = ObjCSymbolTable()
        var uses: [ObjCFileScanner.RegistrationUse] = []
        var dispatches: [ObjCFileScanner.DispatchUse] = []
        var facts = NativeFacts()
        for file in files {
            let tokens = ObjCLexer.tokenize(file.bytes)
            facts.suppressions += suppressions(in: tokens, file: file.path)
            var scanner = ObjCFileScanner(file: file, tokens: tokens)
            scanner.scan(into: &symbols)
            uses += scanner.uses
            dispatches += scanner.dispatches
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
        for dispatch in dispatches {
            // A comparison with something that is not a known string says nothing about names.
            for name in symbols.string(dispatch.tokens, file: dispatch.location.file, scope: dispatch.scope) ?? [] {
                facts.dispatchNames.append(DispatchName(name: name, location: dispatch.location))
            }
        }
        facts.sort()
        return facts
    }

    /// The names `use` registers (several for the variable of a loop over an array), or nil
    /// when the name cannot be determined statically.
    static func resolve(_ use: ObjCFileScanner.RegistrationUse, symbols: ObjCSymbolTable) -> [String]? {
        let tokens = ObjCSymbolTable.strippingParentheses(use.nameTokens)
        // A loop variable shadows everything else of the same name.
        if tokens.count == 1, tokens[0].kind == .identifier,
           let loop = use.loops.last(where: { $0.variable == tokens[0].text }) {
            return symbols.strings(loop.source, file: use.file, scope: use.scope)
        }
        return symbols.string(tokens, file: use.file, scope: use.scope)
    }

    /// One suppression per comment holding `hawser-ignore:`. A comment alone on its line covers
    /// the line after it ends; a comment after code covers its own line.
    static func suppressions(in tokens: [ObjCToken], file: String) -> [Suppression] {
        tokens.compactMap { token in
            guard token.isComment, mentionsIgnore(token.text),
                  let codes = Suppression.codes(inComment: token.text) else { return nil }
            let line = token.isFirstOnLine ? token.endLine + 1 : token.line
            return Suppression(file: file, line: line, codes: codes)
        }
    }

    /// A fast test before the full parse: does `text` contain `hawser-ignore`?
    private static func mentionsIgnore(_ text: String) -> Bool {
        let needle = Array("hawser-ignore".utf8)
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= needle.count else { return false }
            var i = 0
            while i <= bytes.count - needle.count {
                if bytes[i] == needle[0] {
                    var k = 1
                    while k < needle.count, bytes[i + k] == needle[k] { k += 1 }
                    if k == needle.count { return true }
                }
                i += 1
            }
            return false
        }
    }
}
