import TreeSitter

/// Turns TypeScript into the JavaScript it stands for, in one pass over its syntax tree (see
/// `StrippedTypeScript`): type syntax becomes spaces (newlines kept), so every kept token stays
/// at its line and column; `enum`, constructor parameter properties, `import x = require(…)`
/// and `export =` are compiled as `tsc --isolatedModules` emits them, each compiled place a
/// `Replacement`; what can be neither erased nor compiled is refused (`unsupported-typescript`).
enum TypeScriptStripper {
    /// `keepingByteOffsets`: blank byte for byte and keep every line's trailing blanks, for a page's
    /// inline script, which is only linted and whose findings are placed by the script's own
    /// offsets.
    static func strip(_ source: [UInt8], file: String, dialect: TypeScriptDialect, keepingByteOffsets: Bool = false) -> StrippedTypeScript {
        let tree: SyntaxTree
        do {
            tree = try dialect.grammar.parse(source)
        } catch {
            return StrippedTypeScript(
                javascript: source,
                diagnostics: [Diagnostic(.syntaxError, "\(error)", at: SourceLocation(file: file, line: 1, column: 1))])
        }
        var pass = TypeScriptStripPass(tree: tree, file: file, allowsJSX: dialect == .tsx, keepsByteOffsets: keepingByteOffsets)
        pass.run()
        var result = pass.result()
        if !keepingByteOffsets { result.bridgeTypes = TypeScriptBridgeTypes.collect(tree) }
        return result
    }
}

extension TypeScriptStripper {
    /// The JavaScript of an inline script of a page: the bytes themselves, or, for the `lang`
    /// of a `<script lang="ts">` (`ts`, `typescript`, `tsx`), the script stripped of its types.
    /// Positions are kept; a page is only linted, so what the stripper refuses is left to the
    /// JavaScript front end's syntax errors.
    static func javascript(ofInlineScript bytes: [UInt8], lang: String?) -> [UInt8] {
        guard let lang else { return bytes }
        return strip(bytes, file: "", dialect: lang == "tsx" ? .tsx : .typescript, keepingByteOffsets: true).javascript
    }
}

/// One stripping pass over one tree.
struct TypeScriptStripPass {
    let tree: SyntaxTree
    let file: String
    let source: [UInt8]
    /// The source with erased syntax blanked; compiled places are applied from `edits` at the end.
    var output: [UInt8]
    /// Bytes written after the walk (a moved `)`, an inserted `;`): later blanking cannot undo them.
    var pendingWrites: [(offset: Int, byte: UInt8)] = []
    /// Compiled places: source range → output text.
    var edits: [(range: Range<Int>, text: [UInt8])] = []
    var diagnostics: [Diagnostic] = []
    /// Enums to compile once the walk has blanked the types inside their initializers.
    var enums: [SyntaxNode] = []

    /// Whether the file is `.tsx`: JSX in a `.ts` file is refused.
    let allowsJSX: Bool
    /// The enums declared so far, by scope (`"<scope index>:<name>"`): a merged enum's later
    /// declarations declare no variable again, as tsc emits them.
    var declaredEnums: Set<String> = []
    /// Class members with modifiers to erase, checked after the walk (`guardMemberStart`).
    var modifiedMembers: [SyntaxNode] = []
    /// The names exported as types only (`StrippedTypeScript.typeExports`).
    var typeExports: Set<String> = []
    /// Output bytes dropped from the JavaScript: the rest of a blanked non-ASCII character (it
    /// becomes one space per UTF-16 unit) and the blanks that end a line.
    var deleted: [Bool]
    /// Whether blanks are byte for byte (`TypeScriptStripper.strip(keepingByteOffsets:)`).
    let keepsByteOffsets: Bool
    /// The outermost expressions around assertions, read again for their grouping
    /// (TypeScriptAssertionPrecedence.swift).
    var assertionRegions: Set<Int> = []
    /// The region nodes already climbed through from an assertion.
    var climbedRegionNodes: Set<Int> = []
    /// Output offsets that hold a written byte (a `;`, a moved `)`, a parenthesis).
    var writtenOffsets: Set<Int> = []
    /// Parentheses with no blank to hold them, inserted at source offsets.
    var parenthesisInsertions: [(offset: Int, text: [UInt8])] = []
    /// Ambient declarations erased from their source extent where tree-sitter could not read them:
    /// the syntax errors inside are not reported.
    var erasedAmbientRanges: [Range<Int>] = []

    init(tree: SyntaxTree, file: String, allowsJSX: Bool, keepsByteOffsets: Bool = false) {
        self.tree = tree
        self.file = file
        self.allowsJSX = allowsJSX
        self.keepsByteOffsets = keepsByteOffsets
        self.source = tree.bytes
        self.output = tree.bytes
        self.deleted = [Bool](repeating: false, count: tree.bytes.count)
    }

    // MARK: - The walk

    mutating func run() {
        findSyntaxErrors()
        var index = 0
        while index < tree.nodeCount {
            let node = tree.node(at: index)
            if let erased = erasedAmbientRanges.last, node.startByte < erased.upperBound, node.endByte > erased.lowerBound {
                index = node.startByte >= erased.lowerBound && node.endByte <= erased.upperBound ? node.subtreeEnd : index + 1
                continue
            }
            if node.isError {
                // Error regions are left as written.
                index = node.subtreeEnd
                continue
            }
            index = visit(node) ? node.subtreeEnd : index + 1
        }
        for node in enums { compileEnum(node) }
        for member in modifiedMembers { guardMemberStart(member) }
        eraseLocalTypeExports()
        writtenOffsets = Set(pendingWrites.map(\.offset))
        parenthesizeAssertionRegions()
        keepModuleMarker()
        if !erasedAmbientRanges.isEmpty {
            let ranges = erasedAmbientRanges, source = source
            diagnostics.removeAll { diagnostic in
                guard diagnostic.code == .syntaxError || diagnostic.message.hasPrefix("JSX is only allowed") else { return false }
                let offset = LineTable.offset(ofLine: diagnostic.location.line, column: diagnostic.location.column, in: source)
                return ranges.contains { $0.contains(offset) }
            }
        }
    }

    /// The name an export specifier exports: its alias, or its name.
    func exportedName(_ specifier: SyntaxNode) -> String? {
        (specifier.child(field: "alias") ?? specifier.child(field: "name"))?.text
    }

    /// `interface A {}` … `export { A }`: a local name declared only as a type, exported by
    /// name. tsc knows it is a type and elides the specifier; so does this pass, and the name
    /// is a type export. A name also declared as a value (`const A`, an enum, a function, a
    /// class, an import binding) is kept.
    mutating func eraseLocalTypeExports() {
        var types: Set<String> = [], values: Set<String> = [], specifiers: [SyntaxNode] = []
        func declares(_ node: SyntaxNode) {
            switch node.type {
            case "interface_declaration", "type_alias_declaration":
                if let name = node.child(field: "name")?.text { types.insert(name) }
            case "function_declaration", "generator_function_declaration", "class_declaration", "abstract_class_declaration",
                 "enum_declaration":
                if let name = node.child(field: "name")?.text { values.insert(name) }
            case "lexical_declaration", "variable_declaration":
                for declarator in node.namedChildren where declarator.type == "variable_declarator" {
                    if let name = declarator.child(field: "name"), name.type == "identifier" { values.insert(name.text) } else { values.insert("\u{0}any") }
                }
            case "import_statement":
                for index in Int(node.index)..<node.subtreeEnd where tree.node(at: index).type == "identifier" {
                    values.insert(tree.node(at: index).text)
                }
            default:
                break
            }
        }
        for statement in tree.root.childSequence where !statement.hasError {
            if statement.type == "export_statement" {
                if let declaration = statement.child(field: "declaration") { declares(declaration) }
                // `export { … }` without `from`, not `export type { … }`.
                guard statement.child(field: "source") == nil, !hasToken(statement, "type"),
                      let clause = statement.namedChildren.first(where: { $0.type == "export_clause" }) else { continue }
                specifiers += clause.namedChildren.filter { $0.type == "export_specifier" }
            } else {
                declares(statement)
            }
        }
        // A destructuring declaration may declare any name: nothing is taken for a type then.
        guard !values.contains("\u{0}any") else { return }
        for specifier in specifiers {
            guard let name = specifier.child(field: "name")?.text, types.contains(name), !values.contains(name),
                  output[specifier.startByte..<specifier.endByte].contains(where: { !Self.isSpace($0) }) else { continue }
            if let exported = exportedName(specifier) { typeExports.insert(exported) }
            eraseListItem(specifier)
        }
    }

    /// `a = 1` then `public [key]() {}`: with `public` erased, the member would start with `[`
    /// (or a generator's `*`) and continue the field before it; a `;` is written where the
    /// modifier was.
    mutating func guardMemberStart(_ member: SyntaxNode) {
        let start = member.startByte
        guard start < output.count, output[start] == 0x20, !Self.isSpace(source[start]) else { return }
        var next = start
        while next < member.endByte, Self.isSpace(output[next]) { next += 1 }
        guard next < member.endByte, output[next] == UInt8(ascii: "[") || output[next] == UInt8(ascii: "*") else { return }
        var before = start - 1
        while before >= 0, Self.isSpace(output[before]) { before -= 1 }
        if before < 0 || output[before] == UInt8(ascii: ";") || output[before] == UInt8(ascii: "{") { return }
        pendingWrites.append((start, UInt8(ascii: ";")))
    }

    /// A file with `import` or `export` statements, all of them erased, stays a module: tsc
    /// then ends its output with `export {};`, added here after the last line.
    mutating func keepModuleMarker() {
        var hadModuleSyntax = false
        for statement in tree.root.childSequence where statement.type == "import_statement" || statement.type == "export_statement" {
            if statement.hasError { return }
            hadModuleSyntax = true
            if output[statement.startByte..<statement.endByte].contains(where: { !Self.isSpace($0) }) { return }
        }
        guard hadModuleSyntax else { return }
        let end = source.count
        let endsLine = end > 0 && (source[end - 1] == 0x0A || source[end - 1] == 0x0D)
        edits.append((end..<end, Array((endsLine ? "export {};\n" : "\nexport {};").utf8)))
    }

    /// Handles one node; true when its whole subtree is handled (erased or refused).
    mutating func visit(_ node: SyntaxNode) -> Bool {
        switch node.type {
        case "type_annotation", "asserts_annotation", "type_predicate_annotation", "type_parameters", "type_arguments",
             "implements_clause", "accessibility_modifier", "override_modifier":
            blank(node)
            return true
        case "interface_declaration", "type_alias_declaration", "function_signature":
            return erase(node)
        case "abstract_method_signature", "method_signature", "index_signature":
            if node.parent?.type == "class_body" { return eraseMember(node) }
            return erase(node)
        case "ambient_declaration":
            return eraseAmbient(node, statement: node)
        case "export_statement":
            return visitExport(node)
        case "import_statement":
            return visitImport(node)
        case "import_specifier", "export_specifier":
            if let first = node.firstChild, !first.isNamed, first.type == "type", node.namedChildren.count > 0 {
                if node.type == "export_specifier", let name = exportedName(node) { typeExports.insert(name) }
                eraseListItem(node)
                return true
            }
            return false
        case "import_alias":
            refuse(node, "`import \(aliasName(node)) = …` (an alias of a namespace member) is not supported: write `const \(aliasName(node)) = …` instead")
            return true
        case "as_expression", "satisfies_expression":
            noteAssertionRegion(node)
            if let operand = node.firstChild {
                blank(operand.endByte..<node.endByte)
                guardStatementEnd(node, at: operand.endByte)
            }
            return false
        case "non_null_expression":
            if let bang = lastChild(node), bang.type == "!" { blank(bang) }
            return false
        case "type_assertion":
            noteAssertionRegion(node)
            return visitTypeAssertion(node)
        case "required_parameter", "optional_parameter":
            if let pattern = node.child(field: "pattern"), pattern.type == "this" {
                eraseListItem(node)
                return true
            }
            if node.type == "optional_parameter" { blankTokens(in: node, ["?"]) }
            return false
        case "variable_declarator":
            blankTokens(in: node, ["!"])
            return false
        case "public_field_definition":
            if hasToken(node, "declare") || hasToken(node, "abstract") { return eraseMember(node) }
            blankTokens(in: node, ["readonly", "?", "!"])
            modifiedMembers.append(node)
            return false
        case "method_definition":
            blankTokens(in: node, ["?"])
            modifiedMembers.append(node)
            if node.child(field: "name")?.text == "constructor", node.parent?.type == "class_body" {
                compileParameterProperties(node)
            }
            return false
        case "abstract_class_declaration":
            blankTokens(in: node, ["abstract"])
            return false
        case "decorator":
            refuse(node, "decorators are not supported: call the decorator function on the class (or its prototype) after the class instead")
            return true
        case "enum_declaration":
            enums.append(node)
            return false
        case "expression_statement":
            if let module = firstNamedChild(node), module.type == "internal_module" || module.type == "module" {
                return visitNamespace(module, statement: node)
            }
            return false
        case "internal_module", "module":
            return visitNamespace(node, statement: node)
        case "binary_expression":
            eraseTaggedTemplateTypeArguments(node)
            eraseSplitTypeArguments(node)
            return false
        case "parenthesized_expression":
            eraseAssertionParentheses(node)
            return false
        case "arrow_function":
            moveArrowParenthesis(node)
            return false
        default:
            return false
        }
    }

    /// `f(await g<A, B>(x))`: in a list (arguments, an array), tree-sitter-typescript reads an
    /// awaited call whose type arguments hold a comma as two comparisons, `await g < A` and
    /// `B > (x)`, where TypeScript reads a call with type arguments (as it always does, given
    /// `<…, …>(`); left alone it would be valid JavaScript that means something else. The type
    /// arguments are erased as tsc erases them: from the first `<` after the awaited callee to
    /// the `>` (or `>>`, `>>>`) before the call's parentheses.
    mutating func eraseSplitTypeArguments(_ node: SyntaxNode) {
        guard let less = node.child(field: "operator"), less.type == "<", node.child(field: "left")?.type == "await_expression",
              !node.hasError, let parent = node.parent, parent.type == "arguments" || parent.type == "array",
              let next = node.nextNamedSibling, next.type == "binary_expression", !next.hasError,
              let greater = next.child(field: "operator"), [">", ">>", ">>>"].contains(greater.type),
              next.child(field: "right")?.type == "parenthesized_expression" else { return }
        blank(less.startByte..<greater.endByte)
    }

    /// `` tag<T>`x` ``: tree-sitter reads `(tag < T) > `x``, TypeScript (and tsc's output) a
    /// tagged template with type arguments: the `<T>` is erased.
    mutating func eraseTaggedTemplateTypeArguments(_ node: SyntaxNode) {
        guard node.child(field: "operator")?.type == ">", let template = node.child(field: "right"), template.type == "template_string",
              let left = node.child(field: "left"), left.type == "binary_expression", left.child(field: "operator")?.type == "<",
              let less = left.child(field: "operator"), let greater = node.child(field: "operator"), !node.hasError else { return }
        blank(less.startByte..<greater.endByte)
    }

    /// `(x as T).y` → `x.y`: tsc drops the parentheses around an erased assertion where the
    /// operand needs none; done here when the operand is a name, `this`, or a member access, index
    /// or call on such (no optional chain, not the callee of `new`).
    mutating func eraseAssertionParentheses(_ node: SyntaxNode) {
        guard !node.hasError, let open = node.firstChild, open.type == "(", let close = lastChild(node), close.type == ")",
              let inner = firstNamedChild(node), Self.assertionTypes.contains(inner.type),
              node.childSequence.filter({ $0.isNamed }).count == 1, node.parent?.type != "new_expression",
              hasSafeOperand(inner),
              // On one line only: a `(` after `return` or a `)` before `++` may not leave a line break bare.
              !source[node.startByte..<node.endByte].contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return }
        // `new (f().g as T)()` is not `new f().g()`: a call inside stays parenthesized under `new`.
        if (Int(inner.index)..<inner.subtreeEnd).contains(where: { tree.node(at: $0).type == "call_expression" }) {
            var current = node
            while let parent = current.parent, ["member_expression", "subscript_expression", "call_expression", "new_expression"].contains(parent.type) {
                if parent.type == "new_expression" { return }
                current = parent
            }
        }
        blank(open)
        blank(close)
    }

    /// Whether an assertion's operand, under any further assertions, is `safeOperand`, or
    /// parentheses around such an assertion (which go too).
    /// How many nested parenthesized assertions (`((x as A) as B)`) are looked through, and how
    /// large an operand is searched for an optional chain: past either, the parentheses are
    /// kept (valid JavaScript, only not tsc's spelling), so no input makes the checks quadratic.
    static let maximumAssertionNesting = 32, maximumOperandNodes = 4096

    func hasSafeOperand(_ assertion: SyntaxNode) -> Bool {
        var operand = assertion
        for _ in 0..<Self.maximumAssertionNesting {
            while Self.assertionTypes.contains(operand.type) || operand.type == "non_null_expression" {
                guard let next = operand.type == "type_assertion" ? lastChild(operand) : firstNamedChild(operand), next.type != "comment" else { return false }
                operand = next
            }
            guard operand.type == "parenthesized_expression" else { return Self.safeOperand(operand) }
            guard let inner = firstNamedChild(operand), Self.assertionTypes.contains(inner.type),
                  operand.childSequence.filter({ $0.isNamed }).count == 1 else { return false }
            operand = inner
        }
        return false
    }

    static let assertionTypes: Set<String> = ["as_expression", "satisfies_expression", "type_assertion"]

    static func safeOperand(_ node: SyntaxNode) -> Bool {
        switch node.type {
        case "identifier", "this":
            return true
        case "member_expression", "subscript_expression", "call_expression":
            // No optional chain anywhere in the chain: `(a?.b as T).c` is not `a?.b.c`.
            guard node.subtreeEnd - Int(node.index) <= maximumOperandNodes else { return false }
            for index in Int(node.index)..<node.subtreeEnd where node.tree.node(at: index).type == "optional_chain" { return false }
            return true
        default:
            return false
        }
    }

    mutating func visitExport(_ node: SyntaxNode) -> Bool {
        // `export type * from "./t"` and `export type * as ns from "./t"` (TypeScript 5.0), which
        // tree-sitter-typescript 0.23 reads as an error at `type`: they re-export types only.
        if node.hasError, let first = node.child(1), first.isError, first.text == "type",
           let star = nextCodeByte(from: first.endByte), source[star] == UInt8(ascii: "*"), node.child(field: "source") != nil {
            blank(node)
            guardAgainstJoining(start: node.startByte, end: node.endByte, hazards: Self.statementHazards)
            erasedAmbientRanges.append(node.startByte..<node.endByte)
            return true
        }
        if hasToken(node, "type") {
            // `export type { A, B as C }` (and `… from`): every name it exports is a type.
            for index in Int(node.index)..<node.subtreeEnd where tree.node(at: index).type == "export_specifier" {
                if let name = exportedName(tree.node(at: index)) { typeExports.insert(name) }
            }
            return erase(node)
        }
        if hasToken(node, "="), !node.hasError {
            // `export = v` → `module.exports = v`
            if let equals = node.childSequence.first(where: { !$0.isNamed && $0.type == "=" }) {
                edits.append((node.startByte..<equals.endByte, Array("module.exports =".utf8)))
            }
            return false
        }
        if hasToken(node, "import") {
            refuse(node, "`export import … = …` is not supported: write `import … = …` (or `const … = …`) and export it with `export { … }`")
            return true
        }
        guard let declaration = node.child(field: "declaration") else { return false }
        switch declaration.type {
        case "interface_declaration", "type_alias_declaration":
            if let name = declaration.child(field: "name")?.text { typeExports.insert(hasToken(node, "default") ? "default" : name) }
            return erase(node)
        case "function_signature":
            return erase(node)
        case "ambient_declaration":
            return eraseAmbient(declaration, statement: node)
        case "internal_module", "module":
            return visitNamespace(declaration, statement: node)
        case "import_alias":
            refuse(node, "`export import … = …` is not supported: write `const … = …` and export it")
            return true
        default:
            return false
        }
    }

    mutating func visitImport(_ node: SyntaxNode) -> Bool {
        if hasToken(node, "type") { return erase(node) }
        if !node.hasError, node.childSequence.contains(where: { $0.type == "import_require_clause" }), let keyword = node.firstChild, keyword.type == "import" {
            // `import x = require("m")` → `const x = require("m")`
            edits.append((keyword.startByte..<keyword.endByte, Array("const".utf8)))
            return false
        }
        return false
    }

    mutating func visitTypeAssertion(_ node: SyntaxNode) -> Bool {
        guard let types = node.childSequence.first(where: { $0.type == "type_arguments" }) else { return false }
        if let parent = node.parent, ["return_statement", "throw_statement", "yield_expression"].contains(parent.type),
           let operand = types.nextSibling, source[node.startByte..<operand.startByte].contains(UInt8(ascii: "\n")) {
            let keyword = parent.firstChild?.type ?? "return"
            refuse(node, "a `<T>` type assertion after `\(keyword)` whose expression starts on a later line would end the statement once erased: write `(expression as T)` instead")
            return true
        }
        // `() => <T>{ a: 1 }` or a statement `<T>function () {}()`: erased, the `{` would open a
        // block and `function` a declaration.
        var leftmost = lastChild(node)
        while let candidate = leftmost, !["object", "function_expression", "function", "class"].contains(candidate.type) {
            leftmost = candidate.firstChild
        }
        if let operand = leftmost, let parent = node.parent {
            let arrowBody = parent.type == "arrow_function" && parent.child(field: "body")?.index == node.index
            var statementStart = false
            var current = node
            while let up = current.parent, up.startByte == node.startByte {
                if up.type == "expression_statement" { statementStart = true; break }
                current = up
            }
            if arrowBody || statementStart {
                refuse(node, "a `<T>` type assertion before `\(operand.type == "object" ? "{" : operand.type == "class" ? "class" : "function")` would change its meaning once erased: write `(expression as T)` instead")
                return true
            }
        }
        blank(types)
        return false
    }

    mutating func visitNamespace(_ module: SyntaxNode, statement: SyntaxNode) -> Bool {
        if isTypeOnly(module) { return erase(statement) }
        let keyword = module.firstChild?.type == "module" ? "module" : "namespace"
        refuse(module, "a `\(keyword)` with values is not supported: use an ES module or a plain object instead (only namespaces holding types alone are erased)")
        return true
    }

    /// Whether a namespace holds only types (interfaces, type aliases, declarations, such namespaces).
    /// Whether a namespace (or `module`) holds only types, at any depth of nesting: an explicit
    /// stack of the namespaces still to look into, so no input makes the check recurse.
    func isTypeOnly(_ module: SyntaxNode) -> Bool {
        var pending = [module]
        while let namespace = pending.popLast() {
            guard let body = namespace.child(field: "body") else { continue }
            for statement in body.childSequence where statement.isNamed && statement.type != "comment" {
                guard let nested = typeOnlyStatement(statement) else { return false }
                pending += nested
            }
        }
        return true
    }

    /// Nil when `statement` holds values; otherwise the namespaces in it still to look into.
    func typeOnlyStatement(_ statement: SyntaxNode) -> [SyntaxNode]? {
        switch statement.type {
        case "interface_declaration", "type_alias_declaration", "ambient_declaration", "empty_statement":
            return []
        case "internal_module", "module":
            return [statement]
        case "expression_statement":
            guard let inner = firstNamedChild(statement), inner.type == "internal_module" || inner.type == "module" else { return nil }
            return [inner]
        case "export_statement":
            if hasToken(statement, "type") { return [] }
            guard let declaration = statement.child(field: "declaration") else { return nil }
            return typeOnlyStatement(declaration)
        case "import_statement":
            return hasToken(statement, "type") ? [] : nil
        default:
            return nil
        }
    }

    /// `declare …` and `export declare …`, whatever they hold (a module augmentation, `declare
    /// global`, a namespace with values, an initializer, an enum, a class): erased, as tsc erases
    /// them. The names an `export declare` declares exist only as types at run time.
    mutating func eraseAmbient(_ ambient: SyntaxNode, statement: SyntaxNode) -> Bool {
        if statement.type == "export_statement" {
            for declaration in ambient.childSequence where declaration.isNamed {
                if let name = declaration.child(field: "name"), name.type == "identifier" || name.type == "type_identifier" {
                    typeExports.insert(name.text)
                }
                for declarator in declaration.childSequence where declarator.type == "variable_declarator" {
                    if let name = declarator.child(field: "name"), name.type == "identifier" { typeExports.insert(name.text) }
                }
            }
        }
        if statement.hasError, let extent = ambientExtent(statement) {
            // tree-sitter could not read something inside (`import("./m").T<U>`, `<in out T>`): the
            // braces, counted in the source, say where the declaration ends.
            blank(extent)
            guardAgainstJoining(start: extent.lowerBound, end: extent.upperBound, hazards: Self.statementHazards)
            erasedAmbientRanges.append(extent)
            return true
        }
        return erase(statement)
    }

    /// The source extent of a `declare` with a body (`module`, `global`, `namespace`, `enum`,
    /// `const enum`) from its first keyword to the `}` that closes the body, braces counted outside
    /// strings, template literals and comments; nil when it cannot be told.
    func ambientExtent(_ statement: SyntaxNode) -> Range<Int>? {
        let start = statement.startByte
        let header = String(decoding: source[start..<min(source.count, start + 200)], as: UTF8.self)
        let words = header.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).prefix(3).map(String.init)
        let keywords = words.first == "export" ? Array(words.dropFirst()) : words
        // Only heads that hold no brace before the body (a class's `extends B<{ … }>` could).
        guard keywords.first == "declare", keywords.count >= 2,
              ["module", "global", "namespace", "enum"].contains(keywords[1]) || keywords[1].hasPrefix("global{")
                || (keywords[1] == "const" && keywords.count > 2 && keywords[2] == "enum") else { return nil }
        var index = start, depth = 0
        var templates: [Int] = []  // brace depths at which a template substitution resumes a template
        // From a template's opening `` ` `` (or a substitution's closing `}`): past its text, to
        // its closing `` ` `` or into the next `${`, whose depth is remembered.
        func skipTemplateText() {
            index += 1
            while index < source.count, source[index] != UInt8(ascii: "`") {
                if source[index] == UInt8(ascii: "\\") {
                    index += 1
                } else if source[index] == UInt8(ascii: "$"), index + 1 < source.count, source[index + 1] == UInt8(ascii: "{") {
                    templates.append(depth)
                    depth += 1
                    index += 1
                    break
                }
                index += 1
            }
        }
        while index < source.count {
            let byte = source[index]
            let next = index + 1 < source.count ? source[index + 1] : 0
            switch byte {
            case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                while index < source.count, source[index] != 0x0A { index += 1 }
                continue
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                index += 2
                while index + 1 < source.count, !(source[index] == UInt8(ascii: "*") && source[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
                continue
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index += 1
                while index < source.count, source[index] != byte, source[index] != 0x0A {
                    if source[index] == UInt8(ascii: "\\") { index += 1 }
                    index += 1
                }
            case UInt8(ascii: "`"):
                skipTemplateText()
            case UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if let resume = templates.last, resume == depth {
                    // Back into the template's text: skip it as above.
                    templates.removeLast()
                    skipTemplateText()
                } else if depth == 0 {
                    return start..<(index + 1)
                }
            case UInt8(ascii: ";") where depth == 0:
                return nil
            default:
                break
            }
            index += 1
        }
        return nil
    }

    // MARK: - Erasing

    /// Erases a whole statement; a `;` is written at its start when the next line would
    /// otherwise continue the statement before it.
    mutating func erase(_ node: SyntaxNode) -> Bool {
        if node.hasError { return false }
        blank(node)
        guardAgainstJoining(start: node.startByte, end: node.endByte, hazards: Self.statementHazards)
        return true
    }

    /// Erases a class member and the `;` after it.
    mutating func eraseMember(_ node: SyntaxNode) -> Bool {
        if node.hasError { return false }
        var end = node.endByte
        if let next = nextNonComment(node), !next.isNamed, next.type == ";" {
            blank(next)
            end = next.endByte
        }
        blank(node.startByte..<end)
        guardAgainstJoining(start: node.startByte, end: end, hazards: Self.memberHazards)
        return true
    }

    /// `a as T` ending a line, the next starting with `(`, `[` or `` ` ``: TypeScript ends the
    /// statement there (nothing continues a type across a line), but tree-sitter reads a call, an
    /// index or a tagged template, and so would JavaScript once the type is erased; a `;` is
    /// written where the erased type began.
    mutating func guardStatementEnd(_ node: SyntaxNode, at offset: Int) {
        guard let parent = node.parent, parent.firstChild?.index == node.index,
              ["call_expression", "subscript_expression"].contains(parent.type),
              let next = nextCodeByte(from: node.endByte), Set("([`".utf8).contains(source[next]),
              source[node.endByte..<next].contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return }
        pendingWrites.append((offset, UInt8(ascii: ";")))
    }

    static let statementHazards: Set<UInt8> = Set("([`+-/".utf8)
    static let memberHazards: Set<UInt8> = Set("([`+-/*".utf8)

    mutating func guardAgainstJoining(start: Int, end: Int, hazards: Set<UInt8>) {
        guard let next = nextCodeByte(from: end), hazards.contains(source[next]) else { return }
        // What comes before: a `;`, `{` or `}` of a block, or nothing, ends anything before.
        var before = start - 1
        while before >= 0, Self.isSpace(output[before]) { before -= 1 }
        if before < 0 || output[before] == UInt8(ascii: ";") || output[before] == UInt8(ascii: "{") { return }
        pendingWrites.append((start, UInt8(ascii: ";")))
    }

    /// The offset of the next source byte after `offset` that is neither whitespace nor comment.
    func nextCodeByte(from offset: Int) -> Int? {
        var index = offset
        while index < source.count {
            let byte = source[index]
            if Self.isSpace(byte) {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < source.count, source[index + 1] == UInt8(ascii: "/") {
                while index < source.count, source[index] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < source.count, source[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < source.count, !(source[index] == UInt8(ascii: "*") && source[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
            } else {
                return index
            }
        }
        return nil
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    /// Erases an item of a comma-separated list (an import specifier, a `this` parameter) with
    /// its comma: the one after it, or the one before it when it is the last.
    mutating func eraseListItem(_ node: SyntaxNode) {
        blank(node)
        if let next = nextNonComment(node), !next.isNamed, next.type == "," {
            blank(next)
            return
        }
        guard let parent = node.parent else { return }
        var previousComma: SyntaxNode?
        for sibling in parent.childSequence {
            if sibling.index == node.index { break }
            if sibling.type == "comment" { continue }
            previousComma = !sibling.isNamed && sibling.type == "," ? sibling : nil
        }
        if let previousComma { blank(previousComma) }
    }

    /// `(a): \n T => a`: erased, the return type would leave a newline before `=>`, which
    /// JavaScript forbids; the `)` moves to the end of the erased return type.
    mutating func moveArrowParenthesis(_ node: SyntaxNode) {
        if let async = node.firstChild, !async.isNamed, async.type == "async",
           let typeParameters = node.child(field: "type_parameters"), let parameters = node.child(field: "parameters"),
           source[async.endByte..<parameters.startByte].contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            refuse(typeParameters, "an `async` arrow function's type parameters must end on the line of `async`: once they are erased, `async` and `(` must share a line")
        }
        guard let returnType = node.child(field: "return_type"), let parameters = node.child(field: "parameters"),
              let arrow = node.childSequence.first(where: { !$0.isNamed && $0.type == "=>" }) else { return }
        let erased = parameters.endByte..<arrow.startByte
        guard source[erased].contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return }
        // The `)` goes at the type's last byte, on the line of `=>`.
        if source[returnType.endByte..<arrow.startByte].contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            refuse(arrow, "an arrow function's `=>` must be on the line of its return type's end")
            return
        }
        // The first byte of the type's last character: the rest of a non-ASCII one is dropped.
        var target = returnType.endByte - 1
        while target > parameters.endByte, source[target] & 0xC0 == 0x80 { target -= 1 }
        guard source[parameters.endByte - 1] == UInt8(ascii: ")") else { return }
        pendingWrites.append((parameters.endByte - 1, 0x20))
        pendingWrites.append((target, UInt8(ascii: ")")))
    }

    mutating func blank(_ node: SyntaxNode) { blank(node.startByte..<node.endByte) }

    /// Blanks a range: one space per UTF-16 unit of each character (an astral character is two,
    /// `é` one), so the JavaScript's columns, which engines and Web Inspector count in UTF-16, are
    /// the source's; the rest of a character's bytes is dropped (`deleted`). Newlines stay.
    mutating func blank(_ range: Range<Int>) {
        for offset in range where output[offset] != 0x0A && output[offset] != 0x0D {
            output[offset] = 0x20
            let byte = source[offset]
            guard !keepsByteOffsets, byte & 0xC0 == 0x80 else { continue }
            // A continuation byte: the second UTF-16 unit of a four-byte character keeps a space.
            var lead = offset - 1
            while lead > 0, offset - lead < 4, source[lead] & 0xC0 == 0x80 { lead -= 1 }
            deleted[offset] = !(source[lead] >= 0xF0 && offset == lead + 1)
        }
    }

    mutating func blankTokens(in node: SyntaxNode, _ tokens: Set<String>) {
        for child in node.childSequence where !child.isNamed && tokens.contains(child.type) { blank(child) }
    }

    func hasToken(_ node: SyntaxNode, _ token: String) -> Bool {
        node.childSequence.contains { !$0.isNamed && $0.type == token }
    }

    func firstNamedChild(_ node: SyntaxNode) -> SyntaxNode? {
        node.childSequence.first { $0.isNamed && $0.type != "comment" }
    }

    func lastChild(_ node: SyntaxNode) -> SyntaxNode? {
        var last: SyntaxNode?
        for child in node.childSequence { last = child }
        return last
    }

    func nextNonComment(_ node: SyntaxNode) -> SyntaxNode? {
        var next = node.nextSibling
        while let candidate = next, candidate.type == "comment" { next = candidate.nextSibling }
        return next
    }

    func aliasName(_ node: SyntaxNode) -> String {
        node.childSequence.first { $0.type == "identifier" }?.text ?? "x"
    }

    // MARK: - Diagnostics

    mutating func refuse(_ node: SyntaxNode, _ message: String) {
        diagnostics.append(Diagnostic(.unsupportedTypeScript, message, at: location(node.startByte)))
    }

    func location(_ offset: Int) -> SourceLocation {
        let point = tree.point(ofByte: offset)
        return SourceLocation(file: file, line: point.line, column: point.column)
    }

    /// Each outermost ERROR node and each MISSING node outside one is one syntax error.
    mutating func findSyntaxErrors() {
        guard tree.root.hasError else { return }
        var index = 0
        while index < tree.nodeCount {
            let node = tree.node(at: index)
            if !node.hasError && !node.isMissing {
                index = node.subtreeEnd
                continue
            }
            if node.isError {
                if let named = namedRefusal(node) {
                    diagnostics.append(Diagnostic(.unsupportedTypeScript, named, at: location(node.startByte)))
                    index = node.subtreeEnd
                    continue
                }
                diagnostics.append(Diagnostic(.syntaxError, Self.unexpectedMessage(node), at: location(node.startByte)))
                if !allowsJSX, looksLikeJSX(source[node.startByte..<node.endByte]) {
                    diagnostics.append(Diagnostic(.unsupportedTypeScript, "JSX is only allowed in a .tsx file: rename the file to .tsx", at: location(node.startByte)))
                }
                index = node.subtreeEnd
                continue
            }
            if node.isMissing {
                diagnostics.append(Diagnostic(.syntaxError, "missing '\(node.type)'", at: location(node.startByte)))
            }
            index += 1
        }
    }

    /// The construct an error region stands for, where tree-sitter-typescript 0.23 cannot read
    /// valid TypeScript: a refusal that names it, not "unexpected …".
    func namedRefusal(_ node: SyntaxNode) -> String? {
        let text = String(decoding: source[node.startByte..<node.endByte], as: UTF8.self)
        if text.range(of: #"[A-Za-z_$][A-Za-z0-9_$]*\s*\?\s*(/\*([^*]|\*[^/])*\*/|//[^\n]*\n)\s*:"#, options: .regularExpression) != nil {
            return "a comment between an optional parameter's `?` and its `:` cannot be read (tree-sitter-typescript 0.23): move the comment after the parameter's type"
        }
        let start = max(0, node.startByte - 9)
        let around = String(decoding: source[start..<node.endByte], as: UTF8.self)
        if around.range(of: #"(^|[\s;{])accessor\s+[A-Za-z_$#\[]"#, options: .regularExpression) != nil {
            return "auto-accessor fields (`accessor`) are not supported: write a private field with a getter and a setter instead"
        }
        return nil
    }

    /// Whether an error region holds what reads as a JSX closing tag (`</x`) or a self-closing one (`/>`).
    func looksLikeJSX(_ text: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for (offset, byte) in zip(text.indices, text) {
            if previous == UInt8(ascii: "<"), byte == UInt8(ascii: "/"), offset + 1 < text.endIndex {
                let next = text[offset + 1]
                if (next | 0x20) >= UInt8(ascii: "a") && (next | 0x20) <= UInt8(ascii: "z") || next == UInt8(ascii: ">") { return true }
            }
            if previous == UInt8(ascii: "/"), byte == UInt8(ascii: ">") { return true }
            previous = byte
        }
        return false
    }

    /// "unexpected '<text>'" with at most the first 20 characters of the node's first line.
    static func unexpectedMessage(_ node: SyntaxNode) -> String {
        let firstLine = node.text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        if firstLine.isEmpty { return "unexpected end of input" }
        return "unexpected '\(firstLine.prefix(20))'".replacingOccurrences(of: "\u{0}", with: "\\0")
    }

    // MARK: - Result

    /// Drops the blanks that end each line (spaces and tabs before a line break or the end),
    /// the user's own among them, outside template literals (whose text they are) and compiled
    /// places: a line that held only erased syntax is empty. No kept token moves.
    mutating func dropTrailingBlanks(_ edits: [(range: Range<Int>, text: [UInt8])]) {
        var inside = [Bool](repeating: false, count: output.count + 1), starts = inside
        for edit in edits {
            starts[edit.range.lowerBound] = true
            for offset in edit.range { inside[offset] = true }
        }
        // Template literal text, outside its substitutions.
        for index in 0..<tree.nodeCount where tree.node(at: index).type == "template_string" {
            let template = tree.node(at: index)
            guard source[template.startByte..<template.endByte].contains(where: { $0 == 0x0A || $0 == 0x0D }) else { continue }
            var literal = template.startByte
            for child in template.childSequence where child.type == "template_substitution" {
                for offset in literal..<child.startByte { inside[offset] = true }
                literal = child.endByte
            }
            for offset in literal..<template.endByte { inside[offset] = true }
        }
        var end = 0
        while end <= output.count {
            let atEnd = end == output.count
            let isBreak = atEnd || output[end] == 0x0A || output[end] == 0x0D
            if !isBreak || (!atEnd && end > 0 && output[end] == 0x0A && output[end - 1] == 0x0D) {
                end += 1
                continue
            }
            defer { end += 1 }
            if inside[end] || starts[end] { continue }
            var offset = end - 1
            while offset >= 0, !inside[offset], output[offset] == 0x20 || output[offset] == 0x09 || deleted[offset] {
                deleted[offset] = true
                if starts[offset] { break }
                offset -= 1
            }
        }
    }

    func offset(of location: SourceLocation) -> Int {
        LineTable.offset(ofLine: location.line, column: location.column, in: source)
    }

    mutating func result() -> StrippedTypeScript {
        for write in pendingWrites {
            output[write.offset] = write.byte
            deleted[write.offset] = false
        }
        for insertion in parenthesisInsertions { edits.append((insertion.offset..<insertion.offset, insertion.text)) }
        let sorted = edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        if !keepsByteOffsets { dropTrailingBlanks(sorted) }
        var javascript: [UInt8] = []
        javascript.reserveCapacity(output.count + sorted.reduce(0) { $0 + $1.text.count })
        var replacements: [StrippedTypeScript.Replacement] = []
        // Copies output bytes, each dropped run a replacement by nothing.
        func copy(_ range: Range<Int>) {
            var offset = range.lowerBound
            while offset < range.upperBound {
                if deleted[offset] {
                    let start = offset
                    while offset < range.upperBound, deleted[offset] { offset += 1 }
                    replacements.append(.init(source: start..<offset, output: javascript.count..<javascript.count))
                } else {
                    javascript.append(output[offset])
                    offset += 1
                }
            }
        }
        var position = 0
        for edit in sorted where edit.range.lowerBound >= position {
            copy(position..<edit.range.lowerBound)
            let start = javascript.count
            javascript.append(contentsOf: edit.text)
            replacements.append(.init(source: edit.range, output: start..<javascript.count))
            position = edit.range.upperBound
        }
        copy(position..<output.count)
        return StrippedTypeScript(
            javascript: javascript, replacements: replacements, diagnostics: diagnostics.sorted(by: Diagnostic.sortKey),
            typeExports: typeExports.sorted())
    }
}
