/// Finds the `WKUserScript(source:injectionTime:forMainFrameOnly:in:)` calls of one Swift file
/// whose source is read from a bundle resource, and the resources it names: what the app injects
/// by hand today, when and where. A token walk; only files that spell `WKUserScript` are walked.
///
/// The source is followed the way apps write it: within the code around the call (its block,
/// then the blocks around that, never beyond the type or function that holds it), a
/// `Bundle.….url(forResource: "bridge", withExtension: "js")` or `path(forResource:ofType:)`.
/// When the resource name is not a literal (`forResource: filename` inside
/// `["main", "newsfoot"].map { filename in … }`), the string elements of the array literals
/// in those blocks are the names. A source that is a literal, or that is read some other way,
/// gives no injection.
struct SwiftScriptInjections {
    let file: String
    let list: SwiftTokenList
    let tokens: [SwiftCompactToken]
    /// How many blocks out from the call the source is looked for.
    static let reach = 3

    init(file: String, list: SwiftTokenList) {
        self.file = file
        self.list = list
        self.tokens = list.code
    }

    /// Whether the file can hold an injection: it spells `WKUserScript`.
    static func mayHoldInjections(_ list: SwiftTokenList) -> Bool {
        list.code.contains { $0.is(.WKUserScript) }
    }

    func find() -> [ScriptInjection] {
        var found: [ScriptInjection] = []
        // The open blocks around the walk: the `{` and whether it opens a type's body.
        var blocks: [(open: Int, isType: Bool)] = []
        var closing: [Int: Int] = [:]
        var stack: [Int] = []
        for (i, token) in tokens.enumerated() {
            if token.is(.leftBrace) { stack.append(i) }
            if token.is(.rightBrace), let open = stack.popLast() { closing[open] = i }
        }
        for open in stack { closing[open] = tokens.count }

        var typePending = false
        for i in tokens.indices {
            let token = tokens[i]
            if token.is(.leftBrace) {
                blocks.append((i, typePending))
                typePending = false
            } else if token.is(.rightBrace) {
                if !blocks.isEmpty { blocks.removeLast() }
            } else if (token.is(.struct) || token.is(.class) || token.is(.enum) || token.is(.actor) || token.is(.protocol) || token.is(.extension)),
                      i == 0 || !tokens[i - 1].is(.dot), i + 1 < tokens.count, tokens[i + 1].kind == .identifier,
                      !Self.isDeclarationKeyword(tokens[i + 1].word) {
                typePending = true
            } else if token.is(.func) || token.is(.var) || token.is(.let) {
                typePending = false
            } else if token.is(.WKUserScript), i + 1 < tokens.count, tokens[i + 1].is(.leftParen),
                      i == 0 || !(tokens[i - 1].is(.func) || tokens[i - 1].is(.dot)) {
                // The blocks to look in: the innermost first, never a type's body.
                var scopes: [Range<Int>] = []
                for block in blocks.reversed() {
                    if block.isType || scopes.count == Self.reach { break }
                    scopes.append(block.open..<(closing[block.open] ?? tokens.count))
                }
                if let injection = injection(at: i, scopes: scopes) { found.append(injection) }
            }
        }
        return found
    }

    private static func isDeclarationKeyword(_ word: SwiftWord) -> Bool {
        switch word {
        case .func, .var, .let, .`init`, .subscript, .static, .private, .fileprivate, .internal, .public, .open, .final, .override:
            return true
        default:
            return false
        }
    }

    /// The call at `i`, when its source comes from resources named in `scopes`.
    private func injection(at i: Int, scopes: [Range<Int>]) -> ScriptInjection? {
        let arguments = list.arguments(from: i + 1)
        guard let source = arguments.first(where: { $0.label == "source" }), !source.tokens.isEmpty,
              !(source.tokens.count == 1 && tokens[source.tokens.lowerBound].kind == .string) else { return nil }
        var resources: [String] = []
        for scope in scopes {
            resources = self.resources(in: scope)
            if !resources.isEmpty { break }
        }
        guard !resources.isEmpty else { return nil }
        var runAt: InjectionTime?
        if let time = arguments.first(where: { $0.label == "injectionTime" }), let last = time.tokens.last {
            if list.spells(tokens[last], "atDocumentStart") { runAt = .documentStart }
            if list.spells(tokens[last], "atDocumentEnd") { runAt = .documentEnd }
        }
        var mainFrameOnly: Bool?
        if let frames = arguments.first(where: { $0.label == "forMainFrameOnly" }), frames.tokens.count == 1 {
            if list.spells(tokens[frames.tokens.lowerBound], "true") { mainFrameOnly = true }
            if list.spells(tokens[frames.tokens.lowerBound], "false") { mainFrameOnly = false }
        }
        var world: ContentWorldSpec? = .page
        if let given = arguments.first(where: { $0.label == "in" }) {
            world = ContentWorldSpec(swift: given.tokens.map { list.text(tokens[$0]) }.joined())
        }
        return ScriptInjection(
            location: SourceLocation(file: file, line: Int(tokens[i].line), column: Int(tokens[i].column)),
            resources: resources, runAt: runAt, mainFrameOnly: mainFrameOnly, world: world)
    }

    /// The resource file names of the `forResource:` calls in `scope`, sorted, without repeats.
    private func resources(in scope: Range<Int>) -> [String] {
        var names = Set<String>()
        var j = scope.lowerBound
        while j + 2 < scope.upperBound {
            guard tokens[j].kind == .identifier, list.spells(tokens[j], "forResource"), tokens[j + 1].is(.colon) else {
                j += 1
                continue
            }
            // The call's arguments: `(` is before the label.
            guard j > 0, tokens[j - 1].is(.leftParen) else { j += 1; continue }
            let arguments = list.arguments(from: j - 1)
            guard let resource = arguments.first(where: { $0.label == "forResource" }) else { j += 1; continue }
            let fileExtension = arguments.first { $0.label == "withExtension" || $0.label == "ofType" }
                .flatMap { $0.tokens.count == 1 ? list.stringValue(tokens[$0.tokens.lowerBound]) : nil }
                .map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 }
            let literal = resource.tokens.count == 1 ? list.stringValue(tokens[resource.tokens.lowerBound]) : nil
            let stems = literal.map { [$0] } ?? arrayElements(in: scope)
            for stem in stems where Self.isFileName(stem) {
                if let fileExtension, !fileExtension.isEmpty {
                    names.insert(stem.hasSuffix("." + fileExtension) ? stem : stem + "." + fileExtension)
                } else if stem.contains(".") {
                    names.insert(stem)
                }
            }
            j += 2
        }
        return names.sorted()
    }

    /// The string literals of `scope` that are elements of an array literal (`["main", "newsfoot"]`).
    private func arrayElements(in scope: Range<Int>) -> [String] {
        var elements: [String] = []
        for k in scope where k > scope.lowerBound && k + 1 < scope.upperBound && tokens[k].kind == .string {
            let before = tokens[k - 1], after = tokens[k + 1]
            guard before.is(.leftBracket) || before.is(.comma), after.is(.rightBracket) || after.is(.comma),
                  let value = list.stringValue(tokens[k]) else { continue }
            elements.append(value)
        }
        return elements
    }

    /// A plausible resource name: short, no spaces or path separators.
    private static func isFileName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 100 && !name.contains { $0 == " " || $0 == "/" || $0 == "\\" || $0 == "\n" }
    }
}
