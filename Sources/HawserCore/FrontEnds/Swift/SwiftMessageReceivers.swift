/// Finds the hand-written `userContentController(_:didReceive:)` methods of one Swift file and
/// what they read from `message.body`: the native half of the payload check that needs no
/// config. A token walk over the method bodies only; names the receiver dispatches on and keys
/// held in constants come back as token ranges for `SwiftFrontEnd` to resolve across files.
///
/// What is read, and how sure the reading is:
/// - the body cast to a dictionary (`message.body as? [String: Any]`, `as! NSDictionary`,
///   through `let body = message.body`), then subscripts of it with casts
///   (`dict["filePath"] as? String`), or the body cast to anything else (`message.body as? String`);
/// - a read is *required* when the message is dropped (or the app traps) without it: a
///   `let … = …` clause of a `guard` at the top level of the code that receives the message, or
///   of the `if message.name == …` that dispatches to it, or a force cast there; and only while
///   no earlier statement of that code can leave it (a `return` in an `if` before the `guard`
///   means some messages never reach it);
/// - reads deeper in that code (in an `if` on a payload field, a closure, a loop) are not
///   recorded at all: they may be for some messages only;
/// - the body turned into JSON data (`JSONSerialization.data(withJSONObject: message.body)`)
///   and decoded from it (`JSONDecoder().decode(T.self, from: data)`, or a local decoder made
///   by `JSONDecoder()` in a method that sets no `keyDecodingStrategy`) reads what `T` decodes;
/// - the body passed anywhere else (a helper, data no decoder reads) marks the branch as escaping.
struct SwiftMessageReceivers {
    /// A receiver with names and keys still as tokens.
    struct Found {
        var type: [String]
        var location: SourceLocation
        var branches: [FoundBranch]
        var forwards: Bool
        /// The `…replyHandler:` method.
        var replies: Bool
        /// A closure receiver: where the name it receives is written (`MessageReceiver.registeredAt`).
        var registeredAt: SourceLocation? = nil
    }

    struct FoundBranch {
        /// Token ranges of the names dispatched on; nil outside every dispatch; a nil element
        /// for a pattern that is not a plain expression (`default`, `where`, `let`).
        var labels: [Range<Int>?]?
        /// When the names are cases of an enum made from the name (`switch Route(rawValue:
        /// message.name)`, `guard let r = Route(rawValue: message.name)` then `switch r`): the
        /// tokens of the enum's type; each label is then `.case`, `.case?` or `Route.case`.
        var labelType: Range<Int>?
        var reads: [FoundRead] = []
        var decodes: [FoundDecode] = []
        var escapes = false
    }

    /// The body decoded as a type: `JSONSerialization.data(withJSONObject: message.body)`, then
    /// `JSONDecoder().decode(T.self, from: data)`. What `T` reads is found across files
    /// (`SwiftDecodableReads`).
    struct FoundDecode {
        /// The tokens of `T`.
        var type: Range<Int>
        /// The message is dropped when the decoding fails: a `try` (or `try!`) at the top level
        /// of the code that receives it, or in a `do` there; a `guard let … = try?` clause.
        var required: Bool
        var location: SourceLocation
    }

    struct FoundRead {
        /// A string literal's value, or the tokens of the key expression (a constant).
        var key: Key?
        var kind: BodyValueKind?
        var required: Bool
        var typeText: String
        var location: SourceLocation

        enum Key { case literal(String), tokens(Range<Int>) }
    }

    /// A function or initializer of the file that a receiver may hand the body, a dictionary
    /// made from it, or the message's name to: read as if its body were written at the call.
    struct Callable {
        struct Parameter {
            /// The argument label; nil for `_`.
            var label: String?
            var name: String
            var hasDefault: Bool
        }

        var parameters: [Parameter]
        /// The `{` and `}` of its body.
        var open: Int
        var close: Int
    }

    let file: String
    let list: SwiftTokenList
    let tokens: [SwiftCompactToken]
    /// For each `{`, the index of its `}` (or `tokens.count` when unclosed).
    private var closing: [Int: Int] = [:]
    /// The file's functions by name and its initializers by their type's last name.
    private(set) var callables: [String: [Callable]] = [:]

    init(file: String, list: SwiftTokenList) {
        self.file = file
        self.list = list
        self.tokens = list.code
    }

    /// Whether the file can hold a receiver: it names `didReceive` somewhere, or reads a `body`
    /// (a closure receiver's `message.body`).
    static func mayHoldReceivers(_ list: SwiftTokenList) -> Bool {
        list.code.contains { $0.kind == .identifier && (list.spells($0, "didReceive") || list.spells($0, "body")) }
    }

    mutating func find() -> [Found] {
        var stack: [Int] = []
        for (i, token) in tokens.enumerated() {
            if token.is(.leftBrace) { stack.append(i) }
            if token.is(.rightBrace), let open = stack.popLast() { closing[open] = i }
        }
        for open in stack { closing[open] = tokens.count }

        // The receiving methods, read once every helper of the file is known.
        var methods: [(at: Int, typePath: [String])] = []
        // String literals that open a call's arguments: a closure receiver may follow.
        var closures: [(at: Int, typePath: [String])] = []
        // The type declarations around the walk: (the `{` that opens its body, its path).
        var types: [(open: Int, path: [String])] = []
        var pendingType: [String]?
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            while let last = types.last, (closing[last.open] ?? tokens.count) < i { types.removeLast() }
            if token.is(.func) || token.is(.`init`), let callable = callable(at: i, enclosing: types.last?.path) {
                callables[callable.key, default: []].append(callable.value)
            }
            if token.is(.leftBrace), let path = pendingType {
                types.append((i, path))
                pendingType = nil
            } else if token.is(.struct) || token.is(.class) || token.is(.enum) || token.is(.actor) || token.is(.extension),
                      i == 0 || !tokens[i - 1].is(.dot), let path = typeName(after: i) {
                // An extension names its type from the top (`extension Outer.Inner`); a nested
                // declaration is inside the enclosing type.
                pendingType = token.is(.extension) ? path : (types.last?.path ?? []) + path
            } else if token.is(.func), i + 2 < tokens.count, tokens[i + 1].kind == .identifier,
                      list.spells(tokens[i + 1], "userContentController"), tokens[i + 2].is(.leftParen) {
                methods.append((i, types.last?.path ?? []))
            } else if token.kind == .string, i >= 2, tokens[i - 1].is(.leftParen), tokens[i - 2].kind == .identifier {
                closures.append((i, types.last?.path ?? []))
            }
            i += 1
        }
        return methods.compactMap { receiver(at: $0.at, typePath: $0.typePath) }
            + closures.compactMap { closureReceiver(name: $0.at, typePath: $0.typePath) }
    }

    /// A closure that may receive the messages of the name written at `literal`:
    /// `f("name") { message in … }` or `f("name", handler: { message in … })`, the closure's one
    /// parameter being the message. It counts only for a registration at `literal` (the name
    /// reaches `add(_:name:)` through `f`'s parameter), so any other call of this shape is inert.
    private func closureReceiver(name literal: Int, typePath: [String]) -> Found? {
        let callOpen = literal - 1
        let callEnd = skipBalanced(from: callOpen)
        var brace: Int
        if literal + 1 < tokens.count, tokens[literal + 1].is(.rightParen), callEnd < tokens.count, tokens[callEnd].is(.leftBrace) {
            brace = callEnd
        } else if literal + 4 < tokens.count, tokens[literal + 1].is(.comma), tokens[literal + 2].kind == .identifier,
                  tokens[literal + 3].is(.colon), tokens[literal + 4].is(.leftBrace),
                  closingBrace(of: literal + 4) + 1 < tokens.count, tokens[closingBrace(of: literal + 4) + 1].is(.rightParen) {
            brace = literal + 4
        } else {
            return nil
        }
        // `{ [weak self] message in`, `{ (message) in`, `{ message: WKScriptMessage in`.
        var p = brace + 1
        if p < tokens.count, tokens[p].is(.leftBracket) { p = skipBalanced(from: p) }
        var parenthesized = false
        if p < tokens.count, tokens[p].is(.leftParen) { parenthesized = true; p += 1 }
        guard p + 1 < tokens.count, tokens[p].kind == .identifier else { return nil }
        let message = list.identifier(tokens[p])
        p += 1
        if tokens[p].is(.colon) {
            p += 1
            while p < tokens.count, !spells(p, "in"), tokens[p].kind == .identifier || tokens[p].is(.dot) || tokens[p].is(.question) { p += 1 }
        }
        if parenthesized {
            guard p < tokens.count, tokens[p].is(.rightParen) else { return nil }
            p += 1
        }
        guard p < tokens.count, spells(p, "in"), message != "_" else { return nil }
        let close = closingBrace(of: brace)
        guard close < tokens.count else { return nil }
        var reader = BodyReader(scanner: self, message: message, open: brace, close: close)
        return Found(
            type: typePath, location: location(brace), branches: reader.read(), forwards: false, replies: false,
            registeredAt: location(literal))
    }

    /// The dotted name after `struct`/`class`/`enum`/`actor`/`extension` at `i`; nil for
    /// `class func`, `class var` and the like.
    private func typeName(after i: Int) -> [String]? {
        var j = i + 1
        var path: [String] = []
        while j < tokens.count, tokens[j].kind == .identifier {
            switch tokens[j].word {
            case .func, .var, .let, .static, .private, .fileprivate, .internal, .public, .open, .final, .override, .`init`, .subscript:
                return path.isEmpty ? nil : path
            default: break
            }
            path.append(list.identifier(tokens[j]))
            guard j + 1 < tokens.count, tokens[j + 1].is(.dot) else { break }
            j += 2
        }
        return path.isEmpty ? nil : path
    }

    /// The function (`func name(…)`) or initializer (`init(…)`, keyed by its type's last name)
    /// declared at `i`, with a body and parameters this reader can bind.
    private func callable(at i: Int, enclosing: [String]?) -> (key: String, value: Callable)? {
        guard i == 0 || !tokens[i - 1].is(.dot) else { return nil }
        var p = i + 1
        let key: String
        if tokens[i].is(.func) {
            guard p < tokens.count, tokens[p].kind == .identifier else { return nil }
            key = list.identifier(tokens[p])
            p += 1
        } else {
            guard let type = enclosing?.last else { return nil }
            key = type
            if p < tokens.count, tokens[p].is(.question) || tokens[p].is(.bang) { p += 1 }
        }
        p = afterGenerics(p)
        guard p < tokens.count, tokens[p].is(.leftParen) else { return nil }
        var parameters: [Callable.Parameter] = []
        for piece in list.arguments(from: p) {
            let s = piece.label == nil ? piece.tokens.lowerBound : piece.tokens.lowerBound - 2
            guard s + 2 < tokens.count, tokens[s].kind == .identifier else { return nil }
            let hasDefault = piece.tokens.contains { tokens[$0].is(.assign) }
            if tokens[s + 1].kind == .identifier, tokens[s + 2].is(.colon) {
                let label = list.identifier(tokens[s])
                parameters.append(.init(label: label == "_" ? nil : label, name: list.identifier(tokens[s + 1]), hasDefault: hasDefault))
            } else if tokens[s + 1].is(.colon) {
                let name = list.identifier(tokens[s])
                parameters.append(.init(label: name, name: name, hasDefault: hasDefault))
            } else {
                return nil
            }
        }
        guard let (b, end) = body(after: skipBalanced(from: p)), end < tokens.count else { return nil }
        return (key, Callable(parameters: parameters, open: b, close: end))
    }

    /// The braces of a declaration's body: the first `{` from `start` (after its parameters),
    /// before anything that ends a declaration.
    private func body(after start: Int) -> (open: Int, close: Int)? {
        var b = start
        while b < tokens.count, !tokens[b].is(.leftBrace) {
            if tokens[b].is(.rightBrace) || tokens[b].is(.func) || tokens[b].is(.semicolon) { return nil }
            b += 1
        }
        guard b < tokens.count, let end = closing[b] else { return nil }
        return (b, end)
    }

    /// The one callable that the call whose name is at `j` (its `(` at `j + 1`) can reach,
    /// with the parameter each argument binds; nil when there is none or several.
    func callee(at j: Int) -> (callable: Callable, bindings: [(parameter: String, argument: Range<Int>)])? {
        guard tokens[j].kind == .identifier, let candidates = callables[list.identifier(tokens[j])] else { return nil }
        let arguments = list.arguments(from: j + 1)
        var found: [(Callable, [(String, Range<Int>)])] = []
        for callable in candidates {
            var bindings: [(String, Range<Int>)] = []
            var a = 0
            var fits = true
            for parameter in callable.parameters {
                if a < arguments.count, arguments[a].label == parameter.label {
                    bindings.append((parameter.name, arguments[a].tokens))
                    a += 1
                } else if !parameter.hasDefault {
                    fits = false
                    break
                }
            }
            if fits, a == arguments.count { found.append((callable, bindings)) }
        }
        guard found.count == 1 else { return nil }
        return (found[0].0, found[0].1.map { (parameter: $0.0, argument: $0.1) })
    }

    // MARK: - One method

    /// The method `func userContentController(… didReceive m: …)` declared at `i`.
    private func receiver(at i: Int, typePath: [String]) -> Found? {
        guard !typePath.isEmpty else { return nil }
        let open = i + 2
        let close = skipBalanced(from: open) - 1
        guard close < tokens.count else { return nil }
        var message: String?
        var replies = false
        var j = open + 1
        while j + 2 <= close {
            if tokens[j].kind == .identifier, list.spells(tokens[j], "didReceive"), tokens[j + 1].kind == .identifier,
               tokens[j + 2].is(.colon) {
                message = list.identifier(tokens[j + 1])
            }
            if tokens[j].kind == .identifier, list.spells(tokens[j], "replyHandler"), tokens[j + 1].is(.colon) || tokens[j + 2].is(.colon) {
                replies = true
            }
            j += 1
        }
        guard let message else { return nil }
        guard let (b, end) = body(after: close + 1) else { return nil }
        let name = tokens[i + 1]
        var reader = BodyReader(scanner: self, message: message, open: b, close: end)
        let forwards = ((b + 1)..<max(b + 1, end - 1)).contains { k in
            tokens[k].is(.dot) && spells(k + 1, "userContentController") && k + 2 < end && tokens[k + 2].is(.leftParen)
        }
        return Found(
            type: typePath, location: SourceLocation(file: file, line: Int(name.line), column: Int(name.column)),
            branches: reader.read(), forwards: forwards, replies: replies)
    }

    // MARK: - Helpers shared with the reader

    /// The index after the `<…>` that opens at `p` (nested ones included), or `p` when none does.
    func afterGenerics(_ p: Int) -> Int {
        guard p < tokens.count, tokens[p].is(.less) else { return p }
        var depth = 0
        var k = p
        while k < tokens.count {
            if tokens[k].is(.less) { depth += 1 }
            if tokens[k].is(.greater) { depth -= 1; if depth == 0 { return k + 1 } }
            k += 1
        }
        return k
    }

    func skipBalanced(from open: Int) -> Int { list.skipBalanced(from: open) }

    func closingBrace(of open: Int) -> Int { closing[open] ?? tokens.count }

    func location(_ j: Int) -> SourceLocation {
        SourceLocation(file: file, line: Int(tokens[j].line), column: Int(tokens[j].column))
    }

    func spells(_ j: Int, _ text: StaticString) -> Bool { j < tokens.count && list.spells(tokens[j], text) }

    func isIdentifier(_ j: Int, _ name: String) -> Bool {
        j >= 0 && j < tokens.count && tokens[j].kind == .identifier && list.identifier(tokens[j]) == name
    }

    func text(_ span: Range<Int>) -> String {
        guard !span.isEmpty else { return "" }
        return String(decoding: list.bytes[Int(tokens[span.lowerBound].start)..<Int(tokens[span.upperBound - 1].end)], as: UTF8.self)
    }

    /// The kind of the type written at `t`, and the index after it. A dictionary's value kind
    /// too (`[String: String]` reads strings).
    func type(at t: Int, nesting: Int = 0) -> (kind: BodyValueKind?, value: BodyValueKind?, end: Int)? {
        // (A value type is read one level down, no further: `[String: [String: …]]` nested
        // without end takes no stack.)
        guard t < tokens.count else { return nil }
        if tokens[t].is(.leftBracket) {
            let end = skipBalanced(from: t)
            var colon: Int?
            var depth = 0
            for k in (t + 1)..<max(t + 1, end - 1) {
                if tokens[k].is(.leftBracket) || tokens[k].is(.leftParen) || tokens[k].is(.less) { depth += 1 }
                if tokens[k].is(.rightBracket) || tokens[k].is(.rightParen) || tokens[k].is(.greater) { depth -= 1 }
                if depth == 0, tokens[k].is(.colon) { colon = k; break }
            }
            if let colon { return (.object, nesting < 1 ? type(at: colon + 1, nesting: nesting + 1)?.kind : nil, end) }
            return (.array, nil, end)
        }
        guard tokens[t].kind == .identifier else { return nil }
        let end = afterGenerics(t + 1)
        let name = list.identifier(tokens[t])
        switch name {
        case "String", "NSString", "Substring", "NSMutableString":
            return (.string, nil, end)
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
             "Double", "Float", "CGFloat", "NSNumber", "Bool", "TimeInterval":
            return (.number, nil, end)
        case "NSDictionary", "NSMutableDictionary", "Dictionary":
            return (.object, nil, end)
        case "NSArray", "NSMutableArray", "Array":
            return (.array, nil, end)
        default:
            return (nil, nil, end)
        }
    }
}

/// Reads one `didReceive` body.
private struct BodyReader {
    let scanner: SwiftMessageReceivers
    var message: String
    let open: Int
    let close: Int
    private var tokens: [SwiftCompactToken] { scanner.tokens }

    /// A stretch of the method that receives some names: from `start` to `end` (exclusive),
    /// its top-level statements at brace depth `depth`; `condition` is the dispatching `if`'s
    /// condition, whose clauses are required.
    private struct Region {
        var start: Int
        var end: Int
        var depth: Int
        var labels: [Range<Int>?]?
        var condition: Range<Int>?
        var labelType: Range<Int>? = nil
        var branch = SwiftMessageReceivers.FoundBranch(labels: nil)
        var exited = false
    }

    private var regions: [Region] = []
    /// Brace depth of each token, relative to the method body (its statements are at 1).
    private var depth: [Int] = []
    /// The `{` of each `guard … else` block.
    private var guardElse: Set<Int> = []
    /// Each `guard` at `i`: its `else`.
    private var guardEnds: [Int: Int] = [:]
    /// Variables holding the body as JSON data, with the index of the `message.body` in it
    /// (in order: a decoding reads the latest of its name), and whether a decoding reads it.
    private var serialized: [(name: String, at: Int, decoded: Bool)] = []
    /// Local decoders made by `JSONDecoder()`; none count when the method sets a strategy.
    private var decoders: Set<String> = []
    private var setsStrategy = false

    /// In a helper read for its call: the parameter that holds the message's name, those that
    /// hold the body and the dictionaries made from it, and how many calls further helpers may
    /// be followed (`visiting`: the helpers being read, so recursion stops).
    private var nameParameter: String?
    private var initialBodies: Set<String> = []
    private var initialDictionaries: [String: BodyValueKind?] = [:]
    private var callsLeft = 2
    private var visiting: Set<Int> = []
    /// Dispatching branches of helpers called outside every dispatch here.
    private var helperBranches: [SwiftMessageReceivers.FoundBranch] = []

    init(scanner: SwiftMessageReceivers, message: String, open: Int, close: Int) {
        self.scanner = scanner
        self.message = message
        self.open = open
        self.close = close
        self.visiting = [open]
    }

    mutating func read() -> [SwiftMessageReceivers.FoundBranch] {
        depth = Array(repeating: 0, count: close - open + 1)
        var d = 0
        for j in open...close where j < tokens.count {
            if tokens[j].is(.rightBrace) { d -= 1 }
            depth[j - open] = d
            if tokens[j].is(.leftBrace) { d += 1 }
        }
        for j in (open + 1)..<close where tokens[j].is(.guard) {
            if let e = elseOfGuard(at: j) {
                guardEnds[j] = e
                if e + 1 < close, tokens[e + 1].is(.leftBrace) { guardElse.insert(e + 1) }
            }
        }
        regions = [Region(start: open + 1, end: close, depth: 1, labels: nil)]
        findDispatch()
        readBodies()
        return regions.map { region in
            var branch = region.branch
            branch.labels = region.labels
            branch.labelType = region.labelType
            return branch
        } + helperBranches
    }

    private func depthAt(_ j: Int) -> Int { depth[j - open] }

    /// The `else` of the `guard` at `j`: the first at its depth, outside brackets.
    private func elseOfGuard(at j: Int) -> Int? {
        var nesting = 0
        var k = j + 1
        while k < close {
            let t = tokens[k]
            if t.is(.leftParen) || t.is(.leftBracket) { nesting += 1 }
            if t.is(.rightParen) || t.is(.rightBracket) { nesting -= 1 }
            if t.is(.leftBrace) { k = scanner.closingBrace(of: k) + 1; continue }
            if t.is(.rightBrace) { return nil }
            if nesting == 0, t.is(.else) { return k }
            k += 1
        }
        return nil
    }

    /// The index after `message.name` (or, in a helper, the parameter holding it) at `j`.
    private func nameEnd(at j: Int) -> Int? {
        if j + 2 < close, scanner.isIdentifier(j, message), tokens[j + 1].is(.dot), tokens[j + 2].is(.name) { return j + 3 }
        if let nameParameter, j + 1 < close, scanner.isIdentifier(j, nameParameter), !tokens[j - 1].is(.dot),
           !tokens[j + 1].is(.dot), !tokens[j + 1].is(.colon) {
            return j + 1
        }
        return nil
    }

    // MARK: Dispatch

    private mutating func findDispatch() {
        // Variables holding an enum made from the name, with the tokens of its type.
        var typed: [String: Range<Int>] = [:]
        var j = open + 1
        while j < close {
            defer { j += 1 }
            if tokens[j].kind == .identifier, !tokens[j - 1].is(.dot), let type = typed[scanner.list.identifier(tokens[j])] {
                if tokens[j - 1].is(.switch), j + 1 < close, tokens[j + 1].is(.leftBrace) {
                    switchRegions(open: j + 1, labelType: type)
                } else if j + 1 < close, tokens[j + 1].is(.equalEqual) {
                    comparison(name: j, value: j + 2, labelType: type)
                }
                continue
            }
            guard let e = nameEnd(at: j) else { continue }
            if let made = rawValueInitializer(around: j, nameEnd: e) {
                if tokens[made.type.lowerBound - 1].is(.switch), made.end < close, tokens[made.end].is(.leftBrace) {
                    switchRegions(open: made.end, labelType: made.type)
                } else if let bound = boundName(before: made.type.lowerBound) {
                    typed[bound] = made.type
                }
            } else if tokens[j - 1].is(.switch), e < close, tokens[e].is(.leftBrace) {
                switchRegions(open: e)
            } else if e < close, tokens[e].is(.equalEqual) {
                comparison(name: j, value: e + 1)
            }
        }
    }

    /// `Type(rawValue: message.name)` around the `message.name` at `j`: the type's tokens
    /// (`Route`, `Bridge.Route`), and the index after the `)` and an optional `!`.
    private func rawValueInitializer(around j: Int, nameEnd e: Int) -> (type: Range<Int>, end: Int)? {
        guard j >= 4, e < close, tokens[j - 1].is(.colon), scanner.spells(j - 2, "rawValue"),
              tokens[j - 3].is(.leftParen), tokens[e].is(.rightParen) else { return nil }
        var start = j - 4
        guard tokens[start].kind == .identifier else { return nil }
        while start >= open + 3, tokens[start - 1].is(.dot), tokens[start - 2].kind == .identifier { start -= 2 }
        var end = e + 1
        if end < close, tokens[end].is(.bang) { end += 1 }
        return (start..<(j - 3), end)
    }

    /// Each `case` of the switch whose `{` is at `brace`.
    private mutating func switchRegions(open brace: Int, labelType: Range<Int>? = nil) {
        let end = scanner.closingBrace(of: brace)
        let caseDepth = depthAt(brace) + 1
        var starts: [Int] = []
        for k in (brace + 1)..<end where depthAt(k) == caseDepth && (tokens[k].is(.case) || tokens[k].is(.default)) {
            if tokens[k].is(.case), k > 0, tokens[k - 1].is(.if) || tokens[k - 1].is(.guard) || tokens[k - 1].is(.comma) || tokens[k - 1].is(.while) || tokens[k - 1].is(.for) { continue }
            starts.append(k)
        }
        for (n, start) in starts.enumerated() {
            let stop = n + 1 < starts.count ? starts[n + 1] : end
            var labels: [Range<Int>?] = []
            var k = start + 1
            if tokens[start].is(.default) {
                labels = [nil]
            } else {
                var itemStart = k
                var nesting = 0
                while k < stop {
                    let t = tokens[k]
                    if t.is(.leftParen) || t.is(.leftBracket) { nesting += 1 }
                    if t.is(.rightParen) || t.is(.rightBracket) { nesting -= 1 }
                    if nesting == 0, t.is(.colon) || t.is(.comma) {
                        labels.append(plainLabel(itemStart..<k))
                        itemStart = k + 1
                        if t.is(.colon) { break }
                    }
                    k += 1
                }
            }
            regions.append(Region(start: start, end: stop, depth: caseDepth, labels: labels, labelType: labelType))
        }
    }

    /// A case item or compared value that names one value: no `where`, `let`, `..`, `||`.
    /// (An enum case pattern may end in `?`, matching the optional the initializer makes.)
    private func plainLabel(_ span: Range<Int>) -> Range<Int>? {
        guard !span.isEmpty else { return nil }
        var span = span
        if span.count > 1, tokens[span.upperBound - 1].is(.question) { span = span.lowerBound..<(span.upperBound - 1) }
        for k in span {
            let t = tokens[k]
            if t.is(.where) || t.is(.let) || t.is(.var) || t.is(.is) || t.is(.leftBrace) { return nil }
            if t.kind == .operatorSymbol, !t.is(.dot) { return nil }
        }
        return span
    }

    /// `if message.name == X {`, `guard message.name == X else`, `if …, message.name == X, … {`.
    private mutating func comparison(name j: Int, value: Int, labelType: Range<Int>? = nil) {
        // The value: up to the next top-level `,`, `{` or `else`.
        var k = value
        var nesting = 0
        while k < close {
            let t = tokens[k]
            if t.is(.leftParen) || t.is(.leftBracket) { nesting += 1 }
            if t.is(.rightParen) || t.is(.rightBracket) { nesting -= 1 }
            if nesting == 0, t.is(.comma) || t.is(.leftBrace) || t.is(.else) { break }
            if nesting < 0 { return }
            k += 1
        }
        guard let label = plainLabel(value..<k) else { return }
        // A whole clause of an `if` or `guard` condition.
        guard tokens[j - 1].is(.if) || tokens[j - 1].is(.guard) || tokens[j - 1].is(.comma) else { return }
        var s = j - 1
        nesting = 0
        while s > open {
            let t = tokens[s]
            if t.is(.rightParen) || t.is(.rightBracket) {
                nesting += 1
            } else if t.is(.leftParen) || t.is(.leftBracket) {
                if nesting == 0 { return }
                nesting -= 1
            } else if nesting == 0 {
                if t.is(.if) || t.is(.guard) { break }
                if t.is(.leftBrace) || t.is(.rightBrace) || t.is(.semicolon) || t.is(.while) || t.is(.case)
                    || scanner.spells(s, "&&") || scanner.spells(s, "||") { return }
            }
            s -= 1
        }
        guard s > open else { return }
        if tokens[s].is(.if) {
            // The block: the first `{` at the `if`'s depth after the condition.
            var b = k
            while b < close, !tokens[b].is(.leftBrace) { b += 1 }
            guard b < close, depthAt(b) == depthAt(s) else { return }
            let end = scanner.closingBrace(of: b)
            regions.append(Region(
                start: s, end: end, depth: depthAt(s) + 1, labels: [label], condition: (s + 1)..<b, labelType: labelType))
        } else if tokens[s].is(.guard), let e = guardEnds[s] {
            // The rest of the block the guard is in.
            var end = close
            var d = 0
            var m = e
            while m < close {
                if tokens[m].is(.leftBrace) { d += 1 }
                if tokens[m].is(.rightBrace) { if d == 0 { end = m; break }; d -= 1 }
                m += 1
            }
            regions.append(Region(
                start: s, end: end, depth: depthAt(s), labels: [label], condition: (s + 1)..<e, labelType: labelType))
        }
    }

    /// The innermost region holding `j`.
    private func region(of j: Int) -> Int {
        var best = 0
        for (n, r) in regions.enumerated() where r.start <= j && j < r.end {
            if r.end - r.start <= regions[best].end - regions[best].start { best = n }
        }
        return best
    }

    // MARK: Reads

    private mutating func readBodies() {
        var dictionaries = initialDictionaries
        var bodies = initialBodies
        var braces: [Int] = []
        setsStrategy = ((open + 1)..<close).contains { scanner.spells($0, "keyDecodingStrategy") }
        var j = open + 1
        while j < close {
            let t = tokens[j]
            if t.is(.let) || t.is(.var), j + 5 < close, tokens[j + 1].kind == .identifier, tokens[j + 2].is(.assign),
               scanner.spells(j + 3, "JSONDecoder"), tokens[j + 4].is(.leftParen), tokens[j + 5].is(.rightParen) {
                decoders.insert(scanner.list.identifier(tokens[j + 1]))
            }
            if t.kind == .identifier, scanner.spells(j, "decode"), tokens[j - 1].is(.dot), j + 1 < close,
               tokens[j + 1].is(.leftParen), let after = decodeCall(at: j, brace: braces.last) {
                j = after
                continue
            }
            if t.kind == .identifier, j + 1 < close, tokens[j + 1].is(.leftParen),
               !tokens[j - 1].is(.dot) || (j >= 3 && tokens[j - 2].is(.self) && !tokens[j - 3].is(.dot))
                || (j >= 4 && tokens[j - 2].is(.question) && tokens[j - 3].is(.self) && !tokens[j - 4].is(.dot)),
               let after = helperCall(at: j, dictionaries: dictionaries, bodies: bodies) {
                j = after
                continue
            }
            if t.is(.leftBrace) { braces.append(j) }
            if t.is(.rightBrace) { _ = braces.popLast() }
            if t.is(.return) || t.is(.throw) || scanner.spells(j, "break") || scanner.spells(j, "continue") {
                // A way out of the code around it before its end, unless it is a guard's own.
                if !(braces.last.map { guardElse.contains($0) } ?? false) {
                    for n in regions.indices where regions[n].start <= j && j < regions[n].end && depthAt(j) > regions[n].depth {
                        regions[n].exited = true
                    }
                }
            }
            // `message.body` or an alias of it.
            var bodyEnd: Int?
            if scanner.isIdentifier(j, message), j + 2 < close, tokens[j + 1].is(.dot), scanner.spells(j + 2, "body"),
               !(j > 0 && tokens[j - 1].is(.dot)) {
                bodyEnd = j + 3
            } else if t.kind == .identifier, bodies.contains(scanner.list.identifier(t)), !tokens[j - 1].is(.dot) {
                bodyEnd = j + 1
            }
            if bodyEnd == nil, scanner.isIdentifier(j, message), !(j + 1 < close && tokens[j + 1].is(.dot)), !tokens[j - 1].is(.dot) {
                // The message itself handed on (`delegate?.didReceive(message)`).
                regions[region(of: j)].branch.escapes = true
            }
            if let e = bodyEnd {
                j = body(at: j, end: e, dictionaries: &dictionaries, bodies: &bodies)
                continue
            }
            if t.kind == .identifier, j + 1 < close, tokens[j + 1].is(.leftBracket), !tokens[j - 1].is(.dot),
               let value = dictionaries[scanner.list.identifier(t)] {
                j = subscriptRead(at: j + 1, start: j, valueKind: value)
                continue
            }
            j += 1
        }
        for (_, at, decoded) in serialized where !decoded {
            // JSON data of the body that no decoding here reads: it goes somewhere else.
            regions[region(of: at)].branch.escapes = true
        }
    }

    /// A call at `j` of a function or initializer of this file (`handle(messageBody)`,
    /// `self.route(name: message.name, body: body)`, `Payload(dictionary: dict)`) that is handed
    /// the body, a dictionary made from it, or the name: its body is read as this code's, its
    /// parameters bound to what the call passes. Returns the index after the call, or nil to
    /// walk the call's tokens as any others (a helper this file does not declare, one reached
    /// in nested code or too many calls away: then a body passed to it escapes).
    private mutating func helperCall(at j: Int, dictionaries: [String: BodyValueKind?], bodies: Set<String>) -> Int? {
        guard callsLeft > 0, let (callable, bindings) = scanner.callee(at: j), !visiting.contains(callable.open) else { return nil }
        var helper = BodyReader(scanner: scanner, message: "", open: callable.open, close: callable.close)
        var handed = false
        for (parameter, argument) in bindings {
            let a = argument.lowerBound
            if argument.count == 1, scanner.isIdentifier(a, message) {
                // The message itself (`self?.handleLike(message)`).
                helper.message = parameter
            } else if argument.count == 3, scanner.isIdentifier(a, message), tokens[a + 1].is(.dot), scanner.spells(a + 2, "body") {
                helper.initialBodies.insert(parameter)
            } else if argument.count == 1, tokens[a].kind == .identifier, bodies.contains(scanner.list.identifier(tokens[a])) {
                helper.initialBodies.insert(parameter)
            } else if argument.count == 1, tokens[a].kind == .identifier, let kind = dictionaries[scanner.list.identifier(tokens[a])] {
                helper.initialDictionaries[parameter] = .some(kind)
            } else if nameEnd(at: a) == argument.upperBound {
                helper.nameParameter = parameter
            } else {
                continue
            }
            handed = true
        }
        guard handed else { return nil }
        let start = !tokens[j - 1].is(.dot) ? j : tokens[j - 2].is(.self) ? j - 2 : j - 3
        let n = region(of: start)
        // Only a call that every message of this code reaches is read; what it requires is
        // required here while nothing before it can leave.
        guard depthAt(start) == regions[n].depth else { return nil }
        let required = !regions[n].exited && callStops(at: start, region: n)
        helper.callsLeft = callsLeft - 1
        helper.visiting = visiting.union([callable.open])
        for var branch in helper.read() {
            for r in branch.reads.indices { branch.reads[r].required = branch.reads[r].required && required }
            for d in branch.decodes.indices { branch.decodes[d].required = branch.decodes[d].required && required }
            if branch.labels == nil {
                regions[n].branch.reads += branch.reads
                regions[n].branch.decodes += branch.decodes
                regions[n].branch.escapes = regions[n].branch.escapes || branch.escapes
            } else if n == 0 {
                helperBranches.append(branch)
            } else {
                // A dispatch inside a dispatch: not followed.
                regions[n].branch.escapes = true
            }
        }
        return scanner.skipBalanced(from: j + 1)
    }

    /// Whether a message whose helper call at `start` fails is dropped: the call is a statement
    /// of its own (`handle(body)`, `try handle(body)`, also right after a closure's `in`), the
    /// value of a plain `let`, or a `let`
    /// clause of a guard at the top level of the region; not in an `if`'s condition.
    private func callStops(at start: Int, region n: Int) -> Bool {
        var s = start
        if boundName(before: s) != nil {
            s -= 3
            if tokens[s - 1].is(.comma) || tokens[s - 1].is(.guard) {
                let r = regions[n]
                return guardEnds.contains { guardAt, elseAt in
                    guardAt >= r.start && guardAt < start && start < elseAt && depthAt(guardAt) == r.depth
                }
            }
        }
        if s >= 2, tokens[s - 2].is(.try), tokens[s - 1].is(.question) || tokens[s - 1].is(.bang) {
            s -= 2
        } else if tokens[s - 1].is(.try) {
            s -= 1
        }
        let before = tokens[s - 1]
        return tokens[s].isFirstOnLine || before.is(.leftBrace) || before.is(.rightBrace) || before.is(.semicolon)
            || scanner.spells(s - 1, "in")
            || (before.is(.colon) && depthAt(s) == regions[n].depth && regions[n].labels != nil)
    }

    /// `….decode(T.self, from: data)` with `decode` at `j`, on `JSONDecoder()` or a local
    /// decoder, of data made from the body; `brace` is the innermost `{` around it. Returns the
    /// index after the call, or nil for any other `decode`.
    private mutating func decodeCall(at j: Int, brace: Int?) -> Int? {
        var start = j - 2
        let made = tokens[start].is(.rightParen) && start >= 2 && tokens[start - 1].is(.leftParen) && scanner.spells(start - 2, "JSONDecoder")
        let local = tokens[start].kind == .identifier && decoders.contains(scanner.list.identifier(tokens[start])) && !setsStrategy
            && !tokens[start - 1].is(.dot)
        guard made || local else { return nil }
        if made { start -= 2 }
        let end = scanner.skipBalanced(from: j + 1)
        guard end <= close, end - (j + 1) >= 8, tokens[end - 1].is(.rightParen), tokens[end - 2].kind == .identifier,
              tokens[end - 3].is(.colon), scanner.spells(end - 4, "from"), tokens[end - 5].is(.comma),
              tokens[end - 6].is(.self), tokens[end - 7].is(.dot), tokens[j + 2].kind == .identifier else { return nil }
        let data = scanner.list.identifier(tokens[end - 2])
        guard let source = serialized.lastIndex(where: { $0.name == data }) else { return nil }
        serialized[source].decoded = true
        let type = (j + 2)..<(end - 7)
        // `try?`, `try!` or `try` before it, and what it is bound to.
        var force = false, throwing = false
        if start >= 2, tokens[start - 2].is(.try), tokens[start - 1].is(.question) || tokens[start - 1].is(.bang) {
            force = tokens[start - 1].is(.bang)
            start -= 2
        } else if start >= 1, tokens[start - 1].is(.try) {
            throwing = true
            start -= 1
        }
        let n = region(of: start)
        // A throw leaves the code around it, as far as the `do` it is in.
        var at = start
        if throwing, let brace, brace > open, tokens[brace - 1].is(.do), depthAt(brace - 1) == regions[n].depth { at = brace - 1 }
        let bound = boundName(before: start)
        let required = isRequired(at, force: force || throwing, clauseEnd: end, isLetClause: bound != nil, region: n)
        let inCondition = regions[n].condition?.contains(at) ?? false
        if inCondition || depthAt(at) == regions[n].depth {
            regions[n].branch.decodes.append(
                SwiftMessageReceivers.FoundDecode(type: type, required: required, location: scanner.location(j + 2)))
        }
        return end
    }

    /// `message.body` from `j` to `e`: a cast, an alias, or an escape. Returns where to go on.
    private mutating func body(
        at j: Int, end e: Int, dictionaries: inout [String: BodyValueKind?], bodies: inout Set<String>
    ) -> Int {
        let n = region(of: j)
        let bound = boundName(before: j)
        if j >= 6, tokens[j - 1].is(.colon), scanner.spells(j - 2, "withJSONObject"), tokens[j - 3].is(.leftParen),
           scanner.spells(j - 4, "data"), tokens[j - 5].is(.dot), scanner.spells(j - 6, "JSONSerialization") {
            // `let data = try? JSONSerialization.data(withJSONObject: message.body, …)`
            var start = j - 6
            if start >= 2, tokens[start - 2].is(.try), tokens[start - 1].is(.question) || tokens[start - 1].is(.bang) {
                start -= 2
            } else if start >= 1, tokens[start - 1].is(.try) {
                start -= 1
            }
            if let data = boundName(before: start) {
                serialized.append((data, j, false))
                return scanner.skipBalanced(from: j - 3)
            }
        }
        if e + 1 < close, tokens[e].is(.as), tokens[e + 1].is(.question) || tokens[e + 1].is(.bang),
           let type = scanner.type(at: e + 2) {
            let force = tokens[e + 1].is(.bang)
            let typeText = scanner.text((e + 2)..<type.end)
            if type.kind == .object, let bound {
                dictionaries[bound] = .some(type.value)
            } else if type.kind == .object, tokens[j - 1].is(.leftParen), type.end + 2 < close, tokens[type.end].is(.rightParen),
                      tokens[type.end + 1].is(.question) || tokens[type.end + 1].is(.bang), tokens[type.end + 2].is(.leftBracket) {
                // `(message.body as? [String: Any])?["key"]`
                return subscriptRead(at: type.end + 2, start: j - 1, valueKind: type.value)
            }
            record(SwiftMessageReceivers.FoundRead(
                key: nil, kind: type.kind, required: isRequired(j, force: force, clauseEnd: type.end, isLetClause: bound != nil, region: n),
                typeText: typeText, location: scanner.location(e - 1)), at: j, region: n)
            return type.end
        }
        if let bound, e < close, tokens[e].is(.comma) || tokens[e].is(.semicolon) || tokens[e].isFirstOnLine || tokens[e].is(.rightBrace) {
            bodies.insert(bound)
            return e
        }
        regions[n].branch.escapes = true
        return e
    }

    /// `NAME[KEY]` with `[` at `b` (the expression starting at `start`), and what follows it.
    private mutating func subscriptRead(at b: Int, start: Int, valueKind: BodyValueKind?) -> Int {
        let end = scanner.skipBalanced(from: b)
        guard end <= close, end - b >= 3 else { return b + 1 }
        let keySpan = (b + 1)..<(end - 1)
        let key: SwiftMessageReceivers.FoundRead.Key
        if keySpan.count == 1, let value = scanner.list.stringValue(tokens[keySpan.lowerBound]) {
            key = .literal(value)
        } else {
            key = .tokens(keySpan)
        }
        let n = region(of: start)
        var kind = valueKind
        var typeText = ""
        var force = false
        var after = end
        if after + 1 < close, tokens[after].is(.as), tokens[after + 1].is(.question) || tokens[after + 1].is(.bang),
           let type = scanner.type(at: after + 2) {
            force = tokens[after + 1].is(.bang)
            kind = type.kind
            typeText = scanner.text((after + 2)..<type.end)
            after = type.end
        } else if after < close, tokens[after].is(.bang) {
            force = true
            after += 1
        }
        let defaulted = after < close && scanner.spells(after, "??")
        let bound = boundName(before: start)
        record(SwiftMessageReceivers.FoundRead(
            key: key, kind: kind,
            required: !defaulted && isRequired(start, force: force, clauseEnd: after, isLetClause: bound != nil, region: n),
            typeText: typeText, location: scanner.location(keySpan.lowerBound)), at: start, region: n)
        return after
    }

    /// The name that `let NAME = ` / `var NAME = ` right before `j` binds.
    private func boundName(before j: Int) -> String? {
        guard j >= 3, tokens[j - 1].is(.assign), tokens[j - 2].kind == .identifier,
              tokens[j - 3].is(.let) || tokens[j - 3].is(.var) else { return nil }
        return scanner.list.identifier(tokens[j - 2])
    }

    /// Whether a read at `j` (a `let` clause's whole initializer when `isLetClause`, up to
    /// `clauseEnd`) stops the message when it fails.
    private func isRequired(_ j: Int, force: Bool, clauseEnd: Int, isLetClause: Bool, region n: Int) -> Bool {
        let r = regions[n]
        if let condition = r.condition, condition.contains(j) {
            return force || (isLetClause && endsClause(clauseEnd))
        }
        guard depthAt(j) == r.depth, !r.exited else { return false }
        if force { return true }
        guard isLetClause, endsClause(clauseEnd) else { return false }
        // A clause of a guard at the region's top level.
        return guardEnds.contains { guardAt, elseAt in
            guardAt >= r.start && guardAt < j && j < elseAt && depthAt(guardAt) == r.depth
        }
    }

    /// Whether a clause ends at `k`: a `,`, `else` or `{` follows.
    private func endsClause(_ k: Int) -> Bool {
        k < close && (tokens[k].is(.comma) || tokens[k].is(.else) || tokens[k].is(.leftBrace))
    }

    /// Keeps a read if it is at the top level of its region (or in its condition).
    private mutating func record(_ read: SwiftMessageReceivers.FoundRead, at j: Int, region n: Int) {
        let r = regions[n]
        let inCondition = r.condition?.contains(j) ?? false
        guard inCondition || depthAt(j) == r.depth else { return }
        regions[n].branch.reads.append(read)
    }
}
