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
        var typePath: [String]
        /// The `for` loops around the call, innermost last.
        var loops: [LoopBinding]
    }

    /// `for variable in source { … }`
    struct LoopBinding {
        var variable: String
        var source: [SwiftToken]
    }

    private enum Frame {
        case type(path: [String], enumKey: String?)
        case function(scope: String)
        /// The braces after `var x: T`: a computed property (its own scope) or its accessors.
        case property(scope: String)
        case loop(LoopBinding)
        case block
    }

    /// A declaration seen whose body brace has not come yet.
    private enum Pending {
        case type(path: [String], enumKey: String?)
        case function(scope: String)
        case variable(scope: String, sawColon: Bool, sawEquals: Bool)
        case loop(LoopBinding?)
    }

    let file: String
    private let bytes: [UInt8]
    private let tokens: [SwiftToken]
    /// Names declared `: WKScriptMessage` in this file, plus `message`.
    private var messageNames: Set<String> = ["message"]

    private var frames: [Frame] = []
    private var pending: Pending?
    private var pendingDepth = 0
    private var parenDepth = 0
    private var enumCaseValues: [String: [String]] = [:]
    private var stringEnums: [String] = []

    private(set) var uses: [RegistrationUse] = []
    private(set) var dispatchNames: [DispatchName] = []

    init(file: SourceFile, tokens: [SwiftToken]) {
        self.file = file.path
        self.bytes = file.bytes
        self.tokens = tokens.filter { !$0.isComment }
    }

    /// Scans the file, adding its declarations to `symbols`.
    mutating func scan(into symbols: inout SwiftSymbolTable) {
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
        for key in stringEnums {
            let values = enumCaseValues[key] ?? []
            symbols.enumAllCases[key, default: []].append(.init(file: file, value: values))
        }
    }

    // MARK: - The walk

    private mutating func step(at i: Int, symbols: inout SwiftSymbolTable) {
        let token = tokens[i]
        switch token.kind {
        case .punctuation, .operatorSymbol:
            symbol(token, at: i)
        case .identifier:
            identifier(token, at: i, symbols: &symbols)
        case .string:
            if i + 2 < tokens.count, tokens[i + 1].isSymbol("==") || tokens[i + 1].isSymbol("!="),
               isMessageName(at: i + 2), !continuesExpression(at: i + 5) {
                addDispatch(token)
            }
        default:
            break
        }
    }

    private mutating func symbol(_ token: SwiftToken, at i: Int) {
        switch token.text {
        case "(", "[":
            parenDepth += 1
        case ")", "]":
            parenDepth = max(0, parenDepth - 1)
        case "{":
            frames.append(frameForBrace())
            pending = nil
        case "}":
            if !frames.isEmpty { frames.removeLast() }
            pending = nil
        case ";":
            pending = nil
        case ":":
            if case .variable(let scope, _, let sawEquals) = pending, pendingDepth == parenDepth {
                pending = .variable(scope: scope, sawColon: true, sawEquals: sawEquals)
            }
        case "=":
            if case .variable(let scope, let sawColon, _) = pending, pendingDepth == parenDepth {
                pending = .variable(scope: scope, sawColon: sawColon, sawEquals: true)
            }
        default:
            break
        }
    }

    private func frameForBrace() -> Frame {
        guard let pending, pendingDepth == parenDepth else { return .block }
        switch pending {
        case .type(let path, let enumKey): return .type(path: path, enumKey: enumKey)
        case .function(let scope): return .function(scope: scope)
        case .variable(let scope, let sawColon, let sawEquals):
            return sawColon && !sawEquals ? .property(scope: scope) : .block
        case .loop(let binding): return binding.map { .loop($0) } ?? .block
        }
    }

    private mutating func setPending(_ value: Pending) {
        pending = value
        pendingDepth = parenDepth
    }

    private static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "protocol", "extension"]
    private static let accessorNames: Set<String> = ["get", "set", "willSet", "didSet", "_read", "_modify"]

    private mutating func identifier(_ token: SwiftToken, at i: Int, symbols: inout SwiftSymbolTable) {
        let afterDot = i > 0 && tokens[i - 1].isSymbol(".")
        let text = token.text
        if afterDot {
            if text == "add" || text == "addScriptMessageHandler" {
                registration(at: i)
            } else if isMessageName(at: i) {
                messageName(at: i)
            }
            return
        }
        if Self.typeKeywords.contains(text) {
            typeDeclaration(at: i)
        } else if text == "func" || text == "deinit"
                    || (text == "init" && isAny(at: i + 1, ["(", "?", "!", "<"]))
                    || (text == "subscript" && isAny(at: i + 1, ["(", "<"])) {
            setPending(.function(scope: scopeID(token)))
        } else if text == "var" {
            setPending(.variable(scope: scopeID(token), sawColon: false, sawEquals: false))
        } else if text == "let" {
            pending = nil
            constantDeclaration(at: i, symbols: &symbols)
        } else if text == "for" {
            setPending(.loop(loopHeader(at: i)))
        } else if text == "case", case .type(let path, let enumKey?)? = frames.last {
            enumCases(at: i, enumPath: path, enumKey: enumKey, symbols: &symbols)
        } else if Self.accessorNames.contains(text), case .property? = frames.last,
                  isAny(at: i + 1, ["{"]) || (isAny(at: i + 1, ["("]) && isAny(at: i + 3, [")"]) && isAny(at: i + 4, ["{"])) {
            setPending(.function(scope: scopeID(token)))
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
    private mutating func typeDeclaration(at i: Int) {
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
        var enumKey: String?
        if tokens[i].text == "enum" {
            let key = SwiftSymbolTable.key(fullPath)
            enumKey = key
            if inheritsString(from: j) { stringEnums.append(key) }
        }
        setPending(.type(path: fullPath, enumKey: enumKey))
    }

    /// Whether the inheritance clause starting at `j` names `String`.
    private func inheritsString(from start: Int) -> Bool {
        var j = start
        var angle = 0
        while j < tokens.count, !tokens[j].isSymbol("{"), !tokens[j].isKeyword("where") {
            if tokens[j].isSymbol("<") { angle += 1 }
            if tokens[j].isSymbol(">") { angle -= 1 }
            if angle == 0, tokens[j].isKeyword("String"), j > 0,
               tokens[j - 1].isSymbol(":") || tokens[j - 1].isSymbol(",") {
                return true
            }
            j += 1
        }
        return false
    }

    /// `let a = "x"`, `static let b: String = "y"`, `let names = ["a", "b"]`, `let c = "x", d = "y"`.
    private mutating func constantDeclaration(at i: Int, symbols: inout SwiftSymbolTable) {
        var j = i + 1
        while j + 1 < tokens.count, tokens[j].kind == .identifier {
            let name = tokens[j].identifier
            j += 1
            if tokens[j].isSymbol(":") {
                var nesting = 0
                j += 1
                while j < tokens.count {
                    let t = tokens[j]
                    if t.isSymbol("(") || t.isSymbol("[") { nesting += 1 }
                    if t.isSymbol(")") || t.isSymbol("]") { nesting -= 1 }
                    if nesting == 0, t.isSymbol("=") || t.isSymbol("{") || t.isSymbol("}") || t.isSymbol(";")
                        || t.isSymbol(",") || (t.isFirstOnLine && t.kind == .identifier) { break }
                    j += 1
                }
            }
            guard j < tokens.count, tokens[j].isSymbol("=") else { return }
            j += 1
            let key = SwiftSymbolTable.key(typePath + [name])
            if let value = plainString(at: j), endsExpression(at: j + 1) {
                symbols.constants[key, default: []].append(.init(file: file, value: value))
                j += 1
            } else if let (values, end) = stringArray(at: j), endsExpression(at: end) {
                symbols.arrays[key, default: []].append(.init(file: file, value: values))
                j = end
            } else {
                return
            }
            guard j < tokens.count, tokens[j].isSymbol(",") else { return }
            j += 1
        }
    }

    /// `case a, b = "bee", c` inside an enum body.
    private mutating func enumCases(at i: Int, enumPath: [String], enumKey: String, symbols: inout SwiftSymbolTable) {
        let isString = stringEnums.contains(enumKey)
        var j = i + 1
        while j < tokens.count, tokens[j].kind == .identifier {
            let name = tokens[j].identifier
            var raw: String? = name
            j += 1
            if j < tokens.count, tokens[j].isSymbol("(") {
                raw = nil
                j = skipBalanced(from: j)
            }
            if j < tokens.count, tokens[j].isSymbol("=") {
                raw = plainString(at: j + 1)
                j += 2
            }
            enumCaseValues[enumKey, default: []].append(raw ?? "")
            if isString, let raw {
                symbols.enumCases[SwiftSymbolTable.key(enumPath + [name]), default: []]
                    .append(.init(file: file, value: raw))
            }
            guard j < tokens.count, tokens[j].isSymbol(",") else { return }
            j += 1
        }
    }

    /// `for [case] [let] NAME in SOURCE [where …] {`: the loop variable and its source tokens.
    private func loopHeader(at i: Int) -> LoopBinding? {
        var j = i + 1
        while j < tokens.count, tokens[j].isKeyword("case") || tokens[j].isKeyword("let")
                || tokens[j].isKeyword("var") || tokens[j].isKeyword("try") || tokens[j].isKeyword("await") {
            j += 1
        }
        guard j + 1 < tokens.count, tokens[j].kind == .identifier, tokens[j + 1].isKeyword("in") else { return nil }
        let variable = tokens[j].identifier
        var k = j + 2
        var source: [SwiftToken] = []
        var nesting = 0
        while k < tokens.count {
            let t = tokens[k]
            if nesting == 0, t.isSymbol("{") || t.isKeyword("where") { break }
            if t.isSymbol("(") || t.isSymbol("[") || t.isSymbol("{") { nesting += 1 }
            if t.isSymbol(")") || t.isSymbol("]") || t.isSymbol("}") { nesting -= 1 }
            source.append(t)
            k += 1
        }
        return LoopBinding(variable: variable, source: source)
    }

    // MARK: - Registrations

    /// `X.add(H, name: N)`, `X.add(H, contentWorld: W, name: N)`,
    /// `X.addScriptMessageHandler(H, contentWorld: W, name: N)`, `X.addScriptMessageHandler(H, name: N)`.
    private mutating func registration(at i: Int) {
        guard i + 1 < tokens.count, tokens[i + 1].isSymbol("(") else { return }
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
            reply: reply, world: world, scope: currentScope, typePath: typePath, loops: loopBindings))
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
            if case .type(let path, _) = frame { return path }
        }
        return []
    }

    private var currentScope: String? {
        for frame in frames.reversed() {
            switch frame {
            case .function(let scope), .property(let scope): return scope
            default: continue
            }
        }
        return nil
    }

    private var loopBindings: [LoopBinding] {
        frames.compactMap { frame in
            if case .loop(let binding) = frame { return binding } else { return nil }
        }
    }

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
