/// JavaScript held in a native string literal (a Swift `"""…"""` passed to `WKUserScript`, say),
/// decoded, with the way back from each of its bytes to the literal's source position.
struct EmbeddedScript: Hashable, Sendable, Codable {
    /// The native source file.
    var file: String
    /// The decoded text, with each interpolation replaced by `interpolationPrefix` + a number.
    var bytes: [UInt8]
    /// Runs of bytes copied from the source one for one: the script offset where each starts and
    /// the source position of its first byte. Sorted by `scriptOffset`.
    var segments: [Segment]
    /// The content world, when the literal goes straight to `WKUserScript(…, in: world)`.
    var world: ContentWorldSpec?
    /// For each interpolation's filler name, the handler names the interpolated value resolves to
    /// (empty when it cannot be resolved).
    var interpolations: [String: [String]] = [:]
    /// How an interpolation is written in the native language, for messages: `\(…)` in Swift,
    /// `%@` in an Objective-C format string.
    var interpolationSpelling = "\\(…)"
    /// Whether native code runs the literal in the page: it is the script of `evaluateJavaScript`,
    /// `callAsyncJavaScript` or a `WKUserScript` (written there, or held in a constant passed
    /// there). Its calls of global functions are checked against the scripts' definitions
    /// (`NativeScriptCalls`); a literal that only mentions `messageHandlers` is not.
    var isEvaluated = false

    struct Segment: Hashable, Sendable, Codable {
        var scriptOffset: Int
        var line: Int
        var column: Int
    }

    /// The filler that stands for an interpolation: a valid identifier no script uses.
    static let interpolationPrefix = "__hawser_interpolation_"

    /// Where the literal starts.
    var start: SourceLocation {
        SourceLocation(file: file, line: segments.first?.line ?? 1, column: segments.first?.column ?? 1)
    }

    /// The source position of the script's byte at `offset`.
    func sourcePosition(ofOffset offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = segments.count - 1
        guard high >= 0 else { return (1, 1) }
        while low < high {
            let mid = (low + high + 1) / 2
            if segments[mid].scriptOffset <= offset { low = mid } else { high = mid - 1 }
        }
        let segment = segments[low]
        return (segment.line, segment.column + max(0, offset - segment.scriptOffset))
    }

    /// The source position of a 1-based script line and byte column (lines as a LineTable
    /// counts them, as the JavaScript front end reports them).
    func sourcePosition(line: Int, column: Int) -> (line: Int, column: Int) {
        sourcePosition(ofOffset: LineTable.offset(ofLine: line, column: column, in: bytes))
    }
}
