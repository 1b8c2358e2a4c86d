/// The names the scanned Objective-C files give to strings and arrays of strings: object-like
/// `#define`s and `NSString *` / `NSArray *` variables with an initialiser, each kept with
/// the tokens of its value, which are resolved when a registration asks.
///
/// Lookups follow C's visibility, roughly: a variable declared inside a method or function is
/// seen only there; a file-level one (or a macro) is seen everywhere, since headers and
/// `extern` declarations share them across files. A definition in the same file as the use
/// wins over the others; otherwise a name stands for every value its definitions give
/// (`#if DEBUG` / `#else` branches, say): a wrong pairing costs less than a false alarm.
struct ObjCSymbolTable {
    struct Entry {
        var file: String
        /// The method or function the declaration is in; nil at file level and for macros.
        var scope: String?
        /// The initialiser's tokens, or a macro's replacement list.
        var value: [ObjCToken]
        /// A macro, or a variable declared `* const`: it cannot be assigned again.
        var isConstant: Bool
    }

    private(set) var entries: [String: [Entry]] = [:]
    /// `file` + NUL + name, for each name assigned with `=` outside its declaration in that file.
    private var reassigned: Set<String> = []

    /// The depth of alias chains followed (`#define A B`, `#define B @"x"`), against cycles.
    private static let maximumDepth = 16

    mutating func define(_ name: String, _ entry: Entry) {
        entries[name, default: []].append(entry)
    }

    /// Unary methods whose body is only `return value;`, by name: what `[x name]` and `x.name`
    /// return, whatever `x` is (every method of that name: a wrong pairing costs less than a
    /// false alarm).
    private(set) var methods: [String: [Entry]] = [:]

    mutating func defineMethod(_ name: String, _ entry: Entry) {
        methods[name, default: []].append(entry)
    }

    /// Values that the methods of a file give a property or instance variable (`_names = @[…];`,
    /// `self.names = …;`), by the property's name (`names`): read as `_names`, `self.names` or
    /// `self->_names` in the same file, unless the property is assigned some other way.
    private(set) var properties: [String: [Entry]] = [:]
    /// Properties assigned inside an expression, or through another receiver.
    private var reassignedProperties: Set<String> = []

    mutating func defineProperty(_ name: String, _ entry: Entry) {
        properties[name, default: []].append(entry)
    }

    mutating func noteAssignment(toProperty name: String) {
        reassignedProperties.insert(name)
    }

    /// The property that `tokens` read on `self` (`_x`, `self.x`, `self->_x`), when the methods
    /// of `file` give it all its values.
    private func property(_ tokens: [ObjCToken], file: String) -> [Entry]? {
        let name: String
        if tokens.count == 1, tokens[0].kind == .identifier, tokens[0].text.hasPrefix("_") {
            name = String(tokens[0].text.dropFirst())
        } else if tokens.count == 3, tokens[0].isWord("self"), tokens[1].isSymbol("."), tokens[2].kind == .identifier {
            name = tokens[2].text
        } else if tokens.count == 3, tokens[0].isWord("self"), tokens[1].isSymbol("->"), tokens[2].kind == .identifier,
                  tokens[2].text.hasPrefix("_") {
            name = String(tokens[2].text.dropFirst())
        } else {
            return nil
        }
        guard !name.isEmpty, !reassignedProperties.contains(name),
              let pool = properties[name]?.filter({ $0.file == file }), !pool.isEmpty else { return nil }
        return pool
    }

    /// Records `name = …` outside a declaration in `file`: a non-constant `name` declared in
    /// that file is then not a constant.
    mutating func noteAssignment(to name: String, in file: String) {
        reassigned.insert(file + "\u{0}" + name)
    }

    // MARK: - Resolution

    /// The strings that `tokens` (a name expression written in `file`, inside `scope`) can
    /// stand for: an `@"…"` literal, possibly parenthesised, or a name whose definitions
    /// resolve to literals (every value they give). Nil when none resolves.
    func string(_ tokens: [ObjCToken], file: String, scope: String?, depth: Int = 0) -> [String]? {
        let tokens = Self.strippingParentheses(tokens)
        guard depth <= Self.maximumDepth else { return nil }
        if let pool = property(tokens, file: file) {
            return unionOfAll(pool.map { string($0.value, file: $0.file, scope: $0.scope, depth: depth + 1) })
        }
        if tokens.count > 1 {
            guard let method = Self.unaryMessage(tokens), let pool = methods[method] else { return nil }
            return union(pool.map { string($0.value, file: $0.file, scope: $0.scope, depth: depth + 1) })
        }
        guard tokens.count == 1 else { return nil }
        let token = tokens[0]
        if token.isObjCStringLiteral { return token.stringValue.map { [$0] } }
        guard token.kind == .identifier, let pool = visible(token.text, file: file, scope: scope) else { return nil }
        return union(pool.map { string($0.value, file: $0.file, scope: $0.scope, depth: depth + 1) })
    }

    /// The method a unary message or property read names: `[x name]`, `[[x class] name]`,
    /// `self.name`, `self.class.name`. Nil for anything else.
    static func unaryMessage(_ tokens: [ObjCToken]) -> String? {
        guard let last = tokens.last else { return nil }
        if tokens.count >= 4, tokens[0].isSymbol("["), last.isSymbol("]"), tokens[tokens.count - 2].kind == .identifier {
            // The `[` must close at the end, and the receiver be a whole expression.
            var depth = 0
            for (k, t) in tokens.enumerated() {
                if t.isSymbol("[") || t.isSymbol("(") { depth += 1 }
                if t.isSymbol("]") || t.isSymbol(")") { depth -= 1 }
                if depth == 0, k < tokens.count - 1 { return nil }
                if depth == 1, t.isSymbol(":") { return nil }
            }
            return tokens[tokens.count - 2].text
        }
        guard tokens.count >= 3, tokens.count % 2 == 1, last.kind == .identifier else { return nil }
        for (k, t) in tokens.enumerated() where k % 2 == 0 ? t.kind != .identifier : !t.isSymbol(".") { return nil }
        return last.text
    }

    /// The strings that `tokens` stand for as an array: `@[e, …]`, `[NSArray arrayWithObjects:e, …, nil]`,
    /// `[NSArray arrayWithObject:e]`, or a name that resolves to one. Each element resolves as
    /// by `string`.
    func strings(_ tokens: [ObjCToken], file: String, scope: String?, depth: Int = 0) -> [String]? {
        let tokens = Self.strippingParentheses(tokens)
        guard !tokens.isEmpty, depth <= Self.maximumDepth else { return nil }
        if let pool = property(tokens, file: file) {
            return unionOfAll(pool.map { strings($0.value, file: $0.file, scope: $0.scope, depth: depth + 1) })
        }
        if tokens.count == 1 {
            guard tokens[0].kind == .identifier, let pool = visible(tokens[0].text, file: file, scope: scope) else { return nil }
            return union(pool.map { strings($0.value, file: $0.file, scope: $0.scope, depth: depth + 1) })
        }
        var elements: [[ObjCToken]]
        if tokens.count >= 3, tokens[0].isSymbol("@"), tokens[1].isSymbol("["), tokens[tokens.count - 1].isSymbol("]") {
            elements = Self.split(Array(tokens[2..<(tokens.count - 1)]))
        } else if tokens.count >= 6, tokens[0].isSymbol("["), tokens[1].isWord("NSArray"), tokens[3].isSymbol(":"),
                  tokens[tokens.count - 1].isSymbol("]") {
            elements = Self.split(Array(tokens[4..<(tokens.count - 1)]))
            if tokens[2].isWord("arrayWithObjects") {
                guard let last = elements.last, last.count == 1, last[0].isWord("nil") else { return nil }
                elements.removeLast()
            } else {
                guard tokens[2].isWord("arrayWithObject"), elements.count == 1 else { return nil }
            }
        } else {
            return nil
        }
        var values: [String] = []
        for element in elements {
            guard let value = string(element, file: file, scope: scope, depth: depth + 1) else { return nil }
            values += value.filter { !values.contains($0) }
        }
        return values
    }

    /// The definitions of `name` a use in `file` inside `scope` sees, or nil when there are
    /// none or one that is assigned again.
    private func visible(_ name: String, file: String, scope: String?) -> [Entry]? {
        guard let all = entries[name] else { return nil }
        var pool = scope.map { scope in all.filter { $0.scope == scope } } ?? []
        if pool.isEmpty {
            let global = all.filter { $0.scope == nil }
            let sameFile = global.filter { $0.file == file }
            pool = sameFile.isEmpty ? global : sameFile
        }
        guard !pool.isEmpty, pool.allSatisfy({ $0.isConstant || !reassigned.contains($0.file + "\u{0}" + name) }) else {
            return nil
        }
        return pool
    }

    /// Every value a property's assignments give, in order, once each; nil when one of them
    /// does not resolve (the property may then hold anything).
    private func unionOfAll(_ values: [[String]?]) -> [String]? {
        values.contains { $0 == nil } ? nil : union(values)
    }

    /// Every value the definitions that resolve give, in order, once each; nil when none does.
    private func union(_ values: [[String]?]) -> [String]? {
        var result: [String] = []
        for value in values.compactMap({ $0 }) { result += value.filter { !result.contains($0) } }
        return values.contains { $0 != nil } ? result : nil
    }

    /// `tokens` without parentheses around the whole: `((@"x"))` → `@"x"`. A layer comes off
    /// while the tokens start with `(` and end with `)` and the parentheses opened before a
    /// token, counted from that `(`, do not all close before the last token. In time linear in
    /// the tokens however many layers there are: the prefix depths are counted once, and the
    /// least depth inside each layer is found from the innermost layer out.
    static func strippingParentheses(_ tokens: ArraySlice<ObjCToken>) -> ArraySlice<ObjCToken> {
        let n = tokens.count
        let base = tokens.startIndex
        guard n >= 2, tokens[base].isSymbol("("), tokens[base + n - 1].isSymbol(")") else { return tokens }
        // depth[o]: the parentheses open after the token at offset o.
        var depth = Array(repeating: 0, count: n)
        var open = 0
        for o in 0..<n {
            if tokens[base + o].isSymbol("(") { open += 1 }
            if tokens[base + o].isSymbol(")") { open -= 1 }
            depth[o] = open
        }
        // Layer k spans offsets k...n-1-k; innerMin[k] is the least depth at offsets k..<n-1-k.
        let layers = n / 2
        var innerMin = Array(repeating: Int.max, count: layers + 1)
        for k in stride(from: layers - 1, through: 0, by: -1) {
            var least = min(innerMin[k + 1], depth[k])
            if n - 2 - k > k { least = min(least, depth[n - 2 - k]) }
            innerMin[k] = least
        }
        // Inside k layers the depth counts k more, so layer k closes early where it reaches k.
        var k = 0
        while k < layers, tokens[base + k].isSymbol("("), tokens[base + n - 1 - k].isSymbol(")"), innerMin[k] > k { k += 1 }
        return tokens[(base + k)..<(base + n - k)]
    }

    static func strippingParentheses(_ tokens: [ObjCToken]) -> [ObjCToken] {
        Array(strippingParentheses(tokens[...]))
    }

    /// Splits at commas outside brackets; a trailing comma ends the list.
    static func split(_ tokens: [ObjCToken]) -> [[ObjCToken]] {
        var parts: [[ObjCToken]] = []
        var current: [ObjCToken] = []
        var depth = 0
        for token in tokens {
            if token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{") { depth += 1 }
            if token.isSymbol(")") || token.isSymbol("]") || token.isSymbol("}") { depth -= 1 }
            if depth == 0, token.isSymbol(",") {
                parts.append(current)
                current = []
            } else {
                current.append(token)
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}
