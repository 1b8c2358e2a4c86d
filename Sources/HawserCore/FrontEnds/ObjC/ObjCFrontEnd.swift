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
        let tokenLists = files.map { ObjCLexer.tokenize($0.bytes) }
        // Function-like macros that register are expanded where they are used, in any file.
        var macros: [String: ObjCFileScanner.FunctionMacro] = [:]
        let macrosByFile = tokenLists.map(ObjCFileScanner.registrationMacros(in:))
        for fileMacros in macrosByFile { macros.merge(fileMacros) { first, _ in first } }
        var scanners: [ObjCFileScanner] = []
        for (number, file) in files.enumerated() {
            let tokens = tokenLists[number]
            facts.suppressions += suppressions(in: tokens, file: file.path)
            var scanner = ObjCFileScanner(
                file: file, tokens: tokens, macros: macros.merging(macrosByFile[number]) { _, own in own })
            scanner.scan(into: &symbols)
            uses += scanner.uses
            dispatches += scanner.dispatches
            scanners.append(scanner)
        }
        var wrappers = Wrappers()
        for use in uses {
            if let enclosing = use.enclosing, let parameter = Wrappers.parameter(use.nameTokens, in: enclosing, loops: use.loops) {
                wrappers.add(use, parameter: parameter, via: enclosing)
                continue
            }
            if let enclosing = use.enclosing, let parameter = Wrappers.arrayParameter(of: use, in: enclosing) {
                wrappers.add(use, parameter: parameter, via: enclosing, elements: true)
                continue
            }
            register(use, names: resolve(use, symbols: symbols), reason: unresolvedReason(use), into: &facts)
        }
        wrappers.resolve(scanners: scanners, symbols: symbols, into: &facts)
        for dispatch in dispatches {
            // A comparison with something that is not a known string says nothing about names.
            for name in symbols.string(dispatch.tokens, file: dispatch.location.file, scope: dispatch.scope) ?? [] {
                facts.dispatchNames.append(DispatchName(name: name, location: dispatch.location))
            }
        }
        for scanner in scanners {
            facts.receivers += ObjCMessageReceivers.find(in: scanner).map { receiver(resolving: $0, file: scanner.file, symbols: symbols) }
        }
        var arguments = ParameterArguments(scanners: scanners, symbols: symbols)
        for (number, scanner) in scanners.enumerated() {
            facts.embeddedScripts += embeddedScripts(scanner, file: files[number], symbols: symbols, parameters: &arguments)
        }
        facts.sort()
        return facts
    }

    /// A receiver with its dispatched names and keys resolved: a name that is not a known
    /// string leaves its branch unpaired; a key that is not one known string drops the read.
    private static func receiver(resolving found: ObjCMessageReceivers.Found, file: String, symbols: ObjCSymbolTable) -> MessageReceiver {
        let branches = found.branches.map { branch in
            var names: [String]? = nil
            if let operands = branch.names {
                var resolved: [String] = []
                for operand in operands {
                    guard let values = symbols.string(operand, file: file, scope: nil) else {
                        resolved = []
                        break
                    }
                    resolved += values.filter { !resolved.contains($0) }
                }
                names = resolved
            }
            let reads = branch.reads.compactMap { read -> BodyRead? in
                var key: String?
                switch read.key {
                case nil: key = nil
                case .literal(let value)?: key = value
                case .tokens(let tokens)?:
                    guard let values = symbols.string(tokens, file: file, scope: nil), values.count == 1 else { return nil }
                    key = values[0]
                }
                return BodyRead(
                    key: key, kind: read.kind, required: read.required, typeText: read.typeText, location: read.location,
                    form: read.kind == nil ? .cast : .classCheck)
            }
            return MessageReceiver.Branch(names: names, reads: reads, escapes: branch.escapes)
        }
        return MessageReceiver(type: found.type, location: found.location, branches: branches, forwards: found.forwards, replies: found.replies)
    }

    /// The registrations of `names` for `use`, or its `unresolved-registration` when nil.
    private static func register(
        _ use: ObjCFileScanner.RegistrationUse, names: [String]?, at location: SourceLocation? = nil,
        block: String? = nil, reason: String? = nil, into facts: inout NativeFacts
    ) {
        guard let names else {
            facts.diagnostics.append(Diagnostic(
                .unresolvedRegistration,
                "cannot resolve handler name '\(use.nameText)' statically" + (reason.map { ": " + $0 } ?? ""),
                at: location ?? use.location))
            return
        }
        for name in names {
            facts.registrations.append(HandlerRegistration(
                name: name, location: location ?? use.location, reply: use.reply, world: use.world, scope: block ?? use.block,
                receiverTypes: use.receiverTypes))
        }
    }

    /// The names the callers of a method or function pass as one of its parameters, found once
    /// per parameter: nil when it has no caller, or a caller passes something that is not a
    /// constant name.
    private struct ParameterArguments {
        let scanners: [ObjCFileScanner]
        let symbols: ObjCSymbolTable
        private var known: [String: [String]?] = [:]
        private var callsByCallee: [String: [ObjCFileScanner.Call]] = [:]

        init(scanners: [ObjCFileScanner], symbols: ObjCSymbolTable) {
            self.scanners = scanners
            self.symbols = symbols
        }

        mutating func names(_ callable: ObjCFileScanner.Callable, position: Int) -> [String]? {
            let key = callable.callee + "\u{0}" + String(position)
            if let answer = known[key] { return answer }
            // Every file is walked once per callee, whichever of its parameters is asked for.
            let calls = callsByCallee[callable.callee] ?? scanners.flatMap { $0.calls(to: [callable.callee]) }
            callsByCallee[callable.callee] = calls
            var names: [String] = []
            var complete = !calls.isEmpty
            for call in calls {
                guard position < call.arguments.count,
                      let values = symbols.string(call.arguments[position], file: call.file, scope: call.scope) else {
                    complete = false
                    break
                }
                names += values.filter { !names.contains($0) }
            }
            known[key] = .some(complete ? names : nil)
            return complete ? names : nil
        }
    }

    /// Methods and functions whose parameter reaches a registration's name, directly or
    /// through other wrappers: each call supplies the name, and is reported as the registration.
    private struct Wrappers {
        struct Wrapped {
            var use: ObjCFileScanner.RegistrationUse
            /// The position and name of the parameter that holds the name.
            var parameter: Int
            var parameterName: String
            var display: String
            /// The call that passed the parameter on to the registration (nil for the
            /// registration itself): where a wrapper nothing calls is reported.
            var site: SourceLocation?
            /// The parameter is an array whose elements a loop registers: the callers pass arrays.
            var elements = false
        }

        var byCallee: [String: [Wrapped]] = [:]

        /// The position of the parameter that `tokens` names in `enclosing`, when it is one (and
        /// no loop variable of the same name shadows it).
        static func parameter(_ tokens: [ObjCToken], in enclosing: ObjCFileScanner.Callable?, loops: [ObjCFileScanner.LoopBinding]) -> Int? {
            let tokens = ObjCSymbolTable.strippingParentheses(tokens)
            guard tokens.count == 1, tokens[0].kind == .identifier, let enclosing,
                  !loops.contains(where: { $0.variable == tokens[0].text }) else { return nil }
            return enclosing.parameters.lastIndex(of: tokens[0].text)
        }

        /// The position of the array parameter that the loop binding `use`'s name runs over:
        /// `for (NSString *n in names) [c addScriptMessageHandler:self name:n];` in
        /// `-listenTo:(NSArray *)names` (no outer loop variable shadowing `names`).
        static func arrayParameter(of use: ObjCFileScanner.RegistrationUse, in enclosing: ObjCFileScanner.Callable) -> Int? {
            let tokens = ObjCSymbolTable.strippingParentheses(use.nameTokens)
            guard tokens.count == 1, tokens[0].kind == .identifier,
                  let loop = use.loops.lastIndex(where: { $0.variable == tokens[0].text }) else { return nil }
            return parameter(use.loops[loop].source, in: enclosing, loops: Array(use.loops[..<loop]))
        }

        mutating func add(_ use: ObjCFileScanner.RegistrationUse, parameter: Int, via callable: ObjCFileScanner.Callable, elements: Bool = false) {
            byCallee[callable.callee, default: []].append(Wrapped(
                use: use, parameter: parameter, parameterName: callable.parameters[parameter], display: callable.display,
                elements: elements))
        }

        /// Follows every call of every wrapper, a wrapper's call inside another wrapper making
        /// that one a wrapper too (at most 8 levels; a cycle ends).
        func resolve(scanners: [ObjCFileScanner], symbols: ObjCSymbolTable, into facts: inout NativeFacts) {
            var pending = byCallee
            var seen = Set(byCallee.flatMap { callee, items in items.map { callee + "\u{0}" + $0.use.location.description } })
            var level = 0
            while !pending.isEmpty {
                level += 1
                var next: [String: [Wrapped]] = [:]
                var called = Set<String>()
                for call in scanners.flatMap({ $0.calls(to: Set(pending.keys)) }) {
                    called.insert(call.callee)
                    for wrapped in pending[call.callee] ?? [] {
                        guard wrapped.parameter < call.arguments.count, let first = call.arguments[wrapped.parameter].first else { continue }
                        let argument = call.arguments[wrapped.parameter]
                        if level < 8, let enclosing = call.enclosing,
                           let position = Self.parameter(argument, in: enclosing, loops: []),
                           seen.insert(enclosing.callee + "\u{0}" + wrapped.use.location.description).inserted {
                            var forwarded = wrapped.use
                            forwarded.nameText = argument.map(\.text).joined(separator: " ")
                            next[enclosing.callee, default: []].append(Wrapped(
                                use: forwarded, parameter: position, parameterName: enclosing.parameters[position],
                                display: enclosing.display, site: SourceLocation(file: call.file, line: first.line, column: first.column),
                                elements: wrapped.elements))
                            continue
                        }
                        let location = SourceLocation(file: call.file, line: first.line, column: first.column)
                        let names = wrapped.elements
                            ? symbols.strings(argument, file: call.file, scope: call.scope)
                            : symbols.string(argument, file: call.file, scope: call.scope)
                        let text = argument.map(\.text).joined(separator: " ")
                        // Two calls are two registrations only when the wrapper's send runs
                        // whenever the wrapper does (directly in its body, not in a branch).
                        let certain = wrapped.use.block == wrapped.use.scope
                        let what = wrapped.elements ? "an array of constant names" : "a constant name"
                        register(
                            wrapped.use, names: names, at: location,
                            block: certain ? call.block : call.block.map { $0 + "@" + location.description },
                            reason: "parameter '\(wrapped.parameterName)' of \(wrapped.display) receives '\(text)', which is not \(what)",
                            into: &facts)
                    }
                }
                for (callee, items) in pending where !called.contains(callee) {
                    for item in items {
                        register(
                            item.use, names: nil, at: item.site,
                            reason: "it is parameter '\(item.parameterName)' of \(item.display), which nothing the scan sees calls",
                            into: &facts)
                    }
                }
                pending = next
            }
        }
    }

    /// The JavaScript in the file's string literals that mention `messageHandlers`: each
    /// format specifier of a `stringWithFormat:` format is an interpolation, resolved through
    /// the argument it takes where that is a constant name.
    private static func embeddedScripts(
        _ scanner: ObjCFileScanner, file: SourceFile, symbols: ObjCSymbolTable, parameters: inout ParameterArguments
    ) -> [EmbeddedScript] {
        guard !scanner.scriptLiterals.isEmpty else { return [] }
        var lines = LineTable(file.bytes)
        var scripts: [EmbeddedScript] = []
        for literal in scanner.scriptLiterals {
            guard var decoded = ObjCStringDecoder.decode(literal.token, in: file.bytes) else { continue }
            if !literal.formats.isEmpty {
                decoded = ObjCStringDecoder.applyingFormat(decoded, fillerPrefix: EmbeddedScript.interpolationPrefix)
            }
            var segments: [EmbeddedScript.Segment] = []
            for (offset, source) in decoded.offsets.enumerated()
            where offset == 0 || source != decoded.offsets[offset - 1] + 1 {
                let (line, column) = lines.position(of: source)
                segments.append(EmbeddedScript.Segment(scriptOffset: offset, line: line, column: column))
            }
            var script = EmbeddedScript(
                file: file.path, bytes: decoded.bytes, segments: segments,
                world: literal.world.flatMap(ContentWorldSpec.init(swift:)), interpolationSpelling: "%@")
            script.isEvaluated = literal.isEvaluated
            for (number, specifier) in decoded.specifiers.enumerated() {
                // Every send that uses the literal as its format fills the specifier: the names of
                // all of them, or none (a dynamic name) when one cannot be read.
                var names: [String]? = []
                let isString = specifier.conversion == UInt8(ascii: "@") || specifier.conversion == UInt8(ascii: "s")
                for format in literal.formats {
                    guard isString, specifier.argument < format.arguments.count, let known = names else {
                        names = nil
                        break
                    }
                    let argument = format.arguments[specifier.argument]
                    // A parameter of the method around the send is every name its callers pass.
                    let values: [String]?
                    if let enclosing = format.enclosing, let position = Wrappers.parameter(argument, in: enclosing, loops: []) {
                        values = parameters.names(enclosing, position: position)
                    } else {
                        values = symbols.string(argument, file: file.path, scope: format.scope)
                    }
                    names = values.map { known + $0.filter { !known.contains($0) } }
                }
                script.interpolations[EmbeddedScript.interpolationPrefix + String(number)] = names ?? []
            }
            scripts.append(script)
        }
        return scripts
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

    /// Why `resolve` found no name for `use`.
    static func unresolvedReason(_ use: ObjCFileScanner.RegistrationUse) -> String {
        let tokens = ObjCSymbolTable.strippingParentheses(use.nameTokens)
        if tokens.count == 1, tokens[0].kind == .identifier,
           let loop = use.loops.last(where: { $0.variable == tokens[0].text }) {
            let source = loop.source.map(\.text).joined(separator: " ")
            return "it is the variable of a loop over '\(source)', which is not an array of constant names the scan can see"
        }
        return "it is not a constant name the scan can see"
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
