import Foundation
import CTreeSitter
import TreeSitterJavaScript
import TreeSitterTypeScript

/// A 1-based position in a source text. `column` counts UTF-8 bytes, as swiftc and Xcode do.
public struct SourcePoint: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePoint, b: SourcePoint) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A parsed syntax tree, held as flat arrays in preorder: one cursor walk over tree-sitter's
/// tree copies each node's symbol, field, flags, byte range, parent and the end of its subtree,
/// and the tree-sitter tree is freed at once. Every step in any direction is then O(1) (in
/// libtree-sitter 0.20.7, `ts_node_parent` walks down from the root and `ts_node_child(i)`
/// steps through i siblings), and nothing of it recurses, at any depth of nesting.
public final class SyntaxTree: @unchecked Sendable {
    /// The UTF-8 source the nodes' text comes from: the bytes that were parsed, or the text a
    /// stand-in was parsed for (see `JavaScriptParser.parse(_:standIn:)`).
    public let bytes: [UInt8]
    /// The grammar the tree was parsed with: it names the nodes' symbols and fields.
    public let grammar: Grammar
    /// The byte offsets of NUL bytes in the source, which were parsed as spaces (the grammar's
    /// lexer takes NUL for the end of input).
    public let nulOffsets: [Int]
    fileprivate let symbols: [UInt16]
    fileprivate let fields: [UInt16]
    fileprivate let flags: [UInt8]
    fileprivate let parents: [Int32]
    /// For each node, the index after its last descendant.
    fileprivate let subtreeEnds: [Int32]
    fileprivate let startBytes: [UInt32]
    fileprivate let endBytes: [UInt32]
    /// The byte offset where each line starts: after each `\n` of the parsed bytes, so after a
    /// `\r\n` or a lone `\r` of the text too (`LineTable`'s lines).
    private let lineStarts: [Int]

    /// Whether tree-sitter 0.20.7 cut a node's count of children (to 16 bits: it happens when
    /// error recovery gathers 65,535 or more unfinished constructs into one ERROR node, such as
    /// `(` or `<div>` repeated that often and never closed). Walking such a tree reads only valid
    /// nodes, but `ts_tree_delete` then frees a pointer inside a block and aborts the process.
    fileprivate let isBroken: Bool

    fileprivate static let namedFlag: UInt8 = 1, missingFlag: UInt8 = 2, errorFlag: UInt8 = 4

    fileprivate init(raw: OpaquePointer, grammar: Grammar, bytes: [UInt8], parsed: [UInt8], nulOffsets: [Int]) {
        self.bytes = bytes
        self.grammar = grammar
        self.nulOffsets = nulOffsets
        var symbols: [UInt16] = [], fields: [UInt16] = [], flags: [UInt8] = []
        var parents: [Int32] = [], subtreeEnds: [Int32] = [], startBytes: [UInt32] = [], endBytes: [UInt32] = []
        // About one node per three bytes of JavaScript: reserved once rather than grown by copies.
        let expected = parsed.count / 3 + 16
        symbols.reserveCapacity(expected)
        fields.reserveCapacity(expected)
        flags.reserveCapacity(expected)
        parents.reserveCapacity(expected)
        subtreeEnds.reserveCapacity(expected)
        startBytes.reserveCapacity(expected)
        endBytes.reserveCapacity(expected)
        var cursor = ts_tree_cursor_new(ts_tree_root_node(raw))
        defer { ts_tree_cursor_delete(&cursor) }
        var ancestors: [Int32] = []
        walk: while true {
            let node = ts_tree_cursor_current_node(&cursor)
            let index = Int32(symbols.count)
            symbols.append(ts_node_symbol(node))
            fields.append(ts_tree_cursor_current_field_id(&cursor))
            flags.append((ts_node_is_named(node) ? Self.namedFlag : 0) | (ts_node_is_missing(node) ? Self.missingFlag : 0)
                | (ts_node_has_error(node) ? Self.errorFlag : 0))
            parents.append(ancestors.last ?? -1)
            subtreeEnds.append(index + 1)
            startBytes.append(ts_node_start_byte(node))
            endBytes.append(ts_node_end_byte(node))
            if ts_tree_cursor_goto_first_child(&cursor) {
                ancestors.append(index)
                continue
            }
            while !ts_tree_cursor_goto_next_sibling(&cursor) {
                guard ts_tree_cursor_goto_parent(&cursor), let parent = ancestors.popLast() else { break walk }
                subtreeEnds[Int(parent)] = Int32(symbols.count)
            }
        }
        // The root spans every token, comment and error, so only whitespace can follow it; when a
        // count of children was cut, so were the sizes summed from them.
        self.isBroken = parsed[min(Int(endBytes[0]), parsed.count)...].contains { $0 > 0x20 && $0 < 0x7F }
        self.symbols = symbols
        self.fields = fields
        self.flags = flags
        self.parents = parents
        self.subtreeEnds = subtreeEnds
        self.startBytes = startBytes
        self.endBytes = endBytes
        var lineStarts = [0]
        parsed.withUnsafeBufferPointer { parsed in
            for offset in parsed.indices where parsed[offset] == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        }
        self.lineStarts = lineStarts
    }

    /// The root node of the tree.
    public var root: SyntaxNode { SyntaxNode(tree: self, index: 0) }
    /// How many nodes the tree has, named and anonymous.
    public var nodeCount: Int { symbols.count }
    /// The node with this preorder index (0 is the root).
    public func node(at index: Int) -> SyntaxNode { SyntaxNode(tree: self, index: Int32(index)) }

    /// Whether some node has `symbol` and satisfies `test`: a scan of the symbols alone.
    public func containsNode(withSymbol symbol: UInt16, where test: (SyntaxNode) -> Bool) -> Bool {
        symbols.withUnsafeBufferPointer { symbols in
            symbols.indices.contains { symbols[$0] == symbol && test(node(at: $0)) }
        }
    }

    /// The 1-based line and byte column of a byte offset.
    public func point(ofByte offset: Int) -> SourcePoint {
        var low = 0, high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return SourcePoint(line: low + 1, column: offset - lineStarts[low] + 1)
    }
}

/// Errors from the tree-sitter boundary.
public enum TreeSitterError: Error, CustomStringConvertible {
    case incompatibleLanguage(grammar: String, version: UInt32)
    case parseFailed
    case brokenTree

    public var description: String {
        switch self {
        case .brokenTree:
            return "tree-sitter cannot represent it (65,535 or more constructs left open, such as '(' or '<div>' never closed)"
        case .incompatibleLanguage(let grammar, let version):
            return "the \(grammar) grammar has parser ABI \(version), which tree-sitter \(TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION)...\(TREE_SITTER_LANGUAGE_VERSION) cannot load"
        case .parseFailed:
            return "tree-sitter returned no tree"
        }
    }
}

/// One tree-sitter grammar: its language, and its symbol and field names read once (walkers ask
/// for node types millions of times, and `ts_node_type` would make a new String each time).
public final class Grammar: @unchecked Sendable {
    /// What the grammar parses, for messages ("the TypeScript grammar has parser ABI …").
    public let name: String
    fileprivate let language: OpaquePointer
    fileprivate let symbolNames: [String]
    fileprivate let fieldIDs: [String: UInt16]

    private init(name: String, language: OpaquePointer) {
        self.name = name
        self.language = language
        symbolNames = (0..<ts_language_symbol_count(language)).map { symbol in
            ts_language_symbol_name(language, TSSymbol(symbol)).map { String(cString: $0) } ?? ""
        }
        var ids: [String: UInt16] = [:]
        for id in 1...max(1, ts_language_field_count(language)) {
            if let name = ts_language_field_name_for_id(language, TSFieldId(id)) { ids[String(cString: name)] = TSFieldId(id) }
        }
        fieldIDs = ids
    }

    /// tree-sitter-javascript (with JSX).
    public static let javascript = Grammar(name: "JavaScript", language: tree_sitter_javascript())
    /// tree-sitter-typescript's `typescript` grammar: `.ts` and `.mts` files.
    public static let typescript = Grammar(name: "TypeScript", language: tree_sitter_typescript())
    /// tree-sitter-typescript's `tsx` grammar: TypeScript with JSX (`.tsx` files).
    public static let tsx = Grammar(name: "TSX", language: tree_sitter_tsx())

    /// Every symbol whose `SyntaxNode.type` is `name`: a grammar may give several symbols one
    /// name (an alias, a keyword and a node of the same name), so `node.type == name` holds
    /// exactly when the node's symbol is one of these.
    public func symbols(ofType name: String) -> [UInt16] {
        var symbols = symbolNames.indices.filter { symbolNames[$0] == name }.map { UInt16($0) }
        if name == "ERROR", !symbols.contains(UInt16.max) { symbols.append(UInt16.max) }
        return symbols
    }

    /// The name of a symbol of this grammar; `ERROR` for tree-sitter's error symbol.
    func symbolName(_ symbol: TSSymbol) -> String {
        Int(symbol) < symbolNames.count ? symbolNames[Int(symbol)] : "ERROR"
    }

    /// The symbol of a named node type of this grammar (for example `identifier`), for
    /// comparing kinds without strings; nil when the grammar has no such type.
    public func symbol(named name: String) -> UInt16? { symbol(name, isNamed: true) }

    /// The symbol of an anonymous token of this grammar, for example the keyword `await`.
    public func symbol(ofToken name: String) -> UInt16? { symbol(name, isNamed: false) }

    private func symbol(_ name: String, isNamed: Bool) -> UInt16? {
        let symbol = name.withCString {
            ts_language_symbol_for_name(language, $0, UInt32(name.utf8.count), isNamed)
        }
        return symbol == 0 ? nil : symbol
    }

    /// Parses `bytes` (UTF-8) and returns the tree. A source with syntax errors still yields a
    /// tree, with ERROR and MISSING nodes where the errors are.
    ///
    /// With `standIn`, the parser reads `standIn` instead: text of the same length that stands
    /// for `bytes` where they are not source yet (a template's placeholders, filled in with
    /// identifiers). The tree's shape and positions are those of `standIn`; its `bytes`, and so
    /// every node's `text`, are `bytes`, as written.
    public func parse(_ bytes: [UInt8], standIn: [UInt8]? = nil) throws -> SyntaxTree {
        precondition(standIn == nil || standIn!.count == bytes.count, "a stand-in must have the length of the text it stands for")
        var parsed = standIn ?? bytes
        // NUL is end of input to the grammar's lexer: parsed as a space, with every offset kept.
        var nulOffsets: [Int] = []
        if parsed.contains(0) {
            for offset in parsed.indices where parsed[offset] == 0 {
                nulOffsets.append(offset)
                parsed[offset] = UInt8(ascii: " ")
            }
        }
        // A lone CR ends a line in JavaScript (and in the rest of Hawser's positions), but the
        // grammar's lexer ends comments and lines only at LF: parsed as an LF, offsets kept.
        if parsed.contains(UInt8(ascii: "\r")) {
            for offset in parsed.indices
            where parsed[offset] == UInt8(ascii: "\r") && (offset + 1 == parsed.count || parsed[offset + 1] != UInt8(ascii: "\n")) {
                parsed[offset] = UInt8(ascii: "\n")
            }
        }
        guard let parser = ts_parser_new() else { throw TreeSitterError.parseFailed }
        defer { ts_parser_delete(parser) }
        guard ts_parser_set_language(parser, language) else {
            throw TreeSitterError.incompatibleLanguage(grammar: name, version: ts_language_version(language))
        }
        let tree = parsed.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                ts_parser_parse_string(parser, nil, $0, UInt32(buffer.count))
            }
        }
        guard let tree else { throw TreeSitterError.parseFailed }
        let syntaxTree = SyntaxTree(raw: tree, grammar: self, bytes: bytes, parsed: parsed, nulOffsets: nulOffsets)
        // A broken tree cannot be freed without aborting (see `isBroken`): it is left allocated.
        guard !syntaxTree.isBroken else { throw TreeSitterError.brokenTree }
        ts_tree_delete(tree)
        return syntaxTree
    }
}

/// Parses JavaScript with the tree-sitter-javascript grammar (`Grammar.javascript`).
public enum JavaScriptParser {
    public static func symbols(ofType name: String) -> [UInt16] { Grammar.javascript.symbols(ofType: name) }

    /// See `Grammar.parse(_:standIn:)`.
    public static func parse(_ bytes: [UInt8], standIn: [UInt8]? = nil) throws -> SyntaxTree {
        try Grammar.javascript.parse(bytes, standIn: standIn)
    }

    public static func symbol(named name: String) -> UInt16? { Grammar.javascript.symbol(named: name) }

    public static func symbol(ofToken name: String) -> UInt16? { Grammar.javascript.symbol(ofToken: name) }
}

/// One node of a `SyntaxTree`: the tree and the node's preorder index. Keeps its tree alive.
public struct SyntaxNode: @unchecked Sendable {
    public let tree: SyntaxTree
    /// The node's preorder index in its tree: its identity.
    public let index: Int32

    fileprivate init(tree: SyntaxTree, index: Int32) {
        self.tree = tree
        self.index = index
    }

    private var i: Int { Int(index) }
    private func node(_ index: Int32) -> SyntaxNode { SyntaxNode(tree: tree, index: index) }

    /// The grammar's node type, for example `call_expression`, or `ERROR`.
    public var type: String { tree.grammar.symbolName(tree.symbols[i]) }
    /// The grammar's symbol for the node type (`Grammar.symbol(named:)`).
    public var symbol: UInt16 { tree.symbols[i] }
    public var isNamed: Bool { tree.flags[i] & SyntaxTree.namedFlag != 0 }
    /// A node the parser inserted to recover from an error.
    public var isMissing: Bool { tree.flags[i] & SyntaxTree.missingFlag != 0 }
    /// Whether this node or a descendant is an error.
    public var hasError: Bool { tree.flags[i] & SyntaxTree.errorFlag != 0 }
    public var isError: Bool { tree.symbols[i] == UInt16.max }

    public var startByte: Int { Int(tree.startBytes[i]) }
    public var endByte: Int { Int(tree.endBytes[i]) }

    /// The 1-based line and byte column where the node starts.
    public var start: SourcePoint { tree.point(ofByte: startByte) }

    /// The node's source text (invalid UTF-8 is repaired).
    public var text: String {
        String(decoding: tree.bytes[startByte..<max(startByte, endByte)], as: UTF8.self)
    }

    public var parent: SyntaxNode? {
        let parent = tree.parents[i]
        return parent < 0 ? nil : node(parent)
    }

    /// The preorder index after the node's last descendant: its subtree is `index..<subtreeEnd`.
    public var subtreeEnd: Int { Int(tree.subtreeEnds[i]) }

    /// The first child, named or not.
    public var firstChild: SyntaxNode? { index + 1 < tree.subtreeEnds[i] ? node(index + 1) : nil }

    /// The next sibling, named or not.
    public var nextSibling: SyntaxNode? {
        let parent = tree.parents[i]
        guard parent >= 0 else { return nil }
        let next = tree.subtreeEnds[i]
        return next < tree.subtreeEnds[Int(parent)] ? node(next) : nil
    }

    public var nextNamedSibling: SyntaxNode? {
        var current = nextSibling
        while let candidate = current, !candidate.isNamed { current = candidate.nextSibling }
        return current
    }

    public var previousSibling: SyntaxNode? {
        guard let parent else { return nil }
        var previous: SyntaxNode?
        var current = parent.firstChild
        while let candidate = current, candidate.index != index {
            previous = candidate
            current = candidate.nextSibling
        }
        return previous
    }

    /// The children in order, named or not, without an array.
    public var childSequence: UnfoldSequence<SyntaxNode, SyntaxNode?> {
        sequence(state: firstChild) { state in
            guard let current = state else { return nil }
            state = current.nextSibling
            return current
        }
    }

    public var childCount: Int { childSequence.reduce(0) { count, _ in count + 1 } }
    public func child(_ index: Int) -> SyntaxNode? { childSequence.dropFirst(index).first { _ in true } }
    public var children: [SyntaxNode] { Array(childSequence) }

    public var namedChildCount: Int { namedChildren.count }
    public func namedChild(_ index: Int) -> SyntaxNode? { childSequence.lazy.filter(\.isNamed).dropFirst(index).first { _ in true } }
    public var namedChildren: [SyntaxNode] { childSequence.filter(\.isNamed) }

    /// The child in the grammar field `name`, for example `function` of a `call_expression`.
    public func child(field name: String) -> SyntaxNode? {
        guard let id = tree.grammar.fieldIDs[name] else { return nil }
        var current = firstChild
        while let candidate = current {
            if tree.fields[Int(candidate.index)] == id { return candidate }
            current = candidate.nextSibling
        }
        return nil
    }

    /// Whether two values denote the same node.
    public func isSame(as other: SyntaxNode) -> Bool { index == other.index && tree === other.tree }
}
