import Foundation

/// A position in an input file: the file's display path, a 1-based line, and a 1-based column
/// that counts UTF-8 bytes (as swiftc and Xcode do).
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }

    public var description: String { "\(file):\(line):\(column)" }
}

public enum Severity: String, Sendable, Comparable, Codable {
    case error, warning, note

    private var rank: Int {
        switch self {
        case .error: return 0
        case .warning: return 1
        case .note: return 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A finding with a stable code. Front ends and checks produce them; reporters render them.
public struct Diagnostic: Hashable, Sendable, Codable {
    public var code: DiagnosticCode
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    /// The handler name the finding is about, when there is one.
    public var handler: String?
    /// A replacement name, for `unregistered-handler`.
    public var suggestion: String?

    init(
        _ code: DiagnosticCode, _ message: String, at location: SourceLocation,
        handler: String? = nil, suggestion: String? = nil, severity: Severity? = nil
    ) {
        self.code = code
        self.severity = severity ?? code.defaultSeverity
        self.message = message
        self.location = location
        self.handler = handler
        self.suggestion = suggestion
    }

    /// The order every output uses: by file, line, column, then code and message.
    static func sortKey(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.location != b.location { return a.location < b.location }
        if a.code != b.code { return a.code.rawValue < b.code.rawValue }
        return a.message < b.message
    }
}

/// A comment `hawser-ignore: CODE[, CODE…]` found by a front end. It silences findings with
/// one of `codes` on `line` of `file`: the comment's own line when it ends a line of code,
/// the next line when it stands alone.
struct Suppression: Hashable, Sendable, Codable {
    var file: String
    var line: Int
    var codes: Set<String>

    init(file: String, line: Int, codes: Set<String>) {
        self.file = file
        self.line = line
        self.codes = codes
    }

    /// Parses the codes from a comment's text, or nil when it holds no `hawser-ignore:`.
    static func codes(inComment text: String) -> Set<String>? {
        guard let range = text.range(of: "hawser-ignore:") else { return nil }
        // The codes run to the end of the comment's line: a block comment's later lines are prose.
        let rest = text[range.upperBound...].prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        var codes = Set<String>()
        let separators: Set<Character> = [",", " ", "\t"]
        for word in rest.split(whereSeparator: { separators.contains($0) }) {
            let code = word.trimmingSuffix("*/")
            guard !code.isEmpty, code.allSatisfy({ $0.isLetter || $0 == "-" }) else { break }
            codes.insert(code)
        }
        return codes.isEmpty ? nil : codes
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : String(self)
    }
}
