import CTreeSitter

/// A tree-sitter cursor: walks a tree in constant time per step at any size and depth, with
/// no recursion. (Asking a node for its parent or its i-th child costs time that grows with the
/// file in tree-sitter 0.20.7; a cursor does not.) A walker that needs ancestors keeps its own
/// stack beside the cursor.
public final class SyntaxCursor {
    private var raw: TSTreeCursor
    public let tree: SyntaxTree

    /// A cursor at `node`, which it never leaves: `gotoParent()` stops there.
    public init(_ node: SyntaxNode) {
        raw = ts_tree_cursor_new(node.raw)
        tree = node.tree
    }

    deinit { ts_tree_cursor_delete(&raw) }

    /// The node the cursor is at.
    public var node: SyntaxNode { SyntaxNode(raw: ts_tree_cursor_current_node(&raw), tree: tree) }

    /// The grammar's type of the current node (`await_expression`, `ERROR`), without building a node.
    public var type: String { JavaScriptParser.symbolName(ts_node_symbol(ts_tree_cursor_current_node(&raw))) }

    public var isNamed: Bool { ts_node_is_named(ts_tree_cursor_current_node(&raw)) }

    public func gotoFirstChild() -> Bool { ts_tree_cursor_goto_first_child(&raw) }
    public func gotoNextSibling() -> Bool { ts_tree_cursor_goto_next_sibling(&raw) }
    public func gotoParent() -> Bool { ts_tree_cursor_goto_parent(&raw) }

    /// Moves to the next node in document order that is not below the current one (its next
    /// sibling, or the next sibling of the nearest ancestor that has one). False at the end.
    public func gotoNextSkippingChildren() -> Bool {
        while !gotoNextSibling() {
            guard gotoParent() else { return false }
        }
        return true
    }

    /// Moves to the next node in document order: the first child, or else as
    /// `gotoNextSkippingChildren()`. False at the end of the walk.
    public func gotoNext() -> Bool {
        gotoFirstChild() || gotoNextSkippingChildren()
    }
}
