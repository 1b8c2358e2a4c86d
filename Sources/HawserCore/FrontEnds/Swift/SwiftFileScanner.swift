import Foundation

/// Walks the tokens of one Swift file (comments removed) and records what the front end needs:
/// declarations into the shared symbol table, registration calls (resolved later, once every
/// file has been scanned), and dispatch names.
///
/// The walk tracks braces to know the enclosing types (for qualified names), function bodies
/// (for `scope`) and `for` loops (for loop variables). It is a heuristic reading of Swift, not a
/// parser: it aims to be right on ordinary code and never to crash on anything else.
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
    }

    private enum Frame {
        case type(path: [String], enumKey: String?, isProtocol: Bool)
        /// A function's body, opened at token `open`.
        case function(scope: String, declaration: SwiftFunction?, open: Int)
        /// The braces after `var x: T`: a computed property (its own scope) or its accessors.
        case property(scope: String, variable: SwiftVariable?, open: Int)
        /// A `for` loop's body, or a `forEach` closure's.
        case loop(SwiftBinding)
        case block
    }

    /// A declaration seen whose body brace has not come yet.
    private enum Pending {
        case type(path: [String], enumKey: String?, isProtocol: Bool)
        case function(scope: String, declaration: SwiftFunction?)
        case variable(scope: String, sawColon: Bool, sawEquals: Bool, declaration: SwiftVariable?)
        case loop(SwiftBinding?)
    }

    let file: String
    private let fileIndex: Int
    private let bytes: [UInt8]
    private let tokens: [SwiftToken]
    /// Names declared `: WKScriptMessage` in this file, plus `message`.
    private var messageNames: Set<String> = ["message"]

    private var frames: [Frame] = []
    /// For each frame, the branch it is: an `if`/`else`/`guard`/`catch` body, the current
    /// `case` of a `switch`, the current `#if` clause; empty for straight-line blocks. Two
    /// registrations are in one straight line only when their branch chains agree.
    private var branches: [String] = []
    /// A branch keyword seen at this paren depth whose brace has not come yet.
    private var branchKeywordDepth: Int?
    private var switchKeywordDepth: Int?
    private var switchFrames: Set<Int> = []
    /// The current `#else`/`#elseif` clause outside any braces.
    private var topLevelClause: String?
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
    /// byte offset, or by the name of the variable passed as its source.
    private(set) var worldsByLiteral: [Int: String] = [:]
    private(set) var worldsByName: [(name: String, world: String, context: SwiftContext)] = []
    /// `replacingOccurrences(of: "…", with: value)` and `"key": value` entries of dictionary
    /// literals: candidate template bindings, resolved once every file is scanned.
    private(set) var bindingCandidates: [(key: SwiftToken, value: [SwiftToken], context: SwiftContext)] = []
    private(set) var dispatchNames: [DispatchName] = []

    init(file: SourceFile, tokens: [SwiftToken], index fileIndex: Int) {
        self.file = file.path
        self.fileIndex = fileIndex
        self.bytes = file.bytes
        self.tokens = tokens.filter { !$0.isComment }
    }

    /// Scans the file, adding its declarations, calls and mutations to `symbols`.
    mutating func scan(into symbols: inout SwiftIndex) {
        symbols.files.append(file)
        symbols.tokens.append(tokens)
        for i in tokens.indices where tokens[i].isSymbol(":") && i > 0 && i + 1 < tokens.count {
            if tokens[i + 1].isKeyword("WKScriptMessage"), tokens[i - 1].kind == .identifier {
                messageNames.insert(tokens[i - 1].identifier)
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
            if ["if", "else", "guard", "catch"].contains(token.text) { branchKeywordDepth = parenDepth }
            if token.text == "switch" { switchKeywordDepth = parenDepth }
            if token.text == "case" || token.text == "default", let last = frames.indices.last, switchFrames.contains(last) {
                branches[last] = scopeID(token)
            }
            identifier(token, at: i, symbols: &symbols)
        case .directive:
            // `#else` and `#elseif` start another clause of the innermost block.
            if (token.text == "#else" || token.text == "#elseif"), let last = branches.indices.last {
                branches[last] += "#" + scopeID(token)
            } else if token.text == "#else" || token.text == "#elseif" {
                topLevelClause = scopeID(token)
            }
        case .string:
            if i + 2 < tokens.count, tokens[i + 1].isSymbol("==") || tokens[i + 1].isSymbol("!="),
               isMessageName(at: i + 2), !continuesExpression(at: i + 5) {
                addDispatch(token)
            }
            if token.text.contains("messageHandlers") { scriptLiterals.append((token, context)) }
            // `"key": value` in a dictionary literal (not a `case "x":` label or a ternary).
            if i + 2 < tokens.count, tokens[i + 1].isSymbol(":"), token.stringValue != nil, i > 0,
               tokens[i - 1].isSymbol("[") || tokens[i - 1].isSymbol(","), parenDepth > 0 {
                let end = expressionEnd(from: i + 2)
                if end > i + 2 { bindingCandidates.append((token, Array(tokens[(i + 2)..<end]), context)) }
            }
        default:
            break
        }
    }

    private mutating func symbol(_ token: SwiftToken, at i: Int, symbols: inout SwiftIndex) {
        switch token.text {
        case "(", "[":
            parenDepth += 1
        case ")", "]":
            parenDepth = max(0, parenDepth - 1)
        case "{":
            let frame = frameForBrace(at: i)
            var branch = ""
            if case .block = frame, branchKeywordDepth == parenDepth { branch = scopeID(token) }
            if case .block = frame, switchKeywordDepth == parenDepth { switchFrames.insert(frames.count) }
            branchKeywordDepth = nil
            switchKeywordDepth = nil
            frames.append(frame)
            branches.append(branch)
            pending = nil
        case "}":
            switchFrames.remove(frames.count - 1)
            if let frame = frames.popLast() {
                branches.removeLast()
                close(frame, at: i, symbols: &symbols)
            }
            pending = nil
        case ";":
            pending = nil
            branchKeywordDepth = nil
        case ":":
            if case .variable(let scope, _, let sawEquals, let declaration) = pending, pendingDepth == parenDepth {
                pending = .variable(scope: scope, sawColon: true, sawEquals: sawEquals, declaration: declaration)
            }
        case "=":
            if case .variable(let scope, let sawColon, _, let declaration) = pending, pendingDepth == parenDepth {
                pending = .variable(scope: scope, sawColon: sawColon, sawEquals: true, declaration: declaration)
            }
        default:
            break
        }
    }

    private func frameForBrace(at i: Int) -> Frame {
        guard let pending, pendingDepth == parenDepth else {
            if let binding = forEachBinding(at: i) { return .loop(binding) }
            return .block
        }
        switch pending {
        case .type(let path, let enumKey, let isProtocol): return .type(path: path, enumKey: enumKey, isProtocol: isProtocol)
        case .function(let scope, let declaration): return .function(scope: scope, declaration: declaration, open: i)
        case .variable(let scope, let sawColon, let sawEquals, let declaration):
            return sawColon && !sawEquals ? .property(scope: scope, variable: declaration, open: i) : .block
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

    private static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "protocol", "extension"]
    private static let accessorNames: Set<String> = ["get", "set", "willSet", "didSet", "_read", "_modify"]
    /// Identifiers followed by `(` that are not calls.
    private static let notCallees: Set<String> = [
        "if", "guard", "while", "switch", "return", "case", "in", "for", "where", "catch", "throw", "try", "await",
        "init", "func", "subscript", "let", "var", "else", "repeat", "is", "as", "some", "any", "inout",
    ]

    private mutating func identifier(_ token: SwiftToken, at i: Int, symbols: inout SwiftIndex) {
        let afterDot = i > 0 && tokens[i - 1].isSymbol(".")
        let text = token.text
        recordCallOrMutation(at: i, afterDot: afterDot, symbols: &symbols)
        if text == "WKUserScript" || text == "replacingOccurrences", isAny(at: i + 1, ["("]) {
            recordScriptCall(at: i)
        }
        if afterDot {
            if text == "add" || text == "addScriptMessageHandler" {
                registration(at: i)
            } else if isMessageName(at: i) {
                messageName(at: i)
            }
            return
        }
        if Self.typeKeywords.contains(text) {
            typeDeclaration(at: i, symbols: &symbols)
        } else if text == "func" || text == "deinit"
                    || (text == "init" && isAny(at: i + 1, ["(", "?", "!", "<"]))
                    || (text == "subscript" && isAny(at: i + 1, ["(", "<"])) {
            let scope = scopeID(token)
            setPending(.function(scope: scope, declaration: functionDeclaration(at: i, scope: scope)))
        } else if text == "var" || text == "let" {
            variableDeclaration(at: i, symbols: &symbols)
        } else if text == "for" {
            setPending(.loop(loopHeader(at: i)))
        } else if text == "case", case .type(let path, let enumKey?, _)? = frames.last {
            enumCases(at: i, enumPath: path, enumKey: enumKey, symbols: &symbols)
        } else if Self.accessorNames.contains(text), case .property? = frames.last,
                  isAny(at: i + 1, ["{"]) || (isAny(at: i + 1, ["("]) && isAny(at: i + 3, [")"]) && isAny(at: i + 4, ["{"])) {
            setPending(.function(scope: scopeID(token), declaration: nil))
        } else if text == "add" || text == "addScriptMessageHandler", isAny(at: i + 1, ["("]),
                  !(i > 0 && tokens[i - 1].isKeyword("func")), contentControllerTypes.contains(typePath.first ?? "") {
            // `add(self, name: …)` inside `extension WKUserContentController` or a subclass.
            registration(at: i)
        } else if messageNames.contains(token.identifier), isMessageName(at: i) {
            messageName(at: i)
        }
    }

    // MARK: - Declarations

    private static let notTypeNames: Set<String> = [
        "func", "var", "let", "subscript", "init", "deinit", "override", "final", "private", "fileprivate",
        "public", "internal", "open", "static", "required", "convenience", "dynamic", "nonisolated", "class",
    ]

    /// `struct A`, `enum B: String`, `extension C.D where …` — the braces that follow hold members.
    private mutating func typeDeclaration(at i: Int, symbols: inout SwiftIndex) {
        var j = i + 1
        var path: [String] = []
        while j < tokens.count, tokens[j].kind == .identifier, !Self.notTypeNames.contains(tokens[j].text) {
            path.append(tokens[j].identifier)
            if j + 2 < tokens.count, tokens[j + 1].isSymbol("."), tokens[j + 2].kind == .identifier {
                j += 2
            } else {
                j += 1
                break
            }
        }
        guard !path.isEmpty, j < tokens.count,
              tokens[j].isSymbol("{") || tokens[j].isSymbol(":") || tokens[j].isSymbol("<") || tokens[j].isKeyword("where")
        else { return }
        let fullPath = tokens[i].text == "extension" ? path : typePath + path
        let key = SwiftIndex.key(fullPath)
        var enumKey: String?
        let inherits = inheritanceClause(from: j)
        if tokens[i].text == "enum" {
            enumKey = key
            if inherits.contains("String") { stringEnums.insert(key) }
        }
        if inherits.contains("WKUserContentController") { contentControllerTypes.insert(fullPath.first ?? "") }
        if let kind = SwiftTypeDeclaration.Kind(rawValue: tokens[i].text) {
            symbols.add(SwiftTypeDeclaration(kind: kind, key: key, inherits: inherits, file: fileIndex))
        }
        setPending(.type(path: fullPath, enumKey: enumKey, isProtocol: tokens[i].text == "protocol"))
    }

    /// The last component of every type named in the inheritance clause starting at `start`
    /// (`: A, B.C, D<E>` → A, C, D).
    private func inheritanceClause(from start: Int) -> [String] {
        guard start < tokens.count, tokens[start].isSymbol(":") || tokens[start].isSymbol("<") else { return [] }
        var j = start
        var angle = 0
        var names: [String] = []
        var current: String?
        while j < tokens.count, !tokens[j].isSymbol("{"), !tokens[j].isKeyword("where") {
            let t = tokens[j]
            if t.isSymbol("<") { angle += 1 }
            if t.isSymbol(">") { angle -= 1 }
            if angle == 0 {
                if t.kind == .identifier { current = t.identifier }
                if t.isSymbol(",") || t.isSymbol("&"), let name = current { names.append(name); current = nil }
            }
            j += 1
        }
        if let current { names.append(current) }
        return names
    }

    /// `let a = "x"`, `static var b: [String] = […]`, `var c: [String] { … }`, `let d = 1, e = 2`:
    /// each binding with its type and initializer; a computed body is recorded when its brace closes.
    private mutating func variableDeclaration(at i: Int, symbols: inout SwiftIndex) {
        // `for case let x in`, `case let .a(x)`: a pattern, read by the loop or switch.
        if i > 0, tokens[i - 1].isKeyword("case") || tokens[i - 1].isKeyword("for") { return }
        let scope = scopeID(tokens[i])
        if case .type(_, _, true)? = frames.last {
            // A protocol requirement (`var name: String { get }`) has no value of its own.
            setPending(.variable(scope: scope, sawColon: false, sawEquals: false, declaration: nil))
            return
        }
        let context = self.context
        let isStatic = hasStaticModifier(before: i)
        var j = i + 1
        var last: SwiftVariable?
        while j < tokens.count, tokens[j].kind == .identifier, !tokens[j].isKeyword("case") {
            var variable = SwiftVariable(name: tokens[j].identifier, context: context, isStatic: isStatic)
            j += 1
            if j < tokens.count, tokens[j].isSymbol(":") {
                let end = typeEnd(from: j + 1)
                variable.type = SwiftSpan(file: fileIndex, range: (j + 1)..<end)
                j = end
            }
            if j < tokens.count, tokens[j].isSymbol("=") {
                let end = expressionEnd(from: j + 1)
                variable.initializer = SwiftSpan(file: fileIndex, range: (j + 1)..<end)
                symbols.add(variable, isLocal: isLocal(context))
                j = end
                last = nil
            } else {
                last = variable
                if variable.type != nil, !(j < tokens.count && tokens[j].isSymbol("{")) {
                    // `var x: T` without a value: recorded so assignments can give it one.
                    symbols.add(variable, isLocal: isLocal(context))
                    last = nil
                }
            }
            guard j < tokens.count, tokens[j].isSymbol(",") else { break }
            j += 1
        }
        if tokens[i].text == "var" {
            setPending(.variable(scope: scope, sawColon: false, sawEquals: false, declaration: last))
        } else {
            pending = nil
        }
    }

    private static let modifiers: Set<String> = [
        "private", "fileprivate", "internal", "public", "open", "package", "final", "lazy", "override", "weak",
        "unowned", "nonisolated", "dynamic", "mutating", "nonmutating", "required", "convenience", "set", "unsafe",
    ]

    private func hasStaticModifier(before i: Int) -> Bool {
        var j = i - 1
        while j >= 0 {
            let t = tokens[j]
            if t.isKeyword("static") || t.isKeyword("class") { return true }
            guard (t.kind == .identifier && Self.modifiers.contains(t.text)) || t.kind == .attribute
                    || t.isSymbol("(") || t.isSymbol(")") else { return false }
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
            if t.isSymbol("(") || t.isSymbol("[") || t.isSymbol("<") { nesting += 1 }
            if t.isSymbol(")") || t.isSymbol("]") || t.isSymbol(">") {
                if nesting == 0 { return j }
                nesting -= 1
            }
            if nesting == 0, t.isSymbol("=") || t.isSymbol("{") || t.isSymbol("}") || t.isSymbol(";") || t.isSymbol(",")
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
            if t.isSymbol("(") || t.isSymbol("[") { nesting += 1 }
            if t.isSymbol("{") {
                // A trailing closure continues a call; any other brace ends the expression.
                if nesting == 0, j > start, !(tokens[j - 1].kind == .identifier || tokens[j - 1].isSymbol(")")) { return j }
                nesting += 1
            }
            if t.isSymbol(")") || t.isSymbol("]") || t.isSymbol("}") {
                if nesting == 0 { return j }
                nesting -= 1
            }
            if nesting == 0, t.isSymbol(",") || t.isSymbol(";") { return j }
            j += 1
        }
        return j
    }

    private func continuesLine(_ t: SwiftToken) -> Bool {
        t.isSymbol(".") || (t.kind == .operatorSymbol && t.text != "!" && t.text != "&") || t.isSymbol(":")
    }

    private func endsWithOperator(_ t: SwiftToken) -> Bool {
        (t.kind == .operatorSymbol && t.text != "?" && t.text != "!") || t.isSymbol(",") || t.isSymbol("(") || t.isSymbol("[")
    }

    /// `func name<T>(label name: Type = default, …)` or `init(…)` at `i`.
    private func functionDeclaration(at i: Int, scope: String) -> SwiftFunction? {
        var j = i + 1
        let name: String
        if tokens[i].text == "init" || tokens[i].text == "subscript" {
            name = tokens[i].text
        } else {
            guard j < tokens.count, tokens[j].kind == .identifier else { return nil }
            name = tokens[j].identifier
            j += 1
        }
        while j < tokens.count, tokens[j].isSymbol("?") || tokens[j].isSymbol("!") { j += 1 }
        var generics: [String: String] = [:]
        if j < tokens.count, tokens[j].isSymbol("<") {
            // `<T: Feature, U>`: each parameter's first constraint.
            var angle = 0
            while j < tokens.count {
                if tokens[j].isSymbol("<") { angle += 1 }
                if tokens[j].isSymbol(">") { angle -= 1; if angle == 0 { j += 1; break } }
                if angle == 1, tokens[j].kind == .identifier, j + 2 < tokens.count, tokens[j + 1].isSymbol(":"),
                   tokens[j + 2].kind == .identifier {
                    generics[tokens[j].identifier] = tokens[j + 2].identifier
                }
                j += 1
            }
        }
        guard j < tokens.count, tokens[j].isSymbol("(") else { return nil }
        let close = skipBalanced(from: j) - 1
        var parameters: [SwiftParameter] = []
        for piece in splitTopLevel(j + 1, close) {
            guard let colon = piece.first(where: { tokens[$0].isSymbol(":") }), colon > piece.lowerBound else { continue }
            let names = piece.lowerBound..<colon
            let first = tokens[names.lowerBound].identifier
            let second = names.count >= 2 ? tokens[names.lowerBound + 1].identifier : nil
            var parameter = SwiftParameter(label: first == "_" ? nil : first, name: second ?? first)
            let equals = piece[(colon + 1)...].first { tokens[$0].isSymbol("=") && nestingIsZero(from: colon + 1, to: $0) }
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
            if tokens[k].isSymbol("(") || tokens[k].isSymbol("[") || tokens[k].isSymbol("<") { nesting += 1 }
            if tokens[k].isSymbol(")") || tokens[k].isSymbol("]") || tokens[k].isSymbol(">") { nesting -= 1 }
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
            if t.isSymbol("(") || t.isSymbol("[") || t.isSymbol("{") || t.isSymbol("<") { nesting += 1 }
            if t.isSymbol(")") || t.isSymbol("]") || t.isSymbol("}") || t.isSymbol(">") { nesting -= 1 }
            if nesting == 0, t.isSymbol(",") {
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
            let name = tokens[j].identifier
            var raw: String? = isString ? name : nil
            j += 1
            if j < tokens.count, tokens[j].isSymbol("(") {
                raw = nil
                j = skipBalanced(from: j)
            }
            if j < tokens.count, tokens[j].isSymbol("=") {
                raw = isString ? plainString(at: j + 1) : nil
                j += 2
            }
            symbols.enumCases[enumKey, default: []].append((name, raw))
            guard j < tokens.count, tokens[j].isSymbol(",") else { return }
            j += 1
        }
    }

    /// `for [case] [let] NAME in SOURCE [where …] {` (also `for (a, b) in`): the names and the
    /// source's span.
    private func loopHeader(at i: Int) -> SwiftBinding? {
        var j = i + 1
        while j < tokens.count, tokens[j].isKeyword("case") || tokens[j].isKeyword("let")
                || tokens[j].isKeyword("var") || tokens[j].isKeyword("try") || tokens[j].isKeyword("await") {
            j += 1
        }
        var names: [String] = []
        if j < tokens.count, tokens[j].isSymbol("(") {
            let close = skipBalanced(from: j) - 1
            for k in (j + 1)..<max(j + 1, close) where tokens[k].kind == .identifier && !tokens[k].isKeyword("let") {
                names.append(tokens[k].identifier)
            }
            j = close + 1
        } else if j < tokens.count, tokens[j].kind == .identifier {
            names = [tokens[j].identifier]
            j += 1
            // `for x: T in …`
            if j < tokens.count, tokens[j].isSymbol(":") { j = typeEnd(from: j + 1) }
        }
        guard !names.isEmpty, j < tokens.count, tokens[j].isKeyword("in") else { return nil }
        var k = j + 1
        var nesting = 0
        while k < tokens.count {
            let t = tokens[k]
            if nesting == 0, t.isSymbol("{") || t.isKeyword("where") { break }
            if t.isSymbol("(") || t.isSymbol("[") || t.isSymbol("{") { nesting += 1 }
            if t.isSymbol(")") || t.isSymbol("]") || t.isSymbol("}") { nesting -= 1 }
            k += 1
        }
        return SwiftBinding(
            names: names, source: SwiftSpan(file: fileIndex, range: (j + 1)..<k), isClosure: false,
            isFiltered: k < tokens.count && tokens[k].isKeyword("where"))
    }

    /// `SOURCE.forEach { NAME in … }` or `SOURCE.forEach { …$0… }` with the `{` at `i`.
    private func forEachBinding(at i: Int) -> SwiftBinding? {
        guard i >= 2, tokens[i - 1].isKeyword("forEach"), tokens[i - 2].isSymbol(".") else { return nil }
        let start = postfixStart(before: i - 2)
        guard start < i - 2 else { return nil }
        var names: [String] = []
        var j = i + 1
        if j < tokens.count, tokens[j].isSymbol("(") { j += 1 }
        var k = j
        while k < tokens.count, k - j < 8, tokens[k].kind == .identifier || tokens[k].isSymbol(",") || tokens[k].isSymbol(")") {
            if tokens[k].kind == .identifier { names.append(tokens[k].identifier) }
            k += 1
        }
        if !(k < tokens.count && tokens[k].isKeyword("in")) { names = [] }
        return SwiftBinding(names: names, source: SwiftSpan(file: fileIndex, range: start..<(i - 2)), isClosure: true)
    }

    /// The first token of the postfix expression (`a.b(c)[d]?.e`) that ends just before `end`.
    private func postfixStart(before end: Int) -> Int {
        var j = end - 1
        while j >= 0 {
            let t = tokens[j]
            if t.isSymbol(")") || t.isSymbol("]") || t.isSymbol("}") {
                var nesting = 0
                while j >= 0 {
                    if tokens[j].isSymbol(")") || tokens[j].isSymbol("]") || tokens[j].isSymbol("}") { nesting += 1 }
                    if tokens[j].isSymbol("(") || tokens[j].isSymbol("[") || tokens[j].isSymbol("{") {
                        nesting -= 1
                        if nesting == 0 { break }
                    }
                    j -= 1
                }
                // A call's callee, or a literal that starts the expression.
                if j > 0, tokens[j - 1].kind == .identifier || tokens[j - 1].isSymbol(")") || tokens[j - 1].isSymbol("]") {
                    j -= 1
                    continue
                }
                return max(j, 0)
            }
            if t.kind == .identifier {
                if j > 0, tokens[j - 1].isSymbol(".") || (tokens[j - 1].kind == .operatorSymbol && (tokens[j - 1].text == "?" || tokens[j - 1].text == "!")) {
                    j -= 1
                    continue
                }
                return j
            }
            if t.isSymbol(".") || (t.kind == .operatorSymbol && (t.text == "?" || t.text == "!")) {
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
        let arguments = splitArguments(from: i + 1)
        if tokens[i].text == "replacingOccurrences" {
            guard arguments.count >= 2, arguments[0].label == "of", arguments[1].label == "with",
                  arguments[0].tokens.count == 1, arguments[0].tokens[0].stringValue != nil else { return }
            bindingCandidates.append((arguments[0].tokens[0], arguments[1].tokens, context))
            return
        }
        guard let source = arguments.first(where: { $0.label == "source" }),
              let world = arguments.first(where: { $0.label == "in" }) else { return }
        let worldText = sourceText(world.tokens)
        if source.tokens.count == 1, source.tokens[0].kind == .string {
            worldsByLiteral[source.tokens[0].range.lowerBound] = worldText
        } else if source.tokens.count == 1, source.tokens[0].kind == .identifier {
            worldsByName.append((source.tokens[0].identifier, worldText, context))
        }
    }

    // MARK: - Calls and mutations

    /// Records `name(` as a call and `x = v`, `x += v`, `x.append(v)`, `x[k] = v` as mutations.
    private mutating func recordCallOrMutation(at i: Int, afterDot: Bool, symbols: inout SwiftIndex) {
        let token = tokens[i]
        let name = token.identifier
        guard i + 1 < tokens.count else { return }
        let next = tokens[i + 1]
        let receiver = afterDot && i >= 2 ? tokens[i - 2].identifier : nil
        if next.isSymbol("("), !next.isFirstOnLine, !Self.notCallees.contains(token.text) || (afterDot && name == "init"),
           !(i > 0 && (tokens[i - 1].isKeyword("func") || tokens[i - 1].isKeyword("case"))) {
            symbols.callsByName[name, default: []].append(SwiftCall(
                name: name, receiver: receiver, span: SwiftSpan(file: fileIndex, range: i..<(i + 1)), context: context))
        }
        // Mutations: only of `self.x` or a bare `x`.
        let onSelf = !afterDot || receiver == "self"
        guard onSelf, !(i > 0 && (tokens[i - 1].isKeyword("let") || tokens[i - 1].isKeyword("var"))) else { return }
        if next.isSymbol("=") || next.isSymbol("+=") {
            let end = expressionEnd(from: i + 2)
            symbols.mutationsByName[name, default: []].append(SwiftMutation(
                name: name, onSelf: true, kind: next.isSymbol("=") ? .assign : .appendContents,
                value: SwiftSpan(file: fileIndex, range: (i + 2)..<end), context: context))
        } else if next.isSymbol("."), i + 3 < tokens.count, tokens[i + 3].isSymbol("(") {
            let method = tokens[i + 2].text
            let close = skipBalanced(from: i + 3) - 1
            let pieces = splitTopLevel(i + 4, close)
            guard let first = pieces.first else { return }
            let hasLabel = first.count >= 2 && tokens[first.lowerBound].kind == .identifier && tokens[first.lowerBound + 1].isSymbol(":")
            let label = hasLabel ? tokens[first.lowerBound].identifier : nil
            let valueRange = hasLabel ? (first.lowerBound + 2)..<first.upperBound : first
            var kind: SwiftMutation.Kind?
            var range = valueRange
            switch (method, label) {
            case ("append", nil), ("insert", nil): kind = .appendElement
            case ("append", "contentsOf"), ("insert", "contentsOf"), ("formUnion", nil): kind = .appendContents
            case ("updateValue", nil) where pieces.count == 2:
                kind = .key
                let second = pieces[1]
                range = (second.lowerBound + 2)..<second.upperBound
            default: break
            }
            if let kind {
                symbols.mutationsByName[name, default: []].append(SwiftMutation(
                    name: name, onSelf: true, kind: kind, value: SwiftSpan(file: fileIndex, range: range), context: context))
            }
        } else if next.isSymbol("["), !next.isFirstOnLine {
            let close = skipBalanced(from: i + 1)
            if close < tokens.count, tokens[close].isSymbol("=") {
                symbols.mutationsByName[name, default: []].append(SwiftMutation(
                    name: name, onSelf: true, kind: .key, value: SwiftSpan(file: fileIndex, range: (i + 2)..<(close - 1)),
                    context: context))
            }
        }
    }

    // MARK: - Registrations

    /// `X.add(H, name: N)`, `X.add(H, contentWorld: W, name: N)`,
    /// `X.addScriptMessageHandler(H, contentWorld: W, name: N)`, `X.addScriptMessageHandler(H, name: N)`.
    private mutating func registration(at i: Int) {
        guard i + 1 < tokens.count, tokens[i + 1].isSymbol("(") else { return }
        // Inside an implementation of `add` itself (a test double, a swizzled or overriding
        // controller), the call forwards whatever the real call sites register.
        if let function = innermostFunction, function.name == "add" || function.name == "addScriptMessageHandler" { return }
        let arguments = splitArguments(from: i + 1)
        let labels = arguments.map(\.label)
        let withReply = tokens[i].text == "addScriptMessageHandler"
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
        let nameTokens = arguments[arguments.count - 1].tokens
        guard let first = nameTokens.first else { return }
        uses.append(RegistrationUse(
            file: file, nameTokens: nameTokens, nameText: sourceText(nameTokens),
            location: SourceLocation(file: file, line: first.line, column: first.column),
            reply: reply, world: world, scope: straightLineScope.map { $0 + "|" + receiverText(before: i) }, context: context))
    }

    private struct Argument {
        var label: String?
        var tokens: [SwiftToken]
    }

    /// The arguments of the call whose `(` is at `open`, split at top-level commas.
    private func splitArguments(from open: Int) -> [Argument] {
        var arguments: [Argument] = []
        var current: [SwiftToken] = []
        var nesting = 0
        var j = open + 1
        func finish() {
            if current.count >= 2, current[0].kind == .identifier, current[1].isSymbol(":") {
                arguments.append(Argument(label: current[0].identifier, tokens: Array(current.dropFirst(2))))
            } else {
                arguments.append(Argument(label: nil, tokens: current))
            }
            current = []
        }
        while j < tokens.count {
            let t = tokens[j]
            if t.isSymbol("(") || t.isSymbol("[") || t.isSymbol("{") { nesting += 1 }
            if t.isSymbol(")") || t.isSymbol("]") || t.isSymbol("}") {
                if nesting == 0 {
                    if !current.isEmpty || !arguments.isEmpty { finish() }
                    return arguments
                }
                nesting -= 1
            }
            if nesting == 0, t.isSymbol(",") {
                finish()
            } else {
                current.append(t)
            }
            j += 1
        }
        return []  // unterminated call
    }

    // MARK: - Dispatch names

    /// Whether `IDENT . name` starts at `i`, IDENT being a `WKScriptMessage`.
    private func isMessageName(at i: Int) -> Bool {
        i + 2 < tokens.count && tokens[i].kind == .identifier && messageNames.contains(tokens[i].identifier)
            && tokens[i + 1].isSymbol(".") && tokens[i + 2].isKeyword("name")
    }

    /// `message.name == "x"` and `switch message.name { case "x": … }`.
    private mutating func messageName(at i: Int) {
        if i + 4 < tokens.count, tokens[i + 3].isSymbol("==") || tokens[i + 3].isSymbol("!="),
           let _ = plainString(at: i + 4), !continuesExpression(at: i + 5) {
            addDispatch(tokens[i + 4])
        } else if i > 0, tokens[i - 1].isKeyword("switch"), i + 3 < tokens.count, tokens[i + 3].isSymbol("{") {
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
            if t.isSymbol("{") { depth += 1 }
            if t.isSymbol("}") {
                depth -= 1
                if depth == 0 { return }
            }
            if depth == 1, t.isKeyword("case"), j > 0,
               !(tokens[j - 1].isKeyword("if") || tokens[j - 1].isKeyword("guard") || tokens[j - 1].isKeyword("while")
                 || tokens[j - 1].isKeyword("for") || tokens[j - 1].isSymbol(",")) {
                j = casePatterns(from: j + 1)
                continue
            }
            j += 1
        }
    }

    /// Reads the patterns of one `case` up to its `:`; returns the index after the `:`.
    private mutating func casePatterns(from start: Int) -> Int {
        var j = start
        var item: [SwiftToken] = []
        var nesting = 0
        func finishItem(_ scanner: inout SwiftFileScanner) {
            if let first = item.first, first.kind == .string, first.stringValue != nil,
               item.count == 1 || item[1].isKeyword("where") {
                scanner.addDispatch(first)
            }
            item = []
        }
        while j < tokens.count {
            let t = tokens[j]
            if t.isSymbol("(") || t.isSymbol("[") { nesting += 1 }
            if t.isSymbol(")") || t.isSymbol("]") { nesting -= 1 }
            if t.isSymbol("{") || t.isSymbol("}") { break }
            if nesting == 0, t.isSymbol(":") {
                finishItem(&self)
                return j + 1
            }
            if nesting == 0, t.isSymbol(",") { finishItem(&self) } else { item.append(t) }
            j += 1
        }
        return j
    }

    private mutating func addDispatch(_ token: SwiftToken) {
        guard let value = token.stringValue, !token.isUnterminated else { return }
        dispatchNames.append(DispatchName(name: value, location: SourceLocation(file: file, line: token.line, column: token.column)))
    }

    // MARK: - Helpers

    private var typePath: [String] {
        // Type frames hold absolute paths, so the innermost one is the whole answer.
        for frame in frames.reversed() {
            if case .type(let path, _, _) = frame { return path }
        }
        return []
    }

    private var currentScope: String? {
        for frame in frames.reversed() {
            switch frame {
            case .function(let scope, _, _), .property(let scope, _, _): return scope
            default: continue
            }
        }
        return nil
    }

    /// The function around the token plus the branches it is in: where two registrations of
    /// one name both run, so the second is a duplicate.
    private var straightLineScope: String? {
        guard let function = currentScope else { return nil }
        guard let start = frames.lastIndex(where: { frame in
            switch frame {
            case .function, .property: return true
            default: return false
            }
        }) else { return function }
        let chain = branches[start...].filter { !$0.isEmpty } + (topLevelClause.map { [$0] } ?? [])
        return chain.isEmpty ? function : function + ">" + chain.joined(separator: ">")
    }

    /// The receiver of the call whose name is at `i`, as written (`self` when there is none):
    /// adding one name to two different controllers is no duplicate.
    private func receiverText(before i: Int) -> String {
        guard i > 0, tokens[i - 1].isSymbol(".") else { return "self" }
        let start = postfixStart(before: i - 1)
        return start < i - 1 ? sourceText(Array(tokens[start..<(i - 1)])) : "self"
    }

    /// The innermost function or initializer being scanned.
    private var innermostFunction: SwiftFunction? {
        for frame in frames.reversed() {
            if case .function(_, let declaration, _) = frame { return declaration }
        }
        return nil
    }

    /// Where the token being scanned sits.
    private var context: SwiftContext {
        SwiftContext(
            file: fileIndex, typePath: typePath, function: currentScope, straightLine: straightLineScope,
            bindings: frames.compactMap { frame in
                if case .loop(let binding) = frame { return binding } else { return nil }
            })
    }

    /// Inside a function, initializer, accessor or computed body (not directly in a type).
    private func isLocal(_ context: SwiftContext) -> Bool { context.function != nil }

    private func scopeID(_ token: SwiftToken) -> String { "\(file):\(token.line):\(token.column)" }

    private func isAny(at j: Int, _ symbols: [String]) -> Bool {
        j < tokens.count && (tokens[j].kind == .punctuation || tokens[j].kind == .operatorSymbol)
            && symbols.contains(tokens[j].text)
    }

    /// The decoded value of a complete, non-interpolated string literal at `j`.
    private func plainString(at j: Int) -> String? {
        guard j < tokens.count, tokens[j].kind == .string, !tokens[j].isUnterminated else { return nil }
        return tokens[j].stringValue
    }

    /// `[ "a", "b", ]` at `j`: the values and the index after `]`.
    private func stringArray(at j: Int) -> ([String], Int)? {
        guard j < tokens.count, tokens[j].isSymbol("[") else { return nil }
        var values: [String] = []
        var k = j + 1
        while k < tokens.count {
            if tokens[k].isSymbol("]") { return (values, k + 1) }
            guard let value = plainString(at: k) else { return nil }
            values.append(value)
            k += 1
            if k < tokens.count, tokens[k].isSymbol(",") { k += 1 } else if !(k < tokens.count && tokens[k].isSymbol("]")) { return nil }
        }
        return nil
    }

    /// Whether an expression that ended before `j` really ends there (no `.member`, call,
    /// subscript or binary operator follows).
    private func endsExpression(at j: Int) -> Bool {
        guard j < tokens.count else { return true }
        let t = tokens[j]
        if t.isSymbol(".") || t.kind == .operatorSymbol { return false }
        if t.isFirstOnLine { return true }
        return t.isSymbol(",") || t.isSymbol(";") || t.isSymbol("}") || t.isSymbol(")")
    }

    /// Whether the token at `j` continues an expression (`.member`, a call or a subscript).
    private func continuesExpression(at j: Int) -> Bool {
        guard j < tokens.count else { return false }
        return tokens[j].isSymbol(".") || (!tokens[j].isFirstOnLine && (tokens[j].isSymbol("(") || tokens[j].isSymbol("[")))
    }

    private func skipBalanced(from open: Int) -> Int {
        var nesting = 0
        var j = open
        while j < tokens.count {
            if tokens[j].isSymbol("(") || tokens[j].isSymbol("[") { nesting += 1 }
            if tokens[j].isSymbol(")") || tokens[j].isSymbol("]") {
                nesting -= 1
                if nesting == 0 { return j + 1 }
            }
            j += 1
        }
        return j
    }

    /// The source text from the first to the last token, whitespace-trimmed.
    private func sourceText(_ span: [SwiftToken]) -> String {
        guard let first = span.first, let last = span.last, first.range.lowerBound <= last.range.upperBound else { return "" }
        let text = String(decoding: bytes[first.range.lowerBound..<last.range.upperBound], as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
