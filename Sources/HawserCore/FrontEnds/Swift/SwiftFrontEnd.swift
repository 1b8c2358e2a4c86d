/// The Swift front end: finds message-handler registrations, the names Swift dispatches on, and
/// `hawser-ignore:` suppressions in Swift sources.
enum SwiftFrontEnd {
    /// Scans all files together (names resolve across files). Every output list is sorted by
    /// file, line and column (then name), so the result does not depend on the order of `files`.
    /// With `placeholders`, only the template bindings whose key can pair with a placeholder of
    /// those forms are resolved (`TemplatePairing` looks up no other); without, all of them.
    /// The types of the properties a registration's handler object is made with
    /// (`SafeHandler(delegate: messageHandler)` where the type declares `let messageHandler =
    /// MessageHandler()` or `let messageHandler: MessageHandler`), in the order they are passed.
    private static func memberTypes(_ use: SwiftFileScanner.RegistrationUse, index: SwiftIndex) -> [String] {
        var types: [String] = []
        for member in use.receiverMembers {
            guard let variables = index.members[SwiftIndex.memberKey(use.context.typeKey, member)], variables.count == 1,
                  !variables[0].isStatic else { continue }
            let variable = variables[0]
            let written = variable.type.map { index.tokens($0) } ?? variable.initializer.map { index.tokens($0) } ?? []
            // A type path (`A.B`), then an initializer call, an optional mark, or nothing.
            var path: [String] = []
            var k = 0
            while k < written.count, written[k].kind == .identifier {
                path.append(written[k].text)
                guard k + 1 < written.count, written[k + 1].text == "." else { k += 1; break }
                k += 2
            }
            guard let first = path.first?.first, first.isUppercase else { continue }
            let rest = written[k...].map(\.text)
            let isCall = rest.first == "(" && rest.last == ")"
            guard isCall || rest.isEmpty || rest == ["?"] || rest == ["!"] else { continue }
            if variable.initializer != nil, variable.type == nil, !isCall { continue }
            let type = path.joined(separator: ".")
            if !types.contains(type), !use.receiverTypes.contains(type) { types.append(type) }
        }
        return types
    }

    static func analyze(_ files: [SourceFile], placeholders: [PlaceholderForm]? = nil) -> NativeFacts {
        var index = SwiftIndex()
        index.reserveCapacity(sourceBytes: files.reduce(0) { $0 + $1.bytes.count })
        var uses: [SwiftFileScanner.RegistrationUse] = []
        var facts = NativeFacts()
        var scanners: [SwiftFileScanner] = []
        var receivers: [(file: Int, list: SwiftTokenList, found: [SwiftMessageReceivers.Found])] = []
        for (number, file) in files.enumerated() {
            let tokens = SwiftLexer.tokenList(file.bytes)
            if SwiftMessageReceivers.mayHoldReceivers(tokens) {
                var finder = SwiftMessageReceivers(file: file.path, list: tokens)
                let found = finder.find()
                if !found.isEmpty { receivers.append((number, tokens, found)) }
            }
            if SwiftScriptInjections.mayHoldInjections(tokens) {
                facts.injections += SwiftScriptInjections(file: file.path, list: tokens).find()
            }
            facts.suppressions += suppressions(in: tokens, file: file.path)
            var scanner = SwiftFileScanner(file: file, tokens: tokens, index: number)
            scanner.scan(into: &index)
            uses += scanner.uses
            facts.dispatchNames += scanner.dispatchNames
            scanners.append(scanner)
        }
        let resolver = SwiftNameResolver(index: index)
        let evaluated = evaluatedVariableLiterals(scanners, resolver: resolver)
        for (number, scanner) in scanners.enumerated() {
            facts.embeddedScripts += embeddedScripts(
                scanner, file: files[number], resolver: resolver, evaluatedElsewhere: evaluated[number] ?? [:])
            facts.placeholderBindings += placeholderBindings(scanner, resolver: resolver, forms: placeholders)
        }
        for (number, list, found) in receivers {
            facts.receivers += found.map { resolve($0, file: number, list: list, resolver: resolver) }
        }
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
                // Through a parameter, the call site is the registration; it registers certainly
                // only when the `add` runs whenever the function does (not in a branch of it).
                let scope = origin.map { use.context.straightLine == use.context.function ? $0.scope : nil } ?? use.scope
                let registration = HandlerRegistration(
                    name: name, location: origin?.location ?? use.location, reply: use.reply, world: use.world,
                    scope: result.filtered ? nil : scope, isPattern: isPattern,
                    receiverTypes: use.receiverTypes + memberTypes(use, index: index))
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
        facts.registrations += namesListed(by: facts.receivers, registrations: facts.registrations, index: index, resolver: resolver)
        facts.sort()
        return facts
    }

    /// The registrations a receiver declares for code the scan does not read: a type whose
    /// `userContentController(_:didReceive:)` no registration of these sources reaches, and that
    /// has an instance property named `…Names` (`messageNames`, `handlerNames`) holding names.
    /// A framework registers such a type by that list (DuckDuckGo's `UserScript` protocol, whose
    /// loop `for name in script.messageNames { controller.add(script, name: name) }` is in a
    /// package): the names are registered, where no reading sees, as a config's `registered`.
    /// Registered with reply when the type has the `…replyHandler:` method, which only such a
    /// registration calls.
    private static func namesListed(
        by receivers: [MessageReceiver], registrations: [HandlerRegistration], index: SwiftIndex, resolver: SwiftNameResolver
    ) -> [HandlerRegistration] {
        let reached = Set(registrations.flatMap(\.receiverTypes))
        let unreached = Dictionary(grouping: receivers.filter { receiver in
            receiver.registeredAt == nil && !receiver.forwards && !reached.contains(receiver.type)
        }, by: \.type)
        guard !unreached.isEmpty else { return [] }
        var listed: [HandlerRegistration] = []
        for (key, variables) in index.members where unreached[key.scope] != nil && key.name.lowercased().hasSuffix("names") {
            let receiving = unreached[key.scope]!
            for variable in variables where !variable.isStatic {
                // At the name's literal where the list writes one, else where the list starts.
                let written = (variable.initializer ?? variable.body).map { index.tokens($0) } ?? []
                func location(of name: String) -> SourceLocation {
                    guard let span = variable.initializer ?? variable.body, let first = written.first else { return receiving[0].location }
                    let token = written.first { $0.kind == .string && $0.stringValue == name } ?? first
                    return SourceLocation(file: index.files[span.file], line: token.line, column: token.column)
                }
                for value in resolver.values(of: variable).elements.values {
                    guard case .string(let name, _) = value, !name.isEmpty else { continue }
                    let registration = HandlerRegistration(
                        name: name, location: location(of: name), reply: receiving.contains(where: \.replies),
                        world: nil, scope: nil, isDeclared: true, receiverTypes: [key.scope])
                    if !listed.contains(registration) { listed.append(registration) }
                }
            }
        }
        return listed
    }

    /// A receiver with the names it dispatches on and the keys it reads resolved: a name or key
    /// that is not one string makes its branch unpairable (no names) or drops the read.
    private static func resolve(
        _ found: SwiftMessageReceivers.Found, file: Int, list: SwiftTokenList, resolver: SwiftNameResolver
    ) -> MessageReceiver {
        let context = SwiftContext(file: file, typePath: found.type, function: nil, straightLine: nil, bindings: [])
        func string(_ span: Range<Int>) -> String? {
            if span.count == 1, let value = list.stringValue(list.code[span.lowerBound]) { return value }
            let result = resolver.resolve(list.tokens(span), context: context)
            guard result.failures.isEmpty, result.values.count == 1, case .string(let value, _) = result.values[0] else { return nil }
            return value
        }
        /// A label of a switch on `Type(rawValue: message.name)`: `.case`, `.case?` or
        /// `Type.case`, named by the case's raw value; `nil` and anything else by nothing.
        func enumCase(_ span: Range<Int>, type: Range<Int>) -> String? {
            var last = span.upperBound - 1
            if list.code[last].is(.question) { last -= 1 }
            guard last > span.lowerBound, list.code[last].kind == .identifier, list.code[last - 1].is(.dot) else { return nil }
            let types = resolver.resolve(list.tokens(type), context: context)
            guard types.failures.isEmpty, types.values.count == 1, case .metatype(let enumType) = types.values[0],
                  let cases = resolver.index.enumCases[enumType] else { return nil }
            let name = list.identifier(list.code[last])
            return cases.first { $0.name == name }?.raw
        }
        let branches = found.branches.map { branch -> MessageReceiver.Branch in
            var names: [String]?
            if let labels = branch.labels {
                let resolved = labels.map { label in
                    label.flatMap { span in
                        if let type = branch.labelType { return enumCase(span, type: type) }
                        return string(span)
                    }
                }
                names = resolved.contains(nil) ? [] : resolved.compactMap { $0 }
            }
            var escapes = branch.escapes
            var decoded: [BodyRead] = []
            for decode in branch.decodes {
                let types = resolver.resolve(list.tokens(decode.type), context: context)
                guard types.failures.isEmpty, types.values.count == 1, case .metatype(let type) = types.values[0],
                      let reads = SwiftDecodableReads.reads(of: type, required: decode.required, index: resolver.index) else {
                    escapes = true
                    continue
                }
                decoded += reads
            }
            let reads = branch.reads.compactMap { read -> BodyRead? in
                var key: String?
                switch read.key {
                case nil: key = nil
                case .literal(let value)?: key = value
                case .tokens(let span)?:
                    guard let value = string(span) else { return nil }
                    key = value
                }
                return BodyRead(key: key, kind: read.kind, required: read.required, typeText: read.typeText, location: read.location)
            }
            return MessageReceiver.Branch(names: names, reads: reads + decoded, escapes: escapes)
        }
        return MessageReceiver(
            type: found.type.joined(separator: "."), location: found.location, branches: branches, forwards: found.forwards,
            replies: found.replies, registeredAt: found.registeredAt)
    }

    /// The JavaScript in the file's string literals that mention `messageHandlers`, with each
    /// interpolation resolved where it can be and the world of a `WKUserScript` they go to.
    private static func embeddedScripts(
        _ scanner: SwiftFileScanner, file: SourceFile, resolver: SwiftNameResolver,
        evaluatedElsewhere: [Int: (token: SwiftToken, context: SwiftContext)]
    ) -> [EmbeddedScript] {
        var literals = scanner.scriptLiterals
        let offsets = Set(literals.map(\.token.range.lowerBound))
        literals += evaluatedElsewhere.filter { !offsets.contains($0.key) }.sorted { $0.key < $1.key }.map(\.value)
        guard !literals.isEmpty else { return [] }
        // Lines as the lexer counts them (a lone `\r` ends one too).
        var lines = LineTable(file.bytes)
        var worlds = scanner.worldsByLiteral
        for (reference, world, context) in scanner.worldsByReference {
            for variable in resolver.variables(referencedBy: reference, from: context) {
                guard let initializer = variable.initializer else { continue }
                let tokens = resolver.index.tokens(initializer)
                if tokens.count == 1, tokens[0].kind == .string { worlds[tokens[0].range.lowerBound] = world }
            }
        }
        var scripts: [EmbeddedScript] = []
        for (token, context) in literals {
            guard let decoded = SwiftLexer.decodeWithPositions(token, in: file.bytes, fillerPrefix: EmbeddedScript.interpolationPrefix)
            else { continue }
            var script = EmbeddedScript(
                file: file.path, bytes: decoded.bytes,
                segments: decoded.runs.map { run in
                    let (line, column) = lines.position(of: run.sourceOffset)
                    return EmbeddedScript.Segment(scriptOffset: run.scriptOffset, line: line, column: column)
                },
                world: worlds[token.range.lowerBound].flatMap(ContentWorldSpec.init(swift:)))
            script.isEvaluated = scanner.evaluatedLiterals.contains(token.range.lowerBound)
                || evaluatedElsewhere[token.range.lowerBound] != nil
            for (number, tokens) in decoded.interpolations.enumerated() {
                let values = resolver.resolve(tokens, context: context)
                script.interpolations[EmbeddedScript.interpolationPrefix + String(number)] = values.failures.isEmpty
                    ? values.values.compactMap { if case .string(let s, _) = $0 { return s } else { return nil } }
                    : []
            }
            scripts.append(script)
        }
        return scripts
    }

    /// The string literals that initialise the variables passed by name as a script to
    /// evaluate (`SwiftFileScanner.evaluatedReferences`), by file number and first byte offset,
    /// with the context they are read in (for their interpolations).
    private static func evaluatedVariableLiterals(
        _ scanners: [SwiftFileScanner], resolver: SwiftNameResolver
    ) -> [Int: [Int: (token: SwiftToken, context: SwiftContext)]] {
        var result: [Int: [Int: (token: SwiftToken, context: SwiftContext)]] = [:]
        for scanner in scanners {
            for (reference, context) in scanner.evaluatedReferences {
                for variable in resolver.variables(referencedBy: reference, from: context) {
                    guard let initializer = variable.initializer else { continue }
                    let tokens = resolver.index.tokens(initializer)
                    guard tokens.count == 1, tokens[0].kind == .string else { continue }
                    result[initializer.file, default: [:]][tokens[0].range.lowerBound] = (tokens[0], variable.context)
                }
            }
        }
        return result
    }

    /// Template bindings whose value resolves to names.
    private static func placeholderBindings(
        _ scanner: SwiftFileScanner, resolver: SwiftNameResolver, forms: [PlaceholderForm]?
    ) -> [PlaceholderBinding] {
        // A key pairs when it can pair with a configured form (`PlaceholderForm.canPair`), or
        // is wholly a placeholder of a common form, which names are templated in without a config.
        func canPair(_ key: String) -> Bool {
            guard let forms else { return true }
            return (!forms.isEmpty && PlaceholderForm.canPair(key, forms: forms)) || PlaceholderForm.wholeCommonOccurrence(key) != nil
        }
        return scanner.bindingCandidates.compactMap { candidate in
            guard let key = candidate.key.stringValue, canPair(key) else { return nil }
            let values = resolver.resolve(candidate.value, context: candidate.context)
            let names = values.values.compactMap { value -> String? in if case .string(let s, _) = value { return s } else { return nil } }
            guard !names.isEmpty else { return nil }
            return PlaceholderBinding(
                key: key, names: names,
                location: SourceLocation(file: scanner.file, line: candidate.key.line, column: candidate.key.column))
        }
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
    /// the line after it ends; a comment after code covers its own line. Only comments whose
    /// bytes hold the marker are read as text.
    static func suppressions(in tokens: SwiftTokenList, file: String) -> [Suppression] {
        tokens.comments.compactMap { token in
            guard tokens.contains(token, "hawser-ignore:"),
                  let codes = Suppression.codes(inComment: tokens.text(token)) else { return nil }
            let line = token.isFirstOnLine ? Int(token.endLine) + 1 : Int(token.line)
            return Suppression(file: file, line: line, codes: codes)
        }
    }
}
