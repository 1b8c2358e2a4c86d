import TreeSitter

/// Identifies a node within one tree: its preorder index.
struct NodeKey: Hashable {
    let index: Int32

    init(_ node: SyntaxNode) {
        index = node.index
    }
}

/// A set of node kinds, tested by symbol id (an array lookup) rather than by type name: the
/// walks ask it of every node, and most nodes are of no kind they handle.
struct SymbolSet {
    private let members: [Bool]

    init(_ names: [String]) {
        self.init(symbols: names.compactMap(JavaScriptParser.symbol(named:)))
    }

    /// Every symbol whose type name is one of `names` (`JavaScriptParser.symbols(ofType:)`):
    /// `contains(node.symbol)` then says exactly what `names.contains(node.type)` says.
    init(types names: [String]) {
        self.init(symbols: names.flatMap(JavaScriptParser.symbols(ofType:)))
    }

    private init(symbols: [UInt16]) {
        var members = [Bool](repeating: false, count: Int(symbols.max() ?? 0) + 1)
        for symbol in symbols { members[Int(symbol)] = true }
        self.members = members
    }

    func contains(_ symbol: UInt16) -> Bool {
        Int(symbol) < members.count && members[Int(symbol)]
    }

    /// Kinds the helpers below test for nearly every node they pass, by type name exactly.
    static let comment = SymbolSet(types: ["comment"])
    static let parenthesized = SymbolSet(types: ["parenthesized_expression"])
    static let stringLiteral = SymbolSet(types: ["string", "template_string"])

    /// The function-like constructs (`SyntaxNode.isFunctionLike`).
    static let functionLike = SymbolSet([
        "function_declaration", "function_expression", "function", "generator_function_declaration",
        "generator_function", "arrow_function", "method_definition",
    ])
}

/// Small tree helpers shared by the JavaScript front end. The grammar's field lookup by child
/// index is unreliable in the tree-sitter runtime we link, so fields are always compared by
/// node identity through `child(field:)`.
extension SyntaxNode {
    var key: NodeKey { NodeKey(self) }

    /// Named children without the `comment` extras that the grammar may put anywhere.
    var namedChildrenWithoutComments: [SyntaxNode] {
        childSequence.filter { $0.isNamed && !SymbolSet.comment.contains($0.symbol) }
    }

    /// Whether `self` is the child of `parent` held in field `name`.
    func isField(_ name: String, of parent: SyntaxNode) -> Bool {
        guard let node = parent.child(field: name) else { return false }
        return node.isSame(as: self)
    }

    /// The text of the anonymous operator token of a unary, binary or update expression.
    var operatorText: String? { child(field: "operator")?.text }

    /// The outermost `parenthesized_expression` wrapping `self` directly, or `self`.
    var skippingParenthesesUpward: SyntaxNode {
        var node = self
        while let parent = node.parent, SymbolSet.parenthesized.contains(parent.symbol) {
            node = parent
        }
        return node
    }

    /// The expression inside any number of parentheses.
    var skippingParenthesesDownward: SyntaxNode {
        var node = self
        while SymbolSet.parenthesized.contains(node.symbol), let inner = node.namedChildrenWithoutComments.first {
            node = inner
        }
        return node
    }

    /// Whether the node is a function-like construct that opens a `var` scope.
    var isFunctionLike: Bool { SymbolSet.functionLike.contains(symbol) }

    /// The value of a string literal, or of a template literal without substitutions, with
    /// escape sequences decoded; nil for any other node.
    var staticStringValue: String? {
        guard SymbolSet.stringLiteral.contains(symbol) else { return nil }
        var value = ""
        for child in namedChildren {
            switch child.type {
            case "string_fragment":
                value += child.text
            case "escape_sequence":
                value += JavaScriptEscapes.decode(child.text)
            case "comment":
                continue
            default:
                // A template substitution, or anything the grammar adds later: not static.
                return nil
            }
        }
        return value
    }
}
