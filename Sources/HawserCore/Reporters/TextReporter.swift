/// `path:line:column: error: message [code]`, the form swiftc prints and Xcode parses. The path
/// and the message are `PrintableText`: a control character or a bidirectional override quoted
/// from an input is printed as an escape, never raw.
///
/// For a person at a terminal (`TextStyle.terminal`), each finding is followed by the line it
/// points at and a caret under its column, and the severity is coloured as swiftc colours it.
/// The first line of each finding is the same in every style, so a tool that parses it parses
/// either.
enum TextReporter {
    static func render(_ report: Report, style: TextStyle = .plain) -> String {
        guard style != .plain else { return report.diagnostics.map(line).joined() }
        return report.diagnostics.map { diagnostic in
            let frame = style.codeFrames ? codeFrame(diagnostic.location, in: report.sources[diagnostic.location.file], colour: style.colour) : ""
            return line(diagnostic, colour: style.colour) + frame
        }.joined()
    }

    static func line(_ diagnostic: Diagnostic) -> String {
        line(diagnostic, colour: false)
    }

    static func line(_ diagnostic: Diagnostic, colour: Bool) -> String {
        let location = PrintableText.escape(diagnostic.location.description)
        let severity = diagnostic.severity.rawValue
        let message = PrintableText.escape(diagnostic.message)
        let code = "[\(diagnostic.code.rawValue)]"
        guard colour else { return "\(location): \(severity): \(message) \(code)\n" }
        let severityColour = diagnostic.severity == .error ? ANSI.red : ANSI.magenta
        return ANSI.bold + location + ":" + ANSI.reset + " " + ANSI.bold + severityColour + severity + ":" + ANSI.reset
            + " " + ANSI.bold + message + ANSI.reset + " " + ANSI.dim + code + ANSI.reset + "\n"
    }

    /// The widest part of a line a frame shows: a longer line (minified code) is cut to a window
    /// around the column, marked with `…` at each cut end.
    static let frameWidth = 100

    /// `   12 | the line` and `      |     ^` under it, or nothing when the file's text is not
    /// at hand or the line is past its end. Tabs are shown as four spaces, controls escaped, so
    /// that the caret stands under the character the column counts to.
    static func codeFrame(_ location: SourceLocation, in source: [UInt8]?, colour: Bool) -> String {
        guard let source, location.line >= 1 else { return "" }
        let lines = LineTable(source)
        guard location.line <= lines.starts.count else { return "" }
        let start = lines.starts[location.line - 1]
        var end = location.line < lines.starts.count ? lines.starts[location.line] : source.count
        while end > start, source[end - 1] == UInt8(ascii: "\n") || source[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let bytes = Array(source[start..<end])
        let split = min(bytes.count, max(0, location.column - 1))
        func shown(_ part: ArraySlice<UInt8>) -> [Character] {
            Array(PrintableText.escape(String(decoding: part, as: UTF8.self).replacingOccurrences(of: "\t", with: "    ")))
        }
        var before = shown(bytes[..<split])
        var after = shown(bytes[split...])
        // A window around the caret on a long line.
        var prefix = "", suffix = ""
        let lead = frameWidth / 3
        if before.count > lead, before.count + after.count > frameWidth {
            before = Array(before.suffix(lead))
            prefix = "…"
        }
        if before.count + after.count > frameWidth {
            after = Array(after.prefix(frameWidth - before.count))
            suffix = "…"
        }
        let number = String(location.line)
        let gutter = String(repeating: " ", count: max(4, number.count))
        let numbered = String(repeating: " ", count: gutter.count - number.count) + number
        let bar = colour ? ANSI.blue + " | " + ANSI.reset : " | "
        let caret = colour ? ANSI.bold + ANSI.green + "^" + ANSI.reset : "^"
        let text = prefix + String(before) + String(after) + suffix
        let pad = String(repeating: " ", count: prefix.count + before.count)
        return (colour ? ANSI.blue + numbered + ANSI.reset : numbered) + bar + text + "\n" + gutter + bar + pad + caret + "\n"
    }

    /// The SGR sequences the styles use.
    enum ANSI {
        static let reset = "\u{1B}[0m"
        static let bold = "\u{1B}[1m"
        static let dim = "\u{1B}[2m"
        static let red = "\u{1B}[31m"
        static let green = "\u{1B}[32m"
        static let magenta = "\u{1B}[35m"
        static let blue = "\u{1B}[34m"
    }
}

/// How the text format is written: `plain` for files, pipes and tools (Xcode, CI logs), or for
/// a terminal, with a code frame under each finding and, unless the user turned it off
/// (`NO_COLOR`), colour. The CLI chooses; the core only renders.
public struct TextStyle: Sendable, Equatable {
    public var codeFrames: Bool
    public var colour: Bool

    public init(codeFrames: Bool, colour: Bool) {
        self.codeFrames = codeFrames
        self.colour = colour
    }

    public static let plain = TextStyle(codeFrames: false, colour: false)

    /// The style for a standard output that `isTerminal` says is one, under `environment`:
    /// frames on a terminal; colour too, unless `NO_COLOR` is set to anything but the empty
    /// string (no-color.org) or `TERM` is `dumb`.
    public static func terminal(isTerminal: Bool, environment: [String: String]) -> TextStyle {
        guard isTerminal else { return .plain }
        let noColour = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
        return TextStyle(codeFrames: true, colour: !noColour)
    }

    /// A word for the style, for the run record's key: a replay prints what this style printed.
    public var key: String { self == .plain ? "plain" : colour ? "terminal-colour" : "terminal" }
}
