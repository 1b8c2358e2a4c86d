import TreeSitter

/// An inline classic or module script of an HTML document, or the value of an event-handler
/// attribute (`onclick="…"`).
struct InlineScript: Hashable, Sendable {
    /// The script's text: byte for byte as in the document, except that character references
    /// in an attribute value are decoded (`&quot;` → `"`).
    var bytes: [UInt8]
    /// Where the script's first byte sits in the document.
    var origin: SourcePoint
    /// The event-handler attribute (`onclick`) whose value the script is; nil for a `<script>`
    /// element.
    var attribute: String?
    /// For an attribute value with character references: runs of `bytes` and where each starts in
    /// the document (see `documentPoint(of:)`). Empty when `bytes` are as in the document.
    var segments: [Segment]
    /// The `lang` of a `<script lang="ts">` (or `typescript`, `tsx`) of a Svelte or Vue
    /// component, lowercased: TypeScript, which is read as the JavaScript it stands for once its
    /// types are stripped. Nil for JavaScript.
    var typeScriptLang: String?

    /// A run of a decoded attribute value that starts at `scriptOffset`. An exact run is copied
    /// from the document one byte for one, within one line from `point`; the bytes a character
    /// reference decodes to all sit at the reference's `&`.
    struct Segment: Hashable, Sendable {
        var scriptOffset: Int
        var point: SourcePoint
        var exact: Bool
    }

    init(bytes: [UInt8], origin: SourcePoint, attribute: String? = nil, segments: [Segment] = [], typeScriptLang: String? = nil) {
        self.bytes = bytes
        self.origin = origin
        self.attribute = attribute
        self.segments = segments
        self.typeScriptLang = typeScriptLang
    }

    /// The document position of a script position (1-based line, byte column, lines ending as
    /// in a LineTable, as the JavaScript front end counts them).
    func documentPoint(of point: SourcePoint) -> SourcePoint {
        guard !segments.isEmpty else {
            return SourcePoint(line: point.line + origin.line - 1, column: point.column + (point.line == 1 ? origin.column - 1 : 0))
        }
        let offset = LineTable.offset(ofLine: point.line, column: point.column, in: bytes)
        var low = 0, high = segments.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if segments[mid].scriptOffset <= offset { low = mid } else { high = mid - 1 }
        }
        let segment = segments[low]
        guard segment.exact else { return segment.point }
        return SourcePoint(line: segment.point.line, column: segment.point.column + max(0, offset - segment.scriptOffset))
    }
}

/// Finds the inline `<script>` elements and the event-handler attributes of an HTML document,
/// following the HTML standard's tokenizer rules for what matters here: comments, bogus comments
/// and doctypes, raw-text and RCDATA elements, attribute values and their character references,
/// and the script-data states (including the escaped and double-escaped states entered by `<!--`
/// inside a script). It does not build a DOM.
enum HTMLScriptExtractor {
    /// The scripts without `src` whose type is JavaScript or absent, in document order.
    static func inlineScripts(in html: [UInt8]) -> [InlineScript] {
        scripts(in: html).filter { $0.attribute == nil }
    }

    /// The inline scripts and the values of event-handler attributes (any attribute whose name
    /// starts with `on`, on any element, quoted or not), in document order. An attribute value's
    /// character references are decoded.
    static func scripts(in html: [UInt8]) -> [InlineScript] {
        var scanner = Scanner(bytes: html)
        return scanner.run()
    }

    /// Whether an attribute name is an event handler's: `on` and at least one more character.
    static func isEventHandlerAttribute(_ name: String) -> Bool {
        name.hasPrefix("on") && name.utf8.count > 2
    }

    /// Whether a `type` attribute value denotes a script the browser runs as JavaScript.
    /// `<script lang="ts">` in a Svelte or Vue component: TypeScript (the `lang`, lowercased),
    /// which the JavaScript grammar reads only once its types are stripped; nil otherwise.
    static func typeScriptLang(_ value: String?) -> String? {
        guard let value else { return nil }
        let lang = value.trimmingASCIIWhitespace().lowercased()
        return ["ts", "typescript", "tsx"].contains(lang) ? lang : nil
    }

    static func isJavaScriptType(_ value: String?) -> Bool {
        guard let value else { return true }
        let essence = value.trimmingASCIIWhitespace().lowercased()
        if essence.isEmpty || essence == "module" { return true }
        return javaScriptMIMETypes.contains(essence)
    }

    /// The JavaScript MIME type essences of the MIME Sniffing standard.
    private static let javaScriptMIMETypes: Set<String> = [
        "application/ecmascript", "application/javascript", "application/x-ecmascript",
        "application/x-javascript", "text/ecmascript", "text/javascript", "text/javascript1.0",
        "text/javascript1.1", "text/javascript1.2", "text/javascript1.3", "text/javascript1.4",
        "text/javascript1.5", "text/jscript", "text/livescript", "text/x-ecmascript",
        "text/x-javascript",
    ]

    /// Elements whose content is raw text or RCDATA: no tags inside until the matching end tag.
    private static let rawTextElements: Set<String> = [
        "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext",
    ]

    private struct Tag {
        var name: String
        var attributes: [String: String?]
        /// The event-handler attributes with a value, in order: the name and the value's bytes.
        var eventHandlers: [(name: String, value: Range<Int>)] = []
        var end: Int  // index just past '>'
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var scanned = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func run() -> [InlineScript] {
            var scripts: [InlineScript] = []
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
                if starts(with: "<!--", at: index) {
                    skipComment()
                } else if starts(with: "<!", at: index) || starts(with: "<?", at: index) {
                    skip(past: UInt8(ascii: ">"), from: index + 2)
                } else if index + 1 < bytes.count, isASCIILetter(bytes[index + 1]) {
                    // A tag the end of the file cuts off is no tag (the standard's eof-in-tag):
                    // nothing after it is markup. Scanning on from the next `<` instead would
                    // read the same unterminated rest again for every `<` in it.
                    guard let tag = readStartTag(at: index) else { break }
                    for handler in tag.eventHandlers where !handler.value.isEmpty {
                        scripts.append(attributeScript(handler.name, value: handler.value))
                    }
                    index = tag.end
                    if tag.name == "script" {
                        let contentStart = index
                        let contentEnd = scriptDataEnd(from: contentStart)
                        if tag.attributes["src"] == nil, HTMLScriptExtractor.isJavaScriptType(tag.attributes["type"] ?? nil) {
                            scripts.append(InlineScript(
                                bytes: Array(bytes[contentStart..<contentEnd]), origin: point(at: contentStart),
                                typeScriptLang: HTMLScriptExtractor.typeScriptLang(tag.attributes["lang"] ?? nil)))
                        }
                        index = contentEnd
                    } else if rawTextElements.contains(tag.name) {
                        index = tag.name == "plaintext" ? bytes.count : rawTextEnd(of: tag.name, from: index)
                    }
                } else {
                    index += 1
                }
            }
            return scripts
        }

        /// The 1-based line and byte column of `offset`. Scripts are found in document order,
        /// so lines are counted incrementally from the previous query.
        mutating func point(at offset: Int) -> SourcePoint {
            while scanned < offset {
                let byte = bytes[scanned]
                scanned += 1
                let crlf = byte == UInt8(ascii: "\r") && scanned < bytes.count && bytes[scanned] == UInt8(ascii: "\n")
                if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && !crlf) {
                    line += 1
                    lineStart = scanned
                }
            }
            return SourcePoint(line: line, column: offset - lineStart + 1)
        }

        func starts(with literal: String, at offset: Int, caseInsensitive: Bool = false) -> Bool {
            let utf8 = Array(literal.utf8)
            guard offset + utf8.count <= bytes.count else { return false }
            for (i, byte) in utf8.enumerated() {
                let actual = bytes[offset + i]
                if caseInsensitive ? lowercase(actual) != lowercase(byte) : actual != byte { return false }
            }
            return true
        }

        mutating func skipComment() {
            // `<!-->` and `<!--->` are complete (abrupt) comments.
            var i = index + 4
            if starts(with: ">", at: i) || starts(with: "->", at: i) {
                index = i + (bytes[i] == UInt8(ascii: ">") ? 1 : 2)
                return
            }
            while i < bytes.count {
                if starts(with: "-->", at: i) { index = i + 3; return }
                if starts(with: "--!>", at: i) { index = i + 4; return }
                i += 1
            }
            index = bytes.count
        }

        mutating func skip(past terminator: UInt8, from start: Int) {
            var i = start
            while i < bytes.count, bytes[i] != terminator { i += 1 }
            index = min(i + 1, bytes.count)
        }

        /// Reads a start tag at `offset` (which holds `<` followed by a letter); nil when the file
        /// ends inside it.
        func readStartTag(at offset: Int) -> Tag? {
            var i = offset + 1
            var name = ""
            while i < bytes.count, !isTagNameEnd(bytes[i]) {
                name.append(Character(Unicode.Scalar(lowercase(bytes[i]))))
                i += 1
            }
            var attributes: [String: String?] = [:]
            var eventHandlers: [(name: String, value: Range<Int>)] = []
            while i < bytes.count {
                while i < bytes.count, isWhitespace(bytes[i]) || bytes[i] == UInt8(ascii: "/") { i += 1 }
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ">") { return Tag(name: name, attributes: attributes, eventHandlers: eventHandlers, end: i + 1) }
                var attributeName = ""
                repeat {
                    attributeName.append(Character(Unicode.Scalar(lowercase(bytes[i]))))
                    i += 1
                } while i < bytes.count && !isWhitespace(bytes[i]) && bytes[i] != UInt8(ascii: "/")
                    && bytes[i] != UInt8(ascii: ">") && bytes[i] != UInt8(ascii: "=")
                while i < bytes.count, isWhitespace(bytes[i]) { i += 1 }
                var value: String? = nil
                var valueRange: Range<Int>? = nil
                if i < bytes.count, bytes[i] == UInt8(ascii: "=") {
                    i += 1
                    while i < bytes.count, isWhitespace(bytes[i]) { i += 1 }
                    guard i < bytes.count else { return nil }
                    let quote = bytes[i]
                    var valueStart = i
                    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                        valueStart = i + 1
                        i = valueStart
                        while i < bytes.count, bytes[i] != quote { i += 1 }
                        valueRange = valueStart..<min(i, bytes.count)
                        value = String(decoding: bytes[valueRange!], as: UTF8.self)
                        i += 1
                    } else {
                        while i < bytes.count, !isWhitespace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
                        valueRange = valueStart..<i
                        value = String(decoding: bytes[valueStart..<i], as: UTF8.self)
                    }
                }
                // The first of duplicate attributes wins, as in the HTML standard.
                if attributes[attributeName] == nil {
                    attributes[attributeName] = .some(value)
                    if let valueRange, HTMLScriptExtractor.isEventHandlerAttribute(attributeName) {
                        eventHandlers.append((attributeName, valueRange))
                    }
                }
            }
            return nil
        }

        /// The script of an event-handler attribute's value, with its character references
        /// decoded. Without references the value is copied and positions follow from its origin;
        /// with them, each run of copied bytes keeps its own position and each reference's
        /// decoded bytes sit at its `&`.
        mutating func attributeScript(_ name: String, value range: Range<Int>) -> InlineScript {
            let origin = point(at: range.lowerBound)
            guard bytes[range].contains(UInt8(ascii: "&")) else {
                return InlineScript(bytes: Array(bytes[range]), origin: origin, attribute: name)
            }
            var decoded: [UInt8] = []
            var segments: [InlineScript.Segment] = []
            var i = range.lowerBound
            var runOpen = false
            while i < range.upperBound {
                if bytes[i] == UInt8(ascii: "&"), let (replacement, length) = HTMLCharacterReference.decode(bytes, at: i, end: range.upperBound) {
                    segments.append(InlineScript.Segment(scriptOffset: decoded.count, point: point(at: i), exact: false))
                    decoded += replacement
                    i += length
                    runOpen = false
                    continue
                }
                if !runOpen {
                    segments.append(InlineScript.Segment(scriptOffset: decoded.count, point: point(at: i), exact: true))
                    runOpen = true
                }
                let byte = bytes[i]
                decoded.append(byte)
                i += 1
                // A run stays within one document line.
                if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && !(i < bytes.count && bytes[i] == UInt8(ascii: "\n"))) {
                    runOpen = false
                }
            }
            return InlineScript(bytes: decoded, origin: origin, attribute: name, segments: segments)
        }

        /// Whether `</name` followed by whitespace, `/` or `>` starts at `offset`.
        func isEndTag(_ name: String, at offset: Int) -> Bool {
            guard starts(with: "</" + name, at: offset, caseInsensitive: true) else { return false }
            let after = offset + 2 + name.utf8.count
            return after >= bytes.count || isWhitespace(bytes[after]) || bytes[after] == UInt8(ascii: "/") || bytes[after] == UInt8(ascii: ">")
        }

        func rawTextEnd(of name: String, from start: Int) -> Int {
            var i = start
            while i < bytes.count, !isEndTag(name, at: i) { i += 1 }
            return i
        }

        /// The end of script data: the `</script` that closes the element, honouring the
        /// escaped (`<!--`) and double-escaped (`<!-- <script>`) states.
        func scriptDataEnd(from start: Int) -> Int {
            enum State { case data, escaped, doubleEscaped }
            var state = State.data
            var i = start
            while i < bytes.count {
                switch state {
                case .data:
                    if isEndTag("script", at: i) { return i }
                    if starts(with: "<!--", at: i) { state = .escaped; i += 4; continue }
                case .escaped:
                    if isEndTag("script", at: i) { return i }
                    if starts(with: "-->", at: i) { state = .data; i += 3; continue }
                    if starts(with: "<script", at: i, caseInsensitive: true), i + 7 < bytes.count,
                       isWhitespace(bytes[i + 7]) || bytes[i + 7] == UInt8(ascii: "/") || bytes[i + 7] == UInt8(ascii: ">") {
                        state = .doubleEscaped; i += 7; continue
                    }
                case .doubleEscaped:
                    if starts(with: "-->", at: i) { state = .data; i += 3; continue }
                    if isEndTag("script", at: i) { state = .escaped; i += 8; continue }
                }
                i += 1
            }
            return bytes.count
        }
    }
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
}

private func lowercase(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
}

private func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
}

private func isTagNameEnd(_ byte: UInt8) -> Bool {
    isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
