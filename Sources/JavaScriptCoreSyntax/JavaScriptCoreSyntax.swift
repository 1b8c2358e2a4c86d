#if canImport(CJavaScriptCore)
import CJavaScriptCore
#elseif canImport(JavaScriptCore)
import JavaScriptCore
#endif
import Foundation

/// WebKit's own verdict on a script's syntax: JavaScriptCore's parser, which is the parser
/// WKWebView runs a user script through, early errors included. The only module of the tool
/// that imports JavaScriptCore.
///
/// - Linux: the GLib API of Debian's `libjavascriptcoregtk-4.1` (WebKitGTK's engine),
///   `jsc_context_check_syntax`, in script or module goal.
/// - macOS: the system framework's C API, `JSCheckScriptSyntax`, which has the script goal only
///   (a module's early errors are then checked in its bundle, as a classic script).
///
/// JavaScriptCore reports a line and a message, not a column, so `locate` finds the column: the
/// shortest prefix of the line that gives the same refusal ends at the refused token.
public enum JavaScriptCoreSyntax {
    /// How the text is parsed: a classic script (`WKUserScript`, `evaluateJavaScript`) or an
    /// ES module.
    public enum Goal: Sendable {
        case script, module
    }

    /// Why JavaScriptCore refuses a text, and where.
    public struct Refusal: Sendable, Equatable, CustomStringConvertible {
        /// JavaScriptCore's message, as Web Inspector shows it.
        public var message: String
        /// The byte offset of the refused token in the text (the end of the text for an error at
        /// its end).
        public var offset: Int

        public var description: String { "\(offset): \(message)" }
    }

    /// The engine's version: its verdicts are a function of it (a cache key includes it).
    public static var engineVersion: String {
        #if canImport(CJavaScriptCore)
        return "javascriptcoregtk \(jsc_get_major_version()).\(jsc_get_minor_version()).\(jsc_get_micro_version())"
        #else
        return "JavaScriptCore.framework " + ProcessInfo.processInfo.operatingSystemVersionString
        #endif
    }

    /// Whether `goal` can be checked on this platform (the module goal needs the GLib API).
    public static func supports(_ goal: Goal) -> Bool {
        #if canImport(CJavaScriptCore)
        return true
        #else
        return goal == .script
        #endif
    }

    /// JavaScriptCore's refusal of `text` in `goal`, or nil when it accepts it (or cannot check
    /// the goal here: `supports`).
    public static func check(_ text: [UInt8], goal: Goal) -> Refusal? {
        guard supports(goal), let first = rawCheck(text[...], goal: goal) else { return nil }
        return Refusal(message: first.message, offset: locate(first, in: text, goal: goal))
    }

    /// The byte offset of the token JavaScriptCore refused: the start of the token that ends the
    /// shortest prefix of the refused line that is refused the same way (a prefix that stops
    /// before that token ends early instead, or parses).
    static func locate(_ refusal: (line: Int, message: String), in text: [UInt8], goal: Goal) -> Int {
        if refusal.message.hasPrefix("Unexpected end of script") || refusal.message.contains("end of input") {
            var end = text.count
            while end > 0, isSpace(text[end - 1]) { end -= 1 }
            return end
        }
        guard let line = lineRange(refusal.line, in: text) else { return text.count }
        func same(_ end: Int) -> Bool {
            guard let found = rawCheck(text[..<end], goal: goal) else { return false }
            return found.line == refusal.line && found.message == refusal.message
        }
        var firstNonSpace = line.lowerBound
        while firstNonSpace < line.upperBound, isSpace(text[firstNonSpace]) { firstNonSpace += 1 }
        guard same(line.upperBound) else { return firstNonSpace }
        // The smallest end in (lower, upper] that is refused the same way; ends on UTF-8
        // boundaries only.
        var lower = line.lowerBound, upper = line.upperBound
        while upper - lower > 1 {
            var middle = lower + (upper - lower) / 2
            while middle < upper, middle > lower, isContinuation(text[middle]) { middle += 1 }
            if middle >= upper {
                middle = lower + (upper - lower) / 2
                while middle > lower, isContinuation(text[middle]) { middle -= 1 }
                if middle <= lower { break }
            }
            if same(middle) { upper = middle } else { lower = middle }
        }
        let start = tokenStart(endingAt: upper, in: text, lineStart: line.lowerBound, message: refusal.message)
        return start >= line.lowerBound ? max(start, firstNonSpace) : start
    }

    /// Where the token that ends at `end` starts: the last whole-word occurrence before `end`, on
    /// its line or the line before (JavaScriptCore finds some errors at the next token: `break;`
    /// outside a loop at the `}` after it), of the token the message names (quoted, or a keyword it starts with: "'break' is
    /// only valid…", "new.target is only valid…", "Cannot declare multiple constructors…"), else
    /// the identifier or the one punctuator before `end`.
    static func tokenStart(endingAt end: Int, in text: [UInt8], lineStart: Int, message: String) -> Int {
        if let named = namedToken(in: message) {
            if let found = lastOccurrence(of: named, before: end, from: lineStart, in: text) { return found }
            // A name resolved at the end of its scope (a private name at the end of its class):
            // its last use before it, anywhere in the 64 KB before.
            if let found = lastOccurrence(of: named, before: end, from: max(0, end - 65_536), in: text, wholeRange: true) { return found }
        }
        if message.hasPrefix("Invalid regular expression"), let open = regularExpressionStart(before: end, lineStart: lineStart, in: text) {
            return open
        }
        var start = end
        while start > lineStart, isIdentifierByte(text[start - 1]) { start -= 1 }
        if start < end { return start }
        // A string token (a directive: "use strict" making the parameters before it invalid).
        let last = text[end - 1]
        if end - 1 > lineStart, last == 0x22 || last == 0x27 {
            var open = end - 2
            while open > lineStart, text[open] != last { open -= 1 }
            if text[open] == last { return open }
        }
        return max(lineStart, end - 1)
    }

    /// The start of the regular expression literal whose flags or closing `/` end before `end`.
    private static func regularExpressionStart(before end: Int, lineStart: Int, in text: [UInt8]) -> Int? {
        var index = end - 1
        while index > lineStart, isIdentifierByte(text[index]) { index -= 1 }
        guard text[index] == 0x2F else { return nil }
        var open = index - 1
        while open >= lineStart {
            if text[open] == 0x2F, open == lineStart || text[open - 1] != 0x5C { return open }
            open -= 1
        }
        return nil
    }

    /// The start of the last whole-word occurrence of `named` that ends at or before `end`, from
    /// the line before `lineStart` (or from `lineStart` itself with `wholeRange`).
    private static func lastOccurrence(of named: String, before end: Int, from lineStart: Int, in text: [UInt8], wholeRange: Bool = false) -> Int? {
        let bytes = Array(named.utf8)
        var searchStart = lineStart
        if !wholeRange, searchStart > 0 {
            searchStart -= 1
            if searchStart > 0, text[searchStart] == 0x0A, text[searchStart - 1] == 0x0D { searchStart -= 1 }
            while searchStart > 0, text[searchStart - 1] != 0x0A, text[searchStart - 1] != 0x0D { searchStart -= 1 }
        }
        var start = end - bytes.count
        while start >= searchStart {
            if text[start..<(start + bytes.count)].elementsEqual(bytes),
               start == 0 || !isIdentifierByte(text[start - 1]) || !isIdentifierByte(bytes[0]),
               start + bytes.count == text.count || !isIdentifierByte(text[start + bytes.count]) || !isIdentifierByte(bytes[bytes.count - 1]) {
                return start
            }
            start -= 1
        }
        return nil
    }

    /// The token a message names: its first `'…'` ("Unexpected token ','", "Unexpected keyword
    /// 'let'"), or the keyword it is about.
    static func namedToken(in message: String) -> String? {
        if let open = message.firstIndex(of: "'") {
            let rest = message[message.index(after: open)...]
            // "Unexpected token '''": the quote itself.
            if rest.hasPrefix("''") { return "'" }
            if let close = rest.firstIndex(of: "'"), close > rest.startIndex { return String(rest[..<close]) }
        }
        // "Cannot reference undeclared private names: \"#x\""
        if let open = message.firstIndex(of: "\""), let close = message[message.index(after: open)...].firstIndex(of: "\""),
           close > message.index(after: open) {
            return String(message[message.index(after: open)..<close])
        }
        for keyword in ["new.target", "import.meta", "__proto__", "super", "constructor", "yield", "await", "arguments", "eval", "return"] where message.contains(keyword) {
            return keyword
        }
        return nil
    }

    /// The bytes of 1-based `line`, as JavaScriptCore counts lines (LF, CR, CRLF, U+2028, U+2029),
    /// without its terminator.
    static func lineRange(_ line: Int, in text: [UInt8]) -> Range<Int>? {
        var current = 1, start = 0, index = 0
        while index < text.count {
            let byte = text[index]
            var terminator = 0
            if byte == 0x0A {
                terminator = 1
            } else if byte == 0x0D {
                terminator = index + 1 < text.count && text[index + 1] == 0x0A ? 2 : 1
            } else if byte == 0xE2, index + 2 < text.count, text[index + 1] == 0x80, text[index + 2] == 0xA8 || text[index + 2] == 0xA9 {
                terminator = 3
            }
            if terminator > 0 {
                if current == line { return start..<index }
                current += 1
                index += terminator
                start = index
            } else {
                index += 1
            }
        }
        return current == line ? start..<text.count : nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C }
    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x24 || byte >= 0x80
    }

    // MARK: - The engine

    /// JavaScriptCore's line (1-based) and message for `text`, or nil when it parses.
    static func rawCheck(_ text: ArraySlice<UInt8>, goal: Goal) -> (line: Int, message: String)? {
        #if canImport(CJavaScriptCore)
        let context = ContextPool.shared.take()
        defer { ContextPool.shared.put(context) }
        var exception: UnsafeMutablePointer<JSCException>?
        let result = text.withUnsafeBufferPointer { buffer -> JSCCheckSyntaxResult in
            // An empty text: a pointer to a NUL byte, since the API wants a string.
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    jsc_context_check_syntax(
                        context, $0, gssize(buffer.count), goal == .module ? JSC_CHECK_SYNTAX_MODE_MODULE : JSC_CHECK_SYNTAX_MODE_SCRIPT,
                        "", 1, &exception)
                }
            } ?? jsc_context_check_syntax(context, "", 0, goal == .module ? JSC_CHECK_SYNTAX_MODE_MODULE : JSC_CHECK_SYNTAX_MODE_SCRIPT, "", 1, &exception)
        }
        guard let exception else {
            return result == JSC_CHECK_SYNTAX_RESULT_SUCCESS ? nil : (1, "JavaScriptCore refused the script")
        }
        defer { g_object_unref(exception) }
        let message = jsc_exception_get_message(exception).map { String(cString: $0) } ?? "JavaScriptCore refused the script"
        return (max(1, Int(jsc_exception_get_line_number(exception))), message)
        #elseif canImport(JavaScriptCore)
        guard goal == .script else { return nil }
        let context = JSGlobalContextCreate(nil)
        defer { JSGlobalContextRelease(context) }
        let units = Array(String(decoding: text, as: UTF8.self).utf16)
        let script = units.withUnsafeBufferPointer { JSStringCreateWithCharacters($0.baseAddress, $0.count) }
        defer { JSStringRelease(script) }
        var exception: JSValueRef?
        guard !JSCheckScriptSyntax(context, script, nil, 1, &exception) else { return nil }
        guard let exception, let object = JSValueToObject(context, exception, nil) else { return (1, "JavaScriptCore refused the script") }
        func property(_ name: String) -> JSValueRef? {
            let key = JSStringCreateWithUTF8CString(name)
            defer { JSStringRelease(key) }
            return JSObjectGetProperty(context, object, key, nil)
        }
        var message = "JavaScriptCore refused the script"
        if let value = property("message"), let string = JSValueToStringCopy(context, value, nil) {
            defer { JSStringRelease(string) }
            let length = JSStringGetMaximumUTF8CStringSize(string)
            var buffer = [CChar](repeating: 0, count: length)
            JSStringGetUTF8CString(string, &buffer, length)
            message = String(cString: buffer)
        }
        let line = property("line").map { JSValueToNumber(context, $0, nil) } ?? 1
        return (max(1, Int(line.isFinite ? line : 1)), message)
        #else
        return nil
        #endif
    }
}

#if canImport(CJavaScriptCore)
/// JavaScriptCore contexts for the checks, each used by one thread at a time (a context is a
/// virtual machine of its own, and making one costs about half a millisecond). They live as
/// long as the process.
private final class ContextPool: @unchecked Sendable {
    static let shared = ContextPool()
    private let lock = NSLock()
    private var free: [UnsafeMutablePointer<JSCContext>] = []

    func take() -> UnsafeMutablePointer<JSCContext> {
        lock.lock()
        let context = free.popLast()
        lock.unlock()
        return context ?? jsc_context_new()
    }

    func put(_ context: UnsafeMutablePointer<JSCContext>) {
        lock.lock()
        free.append(context)
        lock.unlock()
    }
}
#endif
