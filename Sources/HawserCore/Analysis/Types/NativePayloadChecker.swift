/// Checks the payloads scripts post to hand-written handlers against what the native receiver
/// reads from `message.body`, with no schema or config: the `fileName` posted where Swift reads
/// `filePath`.
///
/// A handler is checked only when both halves are known:
/// - every registration of the name says which object receives it (`add(self, …)`,
///   `add(X(), …)`), and that type's `didReceive` is found; the reads are those of the code that
///   receives the name (its `case` of `switch message.name`, its `if message.name == …`, or the
///   whole method when the type is registered under that one name); when several receivers read
///   differently (an app target each), nothing is said;
/// - every post of the name is a literal (no variable, spread or runtime call), so what no post
///   sends is known.
///
/// Then two things are errors, at the script line, naming the Swift line:
/// - `missing-payload-key`: a key the receiver requires (a `guard let` or a force cast on its
///   way in, `SwiftMessageReceivers`) that no post sends, with a did-you-mean among the keys
///   this post sends that the receiver does not read;
/// - `payload-kind-mismatch`: a key (or the body) that every post sends as a literal of a kind
///   that the receiver's cast never accepts (`body["data"] as? Bool` for `{data: {…}}`).
///
/// A key sent but not read, an optional read of a missing key, a body passed to a helper: none
/// is reported.
enum NativePayloadChecker {
    /// Whether a handler's payloads could be checked against its receiver, and why not.
    enum Status: Hashable, Sendable {
        case checked
        case unresolved(String)

        var name: String {
            if case .checked = self { return "checked" }
            return "unresolved"
        }

        var reason: String? {
            if case .unresolved(let reason) = self { return reason }
            return nil
        }
    }

    /// The findings, and a status for every handler that both scripts post to and native code
    /// registers by hand.
    static func check(
        uses: [HandlerUse], registrations: [HandlerRegistration], receivers: [MessageReceiver], generatedNames: Set<String>
    ) -> (diagnostics: [Diagnostic], statuses: [String: Status]) {
        // A config's `registered` names no receiver; a name a receiver lists for a framework to
        // register (`messageNames`) is received by that type.
        let byName = Dictionary(grouping: registrations.filter { !$0.isPattern && (!$0.isDeclared || $0.isListedByReceiver) }, by: \.name)
        let usesByName = Dictionary(grouping: uses, by: \.name)
        // Which receiver each registration reaches, and the names each receiver gets.
        func receiver(of registration: HandlerRegistration) -> Int? {
            // A closure given the name where it is registered receives its messages.
            if let r = receivers.indices.first(where: { receivers[$0].registeredAt == registration.location }) { return r }
            for type in registration.receiverTypes {
                // A proxy that forwards receives nothing itself: the next type does.
                var matching = receivers.indices.filter { receivers[$0].isType(type) && !receivers[$0].forwards }
                // A type with both methods gets the messages of a handler registered with reply in
                // the `…replyHandler:` one, and the others in the other.
                if matching.count > 1 { matching = matching.filter { receivers[$0].replies == registration.reply } }
                if !matching.isEmpty { return matching.count == 1 ? matching[0] : nil }
            }
            return nil
        }
        var namesOfReceiver: [Int: Set<String>] = [:]
        for registration in registrations where !registration.isPattern {
            if let r = receiver(of: registration) { namesOfReceiver[r, default: []].insert(registration.name) }
        }

        var diagnostics: [Diagnostic] = []
        var statuses: [String: Status] = [:]
        for name in byName.keys.sorted() where !generatedNames.contains(name) {
            guard let posts = usesByName[name], !posts.isEmpty else { continue }
            statuses[name] = status(name, posts: posts, registrations: byName[name] ?? []) { registration in
                guard !registration.receiverTypes.isEmpty || receiver(of: registration) != nil else {
                    return .failure(Unresolved(reason: "the object registered at \(registration.location) is not written as self or a type's initializer"))
                }
                guard let r = receiver(of: registration) else {
                    let types = registration.receiverTypes.joined(separator: " or ")
                    let named = receivers.filter { rec in registration.receiverTypes.contains { rec.isType($0) } }
                    let method = named.first.map { receiverMethod(in: $0.location.file) } ?? receiverMethod(in: registration.location.file)
                    let reason = named.isEmpty ? "no \(method) of \(types) is found"
                        : named.allSatisfy(\.forwards) ? "the \(method) of \(types) hands the message on"
                        : "several types named \(types) have a \(method)"
                    return .failure(Unresolved(reason: reason))
                }
                return .success((receivers[r], self.reads(of: name, in: receivers[r], receiverNames: namesOfReceiver[r] ?? [])))
            } check: { literals, reads in
                diagnostics += check(name, literals: literals, reads: reads)
            }
        }
        return (diagnostics.sorted(by: Diagnostic.sortKey), statuses)
    }

    private struct Unresolved: Error { var reason: String }

    /// The receiving method as the language of `file` names it.
    private static func receiverMethod(in file: String) -> String {
        SourceFile.isObjectiveCSource(file) ? "-userContentController:didReceiveScriptMessage:" : "userContentController(_:didReceive:)"
    }

    /// Checks one handler when both halves are known; the status says whether they were.
    private static func status(
        _ name: String, posts: [HandlerUse], registrations: [HandlerRegistration],
        receiving: (HandlerRegistration) -> Result<(MessageReceiver, [BodyRead]), Unresolved>,
        check: ([PayloadLiteral], [BodyRead]) -> Void
    ) -> Status {
        var readSets: [[BodyRead]] = []
        var escapes = false
        for registration in registrations {
            switch receiving(registration) {
            case .failure(let failure): return .unresolved(failure.reason)
            case .success(let (receiver, reads)):
                if !readSets.contains(reads) { readSets.append(reads) }
                escapes = escapes || receiver.branches.contains { $0.escapes && ($0.names?.contains(name) ?? true) }
            }
        }
        guard readSets.count == 1, let reads = readSets.first else {
            return .unresolved("its receivers read the body differently")
        }
        guard !reads.isEmpty else {
            return .unresolved(escapes
                ? "its receiver passes the message or its body where Hawser does not follow them"
                : "no read of the body is found in the code that receives it")
        }
        if let post = posts.first(where: \.isRuntimeUse) {
            return .unresolved("it is called through Hawser's runtime at \(post.location)")
        }
        if let post = posts.first(where: { $0.payloads.isEmpty }) {
            return .unresolved("the handler is passed on at \(post.location), so its posts are not all known")
        }
        if let post = posts.first(where: { $0.payloads.contains { $0.kind == .other } }) {
            return .unresolved("a post at \(post.location) sends a value that is not a literal")
        }
        check(posts.flatMap(\.payloads), reads)
        return .checked
    }

    /// The reads of the code that receives `name` in `receiver`.
    private static func reads(of name: String, in receiver: MessageReceiver, receiverNames: Set<String>) -> [BodyRead] {
        var reads: [BodyRead] = []
        for branch in receiver.branches {
            if let names = branch.names {
                if names.contains(name) { reads += branch.reads }
            } else if receiverNames == [name] {
                // Code outside every dispatch gets every message: the type's one name.
                reads += branch.reads
            }
        }
        return reads.sorted { $0.location < $1.location }
    }

    private static func check(_ name: String, literals: [PayloadLiteral], reads: [BodyRead]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // The body itself.
        for read in reads where read.key == nil {
            guard let kind = read.kind, !literals.contains(where: { kind.accepts($0.kind) }) else { continue }
            for literal in literals {
                diagnostics.append(Diagnostic(
                    .payloadKindMismatch,
                    "\(name): the payload is \(BodyValueKind.describe(literal.kind)), but \(read.language) \(read.reading("the body")) (\(read.location)), which \(BodyValueKind.describe(literal.kind)) never is",
                    at: literal.location, handler: name))
            }
            return diagnostics
        }
        guard literals.allSatisfy({ $0.kind == .object }) else { return diagnostics }

        let keyed = reads.filter { $0.key != nil }
        let readKeys = Set(keyed.compactMap(\.key))
        let sent = Set(literals.flatMap { $0.properties.map(\.key) })
        // Keys required and never sent, in the order the receiver reads them.
        var missing: [BodyRead] = []
        for read in keyed where read.required && !sent.contains(read.key!) && !missing.contains(where: { $0.key == read.key }) {
            missing.append(read)
        }
        for read in missing {
            let key = read.key!
            for literal in literals {
                let unread = literal.properties.filter { !readKeys.contains($0.key) }
                // The sent key this one is a near miss of; or, when one key is missing and this
                // post sends one key nobody reads, that one.
                let near = unread.first { NameSuggester.suggestion(for: $0.key, among: [key]) != nil }
                    ?? (missing.count == 1 && unread.count == 1 ? unread[0] : nil)
                let message = "\(name): \(read.language) requires payload key '\(key)' (\(read.location)), which no post sends"
                if let near {
                    diagnostics.append(Diagnostic(
                        .missingPayloadKey, message + "; '\(near.key)' is sent: did you mean '\(key)'?",
                        at: near.location, handler: name, suggestion: key))
                } else {
                    diagnostics.append(Diagnostic(.missingPayloadKey, message, at: literal.location, handler: name))
                }
            }
        }
        // Kinds: every post that sends the key sends a kind no cast of it accepts.
        for key in readKeys.sorted() {
            let casts = keyed.filter { $0.key == key }
            guard casts.allSatisfy({ $0.kind != nil }) else { continue }
            let values = literals.flatMap { $0.properties.filter { $0.key == key }.map(\.value) }
            guard !values.isEmpty, values.allSatisfy({ $0.kind != .other && $0.kind != .null }),
                  !values.contains(where: { value in casts.contains { $0.kind!.accepts(value.kind) } }) else { continue }
            let read = casts[0]
            for value in values {
                let kind = BodyValueKind.describe(value.kind)
                diagnostics.append(Diagnostic(
                    .payloadKindMismatch,
                    "\(name): payload.\(key) is \(kind), but \(read.language) \(read.reading("it")) (\(read.location)), which \(kind) never is",
                    at: value.location, handler: name))
            }
        }
        return diagnostics
    }
}

extension BodyValueKind {
    /// Whether a posted literal of `kind` can ever be cast to this kind. A literal of kind
    /// `other` (not known statically) or `null` (which an optional read takes as absent) always
    /// can, as far as a check may say.
    func accepts(_ kind: PayloadLiteral.Kind) -> Bool {
        switch kind {
        case .other, .null: return true
        case .string: return self == .string
        case .number, .boolean: return self == .number
        case .object: return self == .object
        case .array: return self == .array
        }
    }

    /// How a message names a posted literal's kind.
    static func describe(_ kind: PayloadLiteral.Kind) -> String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .boolean: return "a boolean"
        case .null: return "null"
        case .other: return "a value"
        }
    }
}
