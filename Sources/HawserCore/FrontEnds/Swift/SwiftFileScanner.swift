import Foundation

/// Walks the tokens of one Swift file (comments removed) and records what the front end needs:
/// declarations into the shared symbol table, registration calls (resolved later, once every
/// file has been scanned), and dispatch names.
///
/// The walk tracks braces to know the enclosing types (for qualified names), function bodies
/// (for `scope`) and `for` loops (for loop variables). It is a heuristic reading of Swift, not a
/// parser: it aims to be right on ordinary code and never to crash on anything else.
///
/// It runs once per token of every file, so it is written for speed: it reads compact tokens
/// (`SwiftCompactToken`) and tests their interned `SwiftWord`s, makes a String only for what it
/// records, and keeps the `SwiftContext` of the current position until a brace, a branch or a
/// clause changes it (`context()`).
struct SwiftFileScanner {
    /// A registration call whose name expression still has to be resolved.
    struct RegistrationUse {
        var file: String
        var nameTokens: [SwiftToken]
        var nameText: String
        var location: SourceLocation
        var reply: Bool
        var world: String?
        var scope: String?
        var context: SwiftContext
        /// `HandlerRegistration.receiverTypes`.
        var receiverTypes: [String] = []
        /// Properties of the enclosing type handed to the handler object's initializer
        /// (`Proxy(delegate: messageHandler)`): where their type is known, it may receive too.
        var receiverMembers: [String] = []
    }

    /// Frames and pending declarations keep their declarations boxed (`indirect`): the walk
    /// moves them with every brace, and the scanner stays small enough to pass around cheaply.
    private enum Frame {
        case type(path: [String], enumKey: String?, isProtocol: Bool)
        /// A function's body, opened at token `open`.
        indirect case function(scope: String, declaration: SwiftFunction?, open: Int)
        /// The braces after `var x: T`: a computed property (its own scope) or its accessors.
        indirect case property(scope: String, variable: SwiftVariable?, open: Int)
        /// A `for` loop's body, or a `forEach` closure's.
        case loop(SwiftBinding)
        case block
    }

    /// A declaration seen whose body brace has not come yet.
    private enum Pending {
        case type(path: [String], enumKey: String?, isProtocol: Bool)
        indirect case function(scope: String, declaration: SwiftFunction?)
        /// `scope` is the index of the `var` or `let` token; its id is made only if a body follows.
        indirect case variable(scope: Int, sawColon: Bool, sawEquals: Bool, declaration: SwiftVariable?)
        case loop(SwiftBinding?)
    }

    /// Which branch a frame is: the token that opened it (an `if`/`else`/`guard`/`catch` body's
    /// brace, the current `case` of a `switch`), then the `#else`/`#elseif` clauses entered in
    /// it since. Kept as token indices; `straightLine` makes their ids only when a context is
    /// needed.
    private struct Branch {
        var opener: Int?
        var clauses: [Int] = []
        /// A closure's body: its line starts again from the function's (it does not extend the
        /// lines around it, so closures nested 100,000 deep make ids of one length).
        var isClosure = false
        var isEmpty: Bool { opener == nil && clauses.isEmpty }
    }

    let file: String
    /// The file's path as bytes, the start of every scope id.
    private let fileUTF8: [UInt8]
    private let fileIndex: Int
    private let bytes: [UInt8]
    private let list: SwiftTokenList
    /// The code tokens of `list`: what the walk indexes.
    private let tokens: [SwiftCompactToken]
    /// Names declared `: WKScriptMessage` in this file, plus `message`.
    private var messageNames: Set<String> = ["message"]

    private var frames: [Frame] = []
    /// For each frame, the path of the innermost type frame at or around it (`typePath`
    /// there), kept in step with `frames`: frames nest as deep as the input does, and the walk
    /// never looks through them.
    private var typePaths: [[String]] = []
    /// For each frame, the branch it is: an `if`/`else`/`guard`/`catch` body, the current
    /// `case` of a `switch`, the current `#if` clause; empty for straight-line blocks. Two
    /// registrations are in one straight line only when their branch chains agree.
    private var branches: [Branch] = []
    /// The place inside each frame depth (index 0: outside every frame), once asked for; nil
    /// until then and after the frame's branch changes. A frame pushed starts nil; a frame
    /// popped leaves its parent's as it was. Kept in step with `frames` by `push` and `pop`.
    private var places: [Place?] = [nil]
    /// A branch keyword seen at this paren depth whose brace has not come yet.
    private var branchKeywordDepth: Int?
    private var switchKeywordDepth: Int?
    private var switchFrames: Set<Int> = []
    /// The current `#else`/`#elseif` clause outside any braces (its token's index).
    private var topLevelClause: Int?
    private var pending: Pending?
    private var pendingDepth = 0
    private var parenDepth = 0
    private var stringEnums: Set<String> = []
    /// Type paths whose inheritance clause names `WKUserContentController` (or that extend it):
    /// inside them, `add(_:name:)` without a receiver is a registration.
    private var contentControllerTypes: Set<String> = ["WKUserContentController"]

    private(set) var uses: [RegistrationUse] = []
    /// String literals that mention `messageHandlers`: JavaScript to analyse in place.
    private(set) var scriptLiterals: [(token: SwiftToken, context: SwiftContext)] = []
    /// The content world of a `WKUserScript(source:…, in: world)` by the source literal's first
    /// byte offset, or by the reference to the variable passed as its source.
    private(set) var worldsByLiteral: [Int: String] = [:]
    private(set) var worldsByReference: [(reference: [SwiftToken], world: String, context: SwiftContext)] = []
    /// The literals passed as the script of `evaluateJavaScript(_:…)`, `callAsyncJavaScript(_:…)`
    /// or `WKUserScript(source:…)`, by first byte offset: JavaScript that runs in the page
    /// (`EmbeddedScript.isEvaluated`), read in place whatever it mentions.
    private(set) var evaluatedLiterals: Set<Int> = []
    /// The names and members passed there instead (`webView.evaluateJavaScript(Scripts.reload)`):
    /// resolved to the literals of their variables once every file is scanned.
    private(set) var evaluatedReferences: [(reference: [SwiftToken], context: SwiftContext)] = []
    /// `replacingOccurrences(of: "…", with: value)` and `"key": value` entries of dictionary
    /// literals: candidate template bindings, resolved once every file is scanned.
    private(set) var bindingCandidates: [(key: SwiftToken, value: [SwiftToken], context: SwiftContext)] = []
    private(set) var dispatchNames: [DispatchName] = []

    init(file: SourceFile, tokens: SwiftTokenList, index fileIndex: Int) {
        self.file = file.path
        self.fileUTF8 = Array(file.path.utf8)
        self.fileIndex = fileIndex
        self.bytes = file.bytes
        self.list = tokens
        self.tokens = tokens.code
    }

    /// Scans the file, adding its declarations, calls and mutations to `symbols`.
    mutating func scan(into symbols: inout SwiftIndex) {
        symbols.files.append(file)
        symbols.tokenLists.append(list)
        for i in tokens.indices where tokens[i].is(.colon) && i > 0 && i + 1 < tokens.count {
            if tokens[i + 1].is(.WKScriptMessage), tokens[i - 1].kind == .identifier {
                messageNames.insert(identifier(at: i - 1))
            }
        }
        var i = 0
        while i < tokens.count {
            step(at: i, symbols: &symbols)
            i += 1
        }
        symbols.stringEnums.formUnion(stringEnums)
    }

    // MARK: - The walk

    private mutating func step(at i: Int, symbols: inout SwiftIndex) {
        let token = tokens[i]
        switch token.kind {
        case .punctuation, .operatorSymbol:
            symbol(token, at: i, symbols: &symbols)
        case .identifier:
            // A keyword as an argument label (`attach(for: x)`, `d[k, default: []]`) or a
            // parameter's external name (`func f(for name: String)`) is only a label.
            if isKeywordLabel(at: i) { return }
            switch token.word {
            case .if, .else, .guard, .catch:
                branchKeywordDepth = parenDepth
            case .switch:
                switchKeywordDepth = parenDepth
            case .case, .default:
                if let last = frames.indices.last, switchFrames.contains(last) {
                    branches[last] = Branch(opener: i)
                    places[last + 1] = nil
                }
            default:
                break
            }
            identifier(token, at: i, symbols: &symbols)
        case .directive:
            // `#else` and `#elseif` start another clause of the innermost block.
            if token.is(.hashElse) || token.is(.hashElseIf) {
                if let last = branches.indices.last {
                    branches[last].clauses.append(i)
                    places[last + 1] = nil
                } else {
                    // No frame is open, so the only place kept is the top level's.
                    topLevelClause = i
                    places[0] = nil
                }
            }
        case .string:
            if i + 2 < tokens.count, tokens[i + 1].is(.equalEqual) || tokens[i + 1].is(.notEqual),
               isMessageName(at: i + 2), !continuesExpression(at: i + 5) {
                addDispatch(at: i)
            }
            if mentionsMessageHandlers(token) || evaluatedLiterals.contains(token.range.lowerBound) {
                scriptLiterals.append((list.token(token), context()))
            }
            // `"key": value` in a dictionary literal (not a `case "x":` label or a ternary).
            if i + 2 < tokens.count, tokens[i + 1].is(.colon), !token.hasInterpolation, i > 0,
               tokens[i - 1].is(.leftBracket) || tokens[i - 1].is(.comma), parenDepth > 0 {
                let end = expressionEnd(from: i + 2)
                if end > i + 2 { bindingCandidates.append((list.token(token), list.tokens((i + 2)..<end), context())) }
            }
        default:
            break
        }
    }

    /// Whether the keyword at `i` is an argument label or a parameter's external name: right
    /// after `(` or `,` inside brackets, before `:` or before a parameter name and its `:`.
    /// (`let`, `var` and `inout` cannot be labels: `guard a, let b: T = c` stays a binding.)
    @inline(__always)
    private func isKeywordLabel(at i: Int) -> Bool {
        switch tokens[i].word {
        case .if, .else, .guard, .catch, .switch, .case, .default, .where, .while, .repeat, .for, .in,
             .return, .throw, .try, .await, .is, .as, .func, .`init`, .deinit, .subscript,
             .struct, .class, .enum, .actor, .protocol, .extension, .static:
            break
        default:
            return false
        }
        guard parenDepth > 0, i > 0, i + 1 < tokens.count, tokens[i - 1].is(.leftParen) || tokens[i - 1].is(.comma) else {
            return false
        }
        if tokens[i + 1].is(.colon) { return true }
        return i + 2 < tokens.count && tokens[i + 1].kind == .identifier && tokens[i + 2].is(.colon)
    }

    /// `token.text.contains("messageHandlers")`, with the bytes searched first: a literal whose
    /// bytes do not hold the name cannot contain it (no other spelling is canonically
    /// equivalent to these ASCII letters), and only the few that do are compared as Strings.
    private func mentionsMessageHandlers(_ token: SwiftCompactToken) -> Bool {
        list.contains(token, "messageHandlers") && list.text(token).contains("messageHandlers")
    }

    private mutating func symbol(_ token: SwiftCompactToken, at i: Int, symbols: inout SwiftIndex) {
        switch token.word {
        case .leftParen, .leftBracket:
            parenDepth += 1
        case .rightParen, .rightBracket:
            parenDepth = max(0, parenDepth - 1)
        case .leftBrace:
            let frame = frameForBrace(at: i)
            var branch = Branch()
            if case .block = frame, branchKeywordDepth == parenDepth { branch.opener = i }
            // A closure's body (any other block but `do`, `defer` and `repeat`) may run later,
            // more than once or never: a line of its own.
            if case .block = frame, branch.opener == nil, switchKeywordDepth != parenDepth, i > 0,
               !(tokens[i - 1].is(.do) || tokens[i - 1].is(.defer) || tokens[i - 1].is(.repeat)) {
                branch.opener = i
                branch.isClosure = true
            }
            if case .block = frame, switchKeywordDepth == parenDepth { switchFrames.insert(frames.count) }
            branchKeywordDepth = nil
            switchKeywordDepth = nil
            push(frame, branch)
            pending = nil
        case .rightBrace:
            switchFrames.remove(frames.count - 1)
            if let frame = pop() {
                close(frame, at: i, symbols: &symbols)
            }
            pending = nil
        case .semicolon:
            pending = nil
            branchKeywordDepth = nil
        case .colon:
            if case .variable(let scope, _, let sawEquals, let declaration) = pending, pendingDepth == parenDepth {
                pending = .variable(scope: scope, sawColon: true, sawEquals: sawEquals, declaration: declaration)
            }
        case .assign:
            if case .variable(let scope, let sawColon, _, let declaration) = pending, pendingDepth == parenDepth {
                pending = .variable(scope: scope, sawColon: sawColon, sawEquals: true, declaration: declaration)
            }
        default:
            break
        }
    }

    private func frameForBrace(at i: Int) -> Frame {
        guard let pending, pendingDepth == parenDepth else {
            if let binding = closureBinding(at: i) { return .loop(binding) }
            return .block
        }
        switch pending {
        case .type(let path, let enumKey, let isProtocol): return .type(path: path, enumKey: enumKey, isProtocol: isProtocol)
        case .function(let scope, let declaration): return .function(scope: scope, declaration: declaration, open: i)
        case .variable(let scope, let sawColon, let sawEquals, let declaration):
            return sawColon && !sawEquals ? .property(scope: scopeID(at: scope), variable: declaration, open: i) : .block
        case .loop(let binding): return binding.map { .loop($0) } ?? .block
        }
    }

    /// Records what a closing brace completes: a function's or a computed property's body.
    private func close(_ frame: Frame, at i: Int, symbols: inout SwiftIndex) {
        switch frame {
        case .function(_, var declaration?, let open):
            declaration.body = SwiftSpan(file: fileIndex, range: (open + 1)..<i)
            symbols.functionsByName[declaration.name, default: []].append(declaration)
            symbols.functionsByID[declaration.id] = declaration
        case .property(let scope, var variable?, let open):
            variable.body = SwiftSpan(file: fileIndex, range: (open + 1)..<i)
            variable.bodyScope = scope
            symbols.add(variable, isLocal: isLocal(variable.context))
        default:
            break
        }
    }

    private mutating func setPending(_ value: Pending) {
        pending = value
        pendingDepth = parenDepth
    }

    private static func isTypeKeyword(_ word: SwiftWord) -> Bool {
        switch word {
        case .struct, .class, .enum, .actor, .protocol, .extension: return true
        default: return false
        }
    }

    private static func isAccessorName(_ word: SwiftWord) -> Bool {
        switch word {
        case .get, .set, .willSet, .didSet, ._read, ._modify: return true
        default: return false
        }
    }

    /// Identifiers followed by `(` that are not calls.
    private static func isNotCallee(_ word: SwiftWord) -> Bool {
        switch word {
        case .if, .guard, .while, .switch, .return, .case, .in, .for, .where, .catch, .throw, .try, .await,
             .`init`, .func, .subscript, .let, .var, .else, .repeat, .is, .as, .some, .any, .inout:
            return true
        default:
            return false
        }
    }

    private mutating func identifier(_ token: SwiftCompactToken, at i: Int, symbols: inout SwiftIndex) {
        let afterDot = i > 0 && tokens[i - 1].is(.dot)
        let word = token.word
        recordCallOrMutation(at: i, afterDot: afterDot, symbols: &symbols)
        if word == .WKUserScript || word == .replacingOccurrences, self.word(at: i + 1) == .leftParen {
            recordScriptCall(at: i)
        }
        if word == .WKUserScript || word == .evaluateJavaScript || word == .callAsyncJavaScript,
           self.word(at: i + 1) == .leftParen, !(i > 0 && tokens[i - 1].is(.func)) {
            recordEvaluatedScript(at: i)
        }
        if afterDot {
            if word == .add || word == .addScriptMessageHandler {
                registration(at: i)
            } else if isMessageName(at: i) {
                messageName(at: i)
            }
            return
        }
        if Self.isTypeKeyword(word) {
            typeDeclaration(at: i, symbols: &symbols)
        } else if word == .func || word == .deinit
                    || (word == .`init` && [.leftParen, .question, .bang, .less].contains(self.word(at: i + 1)))
                    || (word == .subscript && [.leftParen, .less].contains(self.word(at: i + 1))) {
            let scope = scopeID(at: i)
            let context = self.context()
            let declaration = functionDeclaration(at: i, scope: scope, context: context)
            setPending(.function(scope: scope, declaration: declaration))
        } else if word == .var || word == .let {
            variableDeclaration(at: i, symbols: &symbols)
        } else if word == .for {
            setPending(.loop(loopHeader(at: i)))
        } else if word == .case, case .type(let path, let enumKey?, _)? = frames.last {
            enumCases(at: i, enumPath: path, enumKey: enumKey, symbols: &symbols)
        } else if Self.isAccessorName(word), case .property? = frames.last,
                  self.word(at: i + 1) == .leftBrace
                    || (self.word(at: i + 1) == .leftParen && self.word(at: i + 3) == .rightParen && self.word(at: i + 4) == .leftBrace) {
            setPending(.function(scope: scopeID(at: i), declaration: nil))
        } else if word == .add || word == .addScriptMessageHandler, self.word(at: i + 1) == .leftParen,
                  !(i > 0 && tokens[i - 1].is(.func)), contentControllerTypes.contains(typePath.first ?? "") {
            // `add(self, name: …)` inside `extension WKUserContentController` or a subclass.
            registration(at: i)
        } else if isMessageName(at: i) {
            messageName(at: i)
        }
    }

    // MARK: - Declarations

    /// The deepest type path indexed (see `typeDeclaration`).
    static let maxTypeNesting = 100

    private static func isNotTypeName(_ word: SwiftWord) -> Bool {
        switch word {
        case .func, .var, .let, .subscript, .`init`, .deinit, .override, .final, .private, .fileprivate,
             .public, .internal, .open, .static, .required, .convenience, .dynamic, .nonisolated, .class:
            return true
        default:
            return false
        }
    }

    /// `struct A`, `enum B: String`, `extension C.D where …` — the braces that follow hold members.
    private mutating func typeDeclaration(at i: Int, symbols: inout SwiftIndex) {
        var j = i + 1
        var path: [String] = []
        while j < tokens.count, tokens[j].kind == .identifier, !Self.isNotTypeName(tokens[j].word) {
            path.append(identifier(at: j))
            if j + 2 < tokens.count, tokens[j + 1].is(.dot), tokens[j + 2].kind == .identifier {
                j += 2
            } else {
                j += 1
                break
            }
        }
        guard !path.isEmpty, j < tokens.count,
              tokens[j].is(.leftBrace) || tokens[j].is(.colon) || tokens[j].is(.less) || tokens[j].is(.where)
        else { return }
        let keyword = tokens[i].word
        let fullPath = keyword == .extension ? path : typePath + path
        // Types nested deeper than this are not indexed (their braces are plain blocks, so what
        // they declare belongs to the type around them): keys stay short on any input.
        guard fullPath.count <= Self.maxTypeNesting else { return }
        let key = SwiftIndex.key(fullPath)
        var enumKey: String?
        let inherits = inheritanceClause(from: j)
        if keyword == .enum {
            enumKey = key
            if inherits.contains("String") { stringEnums.insert(key) }
        }
        if inherits.contains("WKUserContentController") { contentControllerTypes.insert(fullPath.first ?? "") }
        if let kind = SwiftTypeDeclaration.Kind(rawValue: keyword.rawValue) {
            symbols.add(SwiftTypeDeclaration(kind: kind, key: key, inherits: inherits, file: fileIndex))
        }
        setPending(.type(path: fullPath, enumKey: enumKey, isProtocol: keyword == .protocol))
    }

    /// The last component of every type named in the inheritance clause starting at `start`
    /// (`: A, B.C, D<E>` → A, C, D).
    private func inheritanceClause(from start: Int) -> [String] {
        guard start < tokens.count, tokens[start].is(.colon) || tokens[start].is(.less) else { return [] }
        var j = start
        var angle = 0
        var names: [String] = []
        var current: Int?
        while j < tokens.count, !tokens[j].is(.leftBrace), !tokens[j].is(.where) {
            let t = tokens[j]
            if t.is(.less) { angle += 1 }
            if t.is(.greater) { angle -= 1 }
            if angle == 0 {
                if t.kind == .identifier { current = j }
                if t.is(.comma) || t.is(.ampersand), let name = current { names.append(identifier(at: name)); current = nil }
            }
            j += 1
        }
        if let current { names.append(identifier(at: current)) }
        return names
    }

    /// `let a = "x"`, `static var b: [String] = […]`, `var c: [String] { … }`, `let d = 1, e = 2`:
    /// each binding with its type and initializer; a computed body is recorded when its brace closes.
    private mutating func variableDeclaration(at i: Int, symbols: inout SwiftIndex) {
        // `for case let x in`, `case let .a(x)`: a pattern, read by the loop or switch.
        if i > 0, tokens[i - 1].is(.case) || tokens[i - 1].is(.for) { return }
        let scope = i
        if case .type(_, _, true)? = frames.last {
            // A protocol requirement (`var name: String { get }`) has no value of its own.
            setPending(.variable(scope: scope, sawColon: false, sawEquals: false, declaration: nil))
            return
        }
        let context = self.context()
        let isStatic = hasStaticModifier(before: i)
        var j = i + 1
        var last: SwiftVariable?
        while j < tokens.count, tokens[j].kind == .identifier, !tokens[j].is(.case) {
            var variable = SwiftVariable(name: identifier(at: j), context: context, isStatic: isStatic)
            j += 1
            if j < tokens.count, tokens[j].is(.colon) {
                let end = typeEnd(from: j + 1)
                variable.type = SwiftSpan(file: fileIndex, range: (j + 1)..<end)
                j = end
            }
            if j < tokens.count, tokens[j].is(.assign) {
                let end = expressionEnd(from: j + 1)
                variable.initializer = SwiftSpan(file: fileIndex, range: (j + 1)..<end)
                symbols.add(variable, isLocal: isLocal(context))
                j = end
                last = nil
            } else {
                last = variable
                if variable.type != nil, !(j < tokens.count && tokens[j].is(.leftBrace)) {
                    // `var x: T` without a value: recorded so assignments can give it one.
                    symbols.add(variable, isLocal: isLocal(context))
                    last = nil
                }
            }
            guard j < tokens.count, tokens[j].is(.comma) else { break }
            j += 1
        }
        if tokens[i].is(.var) {
            setPending(.variable(scope: scope, sawColon: false, sawEquals: false, declaration: last))
        } else {
            pending = nil
        }
    }

    private static func isModifier(_ word: SwiftWord) -> Bool {
        switch word {
        case .private, .fileprivate, .internal, .public, .open, .package, .final, .lazy, .override, .weak,
             .unowned, .nonisolated, .dynamic, .mutating, .nonmutating, .required, .convenience, .set, .unsafe:
            return true
        default:
            return false
        }
    }

    private func hasStaticModifier(before i: Int) -> Bool {
        var j = i - 1
        while j >= 0 {
            let t = tokens[j]
            if t.is(.static) || t.is(.class) { return true }
            guard (t.kind == .identifier && Self.isModifier(t.word)) || t.kind == .attribute
                    || t.is(.leftParen) || t.is(.rightParen) else { return false }
            j -= 1
        }
        return false
    }

    /// The index after a type annotation starting at `start`.
    private func typeEnd(from start: Int) -> Int {
        var nesting = 0
        var j = start
        while j < tokens.count {
            let t = tokens[j]
            if t.is(.leftParen) || t.is(.leftBracket) || t.is(.less) { nesting += 1 }
            if t.is(.rightParen) || t.is(.rightBracket) || t.is(.greater) {
                if nesting == 0 { return j }
                nesting -= 1
            }
            if nesting == 0, t.is(.assign) || t.is(.leftBrace) || t.is(.rightBrace) || t.is(.semicolon) || t.is(.comma)
                || (j > start && t.isFirstOnLine && t.kind == .identifier) { return j }
            j += 1
        }
        return j
    }

    /// The index after the expression starting at `start`: it ends at a top-level `,`, `;`, an
    /// unbalanced closing bracket, or a line that does not continue it.
    func expressionEnd(from start: Int) -> Int {
        var nesting = 0
        var j = start
        while j < tokens.count {
            let t = tokens[j]
            if nesting == 0, j > start, t.isFirstOnLine, !continuesLine(t), !endsWithOperator(tokens[j - 1]) { return j }
            if t.is(.leftParen) || t.is(.leftBracket) { nesting += 1 }
            if t.is(.leftBrace) {
                // A trailing closure continues a call; any other brace ends the expression.
                if nesting == 0, j > start, !(tokens[j - 1].kind == .identifier || tokens[j - 1].is(.rightParen)) { return j }
                nesting += 1
            }
            if t.is(.rightParen) || t.is(.rightBracket) || t.is(.rightBrace) {
                if nesting == 0 { return j }
                nesting -= 1
            }
            if nesting == 0, t.is(.comma) || t.is(.semicolon) { return j }
            j += 1
        }
        return j
    }

    private func continuesLine(_ t: SwiftCompactToken) -> Bool {
        t.is(.dot) || (t.kind == .operatorSymbol && !t.is(.bang) && !t.is(.ampersand)) || t.is(.colon)
    }

    private func endsWithOperator(_ t: SwiftCompactToken) -> Bool {
        (t.kind == .operatorSymbol && !t.is(.question) && !t.is(.bang)) || t.is(.comma) || t.is(.leftParen) || t.is(.leftBracket)
    }

    /// `func name<T>(label name: Type = default, …)` or `init(…)` at `i`.
    private func functionDeclaration(at i: Int, scope: String, context: SwiftContext) -> SwiftFunction? {
        var j = i + 1
        let name: String
        if tokens[i].is(.`init`) || tokens[i].is(.subscript) {
            name = tokens[i].word.rawValue
        } else {
            guard j < tokens.count, tokens[j].kind == .identifier else { return nil }
            name = identifier(at: j)
            j += 1
        }
        while j < tokens.count, tokens[j].is(.question) || tokens[j].is(.bang) { j += 1 }
        var generics: [String: String] = [:]
        if j < tokens.count, tokens[j].is(.less) {
            // `<T: Feature, U>`: each parameter's first constraint.
            var angle = 0
            while j < tokens.count {
                if tokens[j].is(.less) { angle += 1 }
                if tokens[j].is(.greater) { angle -= 1; if angle == 0 { j += 1; break } }
                if angle == 1, tokens[j].kind == .identifier, j + 2 < tokens.count, tokens[j + 1].is(.colon),
                   tokens[j + 2].kind == .identifier {
                    generics[identifier(at: j)] = identifier(at: j + 2)
                }
                j += 1
            }
        }
        guard j < tokens.count, tokens[j].is(.leftParen) else { return nil }
        let close = skipBalanced(from: j) - 1
        var parameters: [SwiftParameter] = []
        for piece in splitTopLevel(j + 1, close) {
            guard let colon = piece.first(where: { tokens[$0].is(.colon) }), colon > piece.lowerBound else { continue }
            let names = piece.lowerBound..<colon
            let first = identifier(at: names.lowerBound)
            let second = names.count >= 2 ? identifier(at: names.lowerBound + 1) : nil
            var parameter = SwiftParameter(label: first == "_" ? nil : first, name: second ?? first)
            let equals = piece[(colon + 1)...].first { tokens[$0].is(.assign) && nestingIsZero(from: colon + 1, to: $0) }
            parameter.type = SwiftSpan(file: fileIndex, range: (colon + 1)..<(equals ?? piece.upperBound))
            if let equals { parameter.defaultValue = SwiftSpan(file: fileIndex, range: (equals + 1)..<piece.upperBound) }
            parameters.append(parameter)
        }
        return SwiftFunction(
            name: name, context: context, id: scope, parameters: parameters, body: nil,
            isStatic: hasStaticModifier(before: i), generics: generics)
    }

    private func nestingIsZero(from start: Int, to end: Int) -> Bool {
        var nesting = 0
        for k in start..<end {
            if tokens[k].is(.leftParen) || tokens[k].is(.leftBracket) || tokens[k].is(.less) { nesting += 1 }
            if tokens[k].is(.rightParen) || tokens[k].is(.rightBracket) || tokens[k].is(.greater) { nesting -= 1 }
        }
        return nesting == 0
    }

    /// The index ranges between top-level commas of `start..<end`.
    private func splitTopLevel(_ start: Int, _ end: Int) -> [Range<Int>] {
        guard start < end else { return [] }
        var pieces: [Range<Int>] = []
        var nesting = 0
        var pieceStart = start
        for k in start..<end {
            let t = tokens[k]
            if t.is(.leftParen) || t.is(.leftBracket) || t.is(.leftBrace) || t.is(.less) { nesting += 1 }
            if t.is(.rightParen) || t.is(.rightBracket) || t.is(.rightBrace) || t.is(.greater) { nesting -= 1 }
            if nesting == 0, t.is(.comma) {
                pieces.append(pieceStart..<k)
                pieceStart = k + 1
            }
        }
        pieces.append(pieceStart..<end)
        return pieces.filter { !$0.isEmpty }
    }

    /// `case a, b = "bee", c` inside an enum body.
    private mutating func enumCases(at i: Int, enumPath: [String], enumKey: String, symbols: inout SwiftIndex) {
        let isString = stringEnums.contains(enumKey)
        var j = i + 1
        while j < tokens.count, tokens[j].kind == .identifier {
            let name = identifier(at: j)
            var raw: String? = isString ? name : nil
            j += 1
            if j < tokens.count, tokens[j].is(.leftParen) {
                raw = nil
                j = skipBalanced(from: j)
            }
            if j < tokens.count, tokens[j].is(.assign) {
                raw = isString ? plainString(at: j + 1) : nil
                j += 2
            }
            symbols.enumCases[enumKey, default: []].append((name, raw))
            guard j < tokens.count, tokens[j].is(.comma) else { return }
            j += 1
        }
    }

    /// `for [case] [let] NAME in SOURCE [where …] {` (also `for (a, b) in`): the names and the
    /// source's span.
    private func loopHeader(at i: Int) -> SwiftBinding? {
        var j = i + 1
        while j < tokens.count, tokens[j].is(.case) || tokens[j].is(.let)
                || tokens[j].is(.var) || tokens[j].is(.try) || tokens[j].is(.await) {
            j += 1
        }
        var names: [String] = []
        if j < tokens.count, tokens[j].is(.leftParen) {
            let close = skipBalanced(from: j) - 1
            for k in (j + 1)..<max(j + 1, close) where tokens[k].kind == .identifier && !tokens[k].is(.let) {
                names.append(identifier(at: k))
            }
            j = close + 1
        } else if j < tokens.count, tokens[j].kind == .identifier {
            names = [identifier(at: j)]
            j += 1
            // `for x: T in …`
            if j < tokens.count, tokens[j].is(.colon) {
                var nesting = 0
                j += 1
                while j < tokens.count, !(nesting == 0 && (tokens[j].is(.in) || tokens[j].is(.leftBrace))) {
                    if tokens[j].is(.leftParen) || tokens[j].is(.leftBracket) || tokens[j].is(.less) { nesting += 1 }
                    if tokens[j].is(.rightParen) || tokens[j].is(.rightBracket) || tokens[j].is(.greater) { nesting -= 1 }
                    j += 1
                }
            }
        }
        guard !names.isEmpty, j < tokens.count, tokens[j].is(.in) else { return nil }
        var k = j + 1
        var nesting = 0
        while k < tokens.count {
            let t = tokens[k]
            if nesting == 0, t.is(.leftBrace) || t.is(.where) { break }
            if t.is(.leftParen) || t.is(.leftBracket) || t.is(.leftBrace) { nesting += 1 }
            if t.is(.rightParen) || t.is(.rightBracket) || t.is(.rightBrace) { nesting -= 1 }
            k += 1
        }
        return SwiftBinding(
            names: names, source: SwiftSpan(file: fileIndex, range: (j + 1)..<k), isClosure: false,
            isFiltered: k < tokens.count && tokens[k].is(.where))
    }

    /// `SOURCE.forEach { NAME in … }` or `SOURCE.forEach { …$0… }` with the `{` at `i`; also
    /// `map`, `compactMap`, `flatMap` and `filter`, as a trailing closure or the only argument
    /// (`.map({ … })`), and `reduce(into: x) { acc, NAME in … }` / `reduce(x) { … }`, whose
    /// element is the second parameter. The signature is read by `SwiftClosureSignature`, as the
    /// expression parser reads it.
    private func closureBinding(at i: Int) -> SwiftBinding? {
        guard i >= 2 else { return nil }
        var method = i - 1
        var isArgument = false
        if tokens[method].is(.leftParen) {
            // `.map({ … })`
            method -= 1
        } else if tokens[method].is(.rightParen) || tokens[method].is(.comma) {
            // `.reduce(into: []) { … }`, `.reduce([], { … })`: back to the `(` (a few tokens;
            // a longer initial value is not read, so the walk stays linear).
            isArgument = true
            var nesting = tokens[method].is(.rightParen) ? 0 : 1
            let limit = max(0, method - 64)
            while method >= limit {
                if tokens[method].is(.rightParen) || tokens[method].is(.rightBracket) { nesting += 1 }
                if tokens[method].is(.leftParen) || tokens[method].is(.leftBracket) {
                    nesting -= 1
                    if nesting == 0 { break }
                }
                method -= 1
            }
            guard method >= limit, tokens[method].is(.leftParen) else { return nil }
            method -= 1
            guard method >= 0, tokens[method].is(.reduce) else { return nil }
        }
        guard method >= 1, tokens[method - 1].is(.dot) else { return nil }
        switch tokens[method].word {
        case .forEach, .map, .compactMap, .flatMap, .filter, .reduce: break
        default: return nil
        }
        let isReduce = tokens[method].is(.reduce)
        if isReduce, !isArgument { return nil }
        let dot = method - 1
        let start = postfixStart(before: dot)
        guard start < dot else { return nil }
        let signature = SwiftClosureSignature.parse(count: tokens.count - (i + 1)) { piece(at: i + 1 + $0) }
        return SwiftBinding(
            names: signature?.names ?? [], source: SwiftSpan(file: fileIndex, range: start..<dot), isClosure: true,
            isFiltered: tokens[method].is(.filter) || tokens[method].is(.compactMap), elementOffset: isReduce ? 1 : 0)
    }

    /// The token at `j` as `SwiftClosureSignature` reads it.
    private func piece(at j: Int) -> SwiftClosureSignature.Piece {
        let t = tokens[j]
        switch t.word {
        case .leftParen: return .leftParen
        case .rightParen: return .rightParen
        case .leftBracket: return .leftBracket
        case .rightBracket: return .rightBracket
        case .leftBrace: return .leftBrace
        case .rightBrace: return .rightBrace
        case .less: return .less
        case .greater: return .greater
        case .comma: return .comma
        case .colon: return .colon
        case .arrow: return .arrow
        default:
            guard t.kind == .identifier else { return .other }
            return .name(identifier(at: j), backticked: bytes[Int(t.start)] == UInt8(ascii: "`"))
        }
    }

    /// The first token of the postfix expression (`a.b(c)[d]?.e`) that ends just before `end`.
    private func postfixStart(before end: Int) -> Int {
        var j = end - 1
        while j >= 0 {
            let t = tokens[j]
            if t.is(.rightParen) || t.is(.rightBracket) || t.is(.rightBrace) {
                var nesting = 0
                while j >= 0 {
                    if tokens[j].is(.rightParen) || tokens[j].is(.rightBracket) || tokens[j].is(.rightBrace) { nesting += 1 }
                    if tokens[j].is(.leftParen) || tokens[j].is(.leftBracket) || tokens[j].is(.leftBrace) {
                        nesting -= 1
                        if nesting == 0 { break }
                    }
                    j -= 1
                }
                // A call's callee, or a literal that starts the expression.
                if j > 0, tokens[j - 1].kind == .identifier || tokens[j - 1].is(.rightParen) || tokens[j - 1].is(.rightBracket) {
                    j -= 1
                    continue
                }
                return max(j, 0)
            }
            if t.kind == .identifier {
                if j > 0, tokens[j - 1].is(.dot) || tokens[j - 1].is(.question) || tokens[j - 1].is(.bang) {
                    j -= 1
                    continue
                }
                return j
            }
            if t.is(.dot) || t.is(.question) || t.is(.bang) {
                j -= 1
                continue
            }
            return j + 1
        }
        return 0
    }

    // MARK: - Script sources and templates

    /// `WKUserScript(source: S, injectionTime: …, forMainFrameOnly: …, in: W)`: the world of S;
    /// `x.replacingOccurrences(of: "%k%", with: v)`: a template binding.
    private mutating func recordScriptCall(at i: Int) {
        let arguments = list.arguments(from: i + 1)
        if tokens[i].is(.replacingOccurrences) {
            guard arguments.count >= 2, arguments[0].label == "of", arguments[1].label == "with",
                  arguments[0].tokens.count == 1, tokens[arguments[0].tokens.lowerBound].kind == .string,
                  !tokens[arguments[0].tokens.lowerBound].hasInterpolation else { return }
            bindingCandidates.append((
                list.token(tokens[arguments[0].tokens.lowerBound]), list.tokens(arguments[1].tokens), context()))
            return
        }
        guard let source = arguments.first(where: { $0.label == "source" }),
              let world = arguments.first(where: { $0.label == "in" }) else { return }
        let worldText = sourceText(world.tokens)
        let first = source.tokens.lowerBound
        if source.tokens.count == 1, tokens[first].kind == .string {
            worldsByLiteral[tokens[first].range.lowerBound] = worldText
        } else if !source.tokens.isEmpty, source.tokens.count <= 8 {
            // A name (`pageSource`) or a member (`Self.pageSource`, `Scripts.page`): resolved to
            // the variable it reads once every file is scanned.
            worldsByReference.append((list.tokens(source.tokens), worldText, context()))
        }
    }

    /// The script of `x.evaluateJavaScript(S, …)`, `x.callAsyncJavaScript(S, …)` (every overload:
    /// the script is the first, unlabelled, argument) or `WKUserScript(source: S, …)`: a literal,
    /// or a name or member whose variable holds one.
    private mutating func recordEvaluatedScript(at i: Int) {
        let arguments = list.arguments(from: i + 1)
        let script = tokens[i].is(.WKUserScript) ? arguments.first { $0.label == "source" } : arguments.first.flatMap { $0.label == nil ? $0 : nil }
        guard let script, !script.tokens.isEmpty else { return }
        let first = script.tokens.lowerBound
        if script.tokens.count == 1, tokens[first].kind == .string {
            evaluatedLiterals.insert(tokens[first].range.lowerBound)
        } else if script.tokens.count <= 8,
                  script.tokens.allSatisfy({ tokens[$0].kind == .identifier || tokens[$0].is(.dot) }) {
            evaluatedReferences.append((list.tokens(script.tokens), context()))
        }
    }

    // MARK: - Calls and mutations

    /// Records `name(` as a call and `x = v`, `x += v`, `x.append(v)`, `x[k] = v` as mutations.
    private mutating func recordCallOrMutation(at i: Int, afterDot: Bool, symbols: inout SwiftIndex) {
        guard i + 1 < tokens.count else { return }
        let token = tokens[i]
        let next = tokens[i + 1]
        // Most identifiers are neither called nor mutated: rule them out before making Strings.
        switch next.word {
        case .leftParen:
            // (`name == "init"` for a keyword that is not a callee only when it is `init`.)
            if !next.isFirstOnLine, !Self.isNotCallee(token.word) || (afterDot && token.is(.`init`)),
               !(i > 0 && (tokens[i - 1].is(.func) || tokens[i - 1].is(.case))) {
                let name = identifier(at: i)
                let receiver = afterDot && i >= 2 ? identifier(at: i - 2) : nil
                symbols.callsByName[name, default: []].append(SwiftCall(
                    name: name, receiver: receiver, span: SwiftSpan(file: fileIndex, range: i..<(i + 1)), context: context()))
            }
            return
        case .assign, .plusAssign, .dot, .leftBracket:
            break
        default:
            return
        }
        // Mutations of `self.x` or a bare `x`, and of `v.x` through a plain name `v` (resolution
        // keeps those whose `v` is a value of the variable's type).
        let onSelf = !afterDot || isSelf(at: i - 2)
        var receiver: SwiftSpan?
        if !onSelf {
            guard i >= 2, tokens[i - 2].kind == .identifier, !(i >= 3 && (tokens[i - 3].is(.dot) || tokens[i - 3].is(.question))) else { return }
            receiver = SwiftSpan(file: fileIndex, range: (i - 2)..<(i - 1))
        }
        guard !(i > 0 && (tokens[i - 1].is(.let) || tokens[i - 1].is(.var))) else { return }
        if next.is(.assign) || next.is(.plusAssign) {
            let name = identifier(at: i)
            let end = expressionEnd(from: i + 2)
            symbols.mutationsByName[name, default: []].append(SwiftMutation(
                name: name, onSelf: receiver == nil, receiver: receiver, kind: next.is(.assign) ? .assign : .appendContents,
                value: SwiftSpan(file: fileIndex, range: (i + 2)..<end), context: context()))
        } else if next.is(.dot), i + 3 < tokens.count, tokens[i + 3].is(.leftParen) {
            let method = tokens[i + 2].word
            switch method {
            case .append, .insert, .formUnion, .updateValue: break
            default: return
            }
            let close = skipBalanced(from: i + 3) - 1
            let pieces = splitTopLevel(i + 4, close)
            guard let first = pieces.first else { return }
            let hasLabel = first.count >= 2 && tokens[first.lowerBound].kind == .identifier && tokens[first.lowerBound + 1].is(.colon)
            let label = hasLabel ? identifier(at: first.lowerBound) : nil
            let valueRange = hasLabel ? (first.lowerBound + 2)..<first.upperBound : first
            var kind: SwiftMutation.Kind?
            var range = valueRange
            switch (method, label) {
            case (.append, nil), (.insert, nil): kind = .appendElement
            case (.append, "contentsOf"), (.insert, "contentsOf"), (.formUnion, nil): kind = .appendContents
            case (.updateValue, nil) where pieces.count == 2:
                kind = .key
                let second = pieces[1]
                range = (second.lowerBound + 2)..<second.upperBound
            default: break
            }
            if let kind {
                let name = identifier(at: i)
                symbols.mutationsByName[name, default: []].append(SwiftMutation(
                    name: name, onSelf: receiver == nil, receiver: receiver, kind: kind, value: SwiftSpan(file: fileIndex, range: range), context: context()))
            }
        } else if next.is(.leftBracket), !next.isFirstOnLine {
            let close = skipBalanced(from: i + 1)
            if close < tokens.count, tokens[close].is(.assign) {
                let name = identifier(at: i)
                symbols.mutationsByName[name, default: []].append(SwiftMutation(
                    name: name, onSelf: receiver == nil, receiver: receiver, kind: .key, value: SwiftSpan(file: fileIndex, range: (i + 2)..<(close - 1)),
                    context: context()))
            }
        }
    }

    // MARK: - Registrations

    /// `X.add(H, name: N)`, `X.add(H, contentWorld: W, name: N)`,
    /// `X.addScriptMessageHandler(H, contentWorld: W, name: N)`, `X.addScriptMessageHandler(H, name: N)`.
    private mutating func registration(at i: Int) {
        guard i + 1 < tokens.count, tokens[i + 1].is(.leftParen) else { return }
        // Inside an implementation of `add` itself (a test double, a swizzled or overriding
        // controller), the call forwards whatever the real call sites register.
        if let function = innermostFunction, function.name == "add" || function.name == "addScriptMessageHandler" { return }
        let arguments = list.arguments(from: i + 1)
        let labels = arguments.map(\.label)
        let withReply = tokens[i].is(.addScriptMessageHandler)
        let reply: Bool
        var world: String?
        if labels == [nil, "name"] {
            reply = false
        } else if labels == [nil, "contentWorld", "name"] {
            reply = withReply
            world = sourceText(arguments[1].tokens)
        } else {
            return
        }
        let nameRange = arguments[arguments.count - 1].tokens
        guard !nameRange.isEmpty else { return }
        let first = tokens[nameRange.lowerBound]
        let context = self.context()
        uses.append(RegistrationUse(
            file: file, nameTokens: list.tokens(nameRange), nameText: sourceText(nameRange),
            location: SourceLocation(file: file, line: Int(first.line), column: Int(first.column)),
            reply: reply, world: world, scope: context.straightLine.map { $0 + "|" + receiverText(before: i) }, context: context,
            receiverTypes: receiverTypes(of: arguments[0].tokens), receiverMembers: receiverMembers(of: arguments[0].tokens)))
    }

    /// The properties that the handler object's initializer written in `span` (or that of the
    /// local holding it) is handed: an argument `name` or `self.name`.
    private func receiverMembers(of span: Range<Int>, throughLocal: Bool = true) -> [String] {
        if span.count == 1, throughLocal, tokens[span.lowerBound].kind == .identifier, !isSelf(at: span.lowerBound),
           let initializer = localInitializer(of: identifier(at: span.lowerBound), before: span.lowerBound) {
            return receiverMembers(of: initializer, throughLocal: false)
        }
        guard let first = span.first, tokens[first].kind == .identifier, identifier(at: first).first?.isUppercase == true,
              let open = span.first(where: { tokens[$0].is(.leftParen) }), skipBalanced(from: open) == span.upperBound else { return [] }
        var members: [String] = []
        for argument in list.arguments(from: open) {
            let a = argument.tokens
            if a.count == 1, tokens[a.lowerBound].kind == .identifier, !isSelf(at: a.lowerBound),
               localInitializer(of: identifier(at: a.lowerBound), before: a.lowerBound) == nil {
                members.append(identifier(at: a.lowerBound))
            } else if a.count == 3, isSelf(at: a.lowerBound), tokens[a.lowerBound + 1].is(.dot), tokens[a.lowerBound + 2].kind == .identifier {
                members.append(identifier(at: a.lowerBound + 2))
            }
        }
        return members
    }

    /// The types whose `didReceive` may get the messages of the handler object written in
    /// `span`: `self` is the enclosing type; `X()` or `X.Y(…)` is `X.Y`, then the enclosing type
    /// when `self` is one of its arguments (a weak proxy: `LeakAvoider(delegate: self)`).
    private func receiverTypes(of span: Range<Int>, throughLocal: Bool = true) -> [String] {
        let own = typePath.joined(separator: ".")
        if span.count == 1, isSelf(at: span.lowerBound) { return own.isEmpty ? [] : [own] }
        if span.count == 1, throughLocal, tokens[span.lowerBound].kind == .identifier,
           let initializer = localInitializer(of: identifier(at: span.lowerBound), before: span.lowerBound) {
            // `let handler = ReadFileHandler(); controller.add(handler, name: …)`
            return receiverTypes(of: initializer, throughLocal: false)
        }
        var j = span.lowerBound
        var path: [String] = []
        while j < span.upperBound, tokens[j].kind == .identifier, !isSelf(at: j) {
            path.append(identifier(at: j))
            guard j + 1 < span.upperBound, tokens[j + 1].is(.dot) else { j += 1; break }
            j += 2
        }
        guard !path.isEmpty, j < span.upperBound, tokens[j].is(.leftParen), let first = path.first?.first, first.isUppercase,
              skipBalanced(from: j) == span.upperBound else { return [] }
        var types = [path.joined(separator: ".")]
        let passesSelf = list.arguments(from: j).contains { $0.tokens.count == 1 && isSelf(at: $0.tokens.lowerBound) }
        if passesSelf, !own.isEmpty { types.append(own) }
        return types
    }


    /// The initializer of the nearest `let NAME = …` before `end` in the function being
    /// scanned (a `let`, so nothing reassigns it); nil when there is none.
    private func localInitializer(of name: String, before end: Int) -> Range<Int>? {
        var open: Int?
        for frame in frames.reversed() {
            if case .function(_, _, let brace) = frame { open = brace; break }
        }
        guard let open, open + 1 < end else { return nil }
        let start = open + 1
        var j = end - 3
        while j >= start {
            if tokens[j].is(.let), tokens[j + 1].kind == .identifier, identifier(at: j + 1) == name, tokens[j + 2].is(.assign) {
                let stop = expressionEnd(from: j + 3)
                return stop <= end ? (j + 3)..<stop : nil
            }
            j -= 1
        }
        return nil
    }

    // MARK: - Dispatch names

    /// Whether `IDENT . name` starts at `i`, IDENT being a `WKScriptMessage`. (Inlined, like the
    /// other small helpers the walk calls per token: a call would copy the scanner.)
    @inline(__always)
    private func isMessageName(at i: Int) -> Bool {
        i + 2 < tokens.count && tokens[i].kind == .identifier && tokens[i + 1].is(.dot) && tokens[i + 2].is(.name)
            && messageNames.contains(identifier(at: i))
    }

    /// `message.name == "x"` and `switch message.name { case "x": … }`.
    private mutating func messageName(at i: Int) {
        if i + 4 < tokens.count, tokens[i + 3].is(.equalEqual) || tokens[i + 3].is(.notEqual),
           let _ = plainString(at: i + 4), !continuesExpression(at: i + 5) {
            addDispatch(at: i + 4)
        } else if i > 0, tokens[i - 1].is(.switch), i + 3 < tokens.count, tokens[i + 3].is(.leftBrace) {
            switchCases(from: i + 3)
        }
    }

    /// The string-literal case patterns of the switch whose `{` is at `open`, not those of
    /// switches nested in it.
    private mutating func switchCases(from open: Int) {
        var depth = 0
        var j = open
        while j < tokens.count {
            let t = tokens[j]
            if t.is(.leftBrace) { depth += 1 }
            if t.is(.rightBrace) {
                depth -= 1
                if depth == 0 { return }
            }
            if depth == 1, t.is(.case), j > 0,
               !(tokens[j - 1].is(.if) || tokens[j - 1].is(.guard) || tokens[j - 1].is(.while)
                 || tokens[j - 1].is(.for) || tokens[j - 1].is(.comma)) {
                j = casePatterns(from: j + 1)
                continue
            }
            j += 1
        }
    }

    /// Reads the patterns of one `case` up to its `:`; returns the index after the `:`.
    private mutating func casePatterns(from start: Int) -> Int {
        var j = start
        // The item is the tokens since `itemStart`, top-level commas excluded.
        var itemStart = start
        var nesting = 0
        func finishItem(_ scanner: inout SwiftFileScanner, end: Int) {
            if end > itemStart, scanner.tokens[itemStart].kind == .string, !scanner.tokens[itemStart].hasInterpolation,
               end - itemStart == 1 || scanner.tokens[itemStart + 1].is(.where) {
                scanner.addDispatch(at: itemStart)
            }
            itemStart = end + 1
        }
        while j < tokens.count {
            let t = tokens[j]
            if t.is(.leftParen) || t.is(.leftBracket) { nesting += 1 }
            if t.is(.rightParen) || t.is(.rightBracket) { nesting -= 1 }
            if t.is(.leftBrace) || t.is(.rightBrace) { break }
            if nesting == 0, t.is(.colon) {
                finishItem(&self, end: j)
                return j + 1
            }
            if nesting == 0, t.is(.comma) { finishItem(&self, end: j) }
            j += 1
        }
        return j
    }

    /// The string literal at `j` as a name Swift dispatches on.
    private mutating func addDispatch(at j: Int) {
        let token = tokens[j]
        guard let value = list.stringValue(token), !token.isUnterminated else { return }
        dispatchNames.append(DispatchName(
            name: value, location: SourceLocation(file: file, line: Int(token.line), column: Int(token.column))))
    }

    // MARK: - Helpers

    private var typePath: [String] { typePaths.last ?? [] }

    /// `chain`, `>`, then the branch's id: the opener's scope id, then `#` and each clause's.
    private func chain(_ chain: String, extendedBy branch: Branch) -> String {
        var id = ScopeIDWriter(capacity: chain.utf8.count + 1 + (1 + branch.clauses.count) * (fileUTF8.count + 22))
        id.append(chain)
        id.append(UInt8(ascii: ">"))
        if let opener = branch.opener { id.appendScope(of: tokens[opener], file: fileUTF8) }
        for clause in branch.clauses {
            id.append(UInt8(ascii: "#"))
            id.appendScope(of: tokens[clause], file: fileUTF8)
        }
        return id.string
    }

    /// The receiver of the call whose name is at `i`, as written (`self` when there is none):
    /// adding one name to two different controllers is no duplicate.
    private func receiverText(before i: Int) -> String {
        guard i > 0, tokens[i - 1].is(.dot) else { return "self" }
        let start = postfixStart(before: i - 1)
        return start < i - 1 ? sourceText(start..<(i - 1)) : "self"
    }

    /// The innermost function or initializer being scanned.
    private var innermostFunction: SwiftFunction? {
        for frame in frames.reversed() {
            if case .function(_, let declaration, _) = frame { return declaration }
        }
        return nil
    }

    /// What is known inside some frames: their context, and the straight-line id without the
    /// top-level clause (`chain`), from which the next depth's place is derived.
    private struct Place {
        var context: SwiftContext
        /// The innermost function's id and the ids of the non-empty branches since (the
        /// function's own included), joined by `>`; nil outside functions.
        var chain: String?
    }

    /// Where the token being scanned sits.
    private mutating func context() -> SwiftContext { place(at: frames.count).context }

    /// The place inside the first `depth` frames. It is derived from the place one frame out,
    /// so each is made once per frame state, with at most one string appended: a type sets the
    /// type path, a function or property the function and a new chain, a loop adds a binding,
    /// and a non-empty branch extends the chain. `straightLine` is the chain, then the
    /// top-level clause (the function around the code plus the branches it is in: where two
    /// registrations of one name both run, so the second is a duplicate).
    private mutating func place(at depth: Int) -> Place {
        if let place = places[depth] { return place }
        // The nearest depth out whose place is known; those inside it are made outwards in, in
        // a loop rather than a call per frame (frames nest as deep as the input does).
        var known = depth
        while known > 0, places[known] == nil { known -= 1 }
        if places[known] == nil {
            places[known] = Place(
                context: SwiftContext(file: fileIndex, typePath: [], function: nil, straightLine: nil, bindings: []), chain: nil)
        }
        var outer = places[known]!
        for inner in stride(from: known + 1, through: depth, by: 1) {
            outer = place(at: inner, inside: outer)
            places[inner] = outer
        }
        return outer
    }

    /// The place inside the first `depth` frames, from the place inside one frame less.
    private func place(at depth: Int, inside outer: Place) -> Place {
        var typePath = outer.context.typePath
        var function = outer.context.function
        var bindings = outer.context.bindings
        var chain = outer.chain
        switch frames[depth - 1] {
        case .type(let path, _, _):
            typePath = path
        case .function(let scope, _, _), .property(let scope, _, _):
            function = scope
            chain = scope
        case .loop(let binding):
            bindings.append(binding)
        case .block:
            // Nothing changes inside a plain block: the same context.
            if branches[depth - 1].isEmpty { return outer }
        }
        let branch = branches[depth - 1]
        if branch.isClosure {
            chain = function.map { self.chain($0, extendedBy: branch) }
        } else if !branch.isEmpty, let outerChain = chain {
            chain = self.chain(outerChain, extendedBy: branch)
        }
        let straightLine = chain.map { chain in topLevelClause.map { chain + ">" + scopeID(at: $0) } ?? chain }
        return Place(
            context: outer.context.with(typePath: typePath, function: function, straightLine: straightLine, bindings: bindings),
            chain: chain)
    }

    private mutating func push(_ frame: Frame, _ branch: Branch) {
        if case .type(let path, _, _) = frame { typePaths.append(path) } else { typePaths.append(typePath) }
        frames.append(frame)
        branches.append(branch)
        places.append(nil)
    }

    private mutating func pop() -> Frame? {
        guard let frame = frames.popLast() else { return nil }
        typePaths.removeLast()
        branches.removeLast()
        places.removeLast()
        return frame
    }

    /// Inside a function, initializer, accessor or computed body (not directly in a type).
    private func isLocal(_ context: SwiftContext) -> Bool { context.function != nil }

    /// `file:line:column` of the token at `j`: the id of a function, accessor or branch scope.
    private func scopeID(at j: Int) -> String {
        var id = ScopeIDWriter(capacity: fileUTF8.count + 22)
        id.appendScope(of: tokens[j], file: fileUTF8)
        return id.string
    }

    /// The name of the token at `j` (backticks removed), as `SwiftToken.identifier`.
    @inline(__always)
    private func identifier(at j: Int) -> String { list.identifier(tokens[j]) }

    /// Whether the token at `j` is the name `self` (`identifier(at: j) == "self"`, also backticked).
    private func isSelf(at j: Int) -> Bool {
        guard j >= 0, tokens[j].kind == .identifier else { return false }
        return tokens[j].is(.`self`) || (list.bytes[Int(tokens[j].start)] == UInt8(ascii: "`") && identifier(at: j) == "self")
    }

    /// The word of the token at `j`, `.other` past the end.
    @inline(__always)
    private func word(at j: Int) -> SwiftWord { j < tokens.count ? tokens[j].word : .other }

    /// The decoded value of a complete, non-interpolated string literal at `j`.
    private func plainString(at j: Int) -> String? {
        guard j < tokens.count, tokens[j].kind == .string, !tokens[j].isUnterminated else { return nil }
        return list.stringValue(tokens[j])
    }

    /// `[ "a", "b", ]` at `j`: the values and the index after `]`.
    private func stringArray(at j: Int) -> ([String], Int)? {
        guard j < tokens.count, tokens[j].is(.leftBracket) else { return nil }
        var values: [String] = []
        var k = j + 1
        while k < tokens.count {
            if tokens[k].is(.rightBracket) { return (values, k + 1) }
            guard let value = plainString(at: k) else { return nil }
            values.append(value)
            k += 1
            if k < tokens.count, tokens[k].is(.comma) { k += 1 } else if !(k < tokens.count && tokens[k].is(.rightBracket)) { return nil }
        }
        return nil
    }

    /// Whether an expression that ended before `j` really ends there (no `.member`, call,
    /// subscript or binary operator follows).
    private func endsExpression(at j: Int) -> Bool {
        guard j < tokens.count else { return true }
        let t = tokens[j]
        if t.is(.dot) || t.kind == .operatorSymbol { return false }
        if t.isFirstOnLine { return true }
        return t.is(.comma) || t.is(.semicolon) || t.is(.rightBrace) || t.is(.rightParen)
    }

    /// Whether the token at `j` continues an expression (`.member`, a call or a subscript).
    private func continuesExpression(at j: Int) -> Bool {
        guard j < tokens.count else { return false }
        return tokens[j].is(.dot) || (!tokens[j].isFirstOnLine && (tokens[j].is(.leftParen) || tokens[j].is(.leftBracket)))
    }

    private func skipBalanced(from open: Int) -> Int { list.skipBalanced(from: open) }

    /// The source text from the first to the last of the tokens at `span`, whitespace-trimmed.
    private func sourceText(_ span: Range<Int>) -> String {
        guard !span.isEmpty, tokens[span.lowerBound].start <= tokens[span.upperBound - 1].end else { return "" }
        let text = String(decoding: bytes[Int(tokens[span.lowerBound].start)..<Int(tokens[span.upperBound - 1].end)], as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Writes scope ids (`file:line:column`, joined by `>` into straight-line chains) as bytes and
/// makes one String of them: the scan makes one per function and per branch with code in it,
/// and String concatenation would allocate and copy the long file path again for each piece.
private struct ScopeIDWriter {
    private var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// `file:line:column` of `token`.
    mutating func appendScope(of token: SwiftCompactToken, file: [UInt8]) {
        bytes.append(contentsOf: file)
        bytes.append(UInt8(ascii: ":"))
        appendDecimal(token.line)
        bytes.append(UInt8(ascii: ":"))
        appendDecimal(token.column)
    }

    private mutating func appendDecimal(_ value: UInt32) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            for k in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[k]) }
        }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
