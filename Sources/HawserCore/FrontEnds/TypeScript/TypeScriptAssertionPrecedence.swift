import TreeSitter

/// Erasing an assertion can regroup an expression: TypeScript reads `1 + 1 as number * 2` as
/// `((1 + 1) as number) * 2` (`as` and `satisfies` bind like `<`, and what follows the type takes
/// the whole assertion as its left operand), so tsc emits `(1 + 1) * 2`, where the bare erasure
/// `1 + 1           * 2` is 3. This pass parenthesizes the operand as tsc does.
///
/// tree-sitter-typescript does not group assertions as TypeScript does (`1 ** 1 as T ** 2` is
/// `1 ** ((1 as T) ** 2)` to it, `a && b + c as T * 2` is `((a && b + c) as T) * 2`), so each
/// expression holding an assertion is read again: its operands, prefix operators, binary
/// operators and assertions, in source order, through TypeScript's precedences (an explicit
/// operator stack, no recursion). In that tree, the left operand of a binary operator that is an
/// assertion whose expression (under any further assertions) binds more loosely than the
/// operator (or as loosely, under the right-associative `**`, or is a unary expression under
/// `**`) is parenthesized.
///
/// The parentheses go into blanks where there are some (the `(` into the whitespace before the
/// operand on its line, the `)` into the erased type's first blank), so no column moves; where
/// there is none (`f(1 + 1 as any * 2)`), the `(` is inserted as a `Replacement`, through which
/// diagnostics and the bundle's map lead back. `??` mixed with `||` or `&&` (which TypeScript
/// reads, then refuses as TS5076, and whose erasure is no JavaScript) is refused.
extension TypeScriptStripPass {
    static let regionTypes: Set<String> = [
        "binary_expression", "as_expression", "satisfies_expression", "type_assertion", "unary_expression",
        "await_expression", "non_null_expression",
    ]

    /// Called for each assertion during the walk: the outermost expression of the operators around
    /// it is kept to read again after the walk.
    mutating func noteAssertionRegion(_ node: SyntaxNode) {
        var top = node
        // Each node is climbed through once: a chain of n assertions costs n steps, not n².
        while let parent = top.parent, Self.regionTypes.contains(parent.type) {
            guard climbedRegionNodes.insert(Int(parent.index)).inserted else { return }
            top = parent
        }
        guard top.index != node.index else { return }
        assertionRegions.insert(Int(top.index))
    }

    enum PrecedenceItem {
        case atom(start: Int, end: Int)
        case prefix(String, start: Int)
        case prefixAssertion(start: Int)
        case binary(String)
        case postfixAssertion(SyntaxNode)
    }

    /// A node of the expression as TypeScript reads it.
    struct ReadNode {
        enum Kind { case atom, unary, assertion, binary(String) }
        var kind: Kind
        var start: Int
        var end: Int
        var children: [Int]
    }

    /// The region's items in source order, or nil when it holds an error.
    func precedenceItems(_ top: SyntaxNode) -> [PrecedenceItem]? {
        var items: [PrecedenceItem] = []
        // Pending work: a node to flatten, or an item to emit after its left part.
        enum Work { case node(SyntaxNode), item(PrecedenceItem) }
        var stack: [Work] = [.node(top)]
        while let work = stack.popLast() {
            switch work {
            case .item(let item):
                items.append(item)
            case .node(let node):
                if node.hasError || node.isMissing { return nil }
                let named = node.namedChildren.filter { $0.type != "comment" }
                switch node.type {
                case "binary_expression":
                    guard let left = node.child(field: "left"), let right = node.child(field: "right"),
                          let op = node.child(field: "operator") else { return nil }
                    stack.append(.node(right))
                    stack.append(.item(.binary(op.type)))
                    stack.append(.node(left))
                case "as_expression", "satisfies_expression":
                    guard let operand = named.first else { return nil }
                    stack.append(.item(.postfixAssertion(node)))
                    stack.append(.node(operand))
                case "type_assertion":
                    guard let operand = named.last, operand.type != "type_arguments" else { return nil }
                    stack.append(.node(operand))
                    stack.append(.item(.prefixAssertion(start: node.startByte)))
                case "unary_expression", "await_expression":
                    guard let operand = named.last else { return nil }
                    let op = node.type == "await_expression" ? "await" : (node.child(field: "operator")?.type ?? "!")
                    stack.append(.node(operand))
                    stack.append(.item(.prefix(op, start: node.startByte)))
                case "non_null_expression":
                    // `x!` applies to a left-hand-side expression and regroups nothing: its operand
                    // stands for it (tree-sitter may hang it on a whole binary expression).
                    guard let operand = named.first else { return nil }
                    stack.append(.node(operand))
                default:
                    items.append(.atom(start: node.startByte, end: node.endByte))
                }
            }
        }
        return items
    }

    /// TypeScript's binary precedences (`??` ranks with the conditional, as TypeScript ranks it).
    static func precedence(_ op: String) -> Int {
        switch op {
        case "??": return 1
        case "||": return 2
        case "&&": return 3
        case "|": return 4
        case "^": return 5
        case "&": return 6
        case "==", "!=", "===", "!==": return 7
        case "<", ">", "<=", ">=", "instanceof", "in": return 8
        case "<<", ">>", ">>>": return 9
        case "+", "-": return 10
        case "*", "/", "%": return 11
        case "**": return 12
        default: return 0
        }
    }

    static let assertionPrecedence = 8

    /// The items read with TypeScript's precedences: the nodes, the root last.
    static func readExpression(_ items: [PrecedenceItem]) -> [ReadNode]? {
        var nodes: [ReadNode] = []
        var operands: [Int] = []
        enum Operator { case prefix(start: Int, assertion: Bool), binary(String) }
        var operators: [Operator] = []
        func reduceBinary(_ op: String) -> Bool {
            guard operands.count >= 2 else { return false }
            let right = operands.removeLast(), left = operands.removeLast()
            nodes.append(ReadNode(kind: .binary(op), start: nodes[left].start, end: nodes[right].end, children: [left, right]))
            operands.append(nodes.count - 1)
            return true
        }
        func reduce(whileAbove minimum: Int, orEqual: Bool) -> Bool {
            while case .binary(let op)? = operators.last {
                let p = precedence(op)
                guard p > minimum || (orEqual && p == minimum) else { break }
                operators.removeLast()
                guard reduceBinary(op) else { return false }
            }
            return true
        }
        for item in items {
            switch item {
            case .atom(let start, let end):
                nodes.append(ReadNode(kind: .atom, start: start, end: end, children: []))
                var current = nodes.count - 1
                while case .prefix(let start, let assertion)? = operators.last {
                    operators.removeLast()
                    nodes.append(ReadNode(kind: assertion ? .assertion : .unary, start: start, end: nodes[current].end, children: [current]))
                    current = nodes.count - 1
                }
                operands.append(current)
            case .prefix(_, let start):
                operators.append(.prefix(start: start, assertion: false))
            case .prefixAssertion(let start):
                operators.append(.prefix(start: start, assertion: true))
            case .binary(let op):
                // Left-associative operators reduce what binds as tightly; `**` (right) only tighter.
                guard reduce(whileAbove: precedence(op), orEqual: op != "**") else { return nil }
                operators.append(.binary(op))
            case .postfixAssertion(let node):
                guard reduce(whileAbove: assertionPrecedence, orEqual: true), let operand = operands.popLast() else { return nil }
                nodes.append(ReadNode(kind: .assertion, start: nodes[operand].start, end: node.endByte, children: [operand]))
                operands.append(nodes.count - 1)
            }
        }
        guard reduce(whileAbove: -1, orEqual: true), operands.count == 1, operators.isEmpty else { return nil }
        return nodes
    }

    /// The parentheses (and refusals) of every region noted during the walk.
    mutating func parenthesizeAssertionRegions() {
        regions: for index in assertionRegions.sorted() {
            let top = tree.node(at: Int(index))
            guard let items = precedenceItems(top), items.count > 2, let nodes = Self.readExpression(items) else { continue }
            var opens: [(offset: Int, count: Int)] = [], closes: [Int: Int] = [:]
            var openCounts: [Int: Int] = [:]
            for node in nodes {
                guard case .binary(let op) = node.kind else { continue }
                if let mixed = mixedCoalescing(op, node, nodes) {
                    refuse(at: mixed.at, mixed.message)
                    continue regions
                }
                let left = nodes[node.children[0]]
                guard case .assertion = left.kind else { continue }
                var inner = left
                while case .assertion = inner.kind { inner = nodes[inner.children[0]] }
                let needs: Bool
                switch inner.kind {
                case .binary(let innerOp):
                    let p = Self.precedence(innerOp), q = Self.precedence(op)
                    needs = p < q || (p == q && op == "**")
                case .unary:
                    needs = op == "**"
                default:
                    needs = false
                }
                guard needs else { continue }
                if insideEnum(top) {
                    refuse(at: inner.start, "erasing this assertion would regroup `\(text(inner.start..<left.end))` in an enum initializer: write `(\(text(inner.start..<inner.end)))` with its parentheses")
                    continue
                }
                openCounts[inner.start, default: 0] += 1
                closes[inner.end, default: 0] += 1
            }
            opens = openCounts.map { ($0.key, $0.value) }
            for (offset, count) in opens { placeOpening(count, at: offset, region: top) }
            for (offset, count) in closes { placeClosing(count, at: offset) }
        }
    }

    /// `a ?? b as any || c` (TypeScript reads `a ?? (b || c)`) or `a || b as T ?? c`.
    func mixedCoalescing(_ op: String, _ node: ReadNode, _ nodes: [ReadNode]) -> (at: Int, message: String)? {
        let logical: Set<String> = ["||", "&&"]
        for child in node.children {
            var operand = nodes[child]
            while case .assertion = operand.kind { operand = nodes[operand.children[0]] }
            guard case .binary(let inner) = operand.kind,
                  (op == "??" && logical.contains(inner)) || (logical.contains(op) && inner == "??") else { continue }
            let left = nodes[node.children[0]], right = nodes[node.children[1]]
            let whole = "\(text(left.start..<left.end)) \(op) \(text(right.start..<right.end))"
            let grouped = child == node.children[0]
                ? "(\(text(left.start..<left.end))) \(op) \(text(right.start..<right.end))"
                : "\(text(left.start..<left.end)) \(op) (\(text(right.start..<right.end)))"
            return (assertionKeyword(in: node.start..<node.end) ?? node.start, "`??` cannot be mixed with `||` or `&&` without parentheses: TypeScript reads `\(whole)` as `\(grouped)` (and tsc reports TS5076), which erased would not be JavaScript: write the parentheses")
        }
        return nil
    }

    /// The offset of the first `as` or `satisfies` keyword of an assertion within a range.
    func assertionKeyword(in range: Range<Int>) -> Int? {
        var index = 0
        while index < tree.nodeCount {
            let node = tree.node(at: index)
            if node.endByte <= range.lowerBound || node.startByte >= range.upperBound { index = node.subtreeEnd; continue }
            if node.type == "as_expression" || node.type == "satisfies_expression", node.startByte >= range.lowerBound,
               let operand = node.firstChild {
                return nextCodeByte(from: operand.endByte)
            }
            if node.type == "type_assertion", node.startByte >= range.lowerBound { return node.startByte }
            index += 1
        }
        return nil
    }

    func text(_ range: Range<Int>) -> String {
        let value = String(decoding: source[range], as: UTF8.self)
        return value.count > 60 ? String(value.prefix(57)) + "..." : value
    }

    func insideEnum(_ node: SyntaxNode) -> Bool {
        var current = node.parent
        while let parent = current {
            if parent.type == "enum_declaration" { return true }
            current = parent.parent
        }
        return false
    }

    /// Whether an output byte may hold a written parenthesis: a space or tab no write or
    /// compiled place has taken, and not the dropped rest of a blanked character.
    func isFreeBlank(_ offset: Int) -> Bool {
        guard offset >= 0, offset < output.count, output[offset] == 0x20 || output[offset] == 0x09, !deleted[offset],
              !writtenOffsets.contains(offset) else { return false }
        return !edits.contains { $0.range.contains(offset) }
    }

    mutating func placeOpening(_ count: Int, at offset: Int, region: SyntaxNode) {
        var text = [UInt8](repeating: UInt8(ascii: "("), count: count)
        if needsStatementGuard(region, openingAt: offset) { text.insert(UInt8(ascii: ";"), at: 0) }
        // Into the blanks before the operand on its line, nearest first.
        var position = offset - 1
        while !text.isEmpty, isFreeBlank(position) {
            write(text.removeLast(), at: position)
            position -= 1
        }
        if !text.isEmpty { parenthesisInsertions.append((offset, text)) }
    }

    mutating func placeClosing(_ count: Int, at offset: Int) {
        var remaining = count
        var position = offset
        while remaining > 0, position < output.count, output[position] != 0x0A, output[position] != 0x0D {
            if isFreeBlank(position) {
                write(UInt8(ascii: ")"), at: position)
                remaining -= 1
            } else if !(output[position] == 0x20 || output[position] == 0x09) || writtenOffsets.contains(position) {
                break
            }
            position += 1
        }
        if remaining > 0 { parenthesisInsertions.append((offset, [UInt8](repeating: UInt8(ascii: ")"), count: remaining))) }
    }

    mutating func write(_ byte: UInt8, at offset: Int) {
        output[offset] = byte
        writtenOffsets.insert(offset)
    }

    /// `f\n1 + 1 as any * 2`: a `(` that begins a statement after one that may go on would make a
    /// call of it; a `;` goes before it, as tsc ends every statement.
    func needsStatementGuard(_ region: SyntaxNode, openingAt offset: Int) -> Bool {
        var current = region
        while let parent = current.parent, parent.startByte == offset, parent.type != "expression_statement" { current = parent }
        guard current.startByte == offset, let statement = current.parent, statement.type == "expression_statement",
              let list = statement.parent, ["program", "statement_block", "switch_case", "switch_default", "class_static_block"].contains(list.type)
        else { return false }
        // After a `}` too: it may end an object or a function expression; a `;` after a block is an
        // empty statement.
        guard let before = previousCodeByte(before: offset) else { return false }
        return output[before] != UInt8(ascii: ";") && output[before] != UInt8(ascii: "{")
    }

    /// The offset of the last output byte before `offset` that is neither whitespace nor comment.
    func previousCodeByte(before offset: Int) -> Int? {
        var index = offset - 1
        while index >= 0 {
            if Self.isSpace(output[index]) { index -= 1; continue }
            if output[index] == UInt8(ascii: "/"), index > 0, output[index - 1] == UInt8(ascii: "*") {
                index -= 2
                while index > 0, !(output[index - 1] == UInt8(ascii: "/") && output[index] == UInt8(ascii: "*")) { index -= 1 }
                index -= 2
                continue
            }
            // A line comment: the line's `//` outside strings is not tracked here; the byte stands.
            return index
        }
        return nil
    }

    mutating func refuse(at offset: Int, _ message: String) {
        diagnostics.append(Diagnostic(.unsupportedTypeScript, message, at: location(offset)))
    }
}
