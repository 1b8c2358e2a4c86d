/// Where an expression sits in the scanned Swift: enough to resolve the names in it.
///
/// A value, kept in a shared immutable box: the scan gives one to every call, mutation,
/// variable and function it records (hundreds of thousands on a large app), so a copy is one
/// reference instead of four, and a setter makes a new box.
struct SwiftContext: Hashable {
    /// The enclosing type's qualified path (`["Outer", "Inner"]`), empty at top level.
    var typePath: [String] {
        get { box.typePath }
        set { box = Box(file: file, typePath: newValue, function: function, straightLine: straightLine, bindings: bindings) }
    }
    /// The innermost function, initializer, accessor or computed property around it, by id.
    var function: String? {
        get { box.function }
        set { box = Box(box, function: newValue) }
    }
    /// `function` plus the branches (`if`, `else`, `case`, `#else` …) around the code: code
    /// with equal values runs in one straight line.
    var straightLine: String? {
        get { box.straightLine }
        set { box = Box(box, straightLine: newValue) }
    }
    /// Loop variables and `forEach` closure parameters around it, innermost last.
    var bindings: [SwiftBinding] {
        get { box.bindings }
        set { box = Box(box, bindings: newValue) }
    }
    var file: Int {
        get { box.file }
        set { box = Box(file: newValue, typePath: typePath, function: function, straightLine: straightLine, bindings: bindings) }
    }

    /// `typePath` joined by `.`.
    var typeKey: String { box.typeKey }

    /// This context with the given fields, in one new box (the type key is joined again only
    /// for another type path).
    func with(typePath: [String], function: String?, straightLine: String?, bindings: [SwiftBinding]) -> SwiftContext {
        var copy = self
        copy.box = Box(box, typePath: typePath, function: .some(function), straightLine: .some(straightLine), bindings: bindings)
        return copy
    }

    private var box: Box

    init(file: Int, typePath: [String], function: String?, straightLine: String?, bindings: [SwiftBinding]) {
        box = Box(file: file, typePath: typePath, function: function, straightLine: straightLine, bindings: bindings)
    }

    static func == (a: SwiftContext, b: SwiftContext) -> Bool {
        a.box === b.box || (a.file == b.file && a.typePath == b.typePath && a.function == b.function
            && a.straightLine == b.straightLine && a.bindings == b.bindings)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(typePath)
        hasher.combine(function)
        hasher.combine(straightLine)
        hasher.combine(bindings)
    }

    private final class Box {
        let file: Int
        let typePath: [String]
        let typeKey: String
        let function: String?
        let straightLine: String?
        let bindings: [SwiftBinding]

        init(file: Int, typePath: [String], function: String?, straightLine: String?, bindings: [SwiftBinding]) {
            self.file = file
            self.typePath = typePath
            self.typeKey = typePath.joined(separator: ".")
            self.function = function
            self.straightLine = straightLine
            self.bindings = bindings
        }

        /// A copy of `other` with some fields replaced; the type key is joined again only for
        /// another type path.
        init(
            _ other: Box, typePath: [String]? = nil, function: String?? = nil, straightLine: String?? = nil,
            bindings: [SwiftBinding]? = nil
        ) {
            file = other.file
            // (`==` on arrays is quick when both share one buffer, as a derived context's does.)
            if let typePath, typePath != other.typePath {
                self.typePath = typePath
                typeKey = typePath.joined(separator: ".")
            } else {
                self.typePath = other.typePath
                typeKey = other.typeKey
            }
            self.function = function ?? other.function
            self.straightLine = straightLine ?? other.straightLine
            self.bindings = bindings ?? other.bindings
        }
    }
}

/// `for NAMES in SOURCE` or `SOURCE.forEach { NAMES in … }` (also `map`, `compactMap`,
/// `flatMap`, `filter`, `reduce`): names bound to the elements of a collection, which is
/// evaluated in the context the binding itself sits in.
struct SwiftBinding: Hashable {
    /// The declared names; empty for a closure that uses `$0` and `$1`.
    var names: [String]
    var source: SwiftSpan
    var isClosure: Bool
    /// `for … where …`: only some elements reach the body.
    var isFiltered = false
    /// `reduce`'s closure: its first parameter is the accumulator, the element comes after it.
    var elementOffset = 0

    /// Where `name` sits in each element this binding gives (`slot` of `count` parts: a
    /// dictionary's key 0 and value 1), or nil when the binding does not declare it.
    /// `isAccumulator` when it names `reduce`'s accumulator, which is no element.
    func slot(of name: String) -> (slot: Int, count: Int, isAccumulator: Bool)? {
        // A closure without a signature reads `$0`, `$1`: the same parameters, by position.
        let declared = names.isEmpty && isClosure ? ["$0", "$1", "$2"].prefix(elementOffset + 2).map { $0 } : names
        guard let position = declared.firstIndex(of: name) else { return nil }
        if position < elementOffset { return (0, 1, true) }
        return (position - elementOffset, declared.count - elementOffset, false)
    }
}

/// A run of tokens of one scanned file.
struct SwiftSpan: Hashable {
    var file: Int
    var range: Range<Int>
}

/// A `let` or `var`, stored or computed, at any level.
struct SwiftVariable {
    var name: String
    var context: SwiftContext
    var isStatic: Bool
    var type: SwiftSpan?
    /// The tokens after `=`.
    var initializer: SwiftSpan?
    /// The getter of a computed property: the tokens between its braces.
    var body: SwiftSpan?
    /// The id a computed body's own scope has (its `function` when evaluated).
    var bodyScope: String?

    init(name: String, context: SwiftContext, isStatic: Bool) {
        self.name = name
        self.context = context
        self.isStatic = isStatic
    }
}

struct SwiftParameter {
    /// The argument label; nil for `_`.
    var label: String?
    var name: String
    var type: SwiftSpan?
    var defaultValue: SwiftSpan?
}

/// A `func`, `init` or `subscript` declaration.
struct SwiftFunction {
    var name: String
    var context: SwiftContext
    /// The scope id of its body (the `function` of code inside it).
    var id: String
    var parameters: [SwiftParameter]
    var body: SwiftSpan?
    var isStatic: Bool
    /// Generic parameters and their first constraint: `<T: Feature>` → ["T": "Feature"].
    var generics: [String: String] = [:]

    /// `register(_:)`, `init(webView:handlers:)`.
    var signature: String {
        "\(name)(" + parameters.map { "\($0.label ?? "_"):" }.joined() + ")"
    }
}

/// A call `f(…)`, `x.f(…)`, `Type(…)`, `super.init(…)` or `self.init(…)`, parsed on demand.
struct SwiftCall {
    /// The called name: the function's, the type's for `Type(…)`, `init` for `super.init`.
    var name: String
    /// The token before the name's `.`, when there is one (`super`, `self`, a type or a value).
    var receiver: String?
    /// The span from the callee's first token to the closing `)`, for parsing.
    var span: SwiftSpan
    var context: SwiftContext
}

/// `x = v`, `x += v`, `x.append(v)`, `x.append(contentsOf: v)`, `x.insert(v, at:)`,
/// `x[k] = v`, `x.updateValue(v, forKey: k)`: a value that reaches a variable after its
/// declaration.
struct SwiftMutation {
    enum Kind {
        /// The variable becomes the value.
        case assign
        /// The value's elements are added (`+=`, `append(contentsOf:)`).
        case appendContents
        /// The value is added as one element (`append`, `insert`).
        case appendElement
        /// The value is added as a dictionary key (`x[k] = …`, `updateValue(_:forKey:)`).
        case key
    }

    var name: String
    /// Written `self.x` or bare `x` (not `other.x`).
    var onSelf: Bool
    /// For `other.x`: the name `other` (resolution keeps the mutation when it is a value of the
    /// variable's type).
    var receiver: SwiftSpan? = nil
    var kind: Kind
    var value: SwiftSpan
    var context: SwiftContext
}

struct SwiftTypeDeclaration {
    enum Kind: String { case `struct`, `class`, `enum`, `protocol`, `extension`, `actor` }
    var kind: Kind
    var key: String
    /// The names in the inheritance clause, as written (last component).
    var inherits: [String]
    var file: Int
}

/// Everything the scan of all Swift files records for resolution, keyed for lookups.
struct SwiftIndex {
    var files: [String] = []
    /// Each file's tokens; spans index their `code`.
    var tokenLists: [SwiftTokenList] = []

    /// Variables by type key and name (type key "" at top level), and locals by function id
    /// and name.
    var members: [MemberKey: [SwiftVariable]] = [:]
    var locals: [MemberKey: [SwiftVariable]] = [:]
    var functionsByName: [String: [SwiftFunction]] = [:]
    var functionsByID: [String: SwiftFunction] = [:]
    var callsByName: [String: [SwiftCall]] = [:]
    var mutationsByName: [String: [SwiftMutation]] = [:]
    var types: [String: [SwiftTypeDeclaration]] = [:]
    /// Type keys by their last component.
    var typesByName: [String: [String]] = [:]
    /// Enum cases by enum key, in declaration order; raw is nil without a string raw value.
    var enumCases: [String: [(name: String, raw: String?)]] = [:]
    /// Enums with a `String` raw type.
    var stringEnums: Set<String> = []

    /// Sizes the tables for about `sourceBytes` of Swift, so that they are not rehashed again
    /// and again as the scan fills them (about one local or member name per 700 bytes of an
    /// app's Swift, one function per 1,100, one called name per 1,400).
    mutating func reserveCapacity(sourceBytes: Int) {
        members.reserveCapacity(sourceBytes / 700)
        locals.reserveCapacity(sourceBytes / 700)
        functionsByID.reserveCapacity(sourceBytes / 1_100)
        functionsByName.reserveCapacity(sourceBytes / 2_000)
        callsByName.reserveCapacity(sourceBytes / 1_400)
        mutationsByName.reserveCapacity(sourceBytes / 3_000)
        types.reserveCapacity(sourceBytes / 3_000)
        typesByName.reserveCapacity(sourceBytes / 3_000)
    }

    /// The span's tokens, made in full.
    func tokens(_ span: SwiftSpan) -> [SwiftToken] {
        tokenLists[span.file].tokens(span.range)
    }

    func location(_ token: SwiftToken, file: Int) -> SourceLocation {
        SourceLocation(file: files[file], line: token.line, column: token.column)
    }

    /// A scope (a type key or a function id) and a name in it. Two Strings rather than one
    /// joined: the scan makes a key for every variable, and a function id is long.
    struct MemberKey: Hashable {
        var scope: String
        var name: String

        /// Hashes the name and the scope's length and last bytes only: scopes are long (a
        /// function id starts with its file's path), and differ at their `line:column` end.
        /// Equal keys still hash equally; `==` compares both in full.
        func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            var scope = scope
            scope.withUTF8 { utf8 in
                hasher.combine(utf8.count)
                hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8.suffix(12))))
            }
        }
    }

    static func memberKey(_ type: String, _ name: String) -> MemberKey { MemberKey(scope: type, name: name) }

    static func key(_ path: [String]) -> String { path.joined(separator: ".") }

    /// Records a variable: a local of its function when `isLocal`, else a member of its type
    /// (or a global).
    mutating func add(_ variable: SwiftVariable, isLocal: Bool) {
        if isLocal, let function = variable.context.function {
            locals[Self.memberKey(function, variable.name), default: []].append(variable)
        } else {
            members[Self.memberKey(variable.context.typeKey, variable.name), default: []].append(variable)
        }
    }

    mutating func add(_ type: SwiftTypeDeclaration) {
        if types[type.key] == nil, let last = Self.lastComponent(of: type.key) {
            typesByName[last, default: []].append(type.key)
        }
        types[type.key, default: []].append(type)
    }

    /// `key.split(separator: ".").last`, without splitting every component when the key is
    /// ASCII (where a `.` is always a Character of its own).
    static func lastComponent(of key: String) -> String? {
        let utf8 = key.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return key.split(separator: ".").last.map(String.init) }
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: ".") { end = utf8.index(before: end) }
        guard end > utf8.startIndex else { return nil }
        var start = end
        while start > utf8.startIndex, utf8[utf8.index(before: start)] != UInt8(ascii: ".") { start = utf8.index(before: start) }
        return String(key[start..<end])
    }
}
