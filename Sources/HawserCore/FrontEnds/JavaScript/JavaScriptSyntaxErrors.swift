import TreeSitter

/// Finds the syntax errors of a tree: each outermost ERROR node and each MISSING node outside
/// an ERROR region is one error, at its start, in script coordinates.
enum JavaScriptSyntaxErrors {
    struct Finding: Equatable {
        let message: String
        let at: SourcePoint
    }

    static func find(in root: SyntaxNode) -> [Finding] {
        var findings: [Finding] = []
        var stack = [root]
        while let node = stack.popLast() {
            if node.isError {
                findings.append(Finding(message: unexpectedMessage(node), at: node.start))
                continue
            }
            if node.isMissing {
                findings.append(Finding(message: "missing '\(node.type)'", at: node.start))
                continue
            }
            if node.hasError {
                stack.append(contentsOf: node.children.reversed())
            }
        }
        return findings
    }

    /// "unexpected '<text>'" with at most the first 20 characters of the node's first line.
    static func unexpectedMessage(_ node: SyntaxNode) -> String {
        let firstLine = node.text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        if firstLine.isEmpty { return "unexpected end of input" }
        return "unexpected '\(firstLine.prefix(20))'"
    }
}
