/// What an Objective-C `-userContentController:didReceiveScriptMessage:` reads from the
/// message's body: the Objective-C half of the payload check that needs no config, as
/// `SwiftMessageReceivers` is the Swift one. A token walk over the method's body; dispatched
/// names and keys held in constants come back as tokens for `ObjCFrontEnd` to resolve.
///
/// Objective-C does not check a value's class when it is assigned (`NSString *path =
/// body[@"path"]` holds whatever was posted), so the reading is narrower than Swift's:
/// - the body is `message.body`, `[message body]`, or a local assigned one of them (with or
///   without a cast); a read is `body[@"k"]`, `[body objectForKey:@"k"]` or
///   `[body valueForKey:@"k"]`;
/// - a read has a kind only where the code asks for one: `[x isKindOfClass:[NSString class]]`
///   on the read or on the local that holds it;
/// - a read is *required* when a statement at the top level of the code that receives the
///   message returns without it: `if (!path) return;`, `if (path == nil) { return; }`,
///   `if (![path isKindOfClass:[NSString class]]) return;` (terms joined by `||` each count),
///   while no earlier statement there can return otherwise;
/// - `if ([message.name isEqualToString:X]) { … }` (and `else if`, `||`, `[X isEqual:
///   message.name]`, a local holding the name) receives X there; an `else` receives the names
///   no one can list; `if (![message.name isEqualToString:X]) return;` receives X after it;
/// - the message or its body passed to another method or function marks the code as escaping;
///   handed to another `-userContentController:didReceiveScriptMessage:`, the messages are
///   received there (`forwards`).
struct ObjCMessageReceivers {
    /// A receiver with names and keys still as tokens.
    struct Found {
        var type: String
        var location: SourceLocation
        var branches: [FoundBranch]
        var forwards: Bool
        /// The `…replyHandler:` method.
        var replies: Bool
    }

    struct FoundBranch {
        /// The operands compared with the name, nil outside every dispatch; empty for an
        /// `else`, which is never paired.
        var names: [[ObjCToken]]?
        var reads: [FoundRead]
        var escapes: Bool
    }

    struct FoundRead {
        /// A literal key's value, or the tokens of the key expression (a constant); nil for the
        /// body itself.
        var key: Key?
        var kind: BodyValueKind?
        var required: Bool
        var typeText: String
        var location: SourceLocation

        enum Key { case literal(String), tokens([ObjCToken]) }
    }

    /// The receivers of one scanned file.
    static func find(in scanner: ObjCFileScanner) -> [Found] {
        scanner.receiverMethods.map { method in
            var reader = ObjCBodyReader(scanner: scanner, method: method)
            return reader.read()
        }
    }

    /// The classes a kind check names, and the kind of value each holds.
    static let classKinds: [String: BodyValueKind] = [
        "NSString": .string, "NSMutableString": .string,
        "NSNumber": .number,
        "NSDictionary": .object, "NSMutableDictionary": .object,
        "NSArray": .array, "NSMutableArray": .array,
    ]
}

/// Reads one method body.
private struct ObjCBodyReader {
    let tokens: [ObjCToken]
    let partner: [Int]
    let parent: [Int]
    let scanner: ObjCFileScanner
    let method: ObjCFileScanner.ReceiverMethod

    /// Locals holding the body, and locals holding the name.
    private var bodyLocals: Set<String> = []
    private var nameLocals: Set<String> = []

    /// A stretch of the method that receives some names: its statements are the tokens from
    /// `start` to `end` directly inside the brace at `brace`.
    private struct Region {
        var names: [[ObjCToken]]?
        var brace: Int
        var start: Int
        var end: Int
    }

    init(scanner: ObjCFileScanner, method: ObjCFileScanner.ReceiverMethod) {
        self.scanner = scanner
        self.tokens = scanner.tokens
        self.partner = scanner.partner
        self.parent = scanner.parent
        self.method = method
    }

    /// What a kind check or a guard says of a read: the kind it checks (nil for a nil check)
    /// and the class as written.
    private struct Check {
        /// The read's first token; for a local holding it, minus the local's token.
        var subject: Int
        var kind: BodyValueKind?
        var typeText: String
    }

    mutating func read() -> ObjCMessageReceivers.Found {
        findLocals()
        let regions = findRegions()
        // Each read and escape goes to the innermost region around it.
        func region(of j: Int) -> Int {
            var best = 0
            for (index, region) in regions.enumerated() where region.start <= j && j < region.end {
                if regions[best].end - regions[best].start >= region.end - region.start { best = index }
            }
            return best
        }
        var reads: [[ObjCMessageReceivers.FoundRead]] = Array(repeating: [], count: regions.count)
        var escapes = Array(repeating: false, count: regions.count)
        var forwards = false
        let required = regions.flatMap(requiredReads)
        let kinds = kindChecks()
        func about(_ checks: [Check], _ j: Int, holder: String?) -> [Check] {
            checks.filter { $0.subject == j || ($0.subject < 0 && holder == tokens[-$0.subject].text) }
        }
        func add(key: ObjCMessageReceivers.FoundRead.Key?, at j: Int, keyAt: Int, holder: String?) {
            let checks = about(kinds, j, holder: holder)
            let requirements = about(required, j, holder: holder)
            // A guard that checks the kind says more than one that checks for nil.
            let requirement = requirements.first { $0.kind != nil } ?? requirements.first
            let location = scanner.location(of: tokens[keyAt])
            let r = region(of: j)
            if checks.isEmpty {
                guard key != nil else { return }
                reads[r].append(.init(
                    key: key, kind: requirement?.kind, required: requirement != nil, typeText: requirement?.typeText ?? "", location: location))
            }
            for check in checks {
                reads[r].append(.init(key: key, kind: check.kind, required: requirement != nil, typeText: check.typeText, location: location))
            }
        }
        var j = method.open + 1
        while j < method.close {
            if let read = readExpression(at: j) {
                add(key: read.key, at: j, keyAt: read.keyAt, holder: assignedLocal(before: j, readEnd: read.end))
            } else if let end = messageMember("body", at: j) {
                // The body itself, where a check names its kind.
                add(key: nil, at: j, keyAt: j + 2, holder: assignedLocal(before: j, readEnd: end))
                if passedOn(j) { escapes[region(of: j)] = true }
            } else if isMessage(j), passedOn(j) {
                if isForwarding(j) { forwards = true } else { escapes[region(of: j)] = true }
            } else if isBodyLocal(j), passedOn(j) {
                escapes[region(of: j)] = true
            }
            j += 1
        }
        let branches = regions.indices.map { index in
            ObjCMessageReceivers.FoundBranch(names: regions[index].names, reads: reads[index], escapes: escapes[index])
        }
        return ObjCMessageReceivers.Found(
            type: method.type, location: method.location, branches: branches, forwards: forwards, replies: method.replies)
    }

    // MARK: - The body and the name

    private func isMessage(_ j: Int) -> Bool { tokens[j].isWord(method.message) && !isMember(j) }

    /// A token after `.` or `->` is a member, not a variable.
    private func isMember(_ j: Int) -> Bool { j > 0 && (tokens[j - 1].isSymbol(".") || tokens[j - 1].isSymbol("->")) }

    private func isBodyLocal(_ j: Int) -> Bool { tokens[j].kind == .identifier && bodyLocals.contains(tokens[j].text) && !isMember(j) }

    /// `message.body` or `[message body]` starting at `j`: the index after it.
    private func messageMember(_ member: String, at j: Int) -> Int? {
        if isMessage(j), j + 2 < method.close, tokens[j + 1].isSymbol("."), tokens[j + 2].isWord(member) { return j + 3 }
        if tokens[j].isSymbol("["), j + 3 < method.close, isMessage(j + 1), tokens[j + 2].isWord(member), tokens[j + 3].isSymbol("]") {
            return j + 4
        }
        return nil
    }

    /// The body at `j` (`message.body`, `[message body]`, a local holding it): the index after it.
    private func bodyExpression(at j: Int) -> Int? {
        if let end = messageMember("body", at: j) { return end }
        return isBodyLocal(j) ? j + 1 : nil
    }

    /// The tokens from `start` to `end` without parentheses around them and C casts before
    /// them (`(NSDictionary *)`): the range left.
    private func stripped(_ start: Int, _ end: Int) -> (Int, Int) {
        var start = start, end = end
        while start < end, tokens[start].isSymbol("(") {
            let close = partner[start]
            if close == end - 1 { start += 1; end -= 1; continue }
            // A cast: `( Type * )` followed by the expression.
            guard close > start, close < end - 1,
                  tokens[(start + 1)..<close].allSatisfy({ $0.kind == .identifier || $0.isSymbol("*") || $0.isSymbol("<") || $0.isSymbol(">") || $0.isSymbol(",") })
            else { break }
            start = close + 1
        }
        return (start, end)
    }

    /// `T *x = message.body;` and `NSString *n = message.name;` (or assignments of them)
    /// anywhere in the method.
    private mutating func findLocals() {
        for j in (method.open + 1)..<method.close where tokens[j].isSymbol("=") && j > method.open + 1 && tokens[j - 1].kind == .identifier {
            let end = statementEnd(j + 1)
            let (start, valueEnd) = stripped(j + 1, end)
            if messageMember("body", at: start) == valueEnd { bodyLocals.insert(tokens[j - 1].text) }
            if messageMember("name", at: start) == valueEnd { nameLocals.insert(tokens[j - 1].text) }
        }
    }

    /// The index of the `;` (or the brace) that ends the expression starting at `j`.
    private func statementEnd(_ j: Int) -> Int {
        var k = j
        while k < method.close {
            let t = tokens[k]
            if (t.isSymbol("(") || t.isSymbol("[") || t.isSymbol("{")), partner[k] > k { k = partner[k] + 1; continue }
            if t.isSymbol(";") || t.isSymbol("}") || t.isSymbol(")") || t.isSymbol("]") { return k }
            k += 1
        }
        return k
    }

    /// `message.name`, `[message name]` or a local holding it, exactly the range.
    private func isName(_ start: Int, _ end: Int) -> Bool {
        let (start, end) = stripped(start, end)
        guard start < end else { return false }
        if messageMember("name", at: start) == end { return true }
        return end == start + 1 && tokens[start].kind == .identifier && nameLocals.contains(tokens[start].text) && !isMember(start)
    }

    // MARK: - Reads

    /// A read starting at `j`: `B[K]` (at B), `[B objectForKey:K]`, `[B valueForKey:K]` (at the
    /// `[`): the index after it, its key and where the key starts.
    private func readExpression(at j: Int) -> (end: Int, key: ObjCMessageReceivers.FoundRead.Key, keyAt: Int)? {
        if tokens[j].isSymbol("["), let after = bodyExpression(at: j + 1), after + 2 < method.close,
           tokens[after].isWord("objectForKey") || tokens[after].isWord("valueForKey") || tokens[after].isWord("objectForKeyedSubscript"),
           tokens[after + 1].isSymbol(":"), partner[j] > after + 2 {
            return (partner[j] + 1, key(after + 2, partner[j]), after + 2)
        }
        guard let after = bodyExpression(at: j), after < method.close, tokens[after].isSymbol("["), partner[after] > after + 1 else { return nil }
        return (partner[after] + 1, key(after + 1, partner[after]), after + 1)
    }

    private func key(_ start: Int, _ end: Int) -> ObjCMessageReceivers.FoundRead.Key {
        if end == start + 1, tokens[start].isObjCStringLiteral, let value = tokens[start].stringValue { return .literal(value) }
        return .tokens(Array(tokens[start..<end]))
    }

    /// The local a read is assigned to as a whole statement (`NSString *path = READ;`,
    /// `path = READ;`).
    private func assignedLocal(before j: Int, readEnd: Int) -> String? {
        var start = j
        // A cast before the read.
        while start - 1 > method.open, tokens[start - 1].isSymbol(")"), isCast(partner[start - 1], start - 1) { start = partner[start - 1] }
        let end = statementEnd(readEnd)
        guard start - 2 > method.open, tokens[start - 1].isSymbol("="), tokens[start - 2].kind == .identifier,
              end == readEnd, end < method.close, tokens[end].isSymbol(";")
        else { return nil }
        return tokens[start - 2].text
    }

    /// `( Type * )` from `open` to `close`.
    private func isCast(_ open: Int, _ close: Int) -> Bool {
        open >= 0 && open < close && tokens[open].isSymbol("(") && open + 1 < close
            && tokens[(open + 1)..<close].allSatisfy { $0.kind == .identifier || $0.isSymbol("*") || $0.isSymbol("<") || $0.isSymbol(">") || $0.isSymbol(",") }
    }

    // MARK: - Kind checks

    /// `[X isKindOfClass:[T class]]` where X is a read, the body, or a local, in source order.
    private func kindChecks() -> [Check] {
        var checks: [Check] = []
        for j in (method.open + 1)..<method.close where tokens[j].isWord("isKindOfClass") || tokens[j].isWord("isMemberOfClass") {
            guard let (open, type) = kindCheck(at: j), let kind = ObjCMessageReceivers.classKinds[type] else { continue }
            let (start, end) = stripped(open + 1, j)
            if readExpression(at: start)?.end == end || messageMember("body", at: start) == end {
                checks.append(Check(subject: start, kind: kind, typeText: type))
            } else if end == start + 1, tokens[start].kind == .identifier {
                checks.append(Check(subject: -start, kind: kind, typeText: type))
            }
        }
        return checks
    }

    /// `[X isKindOfClass:[T class]]` with its keyword at `j`: the `[` and T.
    private func kindCheck(at j: Int) -> (open: Int, type: String)? {
        guard j + 6 < method.close, tokens[j + 1].isSymbol(":"), tokens[j + 2].isSymbol("["), tokens[j + 3].kind == .identifier,
              tokens[j + 4].isWord("class"), tokens[j + 5].isSymbol("]"), tokens[j + 6].isSymbol("]"),
              parent[j] >= 0, partner[parent[j]] == j + 6
        else { return nil }
        return (parent[j], tokens[j + 3].text)
    }

    // MARK: - Required reads

    /// The statements directly inside a region, as token ranges.
    private func statements(in region: Region) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var k = region.start
        while k < region.end {
            let start = k
            if tokens[k].isWord("if") || tokens[k].isWord("for") || tokens[k].isWord("while") || tokens[k].isWord("switch") {
                // The condition, then a block or a statement, then `else` parts.
                var m = k + 1
                if m < region.end, tokens[m].isSymbol("("), partner[m] > m { m = partner[m] + 1 }
                m = afterStatement(m, region.end)
                while m < region.end, tokens[m].isWord("else") { m = afterStatement(m + 1, region.end) }
                k = m
            } else if tokens[k].isSymbol("{"), partner[k] > k {
                k = partner[k] + 1
            } else {
                k = afterStatement(k, region.end)
            }
            result.append(start..<max(k, start + 1))
            k = max(k, start + 1)
        }
        return result
    }

    /// The index after the statement (or block) at `k`.
    private func afterStatement(_ k: Int, _ end: Int) -> Int {
        guard k < end else { return end }
        if tokens[k].isSymbol("{"), partner[k] > k { return partner[k] + 1 }
        if tokens[k].isWord("if") || tokens[k].isWord("for") || tokens[k].isWord("while") {
            var m = k + 1
            if m < end, tokens[m].isSymbol("("), partner[m] > m { m = partner[m] + 1 }
            m = afterStatement(m, end)
            while m < end, tokens[m].isWord("else") { m = afterStatement(m + 1, end) }
            return m
        }
        var m = k
        while m < end {
            if (tokens[m].isSymbol("(") || tokens[m].isSymbol("[") || tokens[m].isSymbol("{")), partner[m] > m { m = partner[m] + 1; continue }
            if tokens[m].isSymbol(";") { return m + 1 }
            m += 1
        }
        return end
    }

    /// `if (C) return …;` or `if (C) { return …; }` with no `else`: C's range.
    private func guardCondition(_ statement: Range<Int>) -> (Int, Int)? {
        let k = statement.lowerBound
        guard tokens[k].isWord("if"), k + 1 < statement.upperBound, tokens[k + 1].isSymbol("("), partner[k + 1] > k + 1 else { return nil }
        var body = partner[k + 1] + 1
        var bodyEnd = statement.upperBound
        guard body < bodyEnd else { return nil }
        if tokens[body].isSymbol("{") {
            guard partner[body] == bodyEnd - 1 else { return nil }
            body += 1
            bodyEnd -= 1
        }
        guard body < bodyEnd, tokens[body].isWord("return"), tokens[bodyEnd - 1].isSymbol(";"),
              !tokens[body..<(bodyEnd - 1)].contains(where: { $0.isSymbol(";") })
        else { return nil }
        return (k + 2, partner[k + 1])
    }

    /// Splits `start..<end` at its top-level `||`.
    private func terms(_ start: Int, _ end: Int) -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        var k = start, termStart = start
        while k < end {
            if (tokens[k].isSymbol("(") || tokens[k].isSymbol("[")), partner[k] > k { k = partner[k] + 1; continue }
            if tokens[k].isSymbol("||") { result.append((termStart, k)); termStart = k + 1 }
            if tokens[k].isSymbol("&&") || tokens[k].isSymbol("?") { return [] }
            k += 1
        }
        result.append((termStart, end))
        return result
    }

    /// What a guard's term requires: `!X`, `X == nil`, `nil == X`, `![X isKindOfClass:[T class]]`.
    private func requirement(_ term: (Int, Int)) -> (subject: (Int, Int), kind: BodyValueKind?, typeText: String)? {
        var (start, end) = stripped(term.0, term.1)
        guard start < end else { return nil }
        let nils: Set<String> = ["nil", "NULL", "Nil"]
        if end - start >= 3, tokens[end - 2].isSymbol("=="), tokens[end - 1].kind == .identifier, nils.contains(tokens[end - 1].text) {
            return ((start, end - 2), nil, "")
        }
        if end - start >= 3, tokens[start + 1].isSymbol("=="), tokens[start].kind == .identifier, nils.contains(tokens[start].text) {
            return ((start + 2, end), nil, "")
        }
        guard tokens[start].isSymbol("!") else { return nil }
        (start, end) = stripped(start + 1, end)
        guard start < end else { return nil }
        if tokens[start].isSymbol("["), partner[start] == end - 1, end - start >= 8,
           tokens[end - 7].isWord("isKindOfClass") || tokens[end - 7].isWord("isMemberOfClass"),
           let (_, type) = kindCheck(at: end - 7) {
            guard let kind = ObjCMessageReceivers.classKinds[type] else { return nil }
            return ((start + 1, end - 7), kind, type)
        }
        return ((start, end), nil, "")
    }

    /// The reads a region's guards require, while no other statement before them can return.
    private func requiredReads(in region: Region) -> [Check] {
        var result: [Check] = []
        for statement in statements(in: region) {
            if let (start, end) = guardCondition(statement) {
                let parts = terms(start, end)
                var checks: [Check] = []
                for part in parts {
                    guard let required = requirement(part) else { break }
                    let (s, e) = stripped(required.subject.0, required.subject.1)
                    if readExpression(at: s)?.end == e || (required.kind != nil && messageMember("body", at: s) == e) {
                        checks.append(Check(subject: s, kind: required.kind, typeText: required.typeText))
                    } else if e == s + 1, tokens[s].kind == .identifier {
                        checks.append(Check(subject: -s, kind: required.kind, typeText: required.typeText))
                    } else {
                        break
                    }
                }
                if !parts.isEmpty, checks.count == parts.count {
                    result += checks
                    continue
                }
            }
            // Any other statement that can return ends what is known to be required.
            if tokens[statement].contains(where: { $0.isWord("return") || $0.text == "@throw" }) { break }
        }
        return result
    }

    // MARK: - Dispatch

    /// The method's regions: the whole body (names nil) first, then each dispatching `if`'s
    /// block, each `else` of one (names empty), and what follows `if (!dispatch) return;`.
    private func findRegions() -> [Region] {
        var regions = [Region(names: nil, brace: method.open, start: method.open + 1, end: method.close)]
        for k in (method.open + 1)..<method.close where tokens[k].isWord("if") && k + 1 < method.close && tokens[k + 1].isSymbol("(") && partner[k + 1] > k + 1 {
            let close = partner[k + 1]
            if let names = dispatchedNames(k + 2, close) {
                let (start, end) = blockRange(close + 1)
                regions.append(Region(names: names, brace: start - 1, start: start, end: end))
                let m = afterStatement(close + 1, method.close)
                if m < method.close, tokens[m].isWord("else"), m + 1 < method.close, !tokens[m + 1].isWord("if") {
                    let (s, e) = blockRange(m + 1)
                    regions.append(Region(names: [], brace: s - 1, start: s, end: e))
                }
            } else if tokens[k + 2].isSymbol("!"), let names = dispatchedNames(k + 3, close),
                      let enclosing = enclosingBrace(k), guardCondition(k..<afterStatement(k, method.close)) != nil {
                let after = afterStatement(k, method.close)
                regions.append(Region(names: names, brace: enclosing, start: after, end: partner[enclosing]))
            }
        }
        return regions
    }

    /// The `{` directly around token `k` within the method.
    private func enclosingBrace(_ k: Int) -> Int? {
        var p = parent[k]
        while p >= method.open {
            if tokens[p].isSymbol("{") { return p }
            p = parent[p]
        }
        return nil
    }

    /// The statements of the block (or the one statement) at `k`.
    private func blockRange(_ k: Int) -> (Int, Int) {
        if k < method.close, tokens[k].isSymbol("{"), partner[k] > k { return (k + 1, partner[k]) }
        return (k, afterStatement(k, method.close))
    }

    /// The operands a condition compares the name with: `[N isEqualToString:X]` or
    /// `[X isEqual:N]`, alone or joined by `||`.
    private func dispatchedNames(_ start: Int, _ end: Int) -> [[ObjCToken]]? {
        let parts = terms(start, end)
        guard !parts.isEmpty else { return nil }
        var names: [[ObjCToken]] = []
        for part in parts {
            let (s, e) = stripped(part.0, part.1)
            guard s < e, tokens[s].isSymbol("["), partner[s] == e - 1,
                  let keyword = (s + 1..<(e - 1)).first(where: {
                      parent[$0] == s && ($0 + 1 < e) && tokens[$0 + 1].isSymbol(":")
                          && (tokens[$0].isWord("isEqualToString") || tokens[$0].isWord("isEqual"))
                  })
            else { return nil }
            if isName(s + 1, keyword) {
                names.append(Array(tokens[(keyword + 2)..<(e - 1)]))
            } else if isName(keyword + 2, e - 1) {
                names.append(Array(tokens[(s + 1)..<keyword]))
            } else {
                return nil
            }
        }
        return names
    }

    // MARK: - Escapes

    /// The message (or body) at `j` is an argument of a send or a call, or a value of a
    /// dictionary literal.
    private func passedOn(_ j: Int) -> Bool {
        guard j > 0 else { return false }
        let previous = tokens[j - 1]
        let end = messageMember("body", at: j) ?? (j + 1)
        guard end < method.close else { return false }
        let next = tokens[end]
        let ends = next.isSymbol("]") || next.isSymbol(")") || next.isSymbol(",") || next.kind == .identifier
        // An argument (`[x share:message.body]`), or a value of a dictionary literal
        // (`@{@"data": message.body}`, stored where Hawser does not follow).
        if previous.isSymbol(":") { return ends || next.isSymbol("}") }
        if previous.isSymbol("("), parent[j] > 0, tokens[parent[j] - 1].kind == .identifier, !["if", "while", "for", "switch"].contains(tokens[parent[j] - 1].text) {
            return ends
        }
        if previous.isSymbol(","), parent[j] >= 0, tokens[parent[j]].isSymbol("(") { return ends }
        return false
    }

    /// `[x userContentController:c didReceiveScriptMessage:message]`: the message handed to
    /// another receiver.
    private func isForwarding(_ j: Int) -> Bool {
        guard j >= 2, tokens[j - 2].isWord("didReceiveScriptMessage") else { return false }
        return true
    }
}
