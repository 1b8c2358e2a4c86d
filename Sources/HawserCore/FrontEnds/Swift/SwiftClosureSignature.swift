/// The signature that opens a closure's body, read one way for the whole front end: the scanner
/// (which binds a `forEach`/`map`/… closure's parameters for the registrations in its body) and
/// the expression parser (which binds them when resolution evaluates a `map` transform) both call
/// `parse`, so a spelling one of them understands the other does too.
///
/// ```
/// { [weak self] a, b in …          { (a, b) in …            { (a: String, b: [Int: T]) in …
/// { a -> String in …               { (a) async throws -> T in …      { _ in …
/// ```
///
/// Without a signature (`{ $0.rawValue }`), the parameters are `$0`, `$1`, … (`parse` is nil).
enum SwiftClosureSignature {
    /// What the parser needs to know of a token. Each caller maps its own token type here.
    enum Piece: Equatable {
        /// An identifier (without backticks), with whether it was written in backticks: a
        /// backticked `` `in` `` is a name, not the keyword.
        case name(String, backticked: Bool)
        case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
        case less, greater, comma, colon, arrow
        /// Any other token (operators, strings, numbers, `.`).
        case other
    }

    /// The longest signature read (in tokens): a closure whose `in` comes later has none.
    static let maxLength = 96

    /// The parameters' names and the index of the first body token after `in`, for the tokens
    /// `0..<count` (the inside of the braces), or nil when they do not open with a signature.
    static func parse(count: Int, _ piece: (Int) -> Piece) -> (names: [String], bodyStart: Int)? {
        let end = min(count, maxLength)
        var j = 0
        // A capture list: `[weak self, unowned x = y]`.
        if j < end, piece(j) == .leftBracket {
            guard let close = skipBalanced(from: j, end: end, piece) else { return nil }
            j = close
        }
        var names: [String] = []
        if j < end, piece(j) == .leftParen {
            // `(a, b: T, _: U)`: each parameter's name is its first identifier.
            j += 1
            var expectName = true
            while j < end {
                let p = piece(j)
                switch p {
                case .rightParen:
                    j += 1
                    return tail(names: names, from: j, end: end, piece)
                case .comma:
                    expectName = true
                    j += 1
                case .colon:
                    // The type: up to a comma or the closing parenthesis at this level.
                    j += 1
                    var nesting = 0
                    while j < end {
                        let t = piece(j)
                        if t == .leftParen || t == .leftBracket || t == .less { nesting += 1 }
                        if t == .rightParen || t == .rightBracket || t == .greater {
                            if nesting == 0 { break }
                            nesting -= 1
                        }
                        if nesting == 0, t == .comma { break }
                        if t == .leftBrace || t == .rightBrace { return nil }
                        j += 1
                    }
                    expectName = false
                case .name(let name, _):
                    guard expectName else { return nil }
                    names.append(name)
                    expectName = false
                    j += 1
                default:
                    return nil
                }
            }
            return nil
        }
        // `a, b in` without parentheses.
        var expectName = true
        while j < end {
            switch piece(j) {
            case .name(let name, let backticked):
                if !backticked, name == "in", names.isEmpty, expectName {
                    // `{ [weak self] in`: no parameters.
                    return j > 0 ? ([], j + 1) : nil
                }
                if !backticked, name == "in" || name == "throws" || name == "async" || name == "rethrows" {
                    return names.isEmpty || expectName ? nil : tail(names: names, from: j, end: end, piece)
                }
                guard expectName else { return nil }
                names.append(name)
                expectName = false
            case .comma:
                guard !expectName else { return nil }
                expectName = true
            case .arrow:
                return names.isEmpty ? nil : tail(names: names, from: j, end: end, piece)
            default:
                return nil
            }
            j += 1
        }
        return nil
    }

    /// After the parameters: `[async] [throws] [-> T] in`.
    private static func tail(names: [String], from start: Int, end: Int, _ piece: (Int) -> Piece) -> (names: [String], bodyStart: Int)? {
        var j = start
        while j < end, case .name(let word, false) = piece(j), ["async", "throws", "rethrows"].contains(word) { j += 1 }
        // `throws(E)`
        if j < end, piece(j) == .leftParen, let close = skipBalanced(from: j, end: end, piece) { j = close }
        if j < end, piece(j) == .arrow {
            // The result type: everything up to the `in` at this level.
            j += 1
            var nesting = 0
            while j < end {
                let t = piece(j)
                if t == .leftBrace || t == .rightBrace { return nil }
                if t == .leftParen || t == .leftBracket || t == .less { nesting += 1 }
                if t == .rightParen || t == .rightBracket || t == .greater { nesting -= 1 }
                if nesting == 0, case .name("in", false) = t { break }
                j += 1
            }
        }
        guard j < end, case .name("in", false) = piece(j) else { return nil }
        return (names, j + 1)
    }

    /// The index after the bracket group opened at `open`, or nil when it does not close in time.
    private static func skipBalanced(from open: Int, end: Int, _ piece: (Int) -> Piece) -> Int? {
        var nesting = 0
        var j = open
        while j < end {
            switch piece(j) {
            case .leftParen, .leftBracket: nesting += 1
            case .rightParen, .rightBracket:
                nesting -= 1
                if nesting == 0 { return j + 1 }
            case .leftBrace, .rightBrace: return nil
            default: break
            }
            j += 1
        }
        return nil
    }
}

extension SwiftClosureSignature.Piece {
    /// A full token as the parser sees it.
    init(_ t: SwiftToken) {
        switch t.kind {
        case .identifier:
            self = .name(t.identifier, backticked: t.text.hasPrefix("`"))
        case .punctuation, .operatorSymbol:
            switch t.text {
            case "(": self = .leftParen
            case ")": self = .rightParen
            case "[": self = .leftBracket
            case "]": self = .rightBracket
            case "{": self = .leftBrace
            case "}": self = .rightBrace
            case "<": self = .less
            case ">": self = .greater
            case ",": self = .comma
            case ":": self = .colon
            case "->": self = .arrow
            default: self = .other
            }
        default:
            self = .other
        }
    }
}
