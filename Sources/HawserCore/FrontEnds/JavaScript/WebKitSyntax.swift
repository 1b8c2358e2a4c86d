import JavaScriptCoreSyntax
import TreeSitter

/// WebKit's verdict on a JavaScript text: JavaScriptCore's own parser (`JavaScriptCoreSyntax`),
/// the parser a `WKUserScript` goes through, with ECMAScript's early errors. tree-sitter is an
/// error-tolerant parser for editors and accepts many scripts WebKit refuses (`await` outside an
/// async function, a duplicate `let`, `break` outside a loop…), and its grammar refuses a few
/// that WebKit accepts; so wherever a script's syntax is judged, this is the judge.
enum WebKitSyntax {
    typealias Goal = JavaScriptCoreSyntax.Goal

    /// Why WebKit refuses `bytes` in `goal`, at the refused token (1-based line, UTF-8 column of
    /// `bytes`, lines as `LineTable` counts them); nil when it accepts it.
    static func refusal(_ bytes: [UInt8], goal: Goal) -> (message: String, at: SourcePoint)? {
        guard let refusal = JavaScriptCoreSyntax.check(bytes, goal: goal) else { return nil }
        var offset = min(refusal.offset, bytes.count)
        var message = "WebKit's parser (JavaScriptCore) refuses the \(goal == .module ? "module" : "script"): \(refusal.message)"
        // The most common mistake of a `hawser.call` user: `await` in a function that is not
        // `async`, where `await` is a name and JavaScriptCore refuses the token after it.
        if let awaitAt = awaitBefore(offset, in: bytes) {
            offset = awaitAt
            message = "'await' outside an async function: make the enclosing function async (\(message))"
        }
        var lines = LineTable(bytes)
        let (line, column) = lines.position(of: offset)
        return (message, SourcePoint(line: line, column: column))
    }

    /// The engine's version, for cache keys.
    static var engineVersion: String { JavaScriptCoreSyntax.engineVersion }

    /// Whether `goal` is checked on this platform (modules need JavaScriptCore's GLib API, which
    /// macOS does not have; a module is then checked in its bundle).
    static func supports(_ goal: Goal) -> Bool { JavaScriptCoreSyntax.supports(goal) }

    /// The offset of an `await` written as a whole word just before `offset` (spaces between).
    private static func awaitBefore(_ offset: Int, in bytes: [UInt8]) -> Int? {
        var end = offset
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        let word = Array("await".utf8)
        guard end >= word.count, end < offset, Array(bytes[(end - word.count)..<end]) == word else { return nil }
        let start = end - word.count
        if start > 0 {
            let before = bytes[start - 1]
            let isName = (before >= 0x30 && before <= 0x39) || (before >= 0x41 && before <= 0x5A) || (before >= 0x61 && before <= 0x7A)
                || before == 0x5F || before == 0x24 || before == 0x2E || before >= 0x80
            if isName { return nil }
        }
        return start
    }
}
