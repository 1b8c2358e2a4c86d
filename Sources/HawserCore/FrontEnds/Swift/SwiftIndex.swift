/// Where an expression sits in the scanned Swift: enough to resolve the names in it.
struct SwiftContext: Hashable {
    var file: Int
    /// The enclosing type's qualified path (`["Outer", "Inner"]`), empty at top level.
    var typePath: [String]
    /// The innermost function, initializer, accessor or computed property around it, by id.
    var function: String?
    /// `function` plus the branches (`if`, `else`, `case`, `#else` …) around the code: code
    /// with equal values runs in one straight line.
    var straightLine: String?
    /// Loop variables and `forEach` closure parameters around it, innermost last.
    var bindings: [SwiftBinding]

    var typeKey: String { typePath.joined(separator: ".") }
}

/// `for NAMES in SOURCE` or `SOURCE.forEach { NAMES in … }`: names bound to the elements of a
/// collection, which is evaluated in the context the binding itself sits in.
struct SwiftBinding: Hashable {
    /// The declared names; empty for a closure that uses `$0` and `$1`.
    var names: [String]
    var source: SwiftSpan
    var isClosure: Bool
    /// `for … where …`: only some elements reach the body.
    var isFiltered = false
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

    /// Variables by "<type key>|<name>" (type key "" at top level), and locals by
    /// "<function id>|<name>".
    var members: [String: [SwiftVariable]] = [:]
    var locals: [String: [SwiftVariable]] = [:]
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

    /// The span's tokens, made in full.
    func tokens(_ span: SwiftSpan) -> [SwiftToken] {
        tokenLists[span.file].tokens(span.range)
    }

    func location(_ token: SwiftToken, file: Int) -> SourceLocation {
        SourceLocation(file: files[file], line: token.line, column: token.column)
    }

    static func memberKey(_ type: String, _ name: String) -> String { type + "|" + name }

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
        if types[type.key] == nil, let last = type.key.split(separator: ".").last {
            typesByName[String(last), default: []].append(type.key)
        }
        types[type.key, default: []].append(type)
    }
}
