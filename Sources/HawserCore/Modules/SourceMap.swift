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

    private(set) var text = ""
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
        advance(over: Array(generated.utf8)[...])
        text += generated
    }

    /// A position in an original file: 0-based line, and columns in both units.
    struct OriginalPosition {
        var line: Int
        var column: Int
        var utf8Column: Int
    }

    /// Appends `bytes[range]` of source `source`, with a mapping at the start of the range, at
    /// the start of every line, and at every place a token can start: each word (a run of
    /// letters, digits, `_`, `$` and non-ASCII) and each other character that is not space.
    /// A copy is the original byte for byte, so a mapping anywhere in it is exact; this marks
    /// every token's start (and a few places inside strings and comments) without a parse.
    /// `cursor` follows the original file: it must not move backwards between calls for one
    /// source.
    mutating func appendCopy(of bytes: [UInt8], _ range: Range<Int>, source: Int, cursor: inout OriginalCursor) {
        guard !range.isEmpty else { return }
        var offset = range.lowerBound
        var runStart = offset
        func flush(upTo end: Int) {
            guard end > runStart else { return }
            advance(over: bytes[runStart..<end])
            text += String(decoding: bytes[runStart..<end], as: UTF8.self)
            runStart = end
        }
        var atLineStart = true
        while offset < range.upperBound {
            let byte = bytes[offset]
            let kind = Self.characterKind(byte)
            let isToken = kind == .other || (kind == .word && (offset == 0 || Self.characterKind(bytes[offset - 1]) != .word))
            if isToken || offset == range.lowerBound || atLineStart {
                flush(upTo: offset)
                mark(source, cursor.position(of: offset, in: bytes))
            }
            atLineStart = byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (offset + 1 >= bytes.count || bytes[offset + 1] != UInt8(ascii: "\n")))
            offset += 1
        }
        flush(upTo: range.upperBound)
    }

    private enum CharacterKind { case space, word, other }

    private static func characterKind(_ byte: UInt8) -> CharacterKind {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C: return .space
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...: return .word
        default: return .other
        }
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
        let folder = ModulePath.folder(of: file)
        var out = "{\"version\":3,\"file\":" + JSON.stringLiteral(file) + ",\"sources\":["
        out += sources.map { JSON.stringLiteral(Self.relative($0, from: folder)) }.joined(separator: ",")
        out += "],\"sourcesContent\":["
        out += contents.map(JSON.stringLiteral).joined(separator: ",")
        out += "],\"names\":[],\"mappings\":\"" + String(repeating: ";", count: lineOffset) + mappings() + "\"}"
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
        var out = ""
        var previousLine = 0, previousColumn = 0, previousSource = 0, previousOriginalLine = 0, previousOriginalColumn = 0
        var first = true
        for segment in segments {
            while previousLine < segment.generatedLine {
                out += ";"
                previousLine += 1
                previousColumn = 0
                first = true
            }
            if !first { out += "," }
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
        return out
    }

    private static let base64 = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

    /// One Base64 VLQ number: the sign in the lowest bit, five bits a digit, lowest first.
    static func vlq(_ value: Int, into out: inout String) {
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
        var out = ""
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = Int(bytes[index]), b1 = index + 1 < bytes.count ? Int(bytes[index + 1]) : 0, b2 = index + 2 < bytes.count ? Int(bytes[index + 2]) : 0
            out.append(base64[b0 >> 2])
            out.append(base64[((b0 & 3) << 4) | (b1 >> 4)])
            out.append(index + 1 < bytes.count ? base64[((b1 & 15) << 2) | (b2 >> 6)] : "=")
            out.append(index + 2 < bytes.count ? base64[b2 & 63] : "=")
            index += 3
        }
        return out
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
