import Foundation

/// Walks the tokens of one Objective-C file and records what the front end needs: definitions
/// into the shared symbol table, registration sends and dispatch comparisons (both resolved
/// later, once every file has been scanned).
///
/// Before the walk, directive lines are taken out of the token stream (their `#define`s go to
/// the symbol table), so are the tokens of `#if 0` blocks, and every bracket is matched. The
/// walk then knows, for each token, its innermost enclosing bracket, and keeps track of
/// `@implementation` blocks, method and function bodies (the `scope` of a registration) and
/// `for … in` loops. It is a heuristic reading, not a parser: it aims to be right on ordinary
/// code and never to crash on anything else.
struct ObjCFileScanner {
    /// A registration send whose name expression still has to be resolved.
    struct RegistrationUse {
        var file: String
        var nameTokens: [ObjCToken]
        var nameText: String
        var location: SourceLocation
        var reply: Bool
        var world: String?
        var scope: String?
        /// The `for … in` loops around the send, innermost last.
        var loops: [LoopBinding]
        /// The method or function the send is in, when it has parameters a caller fills.
        var enclosing: Callable?
        /// `scope`, narrowed to the innermost `{ }` block around the send: two registrations
        /// are duplicates only in the same block (not in an `if` and its `else`).
        var block: String?
        /// The class of the object registered: `self` in an `@implementation`, `[[T alloc]
        /// init…]`, `[T new]` (`HandlerRegistration.receiverTypes`).
        var receiverTypes: [String] = []
    }

    /// A method (`-registerHandler:named:`) or C function (`RegisterHandler`) with its
    /// parameters' names in order: a wrapper, when a parameter reaches a registration's name.
    struct Callable: Hashable {
        /// The selector (`registerHandler:named:`) or the function's name.
        var callee: String
        var isFunction: Bool
        var parameters: [String]
        /// `-[registerHandler:named:]` or `RegisterHandler()`, for messages.
        var display: String { isFunction ? callee + "()" : "-[" + callee + "]" }
    }

    /// A call of a method or function by selector or name, with its arguments in order.
    struct Call {
        var file: String
        var callee: String
        var arguments: [[ObjCToken]]
        var scope: String?
        var enclosing: Callable?
        /// As `RegistrationUse.block`.
        var block: String?
    }

    /// A string literal that holds JavaScript (it mentions `messageHandlers`).
    struct ScriptLiteral {
        var token: ObjCToken
        var scope: String?
        /// Each `stringWithFormat:` (and its kind) the literal is the format of: written there,
        /// or held in an `NSString *` constant or variable passed there. Empty: no format.
        var formats: [FormatUse] = []
        /// The `inContentWorld:` of a `WKUserScript` the literal goes to, as written.
        var world: String?
        /// Passed as the script of `evaluateJavaScript:`, `callAsyncJavaScript:` or
        /// `initWithSource:` (`EmbeddedScript.isEvaluated`).
        var isEvaluated = false
    }

    /// A send that uses a literal as its format: the arguments after the format, and where the
    /// send is (a format argument may be a parameter of the method around it).
    struct FormatUse {
        var arguments: [[ObjCToken]]
        var scope: String?
        var enclosing: Callable?
    }

    /// `#define NAME(a, b) replacement` whose replacement registers a handler.
    struct FunctionMacro {
        var parameters: [String]
        var body: [ObjCToken]
    }

    /// `for (NSString *variable in source)`
    struct LoopBinding {
        var variable: String
        var source: [ObjCToken]
    }

    /// A method that receives messages: the class whose `@implementation` defines it, the
    /// indices of its body's `{` and `}`, and its message parameter's name.
    struct ReceiverMethod {
        var type: String
        var location: SourceLocation
        var open: Int
        var close: Int
        var message: String
        /// The `…replyHandler:` method.
        var replies: Bool
    }

    /// A string compared with a message's name, still to be resolved.
    struct DispatchUse {
        var tokens: [ObjCToken]
        var location: SourceLocation
        var scope: String?
    }

    /// The three selectors that register a handler, and whether each replies.
    static let registrationSelectors: [String: Bool] = [
        "addScriptMessageHandler:name:": false,
        "addScriptMessageHandler:contentWorld:name:": false,
        "addScriptMessageHandlerWithReply:contentWorld:name:": true,
    ]

    private struct Scope {
        var id: String
        var end: Int
        /// The body of a method that itself implements a registration selector (a test double):
        /// the sends in it are not registrations.
        var isRegistrationMethod: Bool
        var callable: Callable?
    }

    private struct Loop {
        var binding: LoopBinding
        var end: Int
    }

    let file: String
    private let bytes: [UInt8]
    /// The file's tokens without comments, directive lines and `#if 0` blocks.
    private(set) var tokens: [ObjCToken] = []
    /// For each bracket token, the index of its partner; -1 for an unmatched one and other tokens.
    private(set) var partner: [Int] = []
    /// For each token, the index of the innermost open bracket around it; -1 at top level.
    private(set) var parent: [Int] = []
    /// Names declared `WKScriptMessage *` in this file, plus `message`.
    private var messageNames: Set<String> = ["message"]
    /// Variables initialised by a message's name (`NSString *name = message.name;`), as
    /// `aliasKey`s: each is seen in its own method or function only.
    private var nameAliases: Set<String> = []
    /// `#define` entries of this file, added to the table by `scan`.
    private var macros: [(String, ObjCSymbolTable.Entry)] = []

    private var scopes: [Scope] = []
    private var loops: [Loop] = []
    private var inImplementation = false
    /// The class of the `@implementation` the walk is in (a category's class too).
    private var implementationClass: String?
    /// Indices of tokens that name the variable of a declaration (not assignments).
    private var declaredNames: Set<Int> = []

    private(set) var uses: [RegistrationUse] = []
    private(set) var dispatches: [DispatchUse] = []
    private(set) var scriptLiterals: [ScriptLiteral] = []
    /// Each `-userContentController:didReceiveScriptMessage:` (and `…replyHandler:`) defined in
    /// an `@implementation`, read by `ObjCMessageReceivers`.
    private(set) var receiverMethods: [ReceiverMethod] = []
    /// Every method and function body: its first and last token and its scope.
    private var bodies: [(start: Int, end: Int, scope: Scope)] = []
    /// `initWithSource: S … inContentWorld: W`: the token range of S, W as written, the scope.
    private var worldSends: [(source: Range<Int>, world: String, scope: String?)] = []
    /// `evaluateJavaScript:S`, `callAsyncJavaScript:S`, `initWithSource:S`: the token range of S,
    /// and the scope and callable around the send.
    private var evaluatedSends: [(source: Range<Int>, scope: String?, enclosing: Callable?)] = []
    /// `NSString *name = value`: the variable's alias key and the token range of its value.
    private var stringDeclarations: [(key: String, value: Range<Int>)] = []
    /// `stringWithFormat:NAME, …` with a variable as the format, bound by `bindFormatVariables`.
    private var formatVariables: [(name: String, scope: String?, use: FormatUse)] = []

    /// `macros`: the function-like macros that register handlers, from every file (this file's
    /// own win); their uses are expanded before the walk.
    init(file: SourceFile, tokens allTokens: [ObjCToken], macros: [String: FunctionMacro] = [:]) {
        self.file = file.path
        self.bytes = file.bytes
        readDirectives(allTokens)
        if !macros.isEmpty { expand(macros) }
        matchBrackets()
    }

    /// The tokens of the directive at `i` after the directive itself, comments left out, and the
    /// index of the first token after it.
    private static func directiveBody(_ tokens: [ObjCToken], at i: Int) -> (body: [ObjCToken], next: Int) {
        let end = tokens[i].directiveEnd ?? Int.max
        var j = i + 1
        while j < tokens.count, tokens[j].range.lowerBound < end, tokens[j].kind != .directive { j += 1 }
        return (tokens[(i + 1)..<j].filter { !$0.isComment }, j)
    }

    /// `#define NAME(…)`: a `(` right after the name, with no blank between.
    private static func isFunctionLike(_ body: [ObjCToken]) -> Bool {
        body.count > 1 && body[0].kind == .identifier && body[1].isSymbol("(") && body[1].range.lowerBound == body[0].range.upperBound
    }

    /// The function-like macros in `tokens` whose replacement sends a registration selector.
    static func registrationMacros(in tokens: [ObjCToken]) -> [String: FunctionMacro] {
        var macros: [String: FunctionMacro] = [:]
        for (i, token) in tokens.enumerated() where token.kind == .directive && token.directiveName == "define" {
            let body = directiveBody(tokens, at: i).body
            guard body.count > 3, isFunctionLike(body),
                  body.contains(where: { $0.isWord("addScriptMessageHandler") || $0.isWord("addScriptMessageHandlerWithReply") }),
                  let close = body.firstIndex(where: { $0.isSymbol(")") })
            else { continue }
            let parameters = body[2..<close].filter { $0.kind == .identifier }.map(\.text)
            var replacement = Array(body[(close + 1)...])
            for k in replacement.indices { replacement[k].inDirective = false }
            macros[body[0].text] = FunctionMacro(parameters: parameters, body: replacement)
        }
        return macros
    }

    /// Replaces each use `NAME(arguments)` of a macro with its replacement, the parameters
    /// substituted by the arguments' tokens (which keep their own positions, so a registration
    /// is reported where its name is written) and `#parameter` by a string of the argument.
    /// Replacements are expanded again, a macro never inside its own expansion, at most 8 deep.
    private mutating func expand(_ macros: [String: FunctionMacro]) {
        guard tokens.contains(where: { $0.kind == .identifier && macros[$0.text] != nil }) else { return }
        tokens = expanded(tokens, macros: macros, excluding: [])
    }

    private func expanded(_ input: [ObjCToken], macros: [String: FunctionMacro], excluding: Set<String>) -> [ObjCToken] {
        var output: [ObjCToken] = []
        output.reserveCapacity(input.count)
        var i = 0
        while i < input.count {
            let token = input[i]
            guard token.kind == .identifier, let macro = macros[token.text], !excluding.contains(token.text),
                  excluding.count < 8, i + 1 < input.count, input[i + 1].isSymbol("("),
                  let (arguments, close) = Self.macroArguments(input, open: i + 1)
            else {
                output.append(token)
                i += 1
                continue
            }
            var replacement: [ObjCToken] = []
            var k = 0
            while k < macro.body.count {
                let part = macro.body[k]
                if part.isSymbol("#"), k + 1 < macro.body.count, let p = macro.parameters.firstIndex(of: macro.body[k + 1].text) {
                    let argument = p < arguments.count ? arguments[p] : []
                    var string = argument.first ?? part
                    string.kind = .string
                    string.stringValue = argument.map(\.text).joined(separator: " ")
                    string.isObjCString = replacement.last?.isSymbol("@") == true
                    if string.isObjCString { replacement.removeLast() }
                    replacement.append(string)
                    k += 2
                    continue
                }
                if part.kind == .identifier, let p = macro.parameters.firstIndex(of: part.text) {
                    replacement += p < arguments.count ? arguments[p] : []
                } else {
                    replacement.append(part)
                }
                k += 1
            }
            output += expanded(replacement, macros: macros, excluding: excluding.union([token.text]))
            i = close + 1
        }
        return output
    }

    /// The arguments of a macro use whose `(` is at `open`, split at top-level commas, and the
    /// index of its `)`; nil when it is not closed.
    private static func macroArguments(_ tokens: [ObjCToken], open: Int) -> ([[ObjCToken]], Int)? {
        var arguments: [[ObjCToken]] = [[]]
        var depth = 0
        var k = open + 1
        while k < tokens.count {
            let t = tokens[k]
            if t.isSymbol("(") || t.isSymbol("[") || t.isSymbol("{") { depth += 1 }
            if t.isSymbol(")") || t.isSymbol("]") || t.isSymbol("}") {
                if depth == 0 {
                    return t.isSymbol(")") ? (arguments, k) : nil
                }
                depth -= 1
            }
            if depth == 0, t.isSymbol(",") {
                arguments.append([])
            } else {
                arguments[arguments.count - 1].append(t)
            }
            k += 1
        }
        return nil
    }

    // MARK: - Preprocessing

    /// Keeps the code tokens that the compiler sees (no comments, no directives, nothing of
    /// `#if 0` blocks), and records the object-like `#define`s among the directives.
    private mutating func readDirectives(_ all: [ObjCToken]) {
        tokens.reserveCapacity(all.count)
        /// One `#if` … `#endif`: whether code around it is dead, and whether its condition is a
        /// literal 0 or 1 (then the `#else` part is the live or dead one).
        struct Conditional {
            var outerDead: Bool
            var constant: Bool?
            var inElse = false
            var isDead: Bool { outerDead || (constant.map { $0 == inElse } ?? false) }
        }
        var conditionals: [Conditional] = []
        var dead: Bool { conditionals.last?.isDead ?? false }
        var i = 0
        while i < all.count {
            let token = all[i]
            guard token.kind == .directive, token.directiveEnd != nil else {
                if !dead, !token.inDirective, !token.isComment { tokens.append(token) }
                i += 1
                continue
            }
            let (body, j) = Self.directiveBody(all, at: i)
            switch token.directiveName ?? "" {
            case "if", "ifdef", "ifndef":
                var constant: Bool?
                if token.directiveName == "if", body.count == 1, body[0].kind == .number {
                    constant = body[0].text == "0" ? false : body[0].text == "1" ? true : nil
                }
                conditionals.append(Conditional(outerDead: dead, constant: constant))
            case "elif", "else", "elifdef", "elifndef":
                if !conditionals.isEmpty { conditionals[conditionals.count - 1].inElse = true }
            case "endif":
                if !conditionals.isEmpty { conditionals.removeLast() }
            case "define" where !dead:
                define(body)
            default:
                break
            }
            i = j
        }
    }

    /// `#define NAME replacement` (not function-like `#define NAME(x)`).
    private mutating func define(_ body: [ObjCToken]) {
        guard let name = body.first, name.kind == .identifier, !Self.isFunctionLike(body) else { return }
        macros.append((name.text, .init(file: file, scope: nil, value: Array(body.dropFirst()), isConstant: true)))
    }

    /// Fills `partner` and `parent`. An unbalanced closer (say, from a macro's expansion)
    /// closes the nearest opener of its kind a few levels down, or nothing.
    private mutating func matchBrackets() {
        partner = Array(repeating: -1, count: tokens.count)
        parent = Array(repeating: -1, count: tokens.count)
        var open: [Int] = []
        /// The opening bracket's byte for each open bracket, beside `open`.
        var openers: [UInt8] = []
        for i in tokens.indices {
            parent[i] = open.last ?? -1
            guard tokens[i].kind == .punctuation, tokens[i].range.count == 1, let byte = tokens[i].text.utf8.first else { continue }
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                open.append(i)
                openers.append(byte)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                let opener = byte == UInt8(ascii: ")") ? UInt8(ascii: "(") : byte == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                // Looking only a few levels down keeps malformed input linear.
                if let k = openers.indices.reversed().prefix(8).first(where: { openers[$0] == opener }) {
                    partner[i] = open[k]
                    partner[open[k]] = i
                    open.removeSubrange(k...)
                    openers.removeSubrange(k...)
                }
                parent[i] = open.last ?? -1
            default:
                break
            }
        }
    }

    // MARK: - The walk

    /// Scans the file, adding its definitions to `symbols`.
    mutating func scan(into symbols: inout ObjCSymbolTable) {
        for (name, entry) in macros { symbols.define(name, entry) }
        findMessageNames()
        for i in tokens.indices {
            while let last = scopes.last, last.end < i { scopes.removeLast() }
            while let last = loops.last, last.end < i { loops.removeLast() }
            step(at: i, symbols: &symbols)
        }
        markEvaluatedLiterals()
        bindFormatVariables()
        assignWorlds()
    }

    private static let qualifiers: Set<String> = [
        "const", "volatile", "nonnull", "nullable", "_Nonnull", "_Nullable", "_Null_unspecified", "__nonnull",
        "__nullable", "__strong", "__weak", "__unsafe_unretained", "__autoreleasing", "__kindof",
    ]

    /// `WKScriptMessage *NAME` (a variable, a parameter, a method's `(WKScriptMessage *)NAME`).
    private mutating func findMessageNames() {
        for i in tokens.indices where tokens[i].isWord("WKScriptMessage") && i + 1 < tokens.count && tokens[i + 1].isSymbol("*") {
            var j = i + 2
            while j < tokens.count, tokens[j].isSymbol(")") || (tokens[j].kind == .identifier && Self.qualifiers.contains(tokens[j].text)) {
                j += 1
            }
            if j < tokens.count, tokens[j].kind == .identifier { messageNames.insert(tokens[j].text) }
        }
    }

    private mutating func step(at i: Int, symbols: inout ObjCSymbolTable) {
        let token = tokens[i]
        switch token.kind {
        case .atKeyword:
            guard parent[i] == -1, scopes.isEmpty else { return }
            if token.text == "@implementation" {
                inImplementation = true
                implementationClass = i + 1 < tokens.count && tokens[i + 1].kind == .identifier ? tokens[i + 1].text : nil
            } else if token.text == "@end" || token.text == "@interface" || token.text == "@protocol" {
                inImplementation = false
                implementationClass = nil
            }
        case .punctuation:
            if token.text == "-" || token.text == "+", inImplementation, parent[i] == -1, scopes.isEmpty, startsMethod(at: i) {
                methodDefinition(at: i, symbols: &symbols)
            } else if token.text == "{", scopes.isEmpty, let name = functionName(bodyAt: i) {
                let callable = Callable(callee: tokens[name].text, isFunction: true, parameters: functionParameters(name + 1))
                openScope(Scope(id: scopeID(tokens[name]), end: partner[i], isRegistrationMethod: false, callable: callable), at: i, symbols: &symbols)
            } else if token.text == "=", i > 0, tokens[i - 1].kind == .identifier, !declaredNames.contains(i - 1),
                      !(i > 1 && (tokens[i - 2].isSymbol(".") || tokens[i - 2].isSymbol("->"))) {
                symbols.noteAssignment(to: tokens[i - 1].text, in: file)
            }
            if token.text == "=" { propertyAssignment(at: i, symbols: &symbols) }
        case .identifier:
            switch token.text {
            case "for": loop(at: i)
            case "addScriptMessageHandler", "addScriptMessageHandlerWithReply": registration(at: i)
            case "isEqualToString", "isEqual": dispatch(at: i)
            case "initWithSource":
                userScript(at: i)
                evaluatedSend(at: i)
            case "evaluateJavaScript", "callAsyncJavaScript": evaluatedSend(at: i)
            case "NSString": declaration(after: i + 1, symbols: &symbols)
            case "NSArray": declaration(after: afterGenericArguments(i + 1), symbols: &symbols)
            default: formatVariable(at: i)
            }
        case .string:
            if let value = token.stringValue, value.contains("messageHandlers") { scriptLiteral(at: i) }
        default:
            break
        }
    }

    /// `_x = V;`, `self.x = V;` or `self->_x = V;` as a statement of a method gives property `x`
    /// the value V (its values are every such V of the file, a `setConfig:` called from `init`
    /// as much as `init` itself); any other assignment of `x` (`other.x = …`, inside an
    /// expression) makes it no constant.
    private mutating func propertyAssignment(at i: Int, symbols: inout ObjCSymbolTable) {
        guard i >= 1, tokens[i - 1].kind == .identifier, !declaredNames.contains(i - 1) else { return }
        let target = tokens[i - 1].text
        let name: String
        var start = i - 1
        if i >= 2, tokens[i - 2].isSymbol(".") || tokens[i - 2].isSymbol("->") {
            let arrow = tokens[i - 2].isSymbol("->")
            guard !arrow || target.hasPrefix("_") else { return }
            name = arrow ? String(target.dropFirst()) : target
            guard i >= 3, tokens[i - 3].isWord("self"), !(i >= 4 && (tokens[i - 4].isSymbol(".") || tokens[i - 4].isSymbol("->"))) else {
                symbols.noteAssignment(toProperty: name)
                return
            }
            start = i - 3
        } else if target.hasPrefix("_"), target.count > 1 {
            name = String(target.dropFirst())
        } else {
            return
        }
        let end = statementEnd(from: i + 1)
        guard let method = scopes.last?.callable, !method.isFunction,
              start > 0, tokens[start - 1].isSymbol(";") || tokens[start - 1].isSymbol("{") || tokens[start - 1].isSymbol("}"),
              end > i + 1, end < tokens.count, tokens[end].isSymbol(";")
        else {
            symbols.noteAssignment(toProperty: name)
            return
        }
        symbols.defineProperty(name, .init(file: file, scope: scopes.last?.id, value: Array(tokens[(i + 1)..<end]), isConstant: false))
    }

    // MARK: - Methods, functions, loops

    /// Enters a method or function body whose `{` is at `open`. A unary method whose body is
    /// only `return value;` gives its name a value (`- (NSString *)name { return @"x"; }`).
    private mutating func openScope(_ scope: Scope, at open: Int, symbols: inout ObjCSymbolTable) {
        scopes.append(scope)
        bodies.append((open, scope.end, scope))
        guard let callable = scope.callable, !callable.isFunction, !callable.callee.contains(":"),
              open + 1 < scope.end, tokens[open + 1].isWord("return"), tokens[scope.end - 1].isSymbol(";"),
              !tokens[(open + 2)..<(scope.end - 1)].contains(where: { $0.isSymbol(";") })
        else { return }
        symbols.defineMethod(callable.callee, .init(file: file, scope: nil, value: Array(tokens[(open + 2)..<(scope.end - 1)]), isConstant: true))
    }

    /// The parameters' names of a C function whose `(` is at `open`: the last identifier of each
    /// comma-separated declaration (none for `(void)`).
    private func functionParameters(_ open: Int) -> [String] {
        guard open < tokens.count, partner[open] > open else { return [] }
        return ObjCSymbolTable.split(Array(tokens[(open + 1)..<partner[open]])).compactMap { part in
            guard let last = part.last, last.kind == .identifier, part.count > 1 else { return nil }
            return last.text
        }
    }

    /// Whether the `-` or `+` at `i` (top level, in an `@implementation`) starts a method.
    private func startsMethod(at i: Int) -> Bool {
        guard i + 1 < tokens.count, tokens[i + 1].isSymbol("(") || tokens[i + 1].kind == .identifier else { return false }
        guard i > 0 else { return true }
        let previous = tokens[i - 1]
        return previous.isSymbol(";") || previous.isSymbol("}") || previous.isSymbol(")") || previous.isSymbol(">")
            || previous.kind == .identifier
    }

    /// `- (T)part:(T)a part:(T)b {`: opens the method's scope when it has a body.
    private mutating func methodDefinition(at i: Int, symbols: inout ObjCSymbolTable) {
        var selector = ""
        var unary: String?
        var parameters: [String] = []
        var expectsParameter = false
        var j = i + 1
        while j < tokens.count {
            let t = tokens[j]
            if t.isSymbol("{") {
                guard partner[j] > j else { return }
                let name = selector.isEmpty ? unary ?? "" : selector
                if let type = implementationClass, parameters.count >= 2,
                   name == "userContentController:didReceiveScriptMessage:" || name == "userContentController:didReceiveScriptMessage:replyHandler:" {
                    receiverMethods.append(ReceiverMethod(type: type, location: location(of: tokens[i]), open: j, close: partner[j], message: parameters[1],
                        replies: name.hasSuffix("replyHandler:")))
                }
                openScope(Scope(
                    id: scopeID(tokens[i]), end: partner[j],
                    isRegistrationMethod: Self.registrationSelectors[selector] != nil,
                    callable: Callable(callee: name, isFunction: false, parameters: parameters)), at: j, symbols: &symbols)
                return
            }
            if t.isSymbol(";") || t.isSymbol("}") || t.kind == .atKeyword { return }
            if (t.isSymbol("(") || t.isSymbol("[")), partner[j] > j {
                j = partner[j] + 1
                continue
            }
            if t.kind == .identifier, j + 1 < tokens.count, tokens[j + 1].isSymbol(":") {
                selector += t.text + ":"
                expectsParameter = true
                j += 2
                continue
            }
            if t.kind == .identifier {
                if expectsParameter {
                    parameters.append(t.text)
                    expectsParameter = false
                } else if selector.isEmpty, unary == nil {
                    unary = t.text
                }
            }
            j += 1
        }
    }

    private static let notFunctionNames: Set<String> = [
        "if", "for", "while", "switch", "catch", "return", "sizeof", "typeof", "__typeof__", "alignof", "do", "else",
    ]

    /// For a `{` after `name(…)` that is not a control statement: the index of `name`, so the
    /// braces are a C (or C++) function's body.
    private func functionName(bodyAt i: Int) -> Int? {
        guard partner[i] > i, i > 0, tokens[i - 1].isSymbol(")") else { return nil }
        let open = partner[i - 1]
        guard open > 0, tokens[open - 1].kind == .identifier, !Self.notFunctionNames.contains(tokens[open - 1].text) else {
            return nil
        }
        return open - 1
    }

    /// `for (NSString *v in source) body` (or `for (v in source)`): the binding holds for the body.
    private mutating func loop(at i: Int) {
        guard i + 1 < tokens.count, tokens[i + 1].isSymbol("("), partner[i + 1] > i + 1 else { return }
        let open = i + 1
        let close = partner[open]
        guard let k = (open + 1..<close).first(where: { parent[$0] == open && tokens[$0].isWord("in") }),
              k > open + 1, tokens[k - 1].kind == .identifier
        else { return }
        let binding = LoopBinding(variable: tokens[k - 1].text, source: Array(tokens[(k + 1)..<close]))
        let body = close + 1
        guard body < tokens.count else { return }
        let end = tokens[body].isSymbol("{") && partner[body] > body ? partner[body] : statementEnd(from: body)
        loops.append(Loop(binding: binding, end: end))
    }

    /// The index of the last token of the statement that starts at `start`.
    private func statementEnd(from start: Int) -> Int {
        var k = start
        while k < tokens.count {
            let t = tokens[k]
            if t.isSymbol(";") || (t.isSymbol("{") && partner[k] > k) {
                let end = t.isSymbol(";") ? k : partner[k]
                if end + 1 < tokens.count, tokens[end + 1].isWord("else") {
                    k = end + 2
                    continue
                }
                return end
            }
            if t.isSymbol("}") || t.isSymbol(")") || t.isSymbol("]") { return k - 1 }
            if (t.isSymbol("(") || t.isSymbol("[")), partner[k] > k {
                k = partner[k] + 1
                continue
            }
            k += 1
        }
        return tokens.count - 1
    }

    // MARK: - Registrations and dispatch

    private struct Piece {
        var keyword: String
        var tokens: [ObjCToken]
    }

    /// The selector pieces of the message send whose first keyword is at `i` and whose `]` is
    /// at `close`: `keyword: argument` each. Brackets inside an argument are kept whole; the
    /// `:` of a `?:` is not a new piece.
    private func pieces(from i: Int, to close: Int) -> [Piece]? {
        var pieces: [Piece] = []
        var current: Piece?
        var questions = 0
        var k = i
        while k < close {
            let t = tokens[k]
            if questions == 0, t.kind == .identifier, k + 1 < close, tokens[k + 1].isSymbol(":"),
               current.map({ !$0.tokens.isEmpty }) ?? true {
                if let current { pieces.append(current) }
                current = Piece(keyword: t.text, tokens: [])
                k += 2
                continue
            }
            guard current != nil else { return nil }
            if t.isSymbol("?") { questions += 1 }
            if t.isSymbol(":"), questions > 0 { questions -= 1 }
            if (t.isSymbol("(") || t.isSymbol("[") || t.isSymbol("{")), partner[k] > k, partner[k] < close {
                current!.tokens.append(contentsOf: tokens[k...partner[k]])
                k = partner[k] + 1
                continue
            }
            current!.tokens.append(t)
            k += 1
        }
        if let current { pieces.append(current) }
        return pieces
    }

    /// The message send whose first selector keyword is at `i`: the `[`, the `]` and the pieces,
    /// when the keyword follows a receiver directly inside `[ ]`.
    private func send(at i: Int) -> (open: Int, close: Int, pieces: [Piece])? {
        guard i + 1 < tokens.count, tokens[i + 1].isSymbol(":") else { return nil }
        let open = parent[i]
        guard open >= 0, tokens[open].isSymbol("["), partner[open] > i, i > open + 1,
              let pieces = pieces(from: i, to: partner[open])
        else { return nil }
        return (open, partner[open], pieces)
    }

    /// `[X addScriptMessageHandler:H name:N]`, `[X addScriptMessageHandler:H contentWorld:W name:N]`,
    /// `[X addScriptMessageHandlerWithReply:H contentWorld:W name:N]`.
    private mutating func registration(at i: Int) {
        guard let (open, _, pieces) = send(at: i),
              let reply = Self.registrationSelectors[pieces.map { $0.keyword + ":" }.joined()],
              scopes.last?.isRegistrationMethod != true,
              let nameTokens = pieces.last?.tokens, let first = nameTokens.first
        else { return }
        uses.append(RegistrationUse(
            file: file, nameTokens: nameTokens, nameText: sourceText(nameTokens), location: location(of: first),
            reply: reply, world: pieces.count == 3 ? world(pieces[1].tokens) : nil, scope: scopes.last?.id,
            loops: loops.map(\.binding), enclosing: scopes.last?.callable,
            block: isGoverned(open) ? scopes.last.map { $0.id + "@" + String(open) } : block(at: i, scope: scopes.last?.id),
            receiverTypes: receiverTypes(of: pieces[0].tokens)))
    }

    /// The class of the object a registration passes: `self` in an `@implementation`,
    /// `[[T alloc] init…]` (then the implementation too when `self` is an argument) or
    /// `[T new]`; none for anything else.
    private func receiverTypes(of handler: [ObjCToken]) -> [String] {
        let handler = Array(ObjCSymbolTable.strippingParentheses(handler))
        if handler.count == 1, handler[0].isWord("self") { return implementationClass.map { [$0] } ?? [] }
        guard handler.count >= 4, handler[0].isSymbol("["), handler.last!.isSymbol("]") else { return [] }
        if handler.count == 4, handler[1].kind == .identifier, handler[2].isWord("new") { return [handler[1].text] }
        if handler.count >= 7, handler[1].isSymbol("["), handler[2].kind == .identifier, handler[3].isWord("alloc"),
           handler[4].isSymbol("]"), handler[5].text.hasPrefix("init") {
            // A weak proxy made with `self` (`initWithDelegate:self`): the implementation may
            // receive what the proxy forwards.
            let passesSelf = (6..<(handler.count - 1)).contains { k in
                handler[k].isWord("self") && handler[k - 1].isSymbol(":") && (handler[k + 1].isSymbol("]") || handler[k + 1].kind == .identifier)
            }
            return [handler[2].text] + (passesSelf ? implementationClass.map { [$0] } ?? [] : [])
        }
        return []
    }

    /// Whether the statement starting at `start` is the brace-less body of an `if`, `else`,
    /// `for` or `while` (`if (x) [c addScriptMessageHandler:…];`): it may not run, so it is a
    /// block of its own.
    private func isGoverned(_ start: Int) -> Bool {
        guard start > 0 else { return false }
        let previous = tokens[start - 1]
        if previous.isWord("else") || previous.isWord("do") { return true }
        guard previous.isSymbol(")") else { return false }
        let k = partner[start - 1]
        guard k > 0, k < start - 1 else { return false }
        let keyword = tokens[k - 1]
        return keyword.isWord("if") || keyword.isWord("for") || keyword.isWord("while")
    }

    private static let formatSelectors: Set<String> = [
        "stringWithFormat", "initWithFormat", "appendFormat", "stringByAppendingFormat", "localizedStringWithFormat",
    ]

    /// A literal that mentions `messageHandlers`: JavaScript, read as a script. When it is the
    /// format of `[NSString stringWithFormat:@"…", a, b]` (and its kind), the arguments fill its
    /// specifiers.
    private mutating func scriptLiteral(at i: Int) {
        scriptLiteral(at: i, scope: scopes.last?.id, enclosing: scopes.last?.callable)
    }

    private mutating func scriptLiteral(at i: Int, scope: String?, enclosing: Callable?) {
        var arguments: [[ObjCToken]]?
        if i >= 2, tokens[i - 1].isSymbol(":"), tokens[i - 2].kind == .identifier, Self.formatSelectors.contains(tokens[i - 2].text),
           parent[i] >= 0, tokens[parent[i]].isSymbol("["), partner[parent[i]] > i {
            let rest = Array(tokens[(i + 1)..<partner[parent[i]]])
            arguments = rest.first?.isSymbol(",") == true ? Array(ObjCSymbolTable.split(Array(rest.dropFirst())))
                : rest.isEmpty ? [] : nil
        }
        let formats = arguments.map { [FormatUse(arguments: $0, scope: scope, enclosing: enclosing)] } ?? []
        scriptLiterals.append(ScriptLiteral(token: tokens[i], scope: scope, formats: formats))
    }

    /// `[X evaluateJavaScript:S …]`, `[X callAsyncJavaScript:S …]`, `[[WKUserScript alloc] initWithSource:S …]`.
    private mutating func evaluatedSend(at i: Int) {
        guard let (_, _, pieces) = send(at: i), pieces.first?.keyword == tokens[i].text, let count = pieces.first?.tokens.count, count > 0
        else { return }
        evaluatedSends.append((source: (i + 2)..<(i + 2 + count), scope: scopes.last?.id, enclosing: scopes.last?.callable))
    }

    /// The index of the literal a script expression is: a literal, the format literal of
    /// `[NSString stringWithFormat:@"…", …]` (and its kind), or through a name, its declaration's.
    private func evaluatedLiteral(in range: Range<Int>, scope: String?, following: Bool = true) -> [Int] {
        guard let first = range.first else { return [] }
        if range.count == 1, tokens[first].kind == .string { return [first] }
        if range.count == 1, tokens[first].kind == .identifier, following {
            return declaredValues(of: tokens[first].text, scope: scope).flatMap { evaluatedLiteral(in: $0, scope: scope, following: false) }
        }
        if tokens[first].isSymbol("["), range.count >= 5 {
            for k in range.dropFirst().prefix(4) where k + 2 < range.upperBound
            && tokens[k].kind == .identifier && Self.formatSelectors.contains(tokens[k].text) && tokens[k + 1].isSymbol(":") {
                return tokens[k + 2].kind == .string ? [k + 2] : []
            }
        }
        return []
    }

    /// The literals the evaluated sends pass, marked, and added when they mention no handler.
    private mutating func markEvaluatedLiterals() {
        for send in evaluatedSends {
            for k in evaluatedLiteral(in: send.source, scope: send.scope) {
                let offset = tokens[k].range.lowerBound
                if let existing = scriptLiterals.firstIndex(where: { $0.token.range.lowerBound == offset }) {
                    scriptLiterals[existing].isEvaluated = true
                } else {
                    scriptLiteral(at: k, scope: send.scope, enclosing: send.enclosing)
                    scriptLiterals[scriptLiterals.count - 1].isEvaluated = true
                }
            }
        }
    }

    /// `[NSString stringWithFormat:kScript, a, b]` (and its kind) with a variable `kScript` as the
    /// format: bound to the literal of its declaration once the file is walked.
    private mutating func formatVariable(at i: Int) {
        guard i >= 2, tokens[i - 1].isSymbol(":"), tokens[i - 2].kind == .identifier, Self.formatSelectors.contains(tokens[i - 2].text),
              parent[i] >= 0, tokens[parent[i]].isSymbol("["), partner[parent[i]] > i else { return }
        let rest = Array(tokens[(i + 1)..<partner[parent[i]]])
        let arguments = rest.first?.isSymbol(",") == true ? Array(ObjCSymbolTable.split(Array(rest.dropFirst())))
            : rest.isEmpty ? [] : nil
        guard let arguments else { return }
        formatVariables.append((
            name: tokens[i].text, scope: scopes.last?.id,
            use: FormatUse(arguments: arguments, scope: scopes.last?.id, enclosing: scopes.last?.callable)))
    }

    /// The token ranges of the values `name` is declared with, seen from `scope`: its
    /// declarations in that method or function, else the file's own (`NSString *const k = …`).
    private func declaredValues(of name: String, scope: String?) -> [Range<Int>] {
        let local = stringDeclarations.filter { $0.key == (scope ?? "") + "\u{0}" + name }.map(\.value)
        if !local.isEmpty || scope == nil { return local }
        return stringDeclarations.filter { $0.key == "\u{0}" + name }.map(\.value)
    }

    /// The literals a source or format expression stands for: those in it, and, through names
    /// it mentions, those their declarations hold (a variable set by `stringWithFormat:` from a
    /// constant reaches the constant's literal), a few steps deep.
    private func literalOffsets(in range: Range<Int>, scope: String?) -> [Int] {
        var result: [Int] = []
        var queue = [range]
        var seen = Set<Int>()
        var steps = 0
        while let next = queue.popLast(), steps < 16 {
            steps += 1
            for k in next {
                if tokens[k].kind == .string {
                    result.append(tokens[k].range.lowerBound)
                } else if tokens[k].kind == .identifier, seen.insert(k).inserted {
                    queue += declaredValues(of: tokens[k].text, scope: scope).filter { !$0.contains(k) }
                }
            }
        }
        return result
    }

    /// The format variables' literals get their format uses, once the file is walked.
    private mutating func bindFormatVariables() {
        guard !formatVariables.isEmpty, !scriptLiterals.isEmpty else { return }
        var usesAt: [Int: [FormatUse]] = [:]
        for variable in formatVariables {
            for range in declaredValues(of: variable.name, scope: variable.scope) {
                for k in range where tokens[k].kind == .string { usesAt[tokens[k].range.lowerBound, default: []].append(variable.use) }
            }
        }
        for k in scriptLiterals.indices {
            scriptLiterals[k].formats += usesAt[scriptLiterals[k].token.range.lowerBound] ?? []
        }
    }

    /// `[[WKUserScript alloc] initWithSource:S injectionTime:T forMainFrameOnly:F inContentWorld:W]`:
    /// the literals in S (or in the declaration of the variable S names) run in W.
    private mutating func userScript(at i: Int) {
        guard let (_, _, pieces) = send(at: i), pieces.first?.keyword == "initWithSource",
              let world = pieces.first(where: { $0.keyword == "inContentWorld" })
        else { return }
        worldSends.append((source: (i + 2)..<(i + 2 + pieces[0].tokens.count), world: self.world(world.tokens), scope: scopes.last?.id))
    }

    /// The worlds of the script literals, once the file is walked.
    private mutating func assignWorlds() {
        guard !worldSends.isEmpty, !scriptLiterals.isEmpty else { return }
        var worldAt: [Int: String] = [:]
        for send in worldSends {
            for offset in literalOffsets(in: send.source, scope: send.scope) { worldAt[offset] = send.world }
        }
        for k in scriptLiterals.indices { scriptLiterals[k].world = worldAt[scriptLiterals[k].token.range.lowerBound] }
    }

    /// The calls in this file of the methods (by selector) and functions (by name) in
    /// `callees`, each with its arguments. Definitions are not calls.
    func calls(to callees: Set<String>) -> [Call] {
        var result: [Call] = []
        let firstKeywords = Set(callees.compactMap { $0.contains(":") ? $0.split(separator: ":").first.map(String.init) : nil })
        var body = 0
        for i in tokens.indices where tokens[i].kind == .identifier {
            while body < bodies.count, bodies[body].end < i { body += 1 }
            let inside = body < bodies.count && bodies[body].start < i ? bodies[body].scope : nil
            if i + 1 < tokens.count, tokens[i + 1].isSymbol(":") {
                // Only the first keyword of a send starts it.
                guard firstKeywords.contains(tokens[i].text), let (open, _, pieces) = send(at: i), firstKeyword(of: open) == i
                else { continue }
                let selector = pieces.map { $0.keyword + ":" }.joined()
                guard callees.contains(selector) else { continue }
                result.append(Call(
                    file: file, callee: selector, arguments: pieces.map(\.tokens), scope: inside?.id, enclosing: inside?.callable,
                    block: block(at: i, scope: inside?.id)))
            } else if i + 1 < tokens.count, tokens[i + 1].isSymbol("("), callees.contains(tokens[i].text), partner[i + 1] > i + 1,
                      !(partner[i + 1] + 1 < tokens.count && tokens[partner[i + 1] + 1].isSymbol("{")), !isDeclared(at: i) {
                let arguments = ObjCSymbolTable.split(Array(tokens[(i + 2)..<partner[i + 1]]))
                result.append(Call(
                    file: file, callee: tokens[i].text, arguments: arguments, scope: inside?.id, enclosing: inside?.callable,
                    block: block(at: i, scope: inside?.id)))
            }
        }
        return result
    }

    private static let beforeCallee: Set<String> = ["return", "else", "case", "do", "sizeof", "typeof", "__typeof__"]

    /// Whether the function name at `i` is declared there, not called: a type (`void`, `BOOL`,
    /// `NSString *`, `static void`) stands before it, as in a prototype `void Register(…);`.
    private func isDeclared(at i: Int) -> Bool {
        guard i > 0 else { return false }
        let previous = tokens[i - 1]
        return (previous.kind == .identifier && !Self.beforeCallee.contains(previous.text)) || previous.isSymbol("*")
    }

    /// The index of the first selector keyword of the send whose `[` is at `open`: the first
    /// identifier directly inside it that is followed by `:` and comes after the receiver.
    private func firstKeyword(of open: Int) -> Int? {
        var k = open + 2
        while k < partner[open] {
            if parent[k] == open, tokens[k].kind == .identifier, k + 1 < tokens.count, tokens[k + 1].isSymbol(":") { return k }
            if partner[k] > k { k = partner[k] + 1 } else { k += 1 }
        }
        return nil
    }

    /// The content world as written, with `[WKContentWorld pageWorld]` spelt as the property
    /// it reads, `WKContentWorld.pageWorld`, so that both spellings are one world.
    private func world(_ tokens: [ObjCToken]) -> String {
        if tokens.count == 4, tokens[0].isSymbol("["), tokens[1].kind == .identifier, tokens[2].kind == .identifier,
           tokens[3].isSymbol("]") {
            return tokens[1].text + "." + tokens[2].text
        }
        return sourceText(tokens)
    }

    /// `[message.name isEqualToString:X]`, `[[message name] isEqualToString:X]`, `[X isEqualToString:message.name]`
    /// (also `isEqual:`).
    private mutating func dispatch(at i: Int) {
        guard let (open, _, pieces) = send(at: i), pieces.count == 1 else { return }
        // The receiver is not copied unless it is the operand: sends nest as deep as the input does.
        let receiver = tokens[(open + 1)..<i]
        let argument = pieces[0].tokens
        let operand: [ObjCToken]
        if isMessageName(receiver) {
            operand = argument
        } else if isMessageName(argument[...]) {
            operand = Array(receiver)
        } else {
            return
        }
        guard let first = operand.first else { return }
        dispatches.append(DispatchUse(tokens: operand, location: location(of: first), scope: scopes.last?.id))
    }

    /// `message.name`, `[message name]`, or a variable initialised by one.
    private func isMessageName(_ tokens: [ObjCToken]) -> Bool { isMessageName(tokens[...]) }

    private func isMessageName(_ slice: ArraySlice<ObjCToken>) -> Bool {
        // At most four tokens are a message's name; a longer slice not in parentheses is not one.
        guard slice.count <= 4 || slice.first?.isSymbol("(") == true else { return false }
        let tokens = Array(ObjCSymbolTable.strippingParentheses(slice))
        switch tokens.count {
        case 1:
            return tokens[0].kind == .identifier && nameAliases.contains(aliasKey(tokens[0].text))
        case 3:
            return tokens[0].kind == .identifier && messageNames.contains(tokens[0].text)
                && tokens[1].isSymbol(".") && tokens[2].isWord("name")
        case 4:
            return tokens[0].isSymbol("[") && tokens[1].kind == .identifier && messageNames.contains(tokens[1].text)
                && tokens[2].isWord("name") && tokens[3].isSymbol("]")
        default:
            return false
        }
    }

    // MARK: - Declarations

    /// After `NSArray` at `start`: the index after its `<…>` arguments, if any.
    private func afterGenericArguments(_ start: Int) -> Int {
        guard start < tokens.count, tokens[start].isSymbol("<") else { return start }
        var depth = 0
        var j = start
        while j < tokens.count {
            if tokens[j].kind == .punctuation {
                switch tokens[j].text {
                case "<": depth += 1
                case ">": depth -= 1
                case ">>": depth -= 2
                case ";", "{", "}", "=": return start
                default: break
                }
            }
            j += 1
            if depth <= 0 { return j }
        }
        return start
    }

    /// `T *[const] NAME = value[, *[const] NAME2 = value2];` where the type `T` ends before
    /// `typeEnd`: each initialised name goes to the table with its value's tokens.
    private mutating func declaration(after typeEnd: Int, symbols: inout ObjCSymbolTable) {
        var j = typeEnd
        while j < tokens.count, tokens[j].isSymbol("*") {
            j += 1
            var isConstant = false
            while j + 1 < tokens.count, tokens[j].kind == .identifier, tokens[j + 1].kind == .identifier {
                if tokens[j].text == "const" { isConstant = true }
                j += 1
            }
            guard j + 1 < tokens.count, tokens[j].kind == .identifier, tokens[j + 1].isSymbol("=") else { return }
            let name = j
            var k = j + 2
            while k < tokens.count {
                let t = tokens[k]
                if (t.isSymbol("(") || t.isSymbol("[") || t.isSymbol("{")), partner[k] > k {
                    k = partner[k] + 1
                    continue
                }
                if t.isSymbol(";") || t.isSymbol(",") || t.isSymbol(")") || t.isSymbol("]") || t.isSymbol("}") { break }
                k += 1
            }
            let value = Array(tokens[(name + 2)..<k])
            stringDeclarations.append((aliasKey(tokens[name].text), (name + 2)..<k))
            declaredNames.insert(name)
            if isMessageName(value) {
                nameAliases.insert(aliasKey(tokens[name].text))
            } else {
                symbols.define(tokens[name].text, .init(file: file, scope: scopes.last?.id, value: value, isConstant: isConstant))
            }
            guard k < tokens.count, tokens[k].isSymbol(",") else { return }
            j = k + 1
        }
    }

    // MARK: - Helpers

    func location(of token: ObjCToken) -> SourceLocation {
        SourceLocation(file: file, line: token.line, column: token.column)
    }

    /// `scope` and the innermost `{` around token `i` that is not the body's own.
    private func block(at i: Int, scope: String?) -> String? {
        guard let scope else { return nil }
        var k = parent[i]
        var steps = 0
        while k >= 0, !tokens[k].isSymbol("{"), steps < 10_000 {
            k = parent[k]
            steps += 1
        }
        guard k >= 0, !bodies.contains(where: { $0.start == k }) else { return scope }
        return scope + "#" + String(tokens[k].line) + ":" + String(tokens[k].column)
    }

    private func aliasKey(_ name: String) -> String { (scopes.last?.id ?? "") + "\u{0}" + name }

    private func scopeID(_ token: ObjCToken) -> String { "\(file):\(token.line):\(token.column)" }

    /// The source text from the first to the last token, whitespace-trimmed.
    private func sourceText(_ span: [ObjCToken]) -> String {
        guard let first = span.first, let last = span.last, first.range.lowerBound <= last.range.upperBound else { return "" }
        let text = String(decoding: bytes[first.range.lowerBound..<last.range.upperBound], as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
