import TreeSitter

/// The build's invariant: every script it emits is one WebKit's parser accepts as a classic
/// script, which is how WebKit injects a `WKUserScript`. A script is checked again as emitted
/// (`WebKitSyntax`, JavaScriptCore's own parser), and a refusal is an error at the source
/// position that caused it, so nothing WebKit would reject is ever written. When WebKit refuses
/// it, module syntax left in it (`import` and `export` declarations, `import.meta`) is named as
/// such (a tree-sitter walk, only then).
enum ClassicScriptCheck {
    /// The findings in `text`; `origin` maps a point of the text (1-based line, UTF-8 column) to
    /// the source position it came from, nil for text of Hawser's own (then the emitted file's
    /// position is given).
    static func check(_ text: String, file: String, origin: (SourcePoint) -> SourceLocation?) -> [Diagnostic] {
        let bytes = Array(text.utf8)
        guard let (message, point) = WebKitSyntax.refusal(bytes, goal: .script) else { return [] }
        func location(_ point: SourcePoint) -> SourceLocation {
            origin(point) ?? SourceLocation(file: file, line: point.line, column: point.column)
        }
        let moduleSyntax = moduleSyntax(in: bytes)
        guard moduleSyntax.isEmpty else {
            return moduleSyntax.map { message, point in
                Diagnostic(.notAClassicScript, message + "; WebKit would reject the whole script", at: location(point))
            }
        }
        return [Diagnostic(.syntaxError, message + " (in the emitted script; WebKit would reject the whole script)", at: location(point))]
    }

    /// The module syntax in `bytes`, which a classic script cannot hold.
    static func moduleSyntax(in bytes: [UInt8]) -> [(String, SourcePoint)] {
        guard let tree = try? JavaScriptParser.parse(bytes) else { return [] }
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
        return findings
    }
}
