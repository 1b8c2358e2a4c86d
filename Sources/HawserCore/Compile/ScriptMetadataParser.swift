import Foundation

/// Reads the metadata block at the top of a user script.
///
/// JavaScript:
///
///     // ==UserScript==
///     // @name        Reader mode
///     // @match       https://*.example.com/*
///     // ==/UserScript==
///
/// CSS (one leading block comment):
///
///     /* ==UserStyle==
///     @name   Dark
///     @run-at document-start
///     ==/UserStyle== */
///
/// The reading never guesses: every malformed line is an `invalid-metadata` error, at the line
/// of the key and the column of its `@` (or of the line's first character when it has no `@`).
/// The script text is left as it is; the block is not stripped.
enum ScriptMetadataParser {
    enum Style: Sendable, Hashable {
        /// `// ==UserScript==` … `// ==/UserScript==` line comments.
        case javaScript
        /// One leading `/* ==UserStyle== … ==/UserStyle== */` block comment whose lines are
        /// `@key value`, optionally prefixed by `*`.
        case css
    }

    /// Every key the block accepts, in the order the help message lists them.
    static let knownKeys = [
        "name", "description", "match", "exclude-match", "run-at", "noframes", "world", "require", "unwrap",
    ]

    /// Keys of other user-script managers that only describe the script (author, version,
    /// links); accepted and ignored, so a Greasemonkey script's header is not an error.
    static let informationalKeys: Set<String> = [
        "author", "version", "namespace", "icon", "iconURL", "icon64", "icon64URL", "homepage", "homepageURL",
        "website", "source", "supportURL", "updateURL", "downloadURL", "license", "copyright", "contributionURL",
        "compatible", "incompatible", "antifeature",
    ]

    /// Keys from other user-script managers with a different name here.
    static let renamedKeys = ["include": "match", "exclude": "exclude-match"]

    static func parse(_ bytes: [UInt8], file: String, style: Style) -> (metadata: ScriptMetadata, diagnostics: [Diagnostic]) {
        var reader = Reader(bytes: bytes, file: file, style: style)
        reader.run()
        return (reader.metadata, reader.diagnostics)
    }
}

// MARK: - Lines

/// One line of the input: `start..<end` are its bytes without the line terminator.
private struct Line {
    var number: Int
    var start: Int
    var end: Int
}

private func splitLines(_ bytes: [UInt8]) -> [Line] {
    var lines: [Line] = []
    var start = 0
    var i = 0
    while i < bytes.count {
        let b = bytes[i]
        if b == 0x0A || b == 0x0D {
            lines.append(Line(number: lines.count + 1, start: start, end: i))
            if b == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
            start = i + 1
        }
        i += 1
    }
    lines.append(Line(number: lines.count + 1, start: start, end: bytes.count))
    return lines
}

private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0B || b == 0x0C }

// MARK: - Reader

private struct Reader {
    let bytes: [UInt8]
    let file: String
    let style: ScriptMetadataParser.Style
    let lines: [Line]
    var metadata = ScriptMetadata()
    var diagnostics: [Diagnostic] = []
    /// The line where each single-valued key was first given.
    var firstLine: [String: Int] = [:]

    init(bytes: [UInt8], file: String, style: ScriptMetadataParser.Style) {
        self.bytes = bytes
        self.file = file
        self.style = style
        self.lines = splitLines(bytes)
    }

    var openingMarker: String { style == .javaScript ? "// ==UserScript==" : "/* ==UserStyle==" }
    var closingMarker: String { style == .javaScript ? "// ==/UserScript==" : "==/UserStyle== */" }
    var expectedLine: String { style == .javaScript ? "expected '// @key value'" : "expected '@key value'" }

    mutating func run() {
        switch style {
        case .javaScript: readJavaScript()
        case .css: readCSS()
        }
    }

    // MARK: Byte helpers

    /// The first non-whitespace offset of `line` at or after `from` (a UTF-8 BOM at the very
    /// start of the file counts as whitespace).
    func skipSpace(_ from: Int, _ end: Int) -> Int {
        var i = from
        if i == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        while i < end, isSpace(bytes[i]) { i += 1 }
        return i
    }

    /// `end` moved back over trailing whitespace.
    func trimEnd(_ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start, isSpace(bytes[e - 1]) { e -= 1 }
        return e
    }

    func has(_ text: String, at i: Int, end: Int) -> Bool {
        let t = Array(text.utf8)
        guard i + t.count <= end else { return false }
        return Array(bytes[i..<(i + t.count)]) == t
    }

    /// Whether `start..<end`, ignoring surrounding whitespace, is exactly `text`.
    func isExactly(_ text: String, _ start: Int, _ end: Int) -> Bool {
        let s = skipSpace(start, end), e = trimEnd(s, end)
        return e - s == text.utf8.count && has(text, at: s, end: e)
    }

    func location(_ line: Line, _ offset: Int) -> SourceLocation {
        SourceLocation(file: file, line: line.number, column: offset - line.start + 1)
    }

    mutating func error(_ message: String, _ line: Line, _ offset: Int) {
        diagnostics.append(Diagnostic(.invalidMetadata, message, at: location(line, offset)))
    }

    // MARK: JavaScript

    /// Whether the line is `//` + whitespace + `marker` + whitespace.
    func isLineCommentMarker(_ line: Line, _ marker: String) -> Bool {
        let s = skipSpace(line.start, line.end)
        guard has("//", at: s, end: line.end) else { return false }
        return isExactly(marker, s + 2, line.end)
    }

    mutating func readJavaScript() {
        var index = 0
        var opening: Int?
        while index < lines.count {
            let line = lines[index]
            let s = skipSpace(line.start, line.end)
            if s == line.end || (index == 0 && has("#!", at: s, end: line.end)) {
                index += 1
                continue
            }
            guard has("//", at: s, end: line.end) else { break }
            if isLineCommentMarker(line, "==UserScript==") {
                opening = index
                break
            }
            index += 1  // another comment, or a stray closing marker
        }
        guard let opening else {
            reportMisplacedOpening(from: index) { $0.isLineCommentMarker($1, "==UserScript==") }
            return
        }
        metadata.blockLocation = SourceLocation(file: file, line: lines[opening].number, column: skipSpace(lines[opening].start, lines[opening].end) - lines[opening].start + 1)
        guard let closing = lines[(opening + 1)...].firstIndex(where: { isLineCommentMarker($0, "==/UserScript==") }) else {
            reportUnclosed(lines[opening])
            return
        }
        for line in lines[(opening + 1)..<closing] {
            let s = skipSpace(line.start, line.end)
            guard has("//", at: s, end: line.end) else {
                if s == line.end {
                    error("\(expectedLine); write '//' for a blank line inside the block", line, line.start)
                } else {
                    error(expectedLine, line, s)
                }
                continue
            }
            let p = skipSpace(s + 2, line.end)
            if p == line.end { continue }  // `//` alone: a blank line
            guard bytes[p] == UInt8(ascii: "@") else {
                error(expectedLine, line, p)
                continue
            }
            readKey(line, at: p, end: trimEnd(p, line.end))
        }
    }

    // MARK: CSS

    /// The text of a CSS block-comment line, after leading whitespace and an optional `*`.
    func cssContentStart(_ start: Int, _ end: Int) -> Int {
        var p = skipSpace(start, end)
        if p < end, bytes[p] == UInt8(ascii: "*") { p = skipSpace(p + 1, end) }
        return p
    }

    /// Whether the line is `/*` + whitespace + `==UserStyle==` + whitespace (and maybe `*/`).
    func isCSSOpening(_ line: Line) -> Bool {
        let s = skipSpace(line.start, line.end)
        guard has("/*", at: s, end: line.end) else { return false }
        let end = commentEnd(in: line, from: s + 2) ?? line.end
        return isExactly("==UserStyle==", s + 2, end)
    }

    /// The offset of the first `*/` on the line at or after `from`.
    func commentEnd(in line: Line, from: Int) -> Int? {
        var i = from
        while i + 1 < line.end {
            if bytes[i] == UInt8(ascii: "*"), bytes[i + 1] == UInt8(ascii: "/") { return i }
            i += 1
        }
        return nil
    }

    mutating func readCSS() {
        guard let first = lines.firstIndex(where: { skipSpace($0.start, $0.end) != $0.end }) else { return }
        let openingLine = lines[first]
        guard isCSSOpening(openingLine) else {
            reportMisplacedOpening(from: first) { reader, line in
                if reader.isCSSOpening(line) { return true }
                let p = reader.cssContentStart(line.start, line.end)
                return reader.isExactly("==UserStyle==", p, reader.commentEnd(in: line, from: p) ?? line.end)
            }
            return
        }
        let s = skipSpace(openingLine.start, openingLine.end)
        if commentEnd(in: openingLine, from: s + 2) != nil {
            reportUnclosed(openingLine)  // `/* ==UserStyle== */`
            return
        }
        // Collect the comment's lines up to `*/`, and find the closing marker among them.
        var body: [(line: Line, end: Int)] = []
        var closing: Int?
        var commentClosed = false
        for line in lines[(first + 1)...] {
            let end = commentEnd(in: line, from: line.start)
            body.append((line, end ?? line.end))
            if closing == nil, isExactly("==/UserStyle==", cssContentStart(line.start, end ?? line.end), end ?? line.end) {
                closing = body.count - 1
            }
            if end != nil {
                commentClosed = true
                break
            }
        }
        guard let closing, commentClosed else {
            reportUnclosed(openingLine)
            return
        }
        for (index, (line, end)) in body.enumerated() {
            let p = cssContentStart(line.start, end)
            if index == closing { continue }
            if p == end { continue }  // blank
            if index > closing {
                error("unexpected text after '==/UserStyle=='; expected '*/'", line, p)
            } else if bytes[p] == UInt8(ascii: "@") {
                readKey(line, at: p, end: trimEnd(p, end))
            } else {
                error(expectedLine, line, p)
            }
        }
    }

    // MARK: Block position

    mutating func reportUnclosed(_ line: Line) {
        let marker = style == .javaScript ? "// ==UserScript==" : "/* ==UserStyle=="
        error("'\(marker)' has no closing '\(closingMarker)'", line, skipSpace(line.start, line.end))
    }

    /// After the top of the file ends without a block: reports the first opening marker further
    /// down, which would otherwise be silently ignored.
    mutating func reportMisplacedOpening(from index: Int, isOpening: (Reader, Line) -> Bool) {
        guard index < lines.count, let line = lines[index...].first(where: { isOpening(self, $0) }) else { return }
        let allowed = style == .javaScript
            ? "only blank lines, '//' comments and a '#!' line may precede it"
            : "only blank lines may precede it"
        error("the metadata block must be at the top of the file: \(allowed)", line, skipSpace(line.start, line.end))
    }

    // MARK: Keys

    /// Reads `@key value` at `at` (the `@`), with `end` after the value's last non-space byte.
    mutating func readKey(_ line: Line, at: Int, end: Int) {
        var keyEnd = at + 1
        while keyEnd < end, !isSpace(bytes[keyEnd]) { keyEnd += 1 }
        let key = String(decoding: bytes[(at + 1)..<keyEnd], as: UTF8.self)
        let valueStart = skipSpace(keyEnd, end)
        let value = String(decoding: bytes[valueStart..<max(valueStart, end)], as: UTF8.self)
        let valueLocation = location(line, valueStart)

        func fail(_ message: String) { error(message, line, at) }

        guard !key.isEmpty else { return fail("missing key after '@'") }
        // `@name:fr`, `@description:de`: localised variants of descriptive keys.
        let baseKey = key.split(separator: ":", maxSplits: 1).first.map(String.init) ?? key
        if ScriptMetadataParser.informationalKeys.contains(baseKey) || (baseKey != key && ["name", "description"].contains(baseKey)) {
            return
        }
        guard ScriptMetadataParser.knownKeys.contains(key) else {
            let suggestion = ScriptMetadataParser.renamedKeys[key]
                ?? NameSuggester.suggestion(for: key, among: ScriptMetadataParser.knownKeys)
            if let suggestion {
                return fail("unknown metadata key '@\(key)'" + NameSuggester.suffix(suggesting: "@" + suggestion))
            }
            let known = ScriptMetadataParser.knownKeys.map { "@" + $0 }.joined(separator: ", ")
            return fail("unknown metadata key '@\(key)'; known keys are \(known)")
        }
        if metadata.keyLocations[key] == nil { metadata.keyLocations[key] = location(line, at) }
        if key != "match", key != "exclude-match", key != "require" {
            if let first = firstLine[key] {
                return fail("duplicate '@\(key)': already given on line \(first)")
            }
            firstLine[key] = line.number
        }

        switch key {
        case "name":
            guard !value.isEmpty else { return fail("'@name' needs a value") }
            metadata.name = value
            metadata.nameLocation = valueLocation
        case "description":
            guard !value.isEmpty else { return fail("'@description' needs a value") }
            metadata.description = value
        case "run-at":
            let accepted = "document-start, document-end or document-idle"
            guard !value.isEmpty else { return fail("'@run-at' needs a value: \(accepted)") }
            switch value {
            case "document-start": metadata.runAt = .documentStart
            case "document-end", "document-idle": metadata.runAt = .documentEnd
            default: return fail("invalid '@run-at' value '\(value)'; expected \(accepted)")
            }
        case "noframes", "unwrap":
            guard value.isEmpty else { return fail("'@\(key)' takes no value, found '\(value)'") }
            if key == "noframes" { metadata.noFrames = true } else { metadata.unwrap = true }
        case "world":
            let accepted = "page, defaultClient or a world name without whitespace"
            guard !value.isEmpty else { return fail("'@world' needs a value: \(accepted)") }
            if value.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
                return fail("invalid '@world' value '\(value)'; expected \(accepted)")
            }
            switch value {
            case "page": metadata.world = .page
            case "defaultClient": metadata.world = .defaultClient
            case _ where value.lowercased() == "page":
                return fail("invalid '@world' value '\(value)'" + NameSuggester.suffix(suggesting: "page") + " (expected \(accepted))")
            case _ where value.lowercased() == "defaultclient":
                return fail("invalid '@world' value '\(value)'" + NameSuggester.suffix(suggesting: "defaultClient") + " (expected \(accepted))")
            default: metadata.world = .named(value)
            }
        case "match", "exclude-match":
            guard !value.isEmpty else {
                return fail("'@\(key)' needs a match pattern, such as 'https://example.com/*'")
            }
            switch MatchPattern.parse(value) {
            case .success(let pattern):
                if key == "match" { metadata.match.append(pattern) } else { metadata.excludeMatch.append(pattern) }
            case .failure(let problem):
                return fail("invalid '@\(key)' pattern '\(value)': \(problem.message)")
            }
        case "require":
            guard !value.isEmpty else { return fail("'@require' needs a script name") }
            metadata.requires.append(ScriptRequire(name: value, location: valueLocation))
        default:
            break
        }
    }
}
