/// A Swift expression, parsed from tokens as far as name resolution needs: literals, names,
/// member chains, calls with trailing closures, closures, key paths, `+`, `??`, `?:`, and `if`
/// and `switch` expressions. Anything else is `.other`, which resolution reports as non-constant.
///
/// An expression nested deeper than `SwiftExpressionParser.maxNesting` is `.tooDeep` as a whole,
/// so a tree is never deeper than that: making, evaluating and freeing it recurses a bounded
/// number of times on any input.
indirect enum SwiftExpression {
    case string(SwiftToken)
    case array([SwiftExpression])
    case dictionary([(key: SwiftExpression, value: SwiftExpression)])
    /// An identifier, including `self`, `Self`, `super` and `$0`.
    case name(String, SwiftToken)
    /// `base.member`; `base` nil for an implicit member (`.page`).
    case member(SwiftExpression?, String)
    case call(SwiftExpression, [SwiftArgument])
    case closure(SwiftClosure)
    /// `\.a.b` or `\T.a`: the member path.
    case keyPath([String])
    case binary(String, SwiftExpression, SwiftExpression)
    /// `c ? a : b`, `if c { a } else { b }`, `switch x { case …: a … }`: every branch's value.
    case branches([SwiftExpression])
    /// Anything else, with its first token for the position.
    case other(SwiftToken?)
    /// An expression nested more than `SwiftExpressionParser.maxNesting` levels deep, not parsed.
    case tooDeep(SwiftToken?)

    /// The position of the expression's first token, when it has one.
    var firstToken: SwiftToken? {
        switch self {
        case .string(let t), .name(_, let t): return t
        case .array(let items): return items.first?.firstToken
        case .dictionary(let pairs): return pairs.first?.key.firstToken
        case .member(let base, _): return base?.firstToken
        case .call(let callee, _): return callee.firstToken
        case .closure(let c): return c.body.first
        case .binary(_, let a, _): return a.firstToken
        case .branches(let b): return b.first?.firstToken
        case .keyPath, .other, .tooDeep: return nil
        }
    }
}

struct SwiftArgument {
    var label: String?
    var value: SwiftExpression
    /// The argument's tokens (after its label).
    var tokens: [SwiftToken]
}

/// `{ a, b in … }` or `{ … $0 … }`: its parameter names and body tokens.
struct SwiftClosure {
    /// The declared names; empty when the body uses `$0`, `$1`, ….
    var parameters: [String]
    var body: [SwiftToken]

    /// The name the `position`th parameter has in the body: its declared name, else `$position`.
    func parameter(_ position: Int) -> String {
        parameters.isEmpty ? "$\(position)" : position < parameters.count ? parameters[position] : "$\(position)"
    }
}

/// A small Pratt parser over comment-free tokens.
///
/// Its depth is bounded: every level of brackets, closure or `if`/`switch` value, ternary branch,
/// `try`, member or call link and `+` or `??` operand adds one to the nesting, and an expression
/// whose nesting would pass `maxNesting` (or whose brackets, closures' bodies included, nest
/// deeper than that) is `.tooDeep` as a whole (resolution reports it as
/// nested too deeply to follow). Name resolution gives up after 24 levels anyway, so no name it
/// could follow is lost; what the bound buys is that `((((…))))` or `a.b.b.b…` 100,000 deep
/// costs time linear in its length and never one stack frame per level.
struct SwiftExpressionParser {
    /// The deepest nesting parsed (see the type's comment).
    static let maxNesting = 100

    private let tokens: [SwiftToken]
    private var i = 0
    /// The nesting of the expression being parsed: the levels around it, plus the links and
    /// operands this parser has made (which bounds the height of the tree it returns).
    private var nesting: Int
    /// Some part passed `maxNesting`: the whole expression is `.tooDeep`.
    private var tooDeep = false

    init(_ tokens: [SwiftToken], nesting: Int = 0) {
        self.tokens = tokens
        self.nesting = nesting
    }

    /// Parses all of `tokens` as one expression; `.other` unless every token is consumed.
    static func parse(_ tokens: [SwiftToken]) -> SwiftExpression {
        parse(tokens, nesting: 0)
    }

    private static func parse(_ tokens: [SwiftToken], nesting: Int) -> SwiftExpression {
        guard nesting <= maxNesting else { return .tooDeep(tokens.first) }
        // Brackets nested too deeply anywhere in it (closures' bodies included) make the whole
        // expression too deep, found in one pass before any level copies its pieces.
        if nesting == 0, bracketDepth(tokens) > maxNesting { return .tooDeep(tokens.first) }
        var parser = SwiftExpressionParser(tokens, nesting: nesting)
        let expression = parser.expression()
        if parser.tooDeep { return .tooDeep(tokens.first) }
        return parser.i == tokens.count ? expression : .other(tokens.first)
    }

    /// How deep `(`, `[` and `{` nest in `tokens`.
    private static func bracketDepth(_ tokens: [SwiftToken]) -> Int {
        var depth = 0, deepest = 0
        for t in tokens where t.kind == .punctuation {
            if t.isSymbol("(") || t.isSymbol("[") || t.isSymbol("{") {
                depth += 1
                deepest = max(deepest, depth)
            } else if t.isSymbol(")") || t.isSymbol("]") || t.isSymbol("}") {
                depth -= 1
            }
        }
        return deepest
    }

    /// Counts one more level; false (and the rest of the tokens skipped) past `maxNesting`.
    private mutating func deeper() -> Bool {
        nesting += 1
        guard nesting > Self.maxNesting else { return true }
        tooDeep = true
        i = tokens.count
        return false
    }

    /// `tokens` parsed as an expression one level inside this one.
    private mutating func inner(_ tokens: [SwiftToken]) -> SwiftExpression {
        let expression = Self.parse(tokens, nesting: nesting + 1)
        if case .tooDeep = expression {
            tooDeep = true
            i = self.tokens.count
        }
        return expression
    }

    /// `yielded(byBody:)` one level inside this expression.
    private mutating func innerYield(_ body: [SwiftToken]) -> SwiftExpression {
        let expression = Self.yielded(byBody: body, nesting: nesting + 1)
        if case .tooDeep = expression {
            tooDeep = true
            i = tokens.count
        }
        return expression
    }

    /// The arguments of the parenthesised list `tokens` (which starts with `(`).
    static func arguments(_ tokens: [SwiftToken]) -> [SwiftArgument] {
        var parser = SwiftExpressionParser(tokens)
        return parser.parenthesized()
    }

    /// The expression a closure or function body yields: its single expression, or the
    /// values of its top-level `return` statements.
    static func yielded(byBody body: [SwiftToken]) -> SwiftExpression {
        yielded(byBody: body, nesting: 0)
    }

    private static func yielded(byBody body: [SwiftToken], nesting: Int) -> SwiftExpression {
        var returns: [SwiftExpression] = []
        var depth = 0
        var j = 0
        var sawStatement = false
        while j < body.count {
            let t = body[j]
            if t.isSymbol("{") || t.isSymbol("(") || t.isSymbol("[") { depth += 1 }
            if t.isSymbol("}") || t.isSymbol(")") || t.isSymbol("]") { depth -= 1 }
            if depth == 0, t.isKeyword("return") {
                var k = j + 1
                var nesting = 0
                while k < body.count {
                    let u = body[k]
                    if u.isSymbol("{") || u.isSymbol("(") || u.isSymbol("[") { nesting += 1 }
                    if u.isSymbol("}") || u.isSymbol(")") || u.isSymbol("]") {
                        if nesting == 0 { break }
                        nesting -= 1
                    }
                    if nesting == 0, u.isSymbol(";") || (k > j + 1 && u.isFirstOnLine && startsStatement(u)) { break }
                    k += 1
                }
                returns.append(parse(Array(body[(j + 1)..<k]), nesting: nesting))
                j = k
                continue
            }
            if depth == 0, t.kind == .identifier, ["let", "var", "guard", "for", "while", "func"].contains(t.text) {
                sawStatement = true
            }
            j += 1
        }
        if returns.contains(where: { if case .tooDeep = $0 { return true } else { return false } }) {
            return .tooDeep(body.first)
        }
        if !returns.isEmpty { return returns.count == 1 ? returns[0] : .branches(returns) }
        return sawStatement ? .other(body.first) : parse(body, nesting: nesting)
    }

    private static func startsStatement(_ t: SwiftToken) -> Bool {
        t.kind == .identifier && ["let", "var", "if", "guard", "for", "while", "return", "switch", "defer", "do"].contains(t.text)
    }

    // MARK: - Precedence levels

    private mutating func expression() -> SwiftExpression {
        let condition = coalescing()
        guard peekSymbol("?"), !atEnd else { return condition }
        i += 1
        guard deeper() else { return .tooDeep(tokens.first) }
        let then = expression()
        guard peekSymbol(":") else { return .other(tokens.first) }
        i += 1
        let otherwise = expression()
        return .branches([then, otherwise])
    }

    private mutating func coalescing() -> SwiftExpression {
        var left = additive()
        while peekSymbol("??") {
            i += 1
            guard deeper() else { return .tooDeep(tokens.first) }
            left = .branches([left, additive()])
        }
        return left
    }

    private mutating func additive() -> SwiftExpression {
        var left = comparison()
        while peekSymbol("+") {
            i += 1
            guard deeper() else { return .tooDeep(tokens.first) }
            left = .binary("+", left, comparison())
        }
        return left
    }

    /// Comparisons and other binary operators: parsed so the expression is consumed, valued as
    /// `.other`.
    private mutating func comparison() -> SwiftExpression {
        var left = prefix()
        while let t = current, t.kind == .operatorSymbol, !["?", "??", "+", "!", "=", "->"].contains(t.text) {
            i += 1
            _ = prefix()
            left = .other(t)
        }
        if let t = current, t.isKeyword("as") || t.isKeyword("is") {
            // `x as String`, `x as? [String]`: the value is x's.
            i += 1
            if peekSymbol("?") || peekSymbol("!") { i += 1 }
            skipType()
        }
        return left
    }

    private mutating func prefix() -> SwiftExpression {
        if let t = current, t.kind == .identifier, t.text == "try" || t.text == "await" {
            i += 1
            if peekSymbol("?") || peekSymbol("!") { i += 1 }
            guard deeper() else { return .tooDeep(tokens.first) }
            return prefix()
        }
        if let t = current, t.kind == .operatorSymbol, t.text == "!" || t.text == "-" {
            i += 1
            _ = postfix(primary())
            return .other(t)
        }
        return postfix(primary())
    }

    // MARK: - Primary and postfix

    private mutating func primary() -> SwiftExpression {
        guard let t = current else { return .other(nil) }
        switch t.kind {
        case .string:
            i += 1
            // Adjacent literals do not exist in Swift; a string is one token.
            return .string(t)
        case .identifier:
            if t.text == "if" { return ifExpression() }
            if t.text == "switch" { return switchExpression() }
            i += 1
            return .name(t.identifier, t)
        case .punctuation:
            switch t.text {
            case "(":
                let items = parenthesized()
                if items.count == 1, items[0].label == nil { return items[0].value }
                return .other(t)
            case "[":
                return collectionLiteral()
            case ".":
                i += 1
                guard let name = current, name.kind == .identifier else { return .other(t) }
                i += 1
                return .member(nil, name.identifier)
            case "{":
                return .closure(closure())
            case "\\":
                i += 1
                var path: [String] = []
                if let root = current, root.kind == .identifier { i += 1; _ = root }
                while peekSymbol("."), let name = token(at: i + 1), name.kind == .identifier {
                    path.append(name.identifier)
                    i += 2
                }
                return .keyPath(path)
            default:
                i += 1
                return .other(t)
            }
        case .directive:
            // `#if` inside an expression is not supported; `#selector(…)` and the like are opaque.
            i += 1
            if peekSymbol("(") { _ = parenthesized() }
            return .other(t)
        default:
            i += 1
            return .other(t)
        }
    }

    private mutating func postfix(_ base: SwiftExpression) -> SwiftExpression {
        var expression = base
        while let t = current {
            if t.isSymbol(".") || t.isSymbol("(") || t.isSymbol("{") {
                // Each link wraps the expression once more (a `(` or `{` that ends it costs one too).
                guard deeper() else { return .tooDeep(tokens.first) }
            }
            if t.isSymbol(".") {
                guard let name = token(at: i + 1), name.kind == .identifier || name.kind == .number else { return expression }
                i += 2
                expression = .member(expression, name.identifier)
            } else if t.isSymbol("("), !t.isFirstOnLine {
                expression = .call(expression, parenthesized())
            } else if t.isSymbol("["), !t.isFirstOnLine {
                _ = collectionLiteral()
                expression = .other(t)
            } else if t.isSymbol("{"), !t.isFirstOnLine, isCallee(expression) {
                let trailing = closure()
                if case .call(let callee, var arguments) = expression {
                    arguments.append(SwiftArgument(label: nil, value: .closure(trailing), tokens: trailing.body))
                    expression = .call(callee, arguments)
                } else {
                    expression = .call(expression, [SwiftArgument(label: nil, value: .closure(trailing), tokens: trailing.body)])
                }
            } else if t.kind == .operatorSymbol, t.text == "?" || t.text == "!", i > 0,
                      tokens[i - 1].range.upperBound == t.range.lowerBound {
                // Optional chaining and force unwrapping keep the value.
                i += 1
            } else {
                return expression
            }
        }
        return expression
    }

    /// Whether a `{` after `expression` is a trailing closure (not the body of a statement).
    private func isCallee(_ expression: SwiftExpression) -> Bool {
        switch expression {
        case .name, .member, .call: return true
        default: return false
        }
    }

    /// `( a, label: b )` at `(`: the arguments, with `i` after the `)`.
    private mutating func parenthesized() -> [SwiftArgument] {
        var arguments: [SwiftArgument] = []
        for piece in splitList(open: "(", close: ")") {
            if piece.count >= 2, piece[0].kind == .identifier, piece[1].isSymbol(":") {
                let rest = Array(piece.dropFirst(2))
                arguments.append(SwiftArgument(label: piece[0].identifier, value: inner(rest), tokens: rest))
            } else {
                arguments.append(SwiftArgument(label: nil, value: inner(piece), tokens: piece))
            }
        }
        return arguments
    }

    /// `[a, b]`, `[k: v]`, `[]`, `[:]`.
    private mutating func collectionLiteral() -> SwiftExpression {
        let pieces = splitList(open: "[", close: "]")
        if pieces.count == 1, pieces[0].count == 1, pieces[0][0].isSymbol(":") { return .dictionary([]) }
        var items: [SwiftExpression] = []
        var pairs: [(key: SwiftExpression, value: SwiftExpression)] = []
        for piece in pieces {
            if let colon = Self.topLevelColon(piece) {
                pairs.append((inner(Array(piece[..<colon])), inner(Array(piece[(colon + 1)...]))))
            } else {
                items.append(inner(piece))
            }
        }
        if !pairs.isEmpty, items.isEmpty { return .dictionary(pairs) }
        return items.isEmpty && pairs.isEmpty ? .array([]) : .array(items)
    }

    /// The index of a `:` at nesting 0 that is not part of a ternary.
    private static func topLevelColon(_ piece: [SwiftToken]) -> Int? {
        var nesting = 0
        var ternaries = 0
        for (index, t) in piece.enumerated() {
            if t.isSymbol("(") || t.isSymbol("[") || t.isSymbol("{") { nesting += 1 }
            if t.isSymbol(")") || t.isSymbol("]") || t.isSymbol("}") { nesting -= 1 }
            guard nesting == 0 else { continue }
            if t.isSymbol("?"), index > 0, !piece[index - 1].isSymbol(".") { ternaries += 1 }
            if t.isSymbol(":") {
                if ternaries > 0 { ternaries -= 1 } else { return index }
            }
        }
        return nil
    }

    /// Splits the bracketed list at `i` at top-level commas; `i` ends after the closing bracket.
    private mutating func splitList(open: String, close: String) -> [[SwiftToken]] {
        guard peekSymbol(open) else { return [] }
        i += 1
        var pieces: [[SwiftToken]] = []
        var piece: [SwiftToken] = []
        var nesting = 0
        while let t = current {
            if t.isSymbol("(") || t.isSymbol("[") || t.isSymbol("{") { nesting += 1 }
            if t.isSymbol(")") || t.isSymbol("]") || t.isSymbol("}") {
                if nesting == 0 {
                    i += 1
                    if !piece.isEmpty { pieces.append(piece) }
                    return pieces
                }
                nesting -= 1
            }
            if nesting == 0, t.isSymbol(",") {
                pieces.append(piece)
                piece = []
            } else {
                piece.append(t)
            }
            i += 1
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }

    /// The braces at `i`, as a closure; `i` ends after the `}`. Its signature is read by
    /// `SwiftClosureSignature`, as the scanner reads it.
    private mutating func closure() -> SwiftClosure {
        let body = braced()
        guard let signature = SwiftClosureSignature.parse(count: body.count, { SwiftClosureSignature.Piece(body[$0]) }) else {
            return SwiftClosure(parameters: [], body: body)
        }
        return SwiftClosure(parameters: signature.names, body: Array(body[signature.bodyStart...]))
    }

    /// The tokens inside the braces at `i`; `i` ends after the `}`.
    private mutating func braced() -> [SwiftToken] {
        guard peekSymbol("{") else { return [] }
        let start = i + 1
        var nesting = 0
        while let t = current {
            if t.isSymbol("{") { nesting += 1 }
            if t.isSymbol("}") {
                nesting -= 1
                if nesting == 0 {
                    i += 1
                    return Array(tokens[start..<(i - 1)])
                }
            }
            i += 1
        }
        return Array(tokens[min(start, tokens.count)...])
    }

    /// `if c { a } else if d { b } else { c }` as an expression: the value of each branch.
    private mutating func ifExpression() -> SwiftExpression {
        var branches: [SwiftExpression] = []
        while let t = current, t.isKeyword("if") {
            i += 1
            while let u = current, !u.isSymbol("{") { i += 1 }
            branches.append(innerYield(braced()))
            guard let e = current, e.isKeyword("else") else { return .branches(branches + [.other(t)]) }
            i += 1
            if peekSymbol("{") {
                branches.append(innerYield(braced()))
                return .branches(branches)
            }
        }
        return .branches(branches)
    }

    /// `switch x { case …: a … default: b }` as an expression: the value of each case.
    private mutating func switchExpression() -> SwiftExpression {
        let start = current
        i += 1
        while let u = current, !u.isSymbol("{") { i += 1 }
        let body = braced()
        var branches: [SwiftExpression] = []
        var j = 0
        var depth = 0
        var caseBodyStart: Int?
        func finish(_ end: Int) {
            if let s = caseBodyStart, s < end { branches.append(innerYield(Array(body[s..<end]))) }
            caseBodyStart = nil
        }
        while j < body.count {
            let t = body[j]
            if t.isSymbol("{") || t.isSymbol("(") || t.isSymbol("[") { depth += 1 }
            if t.isSymbol("}") || t.isSymbol(")") || t.isSymbol("]") { depth -= 1 }
            if depth == 0, t.isKeyword("case") || t.isKeyword("default") {
                finish(j)
                var k = j + 1
                var nesting = 0
                while k < body.count {
                    if body[k].isSymbol("(") || body[k].isSymbol("[") { nesting += 1 }
                    if body[k].isSymbol(")") || body[k].isSymbol("]") { nesting -= 1 }
                    if nesting == 0, body[k].isSymbol(":") { break }
                    k += 1
                }
                caseBodyStart = k + 1
                j = k + 1
                continue
            }
            j += 1
        }
        finish(body.count)
        return branches.isEmpty ? .other(start) : .branches(branches)
    }

    private mutating func skipType() {
        var nesting = 0
        while let t = current {
            if t.isSymbol("<") || t.isSymbol("[") || t.isSymbol("(") { nesting += 1 }
            if t.isSymbol(">") || t.isSymbol("]") || t.isSymbol(")") {
                if nesting == 0 { return }
                nesting -= 1
            }
            if nesting == 0, !(t.kind == .identifier || t.isSymbol(".") || t.isSymbol("?") || t.isSymbol("!")) { return }
            i += 1
        }
    }

    // MARK: - Tokens

    private var atEnd: Bool { i >= tokens.count }
    private var current: SwiftToken? { i < tokens.count ? tokens[i] : nil }
    private func token(at j: Int) -> SwiftToken? { j < tokens.count ? tokens[j] : nil }
    private func peekSymbol(_ s: String) -> Bool { current?.isSymbol(s) == true }
}
