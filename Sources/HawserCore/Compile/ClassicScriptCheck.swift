import TreeSitter

/// The build's invariant: every script it emits parses as a classic script, which is how WebKit
/// injects a `WKUserScript`. A script is parsed again as emitted, and module syntax left in it
/// (`import` and `export` declarations, `import.meta`) or a syntax error the wrapping made is an
/// error at the source position that caused it, so nothing WebKit would reject is ever written.
enum ClassicScriptCheck {
    /// The findings in `text`; `origin` maps a point of the text (1-based line, UTF-8 column) to
    /// the source position it came from, nil for text of Hawser's own (then the emitted file's
    /// position is given).
    static func check(_ text: String, file: String, origin: (SourcePoint) -> SourceLocation?) -> [Diagnostic] {
        guard let tree = try? JavaScriptParser.parse(Array(text.utf8)) else {
            return [Diagnostic(.notAClassicScript, "the emitted script cannot be parsed again", at: SourceLocation(file: file, line: 1, column: 1))]
        }
        var findings: [(String, SourcePoint)] = []
        var skipEnd = 0
        for index in 0..<tree.nodeCount where index >= skipEnd {
            let node = tree.node(at: index)
            switch node.type {
            case "import_statement":
                findings.append(("an import declaration is module syntax, which a classic script cannot hold", node.start))
                skipEnd = node.subtreeEnd
            case "export_statement":
                findings.append(("an export declaration is module syntax, which a classic script cannot hold", node.start))
                skipEnd = node.subtreeEnd
            case "meta_property" where node.text.hasPrefix("import"):
                findings.append(("import.meta is module syntax, which a classic script cannot hold", node.start))
            case "identifier" where node.text == "export" || node.text == "import":
                // The grammar reads `export` before a line comment and a line break as a name.
                findings.append(("'\(node.text)' is module syntax, which a classic script cannot hold", node.start))
            default:
                break
            }
        }
        findings += JavaScriptSyntaxErrors.find(in: tree.root).map { ("the emitted script does not parse: \($0.message)", $0.at) }
        return findings.map { message, point in
            let at = origin(point) ?? SourceLocation(file: file, line: point.line, column: point.column)
            return Diagnostic(.notAClassicScript, message + "; WebKit would reject the whole script", at: at)
        }
    }
}
