/// A value a Swift expression can have, as far as handler names need: strings, name patterns,
/// enum cases, types, instances of types, and collections of those.
indirect enum SwiftValue: Hashable {
    /// `origin` is the call-site argument that supplied the value through a parameter, if any.
    case string(String, origin: SwiftOrigin?)
    /// A name built at runtime around constant parts: `FocusScript_*`.
    case pattern(String, origin: SwiftOrigin?)
    case enumCase(type: String, name: String)
    case metatype(String)
    case instance(String)
    case sequence([SwiftValue])
    case dictionary(keys: [SwiftValue], values: [SwiftValue])

    /// The value with its origin's scope dropped: it reached the registration through storage
    /// (a variable set here and read elsewhere) or a call that may not run, so the call site
    /// that supplied it is not certainly a second registration of the name.
    func uncertain() -> SwiftValue {
        switch self {
        case .string(let s, let origin?): return .string(s, origin: SwiftOrigin(location: origin.location, scope: nil))
        case .pattern(let p, let origin?): return .pattern(p, origin: SwiftOrigin(location: origin.location, scope: nil))
        case .sequence(let items): return .sequence(items.map { $0.uncertain() })
        case .dictionary(let keys, let values): return .dictionary(keys: keys.map { $0.uncertain() }, values: values.map { $0.uncertain() })
        default: return self
        }
    }

    func with(origin: SwiftOrigin) -> SwiftValue {
        switch self {
        case .string(let s, nil): return .string(s, origin: origin)
        case .pattern(let p, nil): return .pattern(p, origin: origin)
        case .sequence(let items): return .sequence(items.map { $0.with(origin: origin) })
        case .dictionary(let keys, let values):
            return .dictionary(keys: keys.map { $0.with(origin: origin) }, values: values.map { $0.with(origin: origin) })
        default: return self
        }
    }
}

/// Where a name entered through a parameter: the argument at the call site, and the scope of
/// that call (for duplicate-registration).
struct SwiftOrigin: Hashable {
    var location: SourceLocation
    var scope: String?
}

/// What an expression evaluates to: every value it can have, and, where a part of it cannot
/// be followed, why.
struct SwiftValues {
    var values: [SwiftValue] = []
    var failures: [String] = []
    /// A filter (`where`, `.filter`) chose among the values: not all of them need reach the
    /// registration, so they are never a duplicate of each other.
    var filtered = false

    static func failure(_ reason: String) -> SwiftValues { SwiftValues(values: [], failures: [reason]) }

    mutating func merge(_ other: SwiftValues) {
        filtered = filtered || other.filtered
        for value in other.values where !values.contains(value) { values.append(value) }
        for failure in other.failures where !failures.contains(failure) { failures.append(failure) }
    }

    /// The elements when the values are collections (a dictionary's are its keys).
    var elements: SwiftValues {
        var result = SwiftValues(values: [], failures: failures, filtered: filtered)
        for value in values {
            switch value {
            case .sequence(let items): result.merge(SwiftValues(values: items))
            case .dictionary(let keys, _): result.merge(SwiftValues(values: keys))
            case .metatype, .instance:
                // A value of a declared collection type whose elements are unknown.
                result.failures.append("its elements are not constants")
            default:
                result.failures.append("it is not a collection of names")
            }
        }
        return result
    }
}

/// Follows a registration's name expression through the scanned Swift: constants, properties
/// (stored, computed, static, assigned later), enum cases and `allCases`, collection literals
/// and their `map`/`filter`/`+`, loop and closure variables, function parameters (to every call
/// site's argument), function results, protocol requirements (to every conformer), `?:`, `??`,
/// `if`/`switch` expressions and interpolated strings (as name patterns).
///
/// When several declarations could be meant, it prefers the same type, then the same file, then
/// takes the union: a wrong pairing costs less than a false alarm.
struct SwiftNameResolver {
    let index: SwiftIndex
    private let maxDepth = 24
    private let maxValues = 2048
    /// How many expressions one resolution may evaluate. Depth alone does not bound the work:
    /// a value reached along many paths (variables set from calls of functions whose parameters
    /// are set from other calls, as test suites write them) is evaluated again on each, and
    /// the paths multiply with depth. Real registrations take hundreds; past this, the answer
    /// is "too many steps", not a run that never ends.
    private let maxSteps = 20_000

    init(index: SwiftIndex) {
        self.index = index
        var subtypes: [String: [String]] = [:]
        for (key, declarations) in index.types {
            for declaration in declarations {
                for parent in declaration.inherits {
                    subtypes[parent, default: []].append(key)
                }
            }
        }
        self.subtypes = subtypes.mapValues { Array(Set($0)).sorted() }
    }

    /// Type keys that name `parent` in their inheritance clause, by its last component.
    private let subtypes: [String: [String]]

    /// Answers of the pure lookups, kept across the registrations resolved: each depends only on
    /// the index (and its arguments), so a second ask gives what the first computed.
    private let memo = Memo()

    private final class Memo {
        var supertypes: [String: [String]] = [:]
        var allSubtypes: [String: [String]] = [:]
        var typeKeys: [TypeKeyQuery: String?] = [:]
        var calls: [String: [SwiftCall]] = [:]
        var arguments: [SwiftSpan: [SwiftArgument]?] = [:]
        var expressions: [SwiftSpan: SwiftExpression] = [:]
        var getters: [SwiftSpan: SwiftExpression] = [:]
        var bodies: [SwiftSpan: SwiftExpression] = [:]
        var closureTypes: [SwiftSpan: Bool] = [:]
        /// The steps the current resolution has left (`maxSteps`).
        var steps = 0
    }

    /// `typeKey(named:from:)` reads the context's type path (whose key it is, joined) and file.
    private struct TypeKeyQuery: Hashable {
        var name: String
        var typeKey: String
        var file: Int
    }

    /// The span's tokens parsed as one expression.
    private func expression(_ span: SwiftSpan) -> SwiftExpression {
        if let known = memo.expressions[span] { return known }
        let parsed = SwiftExpressionParser.parse(index.tokens(span))
        memo.expressions[span] = parsed
        return parsed
    }

    /// A scope for evaluation: the code's context, plus values bound by the evaluation itself
    /// (closure parameters during `map`, function parameters during a call).
    struct Scope {
        var context: SwiftContext
        var bound: [String: SwiftValues] = [:]
        /// When evaluating inside a function because of a call, the call's bindings win over
        /// the function's own parameters' call sites.
        var inCall = false
    }

    /// Resolves the name expression of a registration.
    func resolve(_ tokens: [SwiftToken], context: SwiftContext) -> SwiftValues {
        memo.steps = maxSteps
        var visiting = Set<String>()
        return evaluate(SwiftExpressionParser.parse(tokens), Scope(context: context), depth: 0, visiting: &visiting)
    }

    /// A variable's values, as a reference to it would evaluate them.
    func values(of variable: SwiftVariable) -> SwiftValues {
        memo.steps = maxSteps
        var visiting = Set<String>()
        return self.variable(variable, depth: 0, visiting: &visiting)
    }

    /// The variables `name` can mean at `context`: locals of its function, then members of the
    /// enclosing types, then globals.
    func variables(named name: String, from context: SwiftContext) -> [SwiftVariable] {
        if let function = context.function, let locals = index.locals[SwiftIndex.memberKey(function, name)] { return locals }
        for level in stride(from: context.typePath.count, through: 0, by: -1) {
            let key = SwiftIndex.memberKey(SwiftIndex.key(Array(context.typePath.prefix(level))), name)
            if let found = index.members[key], !found.isEmpty { return found }
        }
        return []
    }

    /// The variables a reference reads: `x` (as `variables(named:from:)`), or a member through a
    /// type or a value, `Self.x`, `self.x`, `Scripts.x`, `a.b.x` (declared in the type or
    /// inherited).
    func variables(referencedBy tokens: [SwiftToken], from context: SwiftContext) -> [SwiftVariable] {
        switch SwiftExpressionParser.parse(tokens) {
        case .name(let name, _):
            return variables(named: name, from: context)
        case .member(let base?, let name):
            memo.steps = maxSteps
            var visiting = Set<String>()
            let bases = evaluate(base, Scope(context: context), depth: 0, visiting: &visiting)
            var result: [SwiftVariable] = []
            for value in bases.values {
                switch value {
                case .metatype(let type), .instance(let type): result += declared(name, in: type)
                default: break
                }
            }
            return result
        default:
            return []
        }
    }

    /// The declarations of member `name` in `type`, else in its nearest supertype that has one.
    private func declared(_ name: String, in type: String) -> [SwiftVariable] {
        if let own = index.members[SwiftIndex.memberKey(type, name)], !own.isEmpty { return own }
        for parent in supertypes(of: type) {
            if let inherited = index.members[SwiftIndex.memberKey(parent, name)], !inherited.isEmpty { return inherited }
        }
        return []
    }

    // MARK: - Expressions

    private func evaluate(_ expression: SwiftExpression, _ scope: Scope, depth: Int, visiting: inout Set<String>) -> SwiftValues {
        guard depth < maxDepth else { return .failure("it is nested too deeply to follow") }
        guard memo.steps > 0 else { return .failure("it takes too many steps to follow") }
        memo.steps -= 1
        switch expression {
        case .string(let token):
            return string(token, scope, depth: depth, visiting: &visiting)
        case .array(let items):
            var values = SwiftValues()
            var elements: [SwiftValue] = []
            for item in items {
                let value = evaluate(item, scope, depth: depth + 1, visiting: &visiting)
                elements += value.values
                values.failures += value.failures
            }
            values.values = [.sequence(unique(elements))]
            return values
        case .dictionary(let pairs):
            var keys: [SwiftValue] = []
            var dictionaryValues: [SwiftValue] = []
            var failures: [String] = []
            for pair in pairs {
                let key = evaluate(pair.key, scope, depth: depth + 1, visiting: &visiting)
                keys += key.values
                // A number key (`[0: […]]`) is no name, and says nothing about the values.
                if case .other(let token?) = pair.key, token.kind == .number {} else { failures += key.failures }
                dictionaryValues += evaluate(pair.value, scope, depth: depth + 1, visiting: &visiting).values
            }
            return SwiftValues(values: [.dictionary(keys: unique(keys), values: unique(dictionaryValues))], failures: failures)
        case .name(let name, let token):
            return self.name(name, token: token, scope, depth: depth, visiting: &visiting)
        case .member(nil, let name):
            // An implicit member such as `.page`: not a name.
            return .failure("'.\(name)' is an implicit member whose type is not known")
        case .member(let base?, let name):
            if case .name("super", _) = base {
                return superMember(name, scope, depth: depth, visiting: &visiting)
            }
            let bases = evaluate(base, scope, depth: depth + 1, visiting: &visiting)
            return member(name, of: bases, scope, depth: depth, visiting: &visiting)
        case .call(let callee, let arguments):
            return call(callee, arguments, scope, depth: depth, visiting: &visiting)
        case .binary("+", let left, let right):
            let a = evaluate(left, scope, depth: depth + 1, visiting: &visiting)
            let b = evaluate(right, scope, depth: depth + 1, visiting: &visiting)
            return concatenate(a, b)
        case .branches(let branches):
            var result = SwiftValues()
            for branch in branches { result.merge(evaluate(branch, scope, depth: depth + 1, visiting: &visiting)) }
            return result
        case .tooDeep:
            return .failure("it is nested too deeply to follow")
        case .binary, .closure, .keyPath, .other:
            return .failure("it is not an expression of constants")
        }
    }

    /// A literal; with interpolations, the cartesian product of constant parts, or a pattern
    /// with `*` where a part is not constant.
    private func string(_ token: SwiftToken, _ scope: Scope, depth: Int, visiting: inout Set<String>) -> SwiftValues {
        if token.isUnterminated { return .failure("the string literal is not terminated") }
        if let value = token.stringValue { return SwiftValues(values: [.string(value, origin: nil)]) }
        guard let parts = SwiftLexer.parts(of: token) else { return .failure("a multi-line interpolated string is not a name") }
        var prefixes: [(text: String, isPattern: Bool)] = [("", false)]
        var failures: [String] = []
        for part in parts {
            switch part {
            case .text(let text):
                prefixes = prefixes.map { ($0.text + text, $0.isPattern) }
            case .interpolation(let tokens):
                let value = evaluate(SwiftExpressionParser.parse(tokens), scope, depth: depth + 1, visiting: &visiting)
                let strings = value.values.compactMap { v -> String? in if case .string(let s, _) = v { return s } else { return nil } }
                if value.failures.isEmpty, !strings.isEmpty, strings.count == value.values.count, strings.count * prefixes.count <= 64 {
                    prefixes = prefixes.flatMap { prefix in strings.map { (prefix.text + $0, prefix.isPattern) } }
                } else {
                    failures += value.failures
                    prefixes = prefixes.map { ($0.text + "*", true) }
                }
            }
        }
        var result = SwiftValues()
        for prefix in prefixes {
            if prefix.isPattern {
                // A pattern needs a constant part to mean anything.
                guard prefix.text.contains(where: { $0 != "*" }) else {
                    return .failure("'\(token.text)' is built at runtime from values that are not constants")
                }
                result.values.append(.pattern(prefix.text, origin: nil))
            } else {
                result.values.append(.string(prefix.text, origin: nil))
            }
        }
        return result
    }

    private func concatenate(_ a: SwiftValues, _ b: SwiftValues) -> SwiftValues {
        var result = SwiftValues(values: [], failures: a.failures + b.failures, filtered: a.filtered || b.filtered)
        let aSequences = a.values.filter { if case .sequence = $0 { return true } else { return false } }
        if !aSequences.isEmpty || b.values.contains(where: { if case .sequence = $0 { return true } else { return false } }) {
            result.values = [.sequence(unique(a.elements.values + b.elements.values))]
            return result
        }
        for x in a.values {
            for y in b.values {
                switch (x, y) {
                case (.string(let s, let o), .string(let t, _)): result.values.append(.string(s + t, origin: o))
                case (.string(let s, let o), .pattern(let t, _)), (.pattern(let s, let o), .string(let t, _)),
                     (.pattern(let s, let o), .pattern(let t, _)):
                    result.values.append(.pattern(s + t, origin: o))
                default: result.failures.append("'+' joins values that are not names")
                }
            }
        }
        if a.values.isEmpty || b.values.isEmpty {
            // One side is unknown: the known side is a constant part of a runtime name, which
            // is then resolved, as a pattern.
            for x in a.values { if case .string(let s, let o) = x { result.values.append(.pattern(s + "*", origin: o)) } }
            for y in b.values { if case .string(let t, let o) = y { result.values.append(.pattern("*" + t, origin: o)) } }
            if !result.values.isEmpty { result.failures = [] }
        }
        return result
    }

    // MARK: - Names

    private func name(_ name: String, token: SwiftToken, _ scope: Scope, depth: Int, visiting: inout Set<String>) -> SwiftValues {
        if let bound = scope.bound[name] { return bound }
        let context = scope.context
        // `nil` (an optional's default or first value) is no name: `add`'s name is a `String`,
        // so a nil is unwrapped away (`if let`, `guard let`, `??`) before it could reach it.
        if name == "nil" { return SwiftValues() }
        if name == "self" {
            return context.typePath.isEmpty ? .failure("'self' is used outside a type") : SwiftValues(values: [.instance(context.typeKey)])
        }
        if name == "Self" {
            return context.typePath.isEmpty ? .failure("'Self' is used outside a type") : SwiftValues(values: [.metatype(context.typeKey)])
        }
        // Loop variables and closure parameters, innermost first.
        for (position, binding) in context.bindings.enumerated().reversed() {
            guard let (slot, count, isAccumulator) = binding.slot(of: name) else { continue }
            if isAccumulator { return .failure("'\(name)' is the accumulator of reduce, not an element") }
            var outer = scope
            outer.context.bindings = Array(context.bindings.prefix(position))
            let source = expression(binding.source)
            var collection = evaluate(source, outer, depth: depth + 1, visiting: &visiting)
            collection.filtered = collection.filtered || binding.isFiltered
            return element(slot, of: collection, count: count)
        }
        if let function = context.function.flatMap({ index.functionsByID[$0] }) {
            if let parameter = function.parameters.first(where: { $0.name == name }) {
                return self.parameter(parameter, of: function, depth: depth, visiting: &visiting)
            }
            // A generic parameter stands for any type meeting its constraint.
            if let constraint = function.generics[name], let type = typeKey(named: constraint, from: function.context) {
                return SwiftValues(values: [.metatype(type)])
            }
        }
        if let function = context.function,
           let locals = index.locals[SwiftIndex.memberKey(function, name)] {
            return variables(locals, depth: depth, visiting: &visiting)
        }
        // Members of the enclosing types, innermost first, then globals.
        for level in stride(from: context.typePath.count, through: 0, by: -1) {
            let typeKey = SwiftIndex.key(Array(context.typePath.prefix(level)))
            if level > 0 {
                let found = memberValues(name, inType: typeKey, static: nil, from: context.file, depth: depth, visiting: &visiting)
                if let found { return found }
            } else if let globals = index.members[SwiftIndex.memberKey("", name)] {
                return variables(preferSameFile(globals, file: context.file), depth: depth, visiting: &visiting)
            }
        }
        if let type = typeKey(named: name, from: context) { return SwiftValues(values: [.metatype(type)]) }
        return .failure("'\(name)' is not a constant the scan can see")
    }

    /// The `slot`th part of each element: the element itself, or a dictionary's key (0) or value (1).
    private func element(_ slot: Int, of collection: SwiftValues, count: Int) -> SwiftValues {
        var result = SwiftValues(values: [], failures: collection.failures, filtered: collection.filtered)
        for value in collection.values {
            switch value {
            case .sequence(let items) where slot == 0: result.merge(SwiftValues(values: items))
            case .dictionary(let keys, let values): result.merge(SwiftValues(values: slot == 0 ? keys : values))
            default: result.merge(SwiftValues(values: [], failures: ["the loop runs over values that are not names"]))
            }
        }
        return result
    }

    /// Every value a parameter receives: the matching argument at every call site, or its
    /// default value where a call leaves it out. A parameter of a declared non-`String` type is
    /// an instance of that type (so `helper.name` unions the conformers' names).
    private func parameter(_ parameter: SwiftParameter, of function: SwiftFunction, depth: Int, visiting: inout Set<String>) -> SwiftValues {
        let key = "param|\(function.id)|\(parameter.name)"
        guard !visiting.contains(key) else { return .failure("parameter '\(parameter.name)' of \(function.signature) depends on itself") }
        visiting.insert(key)
        defer { visiting.remove(key) }
        if let type = parameter.type {
            // A value of a protocol type (or a collection of them, or a generic `T: P`) is any
            // conformer: no caller is needed.
            let tokens = index.tokens(type)
            if let declared = declaredType(tokens, from: function.context, generics: function.generics)
                ?? protocolCollection(tokens, from: function.context, generics: function.generics) {
                return SwiftValues(values: [declared])
            }
        }
        let position = function.parameters.firstIndex { $0.name == parameter.name } ?? 0
        var result = SwiftValues()
        var sawCall = false
        for call in calls(to: function) {
            guard let arguments = arguments(of: call), let bound = bind(arguments, to: function) else { continue }
            sawCall = true
            let callScope = Scope(context: call.context)
            if let argument = bound[position] {
                var value = evaluate(argument.value, callScope, depth: depth + 1, visiting: &visiting)
                if let first = argument.tokens.first {
                    let origin = SwiftOrigin(
                        location: index.location(first, file: call.context.file),
                        scope: call.context.straightLine.map { $0 + "|" + (call.receiver ?? "self") })
                    value.values = value.values.map { $0.with(origin: origin) }
                    // A call inside a branch of its function may not run: it registers nothing
                    // certainly, wherever its argument came from.
                    if call.context.straightLine != call.context.function { value.values = value.values.map { $0.uncertain() } }
                }
                value.failures = value.failures.map { failure in
                    let at = argument.tokens.first.map { " at \(index.location($0, file: call.context.file))" } ?? ""
                    return "parameter '\(parameter.name)' of \(function.signature) receives a non-constant value\(at): \(failure)"
                }
                result.merge(value)
            } else if let defaultValue = parameter.defaultValue {
                result.merge(evaluate(
                    expression(defaultValue), Scope(context: function.context),
                    depth: depth + 1, visiting: &visiting))
            }
        }
        if !sawCall {
            return .failure("parameter '\(parameter.name)' of \(function.signature) has no call site the scan can see")
        }
        return result
    }

    /// The type a declaration names, as a value, when it is a type the scan knows (not `String`
    /// or a collection of strings): `helper: TabHelper` → an instance of TabHelper.
    private func declaredType(_ tokens: [SwiftToken], from context: SwiftContext, generics: [String: String] = [:]) -> SwiftValue? {
        var names = tokens.filter { $0.kind == .identifier && !["some", "any", "inout", "escaping"].contains($0.text) }
        guard let first = names.first else { return nil }
        if first.text == "String" || first.text == "Substring" { return nil }
        if tokens.first?.isSymbol("[") == true || first.text == "Array" || first.text == "Set" { return nil }
        // `T.Type` is the metatype of T.
        let isMetatype = names.count >= 2 && names.last?.text == "Type"
        if isMetatype { names.removeLast() }
        var name = names.map(\.identifier).joined(separator: ".")
        // A generic parameter `T: P` is a value of P.
        if let constraint = generics[name] { name = constraint }
        guard let key = typeKey(named: name, from: context) else { return nil }
        return isMetatype ? .metatype(key) : .instance(key)
    }

    /// `[P]`, `[any P]`, `Array<P>`, `Set<P>`, `[T]` with `T: P` (optional or not), P a protocol:
    /// a collection of values of any conformer, as a sequence of one instance of P.
    private func protocolCollection(_ tokens: [SwiftToken], from context: SwiftContext, generics: [String: String] = [:]) -> SwiftValue? {
        var inner = tokens[...]
        while let last = inner.last, last.isSymbol("?") || last.isSymbol("!") { inner = inner.dropLast() }
        guard let first = inner.first, let last = inner.last else { return nil }
        if first.isSymbol("["), last.isSymbol("]") {
            inner = inner.dropFirst().dropLast()
            if inner.contains(where: { $0.isSymbol(":") || $0.isSymbol("[") }) { return nil }
        } else if first.kind == .identifier, ["Array", "Set", "ContiguousArray"].contains(first.text), inner.count >= 4,
                  inner[inner.startIndex + 1].isSymbol("<"), last.isSymbol(">") {
            inner = inner.dropFirst(2).dropLast()
        } else {
            return nil
        }
        let names = inner.filter { $0.kind == .identifier && !["some", "any"].contains($0.text) }
        guard !names.isEmpty, inner.allSatisfy({ $0.kind == .identifier || $0.isSymbol(".") }) else { return nil }
        var name = names.map(\.identifier).joined(separator: ".")
        if let constraint = generics[name] { name = constraint }
        guard let key = typeKey(named: name, from: context), isProtocol(key) else { return nil }
        return .sequence([.instance(key)])
    }

    /// Whether `values` are collections with at least one element, every one an instance or a
    /// type, and nothing failed: what the code puts in a collection is all known.
    private static func holdsOnlyKnownInstances(_ values: SwiftValues) -> Bool {
        guard values.failures.isEmpty, !values.values.isEmpty else { return false }
        var sawElement = false
        for value in values.values {
            guard case .sequence(let items) = value else { return false }
            for item in items {
                switch item {
                case .instance, .metatype: sawElement = true
                default: return false
                }
            }
        }
        return sawElement
    }

    /// A protocol the scan sees declared, or one of another package that scanned types conform to.
    private func isProtocol(_ key: String) -> Bool {
        if let declarations = index.types[key] { return declarations.contains { $0.kind == .protocol } }
        // A raw type (`enum E: String`) is no protocol, though enums name it like one.
        return subtypes[key] != nil && !Self.rawTypes.contains(key)
    }

    private static let rawTypes: Set<String> = [
        "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
        "UInt32", "UInt64", "Double", "Float", "Bool", "NSObject",
    ]

    /// Whether the name `span` holds, read at `context`, is a value of `type` (or of a subtype,
    /// or of a protocol or superclass `type` conforms to).
    private func isValue(_ span: SwiftSpan, in context: SwiftContext, of type: String, depth: Int, visiting: inout Set<String>) -> Bool {
        let value = evaluate(expression(span), Scope(context: context), depth: depth + 1, visiting: &visiting)
        return value.values.contains { value in
            guard case .instance(let t) = value else { return false }
            return t == type || isSubtype(t, of: type) || isSubtype(type, of: t)
        }
    }

    private func variables(_ candidates: [SwiftVariable], depth: Int, visiting: inout Set<String>) -> SwiftValues {
        var result = SwiftValues()
        for variable in candidates {
            result.merge(self.variable(variable, depth: depth, visiting: &visiting))
        }
        return result
    }

    /// A variable's values: its initializer or computed body, and what is assigned or added to it.
    private func variable(_ variable: SwiftVariable, depth: Int, visiting: inout Set<String>) -> SwiftValues {
        let key = "var|\(variable.context.file)|\(variable.context.typeKey)|\(variable.context.function ?? "")|\(variable.name)"
        guard !visiting.contains(key) else { return SwiftValues() }
        visiting.insert(key)
        defer { visiting.remove(key) }
        var result = SwiftValues()
        var sawValue = false
        if let initializer = variable.initializer {
            sawValue = true
            result.merge(evaluate(
                expression(initializer), Scope(context: variable.context),
                depth: depth + 1, visiting: &visiting))
        }
        if let body = variable.body {
            sawValue = true
            var context = variable.context
            context.function = variable.bodyScope
            result.merge(evaluate(getter(body), Scope(context: context), depth: depth + 1, visiting: &visiting))
        }
        for mutation in index.mutationsByName[variable.name] ?? [] where mutation.context.file == variable.context.file
            || !variable.context.typePath.isEmpty {
            if let receiver = mutation.receiver {
                // `x.name = …` from outside: only for a member, through a value of its type.
                guard variable.context.function == nil, !variable.context.typePath.isEmpty,
                      isValue(receiver, in: mutation.context, of: variable.context.typeKey, depth: depth, visiting: &visiting) else { continue }
            } else {
                guard mutation.context.typeKey == variable.context.typeKey || isSubtype(mutation.context.typeKey, of: variable.context.typeKey) else { continue }
                if variable.context.function != nil, mutation.context.function != variable.context.function { continue }
            }
            sawValue = true
            var value = evaluate(
                expression(mutation.value), Scope(context: mutation.context),
                depth: depth + 1, visiting: &visiting)
            // Stored here, read elsewhere: not the call that stored it registering again.
            value.values = value.values.map { $0.uncertain() }
            switch mutation.kind {
            case .assign, .appendContents: result.merge(value)
            case .appendElement: result.merge(SwiftValues(values: [.sequence(value.values)], failures: value.failures))
            case .key: result.merge(SwiftValues(values: [.dictionary(keys: value.values, values: [])], failures: value.failures))
            }
        }
        if let type = variable.type, let collection = protocolCollection(index.tokens(type), from: variable.context),
           !Self.holdsOnlyKnownInstances(result) {
            // A collection of a protocol's values: any conformer may be in it, unless every
            // value the code puts there is a known instance (which narrows it).
            result.merge(SwiftValues(values: [collection]))
            sawValue = true
        }
        if result.values.isEmpty, let type = variable.type, let declared = declaredType(index.tokens(type), from: variable.context) {
            // No value the scan can follow (none, or a closure's or a call's), but a declared type.
            return SwiftValues(values: [declared])
        }
        if !sawValue { return .failure("'\(variable.name)' is never given a value the scan can see") }
        return flattenSequences(result)
    }

    /// A computed property's body, or its `get { … }` accessor's.
    private func getter(_ span: SwiftSpan) -> SwiftExpression {
        if let known = memo.getters[span] { return known }
        let parsed = getter(index.tokens(span))
        memo.getters[span] = parsed
        return parsed
    }

    private func getter(_ body: [SwiftToken]) -> SwiftExpression {
        if let first = body.first, first.isKeyword("get"), body.count >= 2, body[1].isSymbol("{") {
            var nesting = 0
            for (k, t) in body.enumerated().dropFirst() {
                if t.isSymbol("{") { nesting += 1 }
                if t.isSymbol("}") {
                    nesting -= 1
                    if nesting == 0 { return SwiftExpressionParser.yielded(byBody: Array(body[2..<k])) }
                }
            }
        }
        return SwiftExpressionParser.yielded(byBody: body)
    }

    /// Several collections (an initial value plus appends or keys set later) are one collection
    /// of all their elements.
    private func flattenSequences(_ values: SwiftValues) -> SwiftValues {
        var items: [SwiftValue] = []
        var keys: [SwiftValue] = []
        var dictionaryValues: [SwiftValue] = []
        var sequences = 0, dictionaries = 0
        var others: [SwiftValue] = []
        for value in values.values {
            switch value {
            case .sequence(let elements): items += elements; sequences += 1
            case .dictionary(let k, let v): keys += k; dictionaryValues += v; dictionaries += 1
            default: others.append(value)
            }
        }
        guard sequences > 1 || dictionaries > 1 else { return values }
        if dictionaries > 0 { others.append(.dictionary(keys: unique(keys), values: unique(dictionaryValues))) }
        if sequences > 0 { others.append(.sequence(unique(items))) }
        return SwiftValues(values: others, failures: values.failures)
    }

    // MARK: - Members

    private func member(_ name: String, of bases: SwiftValues, _ scope: Scope, depth: Int, visiting: inout Set<String>) -> SwiftValues {
        var result = SwiftValues(values: [], failures: bases.failures, filtered: bases.filtered)
        for base in bases.values {
            result.merge(member(name, of: base, scope, depth: depth, visiting: &visiting))
            if result.values.count > maxValues { break }
        }
        return result
    }

    private func member(_ name: String, of base: SwiftValue, _ scope: Scope, depth: Int, visiting: inout Set<String>) -> SwiftValues {
        switch base {
        case .enumCase(let type, let caseName):
            if name == "rawValue" {
                guard let raw = index.enumCases[type]?.first(where: { $0.name == caseName })?.raw else {
                    return .failure("'\(type).\(caseName)' has no string raw value")
                }
                return SwiftValues(values: [.string(raw, origin: nil)])
            }
            return memberValues(name, inType: type, static: false, from: scope.context.file, depth: depth, visiting: &visiting)
                ?? .failure("'\(name)' of \(type) is not a constant the scan can see")
        case .metatype(let type):
            if name == "allCases", let cases = index.enumCases[type] {
                return SwiftValues(values: [.sequence(cases.map { .enumCase(type: type, name: $0.name) })])
            }
            if name == "self" { return SwiftValues(values: [base]) }
            if index.enumCases[type]?.contains(where: { $0.name == name }) == true {
                return SwiftValues(values: [.enumCase(type: type, name: name)])
            }
            if index.types[type + "." + name] != nil { return SwiftValues(values: [.metatype(type + "." + name)]) }
            return lookup(name, in: type, static: true, from: scope.context.file, depth: depth, visiting: &visiting)
        case .instance(let type):
            if name == "rawValue", let cases = index.enumCases[type] {
                // A value of an enum type whose case is not known: any of its cases.
                let raws = cases.compactMap(\.raw)
                guard raws.count == cases.count else { return .failure("\(type) has no string raw values") }
                return SwiftValues(values: raws.map { .string($0, origin: nil) })
            }
            return lookup(name, in: type, static: false, from: scope.context.file, depth: depth, visiting: &visiting)
        case .dictionary(let keys, let values):
            if name == "keys" { return SwiftValues(values: [.sequence(keys)]) }
            if name == "values" { return SwiftValues(values: [.sequence(values)]) }
            return .failure("'\(name)' of a dictionary is not a name")
        case .sequence(let items):
            if ["first", "last", "randomElement"].contains(name) { return SwiftValues(values: items) }
            if ["lazy", "self"].contains(name) { return SwiftValues(values: [base]) }
            return .failure("'\(name)' of a collection is not a name")
        case .string(let s, let origin):
            if name == "rawValue" || name == "description" || name == "self" { return SwiftValues(values: [.string(s, origin: origin)]) }
            return .failure("'\(name)' of a string is not a name")
        case .pattern:
            return .failure("'\(name)' of a runtime name is not a name")
        }
    }

    /// A member read through a value of `type`: for a protocol, the union over its conformers
    /// (each falling back on the protocol extension's default); for any other type, its own
    /// declaration (and subclasses' overrides), else a conformer's.
    private func lookup(_ name: String, in type: String, static isStatic: Bool, from file: Int, depth: Int, visiting: inout Set<String>) -> SwiftValues {
        let isProtocol = index.types[type]?.contains { $0.kind == .protocol } == true
        let found = isProtocol
            ? conformerValues(name, of: type, static: isStatic, from: file, depth: depth, visiting: &visiting)
                ?? memberValues(name, inType: type, static: isStatic, from: file, depth: depth, visiting: &visiting)
            : memberValues(name, inType: type, static: isStatic, from: file, depth: depth, visiting: &visiting)
                ?? conformerValues(name, of: type, static: isStatic, from: file, depth: depth, visiting: &visiting)
        return found ?? .failure("'\(name)' of \(type) is not a constant the scan can see")
    }

    /// A member declared in `type`, its extensions, its superclasses, or a protocol extension of
    /// a protocol it conforms to, and, for a class, overrides in its subclasses. Nil when no
    /// declaration exists.
    private func memberValues(
        _ name: String, inType type: String, static isStatic: Bool?, from file: Int, depth: Int, visiting: inout Set<String>
    ) -> SwiftValues? {
        let own = preferSameFile(index.members[SwiftIndex.memberKey(type, name)] ?? [], file: file)
        var result = SwiftValues()
        var found = false
        if !own.isEmpty {
            found = true
            result.merge(variables(own, depth: depth, visiting: &visiting))
        } else {
            for parent in supertypes(of: type) {
                if let inherited = index.members[SwiftIndex.memberKey(parent, name)], !inherited.isEmpty {
                    found = true
                    result.merge(variables(inherited, depth: depth, visiting: &visiting))
                    break
                }
            }
        }
        // Overrides in subclasses (a class's member read through a value of the base type).
        for subtype in allSubtypes(of: type) where index.types[subtype]?.contains(where: { $0.kind == .class }) == true {
            if let overrides = index.members[SwiftIndex.memberKey(subtype, name)], !overrides.isEmpty {
                found = true
                result.merge(variables(overrides, depth: depth, visiting: &visiting))
            }
        }
        return found ? result : nil
    }

    /// For a protocol: the member of every conforming type (its own, inherited, or the protocol
    /// extension's default). Nil when nothing conforms or nothing declares the member.
    private func conformerValues(
        _ name: String, of type: String, static isStatic: Bool, from file: Int, depth: Int, visiting: inout Set<String>
    ) -> SwiftValues? {
        let conformers = allSubtypes(of: type)
        guard !conformers.isEmpty else { return nil }
        var result = SwiftValues()
        var found = false
        for conformer in conformers {
            if let values = memberValues(name, inType: conformer, static: isStatic, from: file, depth: depth + 1, visiting: &visiting) {
                found = true
                result.merge(values)
            } else if let defaults = index.members[SwiftIndex.memberKey(type, name)], !defaults.isEmpty {
                found = true
                result.merge(variables(defaults, depth: depth, visiting: &visiting))
            }
            if result.values.count > maxValues { break }
        }
        return found ? result : nil
    }

    /// `super.x` inside a type: the member as the superclass declares it.
    private func superMember(_ name: String, _ scope: Scope, depth: Int, visiting: inout Set<String>) -> SwiftValues {
        for parent in supertypes(of: scope.context.typeKey) {
            if let inherited = index.members[SwiftIndex.memberKey(parent, name)], !inherited.isEmpty {
                return variables(inherited, depth: depth, visiting: &visiting)
            }
        }
        return .failure("'super.\(name)' is not declared in a superclass the scan can see")
    }

    /// The types `type` names in its inheritance clauses, nearest first, transitively.
    private func supertypes(of type: String) -> [String] {
        if let known = memo.supertypes[type] { return known }
        var result: [String] = []
        var queue = [type]
        var seen: Set<String> = [type]
        while !queue.isEmpty {
            let current = queue.removeFirst()
            for declaration in index.types[current] ?? [] {
                for parent in declaration.inherits {
                    for key in index.typesByName[parent] ?? [] where !seen.contains(key) {
                        seen.insert(key)
                        result.append(key)
                        queue.append(key)
                    }
                }
            }
        }
        memo.supertypes[type] = result
        return result
    }

    /// Every type that inherits from or conforms to `type`, transitively.
    private func allSubtypes(of type: String) -> [String] {
        if let known = memo.allSubtypes[type] { return known }
        var result: [String] = []
        var queue = [type]
        var seen: Set<String> = [type]
        while !queue.isEmpty {
            let current = queue.removeFirst()
            let last = current.split(separator: ".").last.map(String.init) ?? current
            for subtype in subtypes[last] ?? [] where !seen.contains(subtype) {
                seen.insert(subtype)
                result.append(subtype)
                queue.append(subtype)
            }
        }
        result.sort()
        memo.allSubtypes[type] = result
        return result
    }

    private func isSubtype(_ type: String, of parent: String) -> Bool {
        !type.isEmpty && supertypes(of: type).contains(parent)
    }

    /// The key of the type `name` refers to from `context`: the innermost enclosing type's
    /// nested type first, then any type of that name (same file first).
    private func typeKey(named name: String, from context: SwiftContext) -> String? {
        let query = TypeKeyQuery(name: name, typeKey: context.typeKey, file: context.file)
        if let known = memo.typeKeys[query] { return known }
        let key = findTypeKey(named: name, from: context)
        memo.typeKeys[query] = .some(key)
        return key
    }

    private func findTypeKey(named name: String, from context: SwiftContext) -> String? {
        for level in stride(from: context.typePath.count, through: 0, by: -1) {
            let key = SwiftIndex.key(Array(context.typePath.prefix(level)) + [name])
            if index.types[key] != nil { return key }
        }
        let last = name.split(separator: ".").last.map(String.init) ?? name
        guard let candidates = index.typesByName[last], !candidates.isEmpty else {
            // A type declared outside the scanned sources (another package's protocol) that
            // scanned types conform to: its conformers still answer for it.
            return subtypes[last] != nil ? last : nil
        }
        let matching = candidates.filter { $0 == name || $0.hasSuffix("." + name) }
        let pool = matching.isEmpty ? candidates : matching
        return pool.first { key in index.types[key]?.contains { $0.file == context.file } == true } ?? pool.sorted()[0]
    }

    // MARK: - Calls

    private func call(_ callee: SwiftExpression, _ arguments: [SwiftArgument], _ scope: Scope, depth: Int, visiting: inout Set<String>) -> SwiftValues {
        switch callee {
        case .member(let base?, let method):
            let bases = evaluate(base, scope, depth: depth + 1, visiting: &visiting)
            switch method {
            case "map", "compactMap", "flatMap", "lazyMap":
                guard let transform = arguments.last?.value else { return .failure("'\(method)' has no transform") }
                var mapped = entries(bases, transform, flatten: method == "flatMap")
                    ?? map(bases, transform, flatten: method == "flatMap", scope, depth: depth, visiting: &visiting)
                mapped.filtered = mapped.filtered || method == "compactMap"
                return mapped
            case "reduce":
                return reduce(bases, arguments, scope, depth: depth, visiting: &visiting)
            case "sorted", "reversed", "shuffled", "uniqued":
                return bases
            case "filter", "prefix", "suffix", "dropFirst", "dropLast":
                var chosen = bases
                chosen.filtered = true
                return chosen
            case "appending", "union", "adding":
                guard let argument = arguments.first else { return bases }
                let other = evaluate(argument.value, scope, depth: depth + 1, visiting: &visiting)
                if method == "appending", argument.label == nil, !other.values.contains(where: { if case .sequence = $0 { return true } else { return false } }) {
                    return concatenate(bases, SwiftValues(values: [.sequence(other.values)], failures: other.failures))
                }
                return concatenate(bases, other)
            case "init":
                return instances(of: bases)
            case "joined" where arguments.isEmpty:
                // `Sequence.joined()` of sequences only flattens them; of strings it makes a new one.
                let elements = bases.elements
                guard !elements.values.isEmpty, elements.values.allSatisfy({ if case .sequence = $0 { return true } else { return false } })
                else { return .failure("'joined(…)' transforms the name at runtime") }
                let flat = elements.elements
                return SwiftValues(values: [.sequence(unique(flat.values))], failures: flat.failures, filtered: flat.filtered)
            case "lowercased", "uppercased", "trimmingCharacters", "replacingOccurrences", "joined", "components":
                return .failure("'\(method)(…)' transforms the name at runtime")
            default:
                return functionResult(method, arguments, receiver: bases, scope, depth: depth, visiting: &visiting)
            }
        case .name("type", _) where arguments.first?.label == "of":
            let value = evaluate(arguments[0].value, scope, depth: depth + 1, visiting: &visiting)
            return SwiftValues(values: value.values.map { if case .instance(let t) = $0 { return .metatype(t) } else { return $0 } }, failures: value.failures)
        case .array, .dictionary:
            // `[String]()`, `[String: Bool]()`: an empty collection.
            guard arguments.isEmpty else { return .failure("it calls something the scan cannot follow") }
            if case .dictionary = callee { return SwiftValues(values: [.dictionary(keys: [], values: [])]) }
            return SwiftValues(values: [.sequence([])])
        case .name(let name, _) where ["Array", "Set", "ContiguousArray", "String"].contains(name) && arguments.count == 1:
            return evaluate(arguments[0].value, scope, depth: depth + 1, visiting: &visiting)
        case .name(let name, _):
            if let type = typeKey(named: name, from: scope.context), index.functionsByName[name] == nil {
                return SwiftValues(values: [.instance(type)])
            }
            return functionResult(name, arguments, receiver: nil, scope, depth: depth, visiting: &visiting)
        default:
            return .failure("it calls something the scan cannot follow")
        }
    }

    private func instances(of bases: SwiftValues) -> SwiftValues {
        SwiftValues(values: bases.values.map { if case .metatype(let t) = $0 { return .instance(t) } else { return $0 } }, failures: bases.failures)
    }

    /// `dict.map { $0.value }`, `dict.compactMap(\.key)`, `dict.map { e in e.value }`: every key or
    /// every value of dictionaries; nil for another transform or collection.
    private func entries(_ bases: SwiftValues, _ transform: SwiftExpression, flatten: Bool) -> SwiftValues? {
        let part: String
        switch transform {
        case .keyPath(let path) where path.count == 1:
            part = path[0]
        case .closure(let closure):
            guard case .member(.name(let name, _)?, let member) = SwiftExpressionParser.yielded(byBody: closure.body),
                  name == (closure.parameters.count == 1 ? closure.parameters[0] : "$0") else { return nil }
            part = member
        default:
            return nil
        }
        guard part == "key" || part == "value", !bases.values.isEmpty else { return nil }
        var parts = SwiftValues(values: [], failures: bases.failures, filtered: bases.filtered)
        for base in bases.values {
            guard case .dictionary(let keys, let values) = base else { return nil }
            parts.values += part == "key" ? keys : values
        }
        if flatten { parts = parts.elements }
        return SwiftValues(values: [.sequence(unique(parts.values))], failures: parts.failures, filtered: parts.filtered)
    }

    /// `bases.map { … }` / `.map(\.a)` / `.map(f)`: the transform of every element.
    private func map(_ bases: SwiftValues, _ transform: SwiftExpression, flatten: Bool, _ scope: Scope, depth: Int, visiting: inout Set<String>) -> SwiftValues {
        let elements = bases.elements
        var result = SwiftValues(values: [], failures: elements.failures, filtered: elements.filtered)
        var mapped: [SwiftValue] = []
        for element in elements.values {
            let value: SwiftValues
            switch transform {
            case .keyPath(let path):
                var current = SwiftValues(values: [element])
                for name in path { current = member(name, of: current, scope, depth: depth + 1, visiting: &visiting) }
                value = current
            case .closure(let closure):
                var inner = scope
                inner.bound[closure.parameter(0)] = SwiftValues(values: [element])
                value = evaluate(SwiftExpressionParser.yielded(byBody: closure.body), inner, depth: depth + 1, visiting: &visiting)
            default:
                value = .failure("the transform of map is not a closure or key path")
            }
            result.failures += value.failures
            mapped += flatten ? value.elements.values : value.values
            if mapped.count > maxValues { break }
        }
        result.values = [.sequence(unique(mapped))]
        return result
    }

    /// `bases.reduce(into: initial) { acc, x in acc.append(…) }` and `bases.reduce(initial) { acc, x in acc + […] }`
    /// (also `$0`/`$1`): the initial elements and what the closure adds for every element, a
    /// collection. What it adds may depend on a condition, so the result is filtered (never a
    /// duplicate).
    private func reduce(_ bases: SwiftValues, _ arguments: [SwiftArgument], _ scope: Scope, depth: Int, visiting: inout Set<String>) -> SwiftValues {
        guard arguments.count == 2, case .closure(let closure) = arguments[1].value else {
            return .failure("the combining function of reduce is not a closure")
        }
        let initial = evaluate(arguments[0].value, scope, depth: depth + 1, visiting: &visiting)
        let into = arguments[0].label == "into"
        let accumulator = closure.parameter(0)
        let elements = bases.elements
        var result = SwiftValues(values: [], failures: elements.failures, filtered: true)
        var items: [SwiftValue] = []
        var keys: [SwiftValue] = []
        let start = initial.elements
        result.failures += start.failures
        items += start.values
        var additions: [(value: SwiftExpression, kind: SwiftMutation.Kind)] = []
        if into {
            additions = Self.additions(to: accumulator, in: closure.body)
            if additions.isEmpty { result.failures.append("the closure of reduce(into:) adds nothing the scan can read") }
        } else {
            additions = [(SwiftExpressionParser.yielded(byBody: closure.body), .assign)]
        }
        for element in elements.values {
            var inner = scope
            inner.bound[closure.parameter(1)] = SwiftValues(values: [element])
            inner.bound[accumulator] = SwiftValues(values: [.sequence(start.values)])
            for addition in additions {
                let value = evaluate(addition.value, inner, depth: depth + 1, visiting: &visiting)
                result.failures += value.failures
                switch addition.kind {
                case .appendElement: items += value.values
                case .key: keys += value.values
                case .assign, .appendContents: items += value.elements.values
                }
            }
            if items.count > maxValues { break }
        }
        result.failures = Array(Set(result.failures)).sorted()
        result.values = keys.isEmpty ? [.sequence(unique(items))] : [.dictionary(keys: unique(keys), values: [])]
        if !keys.isEmpty, !items.isEmpty { result.values.append(.sequence(unique(items))) }
        return result
    }

    /// What a `reduce(into:)` closure adds to its accumulator `name`: `name.append(x)`,
    /// `name.insert(x, at: …)`, `name.append(contentsOf: xs)`, `name.formUnion(xs)`,
    /// `name += xs`, `name[k] = v`.
    private static func additions(to name: String, in body: [SwiftToken]) -> [(value: SwiftExpression, kind: SwiftMutation.Kind)] {
        var result: [(value: SwiftExpression, kind: SwiftMutation.Kind)] = []
        func close(from open: Int) -> Int? {
            var nesting = 0
            for k in open..<body.count {
                if body[k].isSymbol("(") || body[k].isSymbol("[") || body[k].isSymbol("{") { nesting += 1 }
                if body[k].isSymbol(")") || body[k].isSymbol("]") || body[k].isSymbol("}") {
                    nesting -= 1
                    if nesting == 0 { return k }
                }
            }
            return nil
        }
        var k = 0
        while k + 1 < body.count {
            defer { k += 1 }
            let t = body[k]
            guard t.kind == .identifier, t.identifier == name, !(k > 0 && body[k - 1].isSymbol(".")) else { continue }
            if body[k + 1].isSymbol("."), k + 3 < body.count, body[k + 3].isSymbol("("),
               ["append", "insert", "formUnion"].contains(body[k + 2].text), let end = close(from: k + 3) {
                let arguments = SwiftExpressionParser.arguments(Array(body[(k + 3)...end]))
                guard let first = arguments.first else { continue }
                let isContents = first.label == "contentsOf" || body[k + 2].text == "formUnion"
                result.append((first.value, isContents ? .appendContents : .appendElement))
            } else if body[k + 1].isSymbol("+=") {
                var end = k + 2
                var nesting = 0
                while end < body.count {
                    let u = body[end]
                    if nesting == 0, u.isSymbol(";") || (end > k + 2 && u.isFirstOnLine) || u.isSymbol("}") { break }
                    if u.isSymbol("(") || u.isSymbol("[") || u.isSymbol("{") { nesting += 1 }
                    if u.isSymbol(")") || u.isSymbol("]") || u.isSymbol("}") { nesting -= 1 }
                    end += 1
                }
                result.append((SwiftExpressionParser.parse(Array(body[(k + 2)..<end])), .appendContents))
            } else if body[k + 1].isSymbol("["), let end = close(from: k + 1), end + 1 < body.count, body[end + 1].isSymbol("=") {
                result.append((SwiftExpressionParser.parse(Array(body[(k + 2)..<end])), .key))
            }
        }
        return result
    }

    /// The value a call to a function the scan knows returns, with its parameters bound to the
    /// call's arguments.
    private func functionResult(
        _ name: String, _ arguments: [SwiftArgument], receiver: SwiftValues?, _ scope: Scope, depth: Int, visiting: inout Set<String>
    ) -> SwiftValues {
        var candidates = (index.functionsByName[name] ?? []).filter { bind(arguments, to: $0) != nil && $0.body != nil }
        if let receiver {
            let types = Set(receiver.values.compactMap { value -> String? in
                switch value {
                case .metatype(let t), .instance(let t): return t
                default: return nil
                }
            })
            let inTypes = candidates.filter { types.contains($0.context.typeKey) }
            if !inTypes.isEmpty { candidates = inTypes }
        } else {
            let sameType = candidates.filter { $0.context.typeKey == scope.context.typeKey }
            if !sameType.isEmpty { candidates = sameType }
        }
        guard !candidates.isEmpty else { return .failure("'\(name)(…)' is a call to a function the scan cannot see") }
        var result = SwiftValues()
        for function in candidates {
            let key = "call|\(function.id)"
            guard !visiting.contains(key), let body = function.body, let bound = bind(arguments, to: function) else { continue }
            visiting.insert(key)
            var inner = Scope(context: function.context)
            inner.context.function = function.id
            inner.inCall = true
            for (position, parameter) in function.parameters.enumerated() {
                if let argument = bound[position] {
                    inner.bound[parameter.name] = evaluate(argument.value, scope, depth: depth + 1, visiting: &visiting)
                } else if let defaultValue = parameter.defaultValue {
                    inner.bound[parameter.name] = evaluate(
                        expression(defaultValue), Scope(context: function.context),
                        depth: depth + 1, visiting: &visiting)
                }
            }
            result.merge(evaluate(yielded(byBody: body), inner, depth: depth + 1, visiting: &visiting))
            visiting.remove(key)
        }
        return result
    }

    /// The value a function body yields (`SwiftExpressionParser.yielded(byBody:)`).
    private func yielded(byBody span: SwiftSpan) -> SwiftExpression {
        if let known = memo.bodies[span] { return known }
        let parsed = SwiftExpressionParser.yielded(byBody: index.tokens(span))
        memo.bodies[span] = parsed
        return parsed
    }

    // MARK: - Call sites

    /// Every call that may reach `function`: by name for functions; for initializers, `T(…)`,
    /// `T.init(…)`, `.init(…)`, and `super.init(…)` / `self.init(…)` from the type and its subclasses.
    private func calls(to function: SwiftFunction) -> [SwiftCall] {
        if let known = memo.calls[function.id] { return known }
        let found = findCalls(to: function)
        memo.calls[function.id] = found
        return found
    }

    private func findCalls(to function: SwiftFunction) -> [SwiftCall] {
        guard function.name == "init" else {
            let all = index.callsByName[function.name] ?? []
            // Prefer calls from the function's own type, then its file, as the ambiguity rule says,
            // only when another type declares a function of the same name and labels.
            return all
        }
        let type = function.context.typeKey
        let typeName = function.context.typePath.last ?? ""
        var result: [SwiftCall] = []
        result += (index.callsByName[typeName] ?? []).filter { call in
            call.receiver == nil || typeKey(named: call.receiver! + "." + typeName, from: call.context) == type
        }
        for call in index.callsByName["init"] ?? [] {
            switch call.receiver {
            case "super"?:
                if supertypes(of: call.context.typeKey).contains(type) { result.append(call) }
            case "self"?:
                // `self.init(…)` reaches the type's own initializers and the inherited ones.
                if call.context.typeKey == type || supertypes(of: call.context.typeKey).contains(type) { result.append(call) }
            case let receiver?:
                if typeKey(named: receiver, from: call.context) == type { result.append(call) }
            case nil:
                break
            }
        }
        return result
    }

    /// The arguments of a recorded call.
    private func arguments(of call: SwiftCall) -> [SwiftArgument]? {
        if let known = memo.arguments[call.span] { return known }
        let found = findArguments(of: call)
        memo.arguments[call.span] = .some(found)
        return found
    }

    private func findArguments(of call: SwiftCall) -> [SwiftArgument]? {
        let list = index.tokenLists[call.span.file]
        let all = list.code
        let open = call.span.range.lowerBound + 1
        guard open < all.count, all[open].is(.leftParen) else { return nil }
        var nesting = 0
        var close = open
        while close < all.count {
            if all[close].is(.leftParen) || all[close].is(.leftBracket) || all[close].is(.leftBrace) { nesting += 1 }
            if all[close].is(.rightParen) || all[close].is(.rightBracket) || all[close].is(.rightBrace) {
                nesting -= 1
                if nesting == 0 { break }
            }
            close += 1
        }
        guard close < all.count else { return nil }
        return SwiftExpressionParser.arguments(list.tokens(open..<(close + 1)))
    }

    /// Matches arguments to parameters by label, in order, skipping parameters with default
    /// values; the argument for each parameter position (nil where defaulted). Nil when the
    /// labels do not fit.
    private func bind(_ arguments: [SwiftArgument], to function: SwiftFunction) -> [Int: SwiftArgument]? {
        var result: [Int: SwiftArgument] = [:]
        var a = 0
        for (p, parameter) in function.parameters.enumerated() {
            if a < arguments.count, arguments[a].label == parameter.label {
                result[p] = arguments[a]
                a += 1
            } else if parameter.defaultValue != nil || isClosureType(parameter) {
                continue
            } else {
                return nil
            }
        }
        // Trailing closures fill closure parameters; anything else left over does not fit.
        while a < arguments.count {
            guard case .closure = arguments[a].value else { return nil }
            a += 1
        }
        return result
    }

    private func isClosureType(_ parameter: SwiftParameter) -> Bool {
        guard let type = parameter.type else { return false }
        if let known = memo.closureTypes[type] { return known }
        // A function type, written out or named (`@escaping Handler`: only a function type
        // can be escaping, whatever alias names it).
        let found = index.tokens(type).contains { $0.isSymbol("->") || ($0.kind == .attribute && $0.text == "@escaping") }
        memo.closureTypes[type] = found
        return found
    }

    // MARK: - Helpers

    private func preferSameFile(_ candidates: [SwiftVariable], file: Int) -> [SwiftVariable] {
        let same = candidates.filter { $0.context.file == file }
        return same.isEmpty ? candidates : same
    }

    private func unique(_ values: [SwiftValue]) -> [SwiftValue] {
        var seen = Set<SwiftValue>()
        return values.filter { seen.insert($0).inserted }
    }
}
