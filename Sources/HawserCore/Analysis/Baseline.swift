/// The findings an app had when it adopted Hawser, so that lint reports only new ones
/// (`hawser lint --write-baseline FILE`, then `--baseline FILE`), as SwiftLint's baseline does.
///
/// A finding is keyed by its code, its file, its message and the text of the line it points
/// at, trimmed, and not by its line number: a finding whose line moved (code added above it)
/// still matches, one whose line changed does not. The same key twice in a file counts twice, so
/// a second copy of a baselined mistake is reported.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Hashable, Sendable, Comparable {
        public var code: String
        public var file: String
        public var message: String
        /// The finding's line, without its leading and trailing white space.
        public var line: String

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.file, a.code, a.message, a.line) < (b.file, b.code, b.message, b.line)
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries.sorted()
    }

    /// The baseline of `report`'s findings (every severity).
    public init(of report: Report) {
        self.init(entries: report.diagnostics.map { Self.entry($0, sources: report.sources) })
    }

    static func entry(_ diagnostic: Diagnostic, sources: [String: [UInt8]]) -> Entry {
        Entry(code: diagnostic.code.rawValue, file: diagnostic.location.file, message: diagnostic.message,
              line: lineText(diagnostic.location.line, of: sources[diagnostic.location.file]))
    }

    /// The trimmed text of a 1-based line, empty when the file's text is not at hand.
    static func lineText(_ line: Int, of source: [UInt8]?) -> String {
        guard let source, line >= 1 else { return "" }
        let table = LineTable(source)
        guard line <= table.starts.count else { return "" }
        let start = table.starts[line - 1]
        let end = line < table.starts.count ? table.starts[line] : source.count
        let text = String(decoding: source[start..<end], as: UTF8.self)
        return String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// `report` without the findings the baseline holds, and how many it left out.
    public func filter(_ report: Report) -> (report: Report, hidden: Int) {
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        var kept: [Diagnostic] = []
        var hidden = 0
        for diagnostic in report.diagnostics {
            let entry = Self.entry(diagnostic, sources: report.sources)
            if let count = remaining[entry], count > 0 {
                remaining[entry] = count - 1
                hidden += 1
            } else {
                kept.append(diagnostic)
            }
        }
        var filtered = report
        filtered.diagnostics = kept
        return (filtered, hidden)
    }

    // MARK: - The file

    /// The file's bytes: JSON, one finding per entry, sorted, so that it diffs well in review.
    public var rendered: String {
        JSON.object([
            ("version", .int(1)),
            ("generator", .string("hawser lint --write-baseline")),
            ("findings", .array(entries.map { entry in
                .object([("file", .string(entry.file)), ("code", .string(entry.code)), ("message", .string(entry.message)), ("line", .string(entry.line))])
            })),
        ]).rendered()
    }

    /// Reads a baseline file; the error says what is wrong, for a diagnostic at the file.
    public static func parse(_ bytes: [UInt8]) throws -> Baseline {
        struct Invalid: Error, CustomStringConvertible { var description: String }
        guard case .object(let members)? = try? JSON.parse(bytes) else {
            throw Invalid(description: "not a baseline: not a JSON object")
        }
        let fields = Dictionary(members, uniquingKeysWith: { first, _ in first })
        guard fields["version"] == .int(1) else { throw Invalid(description: "not a baseline of this version of Hawser: 'version' is not 1") }
        guard case .array(let findings)? = fields["findings"] else { throw Invalid(description: "not a baseline: no 'findings' array") }
        var entries: [Entry] = []
        for (index, finding) in findings.enumerated() {
            guard case .object(let members) = finding else { throw Invalid(description: "'findings[\(index)]' is not an object") }
            let fields = Dictionary(members, uniquingKeysWith: { first, _ in first })
            func string(_ key: String) throws -> String {
                guard let value = fields[key]?.stringValue else { throw Invalid(description: "'findings[\(index)].\(key)' is not a string") }
                return value
            }
            entries.append(Entry(code: try string("code"), file: try string("file"), message: try string("message"), line: try string("line")))
        }
        return Baseline(entries: entries)
    }
}
