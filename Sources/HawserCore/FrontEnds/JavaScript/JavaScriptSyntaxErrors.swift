import TreeSitter

/// Finds the syntax errors of a tree: each outermost ERROR node and each MISSING node outside
/// an ERROR region is one error, at its start, in script coordinates.
enum JavaScriptSyntaxErrors {
    struct Finding: Equatable {
        let message: String
        let at: SourcePoint
    }

    static func find(in root: SyntaxNode) -> [Finding] {
        var collector = Collector()
        for index in Int(root.index)..<root.subtreeEnd { collector.visit(root.tree.node(at: index)) }
        return collector.findings(in: root.tree)
    }

    /// Finds the errors in one preorder pass over every node (named or not): `visit` each,
    /// then ask for the `findings`.
    struct Collector {
        private var findings: [Finding] = []
        /// The end of the ERROR region being passed (its nodes are not errors of their own).
        private var errorEnd = 0
        /// The NUL bytes, sorted, and how many of them are decided.
        private var nulClasses: [(offset: Int, inText: Bool)] = []
        /// The string, comment, regex, template and template substitution nodes around the
        /// current position: whether a NUL there is text (inside a literal or comment).
        private var textStack: [(end: Int, isText: Bool)] = []
        private var nextNul = 0

        private static let textSymbols: Set<UInt16> = Set(
            ["string", "template_string", "comment", "regex"].compactMap(JavaScriptParser.symbol(named:)))
        private static let substitutionSymbol = JavaScriptParser.symbol(named: "template_substitution")

        mutating func visit(_ node: SyntaxNode) {
            let tree = node.tree
            if !tree.nulOffsets.isEmpty { passNuls(before: node.startByte, in: tree) }
            let index = Int(node.index)
            if index >= errorEnd {
                if node.isError {
                    findings.append(Finding(message: unexpectedMessage(node), at: node.start))
                    errorEnd = node.subtreeEnd
                } else if node.isMissing {
                    findings.append(Finding(message: "missing '\(node.type)'", at: node.start))
                }
            }
            if !tree.nulOffsets.isEmpty {
                if Self.textSymbols.contains(node.symbol) {
                    textStack.append((node.endByte, true))
                } else if node.symbol == Self.substitutionSymbol {
                    textStack.append((node.endByte, false))
                }
            }
        }

        /// Decides the NUL bytes before `offset` by the innermost text node around each.
        private mutating func passNuls(before offset: Int, in tree: SyntaxTree) {
            let nuls = tree.nulOffsets
            while nextNul < nuls.count, nuls[nextNul] < offset {
                let nul = nuls[nextNul]
                while let top = textStack.last, top.end <= nul { textStack.removeLast() }
                nulClasses.append((nul, textStack.last?.isText ?? false))
                nextNul += 1
            }
        }

        /// The errors in source order: a NUL byte outside any string, template, regular
        /// expression or comment is one too, at its position.
        mutating func findings(in tree: SyntaxTree) -> [Finding] {
            passNuls(before: Int.max, in: tree)
            var result = findings
            for nul in nulClasses where !nul.inText {
                result.append(Finding(message: "unexpected NUL byte", at: tree.point(ofByte: nul.offset)))
            }
            return result
        }
    }

    /// "unexpected '<text>'" with at most the first 20 characters of the node's first line.
    static func unexpectedMessage(_ node: SyntaxNode) -> String {
        let firstLine = node.text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        if firstLine.isEmpty { return "unexpected end of input" }
        // A NUL byte is shown escaped: diagnostics never carry one.
        return "unexpected '\(firstLine.prefix(20))'".replacingOccurrences(of: "\u{0}", with: "\\0")
    }
}
