import TreeSitter

/// Finds `hawser-ignore:` comments. A comment that is the first thing on its line applies to
/// the line after the one it ends on; a trailing comment applies to its own line. Lines are
/// script lines (1-based), not yet mapped through the origin.
enum JavaScriptSuppressions {
    struct Finding: Equatable {
        let line: Int
        let codes: Set<String>
    }

    static func find(in root: SyntaxNode) -> [Finding] {
        var findings: [Finding] = []
        guard mentionsDirective(root.tree.bytes) else { return [] }
        var index = Int(root.index)
        while index < root.subtreeEnd {
            let node = root.tree.node(at: index)
            if let finding = finding(node) {
                findings.append(finding)
            }
            // A comment's contents are not searched again.
            index = node.type == "comment" ? node.subtreeEnd : index + 1
        }
        return findings
    }

    /// The suppression a comment node makes, or nil.
    static func finding(_ node: SyntaxNode) -> Finding? {
        guard node.type == "comment", let codes = Suppression.codes(inComment: node.text) else { return nil }
        let line = standsAlone(node) ? endLine(of: node) + 1 : node.start.line
        return Finding(line: line, codes: codes)
    }

    /// A quick byte scan that spares the full tree walk for the common script without directives.
    static func mentionsDirective(_ bytes: [UInt8]) -> Bool {
        let marker = Array("hawser-ignore:".utf8)
        guard bytes.count >= marker.count else { return false }
        var index = 0
        let last = bytes.count - marker.count
        while index <= last {
            if bytes[index] == marker[0] {
                var matched = 1
                while matched < marker.count && bytes[index + matched] == marker[matched] { matched += 1 }
                if matched == marker.count { return true }
            }
            index += 1
        }
        return false
    }

    /// Whether only spaces and tabs precede the comment on its line.
    private static func standsAlone(_ comment: SyntaxNode) -> Bool {
        let bytes = comment.tree.bytes
        var index = comment.startByte - 1
        while index >= 0 {
            switch bytes[index] {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C: index -= 1
            default: return false
            }
        }
        return true
    }

    private static func endLine(of comment: SyntaxNode) -> Int {
        let bytes = comment.tree.bytes[comment.startByte..<comment.endByte]
        var line = comment.start.line
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r") { line += 1 }
            if byte == UInt8(ascii: "\r") { line += 1 }
            previous = byte
        }
        return line
    }
}
