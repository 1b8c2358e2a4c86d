/// Text being emitted together with its source map (version 3): every piece appended is either
/// a copy of an original file's bytes, which maps back token by token, or text of Hawser's own,
/// which maps to the place it stands for (or to nothing).
///
/// Columns of the map count UTF-16 code units, as browsers and node read them; the positions
/// this type gives back to diagnostics (`original(of:)`) count UTF-8 bytes, as every position
/// Hawser reports does.
struct SourceMapBuilder {
    /// One mapping: a generated position and the original one it stands for.
    struct Segment {
        var generatedLine: Int
        var generatedColumn: Int
        var generatedUTF8Column: Int
        var source: Int
        var line: Int
        var column: Int
        var utf8Column: Int
    }

    /// The generated text, as UTF-8 bytes while it is made.
    private var bytes: [UInt8] = []
    /// The generated text.
    var text: String { String(decoding: bytes, as: UTF8.self) }
    private(set) var segments: [Segment] = []
    private(set) var sources: [String] = []
    private(set) var contents: [String] = []
    /// 0-based, of the end of `text`.
    private var line = 0, column = 0, utf8Column = 0

    /// The index of `path` among the map's sources, added (with its text) when new.
    mutating func source(_ path: String, text: [UInt8]) -> Int {
        if let index = sources.firstIndex(of: path) { return index }
        sources.append(path)
        contents.append(String(decoding: text, as: UTF8.self))
        return sources.count - 1
    }

    /// Appends text of Hawser's own; with `mappedTo`, its first character maps there.
    mutating func append(_ generated: String, mappedTo original: (source: Int, position: OriginalPosition)? = nil) {
        if let original { mark(original.source, original.position) }
        let start = bytes.count
        bytes += generated.utf8
        advance(over: bytes[start...])
    }

    /// A position in an original file: 0-based line, and columns in both units.
    struct OriginalPosition {
        var line: Int
        var column: Int
        var utf8Column: Int
    }

    /// Appends `bytes[range]` of source `source`, with a mapping at each of the places a
    /// debugger or a stack trace can stop (`MappedPoints`). A copy is the original byte for
    /// byte, so a mapping anywhere in it is exact, and a point between two mappings is found
    /// from the one before it; the places are found by a lexical reading that needs no parse.
    /// `cursor` follows the original file: it must not move backwards between calls for one
    /// source.
    mutating func appendCopy(of bytes: [UInt8], _ range: Range<Int>, source: Int, cursor: inout OriginalCursor) {
        guard !range.isEmpty else { return }
        var runStart = range.lowerBound
        func flush(upTo end: Int) {
            guard end > runStart else { return }
            advance(over: bytes[runStart..<end])
            self.bytes += bytes[runStart..<end]
            runStart = end
        }
        for offset in MappedPoints.offsets(in: bytes, range) {
            flush(upTo: offset)
            mark(source, cursor.position(of: offset, in: bytes))
        }
        flush(upTo: range.upperBound)
    }

    private mutating func mark(_ source: Int, _ position: OriginalPosition) {
        let segment = Segment(
            generatedLine: line, generatedColumn: column, generatedUTF8Column: utf8Column, source: source,
            line: position.line, column: position.column, utf8Column: position.utf8Column)
        if let last = segments.last, last.generatedLine == line, last.generatedColumn == column {
            segments[segments.count - 1] = segment
        } else {
            segments.append(segment)
        }
    }

    private mutating func advance(over bytes: ArraySlice<UInt8>) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            OriginalCursor.step(over: bytes[index], next: index + 1 < bytes.endIndex ? bytes[index + 1] : nil, &line, &column, &utf8Column)
            index += 1
        }
    }

    /// The original place of a generated point (1-based line, UTF-8 column): the segment at or
    /// before it on its line, plus the distance from it when the text between is a copy.
    func original(ofLine generatedLine: Int, utf8Column: Int) -> (source: String, line: Int, column: Int)? {
        let line0 = generatedLine - 1, column0 = utf8Column - 1
        var best: Segment?
        for segment in segments where segment.generatedLine == line0 && segment.generatedUTF8Column <= column0 {
            best = segment
        }
        guard let best else { return nil }
        return (sources[best.source], best.line + 1, best.utf8Column + 1 + (column0 - best.generatedUTF8Column))
    }

    /// The map as JSON: `sources` are given relative to the folder of `file`, the script's
    /// `sourceURL`, as Web Inspector resolves them; `sourcesContent` holds every original, since
    /// a user script has no URL the originals could be loaded from.
    func json(file: String, lineOffset: Int = 0) -> String {
        String(decoding: jsonBytes(file: file, lineOffset: lineOffset), as: UTF8.self)
    }

    /// `json` as UTF-8 bytes.
    func jsonBytes(file: String, lineOffset: Int = 0) -> [UInt8] {
        let folder = ModulePath.folder(of: file)
        var out: [UInt8] = []
        out.reserveCapacity(contents.reduce(segments.count * 5 + 256) { $0 + $1.utf8.count + $1.utf8.count / 8 })
        func literal(_ text: StaticString) { out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)) }
        func list(_ strings: [String]) {
            for (index, string) in strings.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSON.writeString(string, to: &out)
            }
        }
        literal("{\"version\":3,\"file\":")
        JSON.writeString(file, to: &out)
        literal(",\"sources\":[")
        list(sources.map { Self.relative($0, from: folder) })
        literal("],\"sourcesContent\":[")
        list(contents)
        literal("],\"names\":[],\"mappings\":\"")
        out.append(contentsOf: repeatElement(UInt8(ascii: ";"), count: lineOffset))
        writeMappings(to: &out)
        literal("\"}")
        return out
    }

    /// `path` relative to `folder` (both normalised, relative to one folder): `a/b.js` from `a`
    /// is `b.js`, `c/d.js` from `a` is `../c/d.js`.
    static func relative(_ path: String, from folder: String) -> String {
        guard folder != "." else { return path }
        let from = folder.split(separator: "/"), to = path.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        return (ups + to[common...].map(String.init)).joined(separator: "/")
    }

    /// The `mappings` string: lines separated by `;`, segments by `,`, each the Base64 VLQ of
    /// its fields' differences from the previous ones.
    func mappings() -> String {
        var out: [UInt8] = []
        writeMappings(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func writeMappings(to out: inout [UInt8]) {
        var previousLine = 0, previousColumn = 0, previousSource = 0, previousOriginalLine = 0, previousOriginalColumn = 0
        var first = true
        for segment in segments {
            while previousLine < segment.generatedLine {
                out.append(UInt8(ascii: ";"))
                previousLine += 1
                previousColumn = 0
                first = true
            }
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            Self.vlq(segment.generatedColumn - previousColumn, into: &out)
            Self.vlq(segment.source - previousSource, into: &out)
            Self.vlq(segment.line - previousOriginalLine, into: &out)
            Self.vlq(segment.column - previousOriginalColumn, into: &out)
            previousColumn = segment.generatedColumn
            previousSource = segment.source
            previousOriginalLine = segment.line
            previousOriginalColumn = segment.column
        }
    }

    private static let base64 = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// One Base64 VLQ number: the sign in the lowest bit, five bits a digit, lowest first.
    static func vlq(_ value: Int, into out: inout [UInt8]) {
        var rest = value < 0 ? ((-value) << 1) | 1 : value << 1
        repeat {
            var digit = rest & 31
            rest >>= 5
            if rest > 0 { digit |= 32 }
            out.append(base64[digit])
        } while rest > 0
    }

    /// Standard Base64 of `bytes`, for a `data:` URL.
    static func base64Encoded(_ bytes: [UInt8]) -> String {
        let count = (bytes.count + 2) / 3 * 4
        return String(unsafeUninitializedCapacity: count) { out in
            base64.withUnsafeBufferPointer { digits in
                var index = 0, written = 0
                while index + 3 <= bytes.count {
                    let word = Int(bytes[index]) << 16 | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2])
                    out[written] = digits[word >> 18]
                    out[written + 1] = digits[(word >> 12) & 63]
                    out[written + 2] = digits[(word >> 6) & 63]
                    out[written + 3] = digits[word & 63]
                    index += 3
                    written += 4
                }
                if index < bytes.count {
                    let b0 = Int(bytes[index]), b1 = index + 1 < bytes.count ? Int(bytes[index + 1]) : 0
                    out[written] = digits[b0 >> 2]
                    out[written + 1] = digits[((b0 & 3) << 4) | (b1 >> 4)]
                    out[written + 2] = index + 1 < bytes.count ? digits[(b1 & 15) << 2] : UInt8(ascii: "=")
                    out[written + 3] = UInt8(ascii: "=")
                }
            }
            return count
        }
    }
}

/// Walks forward through one original file, giving each offset's line and columns without
/// rescanning from the start.
struct OriginalCursor {
    private var offset = 0
    private var line = 0, column = 0, utf8Column = 0
    /// The text positions are counted in, when it is not the text copied (see `OriginalText`).
    private let original: OriginalText?

    init(original: OriginalText? = nil) {
        self.original = original
    }

    /// The position of `target`, which must not be before the previous one asked for. With an
    /// `original`, `target` is an offset of the text copied, and the position is that of its
    /// original offset in the original text.
    mutating func position(of target: Int, in bytes: [UInt8]) -> SourceMapBuilder.OriginalPosition {
        guard let original else { return count(to: target, in: bytes) }
        return count(to: original.offset(target), in: original.bytes)
    }

    private mutating func count(to target: Int, in bytes: [UInt8]) -> SourceMapBuilder.OriginalPosition {
        if target < offset { self = OriginalCursor(original: original) }
        while offset < target, offset < bytes.count {
            Self.step(over: bytes[offset], next: offset + 1 < bytes.count ? bytes[offset + 1] : nil, &line, &column, &utf8Column)
            offset += 1
        }
        return SourceMapBuilder.OriginalPosition(line: line, column: column, utf8Column: utf8Column)
    }

    /// Moves a 0-based position over one byte: LF, CR LF (at its LF) and a lone CR end a line.
    static func step(over byte: UInt8, next: UInt8?, _ line: inout Int, _ column: inout Int, _ utf8Column: inout Int) {
        if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && next != UInt8(ascii: "\n")) {
            line += 1
            column = 0
            utf8Column = 0
        } else {
            utf8Column += 1
            column += utf16Units(leadByte: byte)
        }
    }

    /// How many UTF-16 code units the character a byte starts counts for: none for a
    /// continuation byte, two for a four-byte sequence.
    static func utf16Units(leadByte byte: UInt8) -> Int {
        if byte & 0xC0 == 0x80 { return 0 }
        return byte >= 0xF0 ? 2 : 1
    }
}

/// The text a source map shows for a module whose bundled text was made from another: a
/// TypeScript module's source, of which the bundle copies the stripped JavaScript. `offset`
/// maps an offset of the copied text to the source's (it never decreases).
struct OriginalText: Sendable {
    var bytes: [UInt8]
    var offset: @Sendable (Int) -> Int
}

/// The offsets of a copied range of JavaScript that get a source mapping
/// (`SourceMapBuilder.appendCopy`), in increasing order: the range's start; the first
/// character of each line that is not space; each word (a run of letters, digits, `_`, `$`
/// and non-ASCII); the start of each string, template and regular-expression literal, whose
/// text gets none (a template's substitutions are read as code); and each `(`, `[` and `{`.
/// Comments get none. These are where statements, expressions and calls start, as esbuild
/// maps them; other punctuation is found from the mapping before it on its line.
///
/// A `/` starts a regular expression where it cannot divide: after an operator, an opening
/// bracket, `,`, `;`, `:`, the range's start or a keyword such as `return`. A misreading
/// (a `/` after `)` that starts a regular expression) only thins the mappings: every literal
/// but a template ends at its line's end at the latest.
enum MappedPoints {
    private static let keywordsBeforeExpression: Set<[UInt8]> = Set(
        ["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await", "instanceof"]
            .map { Array($0.utf8) })

    static func isWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...: return true
        default: return false
        }
    }

    private static func isLineEnd(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0B || byte == 0x0C || isLineEnd(byte)
    }

    static func offsets(in bytes: [UInt8], _ range: Range<Int>) -> [Int] {
        guard !range.isEmpty else { return [] }
        var points = [range.lowerBound]
        let end = range.upperBound
        var offset = range.lowerBound
        var atLineStart = offset == 0 || isLineEnd(bytes[offset - 1])
        // Whether the last token can end an operand (a `/` after it divides), and the last word.
        var endsOperand = false
        var lastWord: Range<Int>?
        var braces = 0
        // The brace depth at each open template substitution, innermost last.
        var substitutions: [Int] = []

        func skipLine() { while offset < end, !isLineEnd(bytes[offset]) { offset += 1 } }
        func skipString(_ quote: UInt8) {
            while offset < end {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\\") { offset += 2; continue }
                if isLineEnd(byte) { return }
                offset += 1
                if byte == quote { return }
            }
        }
        func skipTemplateText() {
            while offset < end {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\\") { offset += 2; continue }
                offset += 1
                if byte == UInt8(ascii: "`") { return }
                if byte == UInt8(ascii: "$"), offset < end, bytes[offset] == UInt8(ascii: "{") {
                    offset += 1
                    substitutions.append(braces)
                    return
                }
            }
        }
        func skipRegularExpression() {
            var inClass = false
            while offset < end {
                let byte = bytes[offset]
                if isLineEnd(byte) { return }
                offset += 1
                if byte == UInt8(ascii: "\\") { offset += 1 } else if byte == UInt8(ascii: "[") { inClass = true } else if byte == UInt8(ascii: "]") {
                    inClass = false
                } else if byte == UInt8(ascii: "/"), !inClass {
                    while offset < end, isWord(bytes[offset]) { offset += 1 }
                    return
                }
            }
        }

        while offset < end {
            let start = offset
            let byte = bytes[start]
            if isSpace(byte) {
                if isLineEnd(byte) { atLineStart = true }
                offset += 1
                continue
            }
            let next: UInt8? = start + 1 < end ? bytes[start + 1] : nil
            if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                skipLine()
                continue
            }
            if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                offset += 2
                while offset < end, !(bytes[offset] == UInt8(ascii: "*") && offset + 1 < end && bytes[offset + 1] == UInt8(ascii: "/")) {
                    offset += 1
                }
                offset = min(offset + 2, end)
                continue
            }
            var isPoint = atLineStart
            atLineStart = false
            offset += 1
            let word = lastWord
            lastWord = nil
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                skipString(byte)
                isPoint = true
                endsOperand = true
            case UInt8(ascii: "`"):
                skipTemplateText()
                isPoint = true
                endsOperand = true
            case UInt8(ascii: "/") where !endsOperand || word.map { keywordsBeforeExpression.contains(Array(bytes[$0])) } == true:
                skipRegularExpression()
                isPoint = true
                endsOperand = true
            case _ where isWord(byte):
                while offset < end, isWord(bytes[offset]) { offset += 1 }
                lastWord = start..<offset
                isPoint = true
                endsOperand = true
            case UInt8(ascii: "("), UInt8(ascii: "["):
                isPoint = true
                endsOperand = false
            case UInt8(ascii: "{"):
                braces += 1
                isPoint = true
                endsOperand = false
            case UInt8(ascii: "}"):
                if substitutions.last == braces {
                    substitutions.removeLast()
                    skipTemplateText()
                } else {
                    braces -= 1
                }
                endsOperand = true
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                endsOperand = true
            default:
                endsOperand = false
            }
            if isPoint, start != range.lowerBound { points.append(start) }
        }
        return points
    }
}
