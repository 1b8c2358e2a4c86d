import TreeSitter

/// Whether a script uses `await` at its top level: an `await` expression, or a `for await`
/// loop, that no function, arrow function, method, class field or class static block encloses.
/// Such a script is valid only in an async scope, so the build wraps it in an async function.
///
/// The tree is walked with one cursor, iteratively, and the bodies of functions are skipped
/// whole: an `await` there belongs to that function.
enum TopLevelAwait {
    /// The node types whose bodies are their own (async or not) scope for `await`.
    static let scopes: Set<String> = [
        "function_declaration", "function_expression", "generator_function", "generator_function_declaration",
        "arrow_function", "method_definition", "field_definition", "class_static_block",
    ]

    /// Parses `script` when it contains the word `await` at all, and looks for a top-level one.
    static func isUsed(inScript script: [UInt8]) -> Bool {
        guard contains(script, Array("await".utf8)) else { return false }
        // The grammar's lexer ends the input at a NUL byte; a space keeps every offset.
        let standIn = script.contains(0) ? script.map { $0 == 0 ? UInt8(ascii: " ") : $0 } : nil
        guard let tree = try? JavaScriptParser.parse(script, standIn: standIn) else { return false }
        return isUsed(in: tree.root)
    }

    /// Whether the tree below `root` has an `await` keyword outside every function-like scope.
    /// `await x` is an `await_expression` whose first child is the keyword, `for await (…)` a
    /// `for_in_statement` with the keyword among its children: the keyword token covers both.
    static func isUsed(in root: SyntaxNode) -> Bool {
        let cursor = SyntaxCursor(root)
        while true {
            let type = cursor.type
            if type == "await", !cursor.isNamed { return true }
            let moved = scopes.contains(type) ? cursor.gotoNextSkippingChildren() : cursor.gotoNext()
            if !moved { return false }
        }
    }

    private static func contains(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
        guard bytes.count >= word.count else { return false }
        var index = 0
        let last = bytes.count - word.count
        while index <= last {
            if bytes[index] == word[0], bytes[index..<(index + word.count)].elementsEqual(word) { return true }
            index += 1
        }
        return false
    }
}
