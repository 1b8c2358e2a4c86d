import Foundation
@testable import HawserCore

/// A security review of what `hawser build` emits, as code: the rules a reviewer would apply
/// to every generated file, written so that a test runs them over every fixture's output and
/// the demo's committed `output/` (GeneratedCodeAuditTests).
///
/// Rules for the generated Swift:
/// - `forced`: no `try!`, `as!`, force unwrap (`x!`), `fatalError` or `precondition…` outside
///   comments and string literals (interpolations are code and are checked).
/// - `javascript-sink`: no `evaluateJavaScript` except with one fixed literal; every
///   `callAsyncJavaScript` runs a fixed literal that only calls a function with named
///   arguments, each of which the `arguments:` dictionary supplies; every `WKUserScript` source
///   is `script.source` of the static table, whose sources are fixed literals.
/// - `origins`: the generated `allowedOrigins` and `mainFrameOnly` of each handler are what the
///   config says; with generated registration, both WebKit entry points ask `refusal(of:for:)`
///   before anything is delivered, and the refusal checks the frame and the origin.
///
/// Rules for the JavaScript Hawser writes around and beside user scripts:
/// - `javascript-shape`: the wrapper of a user script is exactly its header line, the opening
///   line (with a location guard made only of ASCII regex tests of `location.href`), and the
///   three closing lines; no wrapper line holds a JavaScript line terminator (U+2028, U+2029, CR).
/// - `javascript-value`: in the runtime, the presets and the style-sheet scripts, every value the
///   build fills in sits inside a string literal (or is a validated number or JSON object): the
///   file, with string contents blanked, is its template with string contents blanked.
enum GeneratedCodeAudit {
    struct Finding: Equatable, CustomStringConvertible {
        var file: String
        var rule: String
        var detail: String
        var description: String { "\(file): [\(rule)] \(detail)" }
    }

    /// What the config says about one handler's callers.
    struct HandlerPolicy: Equatable {
        var origins: Set<String>
        var mainFrameOnly: Bool
    }

    /// The policy of every handler the config names, and the default for the others, read from
    /// `hawser.json` itself (not from Hawser's model, which the audit checks).
    struct Policy {
        var defaultOrigins: Set<String> = []
        var handlers: [String: HandlerPolicy] = [:]
        var registrationIsGenerated = false

        init(configJSON data: Data?) {
            guard let data, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return }
            func origins(_ value: Any?) -> Set<String> {
                Set(((value as? [String]) ?? []).map { Origin.normalize($0) ?? "invalid:\($0)" })
            }
            defaultOrigins = origins(object["allowedOrigins"])
            registrationIsGenerated = (object["registration"] as? String) == "generated"
            for (name, value) in (object["handlers"] as? [String: Any]) ?? [:] {
                let entry = value as? [String: Any] ?? [:]
                let own = origins(entry["origins"])
                handlers[name] = HandlerPolicy(
                    origins: own.isEmpty ? defaultOrigins : own, mainFrameOnly: (entry["mainFrameOnly"] as? Bool) ?? false)
            }
        }

        func policy(of handler: String) -> HandlerPolicy {
            handlers[handler] ?? HandlerPolicy(origins: defaultOrigins, mainFrameOnly: false)
        }
    }

    // MARK: - A whole build output

    /// Audits every file of a build output: `files` by path, as `hawser build` writes them.
    static func audit(files: [String: [UInt8]], configJSON: Data?) -> [Finding] {
        var findings: [Finding] = []
        let policy = Policy(configJSON: configJSON)
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".swift") {
            findings += auditSwift(String(decoding: bytes, as: UTF8.self), file: path, policy: policy)
        }
        guard let manifestBytes = files["manifest.json"],
              let manifest = try? JSONSerialization.jsonObject(with: Data(manifestBytes)) as? [String: Any],
              let scripts = manifest["scripts"] as? [[String: Any]]
        else {
            if files.keys.contains(where: { $0.hasSuffix(".js") }) {
                findings.append(Finding(file: "manifest.json", rule: "javascript-shape", detail: "scripts without a readable manifest"))
            }
            return findings
        }
        var seen = Set<String>()
        for entry in scripts {
            guard let file = entry["file"] as? String, seen.insert(file).inserted else { continue }
            guard let bytes = files[file] else {
                findings.append(Finding(file: file, rule: "javascript-shape", detail: "listed in the manifest but not emitted"))
                continue
            }
            let text = String(decoding: bytes, as: UTF8.self)
            switch entry["origin"] as? String {
            case "runtime": findings += auditRuntime(text, file: file)
            case "presets": findings += auditPresets(text, file: file, name: entry["name"] as? String ?? "")
            case "styleSheet": findings += auditStyleSheet(text, file: file)
            case "javaScript": findings += auditWrapper(text, file: file, name: entry["name"] as? String ?? "")
            default: findings.append(Finding(file: file, rule: "javascript-shape", detail: "unknown script origin"))
            }
        }
        return findings
    }

    // MARK: - Swift

    static func auditSwift(_ source: String, file: String, policy: Policy?) -> [Finding] {
        var findings: [Finding] = []
        func report(_ rule: String, _ detail: String, _ token: SwiftToken? = nil) {
            let at = token.map { "line \($0.line): " } ?? ""
            findings.append(Finding(file: file, rule: rule, detail: at + detail))
        }
        let all = SwiftLexer.tokenize(Array(source.utf8))
        let tokens = all.filter { !$0.isComment }
        let withInterpolations = codeTokens(all)

        // forced
        for (index, token) in withInterpolations.enumerated() {
            if token.kind == .identifier, ["fatalError", "preconditionFailure", "precondition"].contains(token.text) {
                report("forced", "\(token.text)", token)
            }
            guard token.kind == .operatorSymbol, token.text.hasPrefix("!"), index > 0 else { continue }
            let previous = withInterpolations[index - 1]
            guard previous.range.upperBound == token.range.lowerBound else { continue }
            if previous.kind == .identifier, previous.text == "try" || previous.text == "as" {
                report("forced", "\(previous.text)!", token)
            } else if token.text != "!=" && token.text != "!==",
                      previous.kind == .identifier || previous.kind == .string || previous.kind == .number
                        || [")", "]", "}"].contains(previous.text) {
                report("forced", "force unwrap after '\(previous.text.prefix(40))'", token)
            }
        }

        // javascript-sink
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            switch token.text {
            case "evaluateJavaScript":
                guard let argument = firstArgument(tokens, after: index), argument.count == 1,
                      argument[0].kind == .string, !argument[0].hasInterpolation
                else {
                    report("javascript-sink", "evaluateJavaScript with a built string", token)
                    continue
                }
            case "callAsyncJavaScript":
                findings += checkCallAsync(tokens, at: index, file: file)
            case "WKUserScript":
                guard index + 1 < tokens.count, tokens[index + 1].text == "(" else { continue }
                let source = labeledArgument("source", in: tokens, callAt: index)
                let texts = source?.map(\.text) ?? []
                let isTable = texts == ["script", ".", "source"]
                let isLiteral = source?.count == 1 && source?[0].kind == .string && source?[0].hasInterpolation == false
                if !(isTable || isLiteral) {
                    report("javascript-sink", "WKUserScript(source: \(texts.joined())) is not a fixed source", token)
                }
            case "Script" where index + 1 < tokens.count && tokens[index + 1].text == "(":
                // An entry of the static table: its source is a fixed literal or a shared one.
                guard let source = labeledArgument("source", in: tokens, callAt: index) else { continue }
                if source.count == 1, source[0].kind == .string, !source[0].hasInterpolation { continue }
                if source.count == 1, source[0].kind == .identifier, isFixedLiteral(named: source[0].text, in: tokens) { continue }
                report("javascript-sink", "a script's source is not a fixed literal: \(source.map(\.text).joined().prefix(60))", token)
            default:
                continue
            }
        }

        if let policy { findings += checkOrigins(tokens, source: source, file: file, policy: policy) }
        return findings
    }

    /// Code tokens, without comments; the code inside string interpolations is lexed and
    /// included, so `"\(x!)"` is a force unwrap like `x!`.
    static func codeTokens(_ tokens: [SwiftToken]) -> [SwiftToken] {
        var out: [SwiftToken] = []
        for token in tokens where !token.isComment {
            out.append(token)
            guard token.kind == .string, token.hasInterpolation else { continue }
            for inner in interpolations(in: token) {
                out += codeTokens(SwiftLexer.tokenize(Array(inner.utf8)))
            }
        }
        return out
    }

    /// The code of each `\(…)` (or `\#(…)`) in a string literal token.
    static func interpolations(in token: SwiftToken) -> [String] {
        let bytes = Array(token.text.utf8)
        let opener = [UInt8(ascii: "\\")] + Array(repeating: UInt8(ascii: "#"), count: token.rawDepth) + [UInt8(ascii: "(")]
        var result: [String] = []
        var index = 0
        while index + opener.count <= bytes.count {
            guard Array(bytes[index..<index + opener.count]) == opener else { index += 1; continue }
            var depth = 1
            var end = index + opener.count
            var inString = false
            while end < bytes.count, depth > 0 {
                switch bytes[end] {
                case UInt8(ascii: "\""): inString.toggle()
                case UInt8(ascii: "(") where !inString: depth += 1
                case UInt8(ascii: ")") where !inString: depth -= 1
                default: break
                }
                end += 1
            }
            result.append(String(decoding: bytes[(index + opener.count)..<max(index + opener.count, end - 1)], as: UTF8.self))
            index = end
        }
        return result
    }

    /// The tokens of the first argument of the call whose name is at `index`, up to the first
    /// top-level comma or the closing parenthesis.
    static func firstArgument(_ tokens: [SwiftToken], after index: Int) -> [SwiftToken]? {
        guard index + 1 < tokens.count, tokens[index + 1].text == "(" else { return nil }
        return argument(tokens, from: index + 2)?.tokens
    }

    /// The tokens of one argument starting at `start`, and the index after it.
    private static func argument(_ tokens: [SwiftToken], from start: Int) -> (tokens: [SwiftToken], end: Int)? {
        var depth = 0
        var index = start
        while index < tokens.count {
            let text = tokens[index].text
            if tokens[index].kind == .punctuation {
                if ["(", "[", "{"].contains(text) { depth += 1 }
                if [")", "]", "}"].contains(text) {
                    if depth == 0 { return (Array(tokens[start..<index]), index) }
                    depth -= 1
                }
                if text == ",", depth == 0 { return (Array(tokens[start..<index]), index) }
            }
            index += 1
        }
        return nil
    }

    /// The value tokens of the argument labelled `label` of the call whose name is at `callAt`.
    static func labeledArgument(_ label: String, in tokens: [SwiftToken], callAt: Int) -> [SwiftToken]? {
        var index = callAt + 2
        while let (argumentTokens, end) = argument(tokens, from: index) {
            if argumentTokens.count >= 2, argumentTokens[0].text == label, argumentTokens[1].text == ":" {
                return Array(argumentTokens.dropFirst(2))
            }
            guard end < tokens.count, tokens[end].text == "," else { return nil }
            index = end + 1
        }
        return nil
    }

    /// Whether `name` is declared `let name = <literal without interpolation>`.
    static func isFixedLiteral(named name: String, in tokens: [SwiftToken]) -> Bool {
        for index in tokens.indices.dropLast(3) where tokens[index].text == "let" && tokens[index + 1].text == name {
            let value = tokens[index + 3]
            return tokens[index + 2].text == "=" && value.kind == .string && !value.hasInterpolation
                && (index + 4 == tokens.count || tokens[index + 4].isFirstOnLine || tokens[index + 4].text == "}")
        }
        return false
    }

    /// `callAsyncJavaScript("f(a, b)", arguments: ["a": …, "b": …], …)`, and nothing else.
    private static func checkCallAsync(_ tokens: [SwiftToken], at index: Int, file: String) -> [Finding] {
        let token = tokens[index]
        func finding(_ detail: String) -> [Finding] {
            [Finding(file: file, rule: "javascript-sink", detail: "line \(token.line): callAsyncJavaScript " + detail)]
        }
        guard let body = firstArgument(tokens, after: index), body.count == 1, body[0].kind == .string,
              !body[0].hasInterpolation, let text = body[0].stringValue
        else { return finding("runs a built string") }
        let identifier = "[A-Za-z_$][A-Za-z0-9_$]*"
        let shape = "^\(identifier)(\\.\(identifier))*\\(\\s*(\(identifier)(\\s*,\\s*\(identifier))*)?\\s*\\)$"
        guard text.range(of: shape, options: .regularExpression) != nil,
              let open = text.firstIndex(of: "(")
        else { return finding("runs '\(text)', which is not a call with named arguments") }
        let names = text[text.index(after: open)...].dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let arguments = labeledArgument("arguments", in: tokens, callAt: index) else {
            return finding("passes no arguments dictionary")
        }
        var keys = Set<String>()
        var depth = 0
        for (position, item) in arguments.enumerated() {
            if ["(", "["].contains(item.text) { depth += 1 }
            if [")", "]"].contains(item.text) { depth -= 1 }
            if depth == 1, item.kind == .string, position + 1 < arguments.count, arguments[position + 1].text == ":",
               let key = item.stringValue { keys.insert(key) }
        }
        let missing = names.filter { !keys.contains($0) }
        return missing.isEmpty ? [] : finding("names \(missing) that the arguments dictionary does not supply")
    }

    // MARK: - Origins and frames

    private static func checkOrigins(_ tokens: [SwiftToken], source: String, file: String, policy: Policy) -> [Finding] {
        var findings: [Finding] = []
        func report(_ detail: String) { findings.append(Finding(file: file, rule: "origins", detail: detail)) }

        // Handler case → handler name, from `public enum Handler: String … { case x = "name" … }`.
        var caseNames: [String: String] = [:]
        if let start = indexOf(["enum", "Handler", ":"], in: tokens), let (open, close) = braces(tokens, from: start) {
            var index = open
            while index + 3 < close {
                if tokens[index].text == "case", tokens[index + 2].text == "=", let raw = tokens[index + 3].stringValue {
                    caseNames[tokens[index + 1].identifier] = raw
                }
                index += 1
            }
        }
        guard !caseNames.isEmpty else { return [] }

        let origins = switchValues(named: "allowedOrigins", in: tokens).mapValues { values in
            Set(values.compactMap(\.stringValue))
        }
        let mainFrameOnly = switchValues(named: "mainFrameOnly", in: tokens).mapValues { $0.first?.text == "true" }
        for (caseName, handler) in caseNames.sorted(by: { $0.key < $1.key }) {
            let expected = policy.policy(of: handler)
            guard let actualOrigins = origins[caseName] ?? origins["*"],
                  let actualMainFrame = mainFrameOnly[caseName] ?? mainFrameOnly["*"]
            else {
                report("\(handler): no allowedOrigins or mainFrameOnly for it")
                continue
            }
            if actualOrigins != expected.origins {
                report("\(handler): allowedOrigins \(actualOrigins.sorted()), but the config allows \(expected.origins.sorted())")
            }
            if actualMainFrame != expected.mainFrameOnly {
                report("\(handler): mainFrameOnly \(actualMainFrame), but the config says \(expected.mainFrameOnly)")
            }
        }

        let code = squeezed(source)
        let refusalChecks = [
            "if handler.mainFrameOnly && !isMainFrame { return \"forbidden:",
            "if allowed.isEmpty || allowed.contains(where: { normalizedOrigin($0) == normalized }) { return nil }",
            "return \"forbidden:",
        ]
        for check in refusalChecks where !code.contains(check) {
            report("refusal(for:origin:isMainFrame:) lacks `\(check)`")
        }
        guard policy.registrationIsGenerated else { return findings }
        if !code.contains("origin: self.origin(protocol: origin.protocol, host: origin.host, port: origin.port), isMainFrame: frame.isMainFrame)") {
            report("refusal(of:for:) does not pass the message's frame origin and isMainFrame")
        }
        // Each entry point of the message proxy: the refusal comes before any delivery.
        let entries = code.components(separatedBy: "func userContentController(").dropFirst()
        if entries.count != 2 { report("expected two userContentController entry points, found \(entries.count)") }
        for entry in entries {
            let refusal = entry.range(of: "refusal(of: message, for: handler)")
            let deliver = entry.range(of: "deliver(")
            if refusal == nil || deliver == nil || refusal!.lowerBound > deliver!.lowerBound {
                report("a userContentController entry point delivers without asking refusal(of:for:) first")
            }
        }
        return findings
    }

    /// Case name → the value tokens a `public var NAME: … { switch self { case .a, .b: return V … } }`
    /// (or `{ return V }`) gives each handler case. A plain `return V` applies to every case (key "*").
    private static func switchValues(named name: String, in tokens: [SwiftToken]) -> [String: [SwiftToken]] {
        guard let start = indexOf(["var", name, ":"], in: tokens), let (open, close) = braces(tokens, from: start) else { return [:] }
        var result: [String: [SwiftToken]] = [:]
        var index = open + 1
        var pending: [String] = []
        var sawCase = false
        while index < close {
            let token = tokens[index]
            if token.text == "case" { pending = []; sawCase = true }
            else if token.text == ".", index + 1 < close, sawCase, tokens[index + 1].kind == .identifier {
                pending.append(tokens[index + 1].identifier)
            } else if token.text == "return" {
                var end = index + 1
                while end < close, !(tokens[end].text == "case" || (tokens[end].text == "}" && tokens[end].isFirstOnLine)) { end += 1 }
                let value = Array(tokens[(index + 1)..<end]).filter { $0.kind != .punctuation || $0.text == "true" }
                for caseName in sawCase ? pending : ["*"] { result[caseName] = value }
                pending = []
                index = end
                continue
            }
            index += 1
        }
        return result
    }

    private static func indexOf(_ sequence: [String], in tokens: [SwiftToken]) -> Int? {
        guard tokens.count >= sequence.count else { return nil }
        return (0...(tokens.count - sequence.count)).first { start in
            sequence.indices.allSatisfy { tokens[start + $0].text == sequence[$0] }
        }
    }

    /// The indices of the first `{` at or after `start` and of its matching `}`.
    private static func braces(_ tokens: [SwiftToken], from start: Int) -> (Int, Int)? {
        guard let open = tokens[start...].firstIndex(where: { $0.text == "{" }) else { return nil }
        var depth = 0
        for index in open..<tokens.count {
            if tokens[index].text == "{" { depth += 1 }
            if tokens[index].text == "}" { depth -= 1; if depth == 0 { return (open, index) } }
        }
        return nil
    }

    /// `source` with every run of whitespace made one space, so checks do not depend on layout.
    static func squeezed(_ source: String) -> String {
        source.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    // MARK: - JavaScript

    /// Characters that end a line in JavaScript besides LF: inside a `//` comment they would end
    /// it, and whatever follows would run.
    static let lineTerminators: Set<Unicode.Scalar> = ["\r", "\u{2028}", "\u{2029}"]

    static func hasLineTerminator(_ line: Substring) -> Bool {
        line.unicodeScalars.contains { lineTerminators.contains($0) }
    }

    /// `// Generated by Hawser[ from PATH]. Do not edit.` on one line.
    static func headerProblem(_ line: Substring) -> String? {
        if hasLineTerminator(line) { return "the header line holds a JavaScript line terminator" }
        guard line.hasPrefix("// \(GeneratedHeader.marker)"), line.hasSuffix(". Do not edit.") else {
            return "the first line is not the generated header: \(line.prefix(80))"
        }
        return nil
    }

    /// The guard condition of a wrapper: regex literals of printable ASCII tested against
    /// `location.href`, joined by `!`, `&&`, `||` and parentheses; nil when it is one.
    static func guardProblem(_ condition: String) -> String? {
        let test = #"/(?:\\[\x20-\x7E]|[\x20-\x2E\x30-\x5B\x5D-\x7E])+/i?\.test\(location\.href\)"#
        let rest = condition.replacingOccurrences(of: test, with: "T", options: .regularExpression)
        return rest.range(of: #"^[T()!&| ]+$"#, options: .regularExpression) == nil ? "the location guard is not only regex tests: \(condition.prefix(120))" : nil
    }

    /// A user script's wrapper (or the header and trailer of an `@unwrap` script).
    static func auditWrapper(_ text: String, file: String, name: String) -> [Finding] {
        var problems: [String] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // A script emitted as written has the header, its source and the trailer; a wrapper two lines more.
        guard lines.count >= 3, lines.last == "" else {
            return [Finding(file: file, rule: "javascript-shape", detail: "too short to be a user script")]
        }
        if let problem = headerProblem(lines[0]) { problems.append(problem) }
        // A source whose last line ends in a lone CR shares the trailer's LF line.
        let trailer = lines[lines.count - 2].split(separator: "\r", omittingEmptySubsequences: false).last ?? ""
        if hasLineTerminator(trailer) || !trailer.hasPrefix("//# sourceURL=") {
            problems.append("the last line is not one `//# sourceURL=` line: \(trailer.prefix(80))")
        }
        let opening = String(lines[1])
        if let (strict, problem) = openingProblem(opening) {
            if let problem { problems.append(problem) }
            guard lines.count >= 5 else {
                return [Finding(file: file, rule: "javascript-shape", detail: "too short to be a wrapped script")]
            }
            // A source whose last line ends in a lone CR shares the catch line's LF line.
            let catchLine = String(lines[lines.count - 4].split(separator: "\r", omittingEmptySubsequences: false).last ?? "")
            let prefix = "} catch (error) { console.error(", suffix = ", error); }"
            if catchLine.hasPrefix(prefix), catchLine.hasSuffix(suffix), !hasLineTerminator(Substring(catchLine)) {
                let literal = String(catchLine.dropFirst(prefix.count).dropLast(suffix.count))
                let decoded = try? JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed) as? String
                if decoded != "[hawser] user script \"\(name)\" failed:" {
                    problems.append("the catch line's message is not the JSON literal of the script's name: \(literal.prefix(80))")
                }
            } else {
                problems.append("the catch line is not the wrapper's: \(catchLine.prefix(80))")
            }
            let closing = strict ? "}).call(this);" : "})();"
            if lines[lines.count - 3] != closing { problems.append("the wrapper does not end with `\(closing)`") }
        }
        // Otherwise a script emitted as written: the source between the header and the trailer.
        return problems.map { Finding(file: file, rule: "javascript-shape", detail: $0) }
    }

    /// For a wrapper's opening line, whether it repeats `"use strict"` and the first problem
    /// with it (nil when it is `ScriptTemplates.wrap`'s shape: an optional directive, an
    /// optional guard of regex tests, `try {`, and an optional publication of accessors whose
    /// getters return the name they define); nil for a line that is no wrapper's (the script
    /// is emitted as written).
    static func openingProblem(_ opening: String) -> (strict: Bool, problem: String?)? {
        var rest = Substring(opening)
        if rest.hasPrefix("(function () {") {
            rest = rest.dropFirst("(function () {".count)
        } else if rest.hasPrefix("(async function () {") {
            rest = rest.dropFirst("(async function () {".count)
        } else if rest.hasPrefix("(function ()") || rest.hasPrefix("(async function ()") {
            return (false, "the opening line is not the wrapper's: \(opening.prefix(120))")
        } else {
            return nil
        }
        let strict = rest.hasPrefix(" \"use strict\";")
        if strict { rest = rest.dropFirst(" \"use strict\";".count) }
        if rest.hasPrefix(" if (!(") {
            guard let end = rest.range(of: ")) { return; } try {") else {
                return (strict, "the opening line is not the wrapper's: \(opening.prefix(120))")
            }
            if let problem = guardProblem(String(rest[rest.index(rest.startIndex, offsetBy: " if (!(".count)..<end.lowerBound])) {
                return (strict, problem)
            }
            rest = " try {" + rest[end.upperBound...]
        }
        guard rest.hasPrefix(" try {") else { return (strict, "the opening line is not the wrapper's: \(opening.prefix(120))") }
        rest = rest.dropFirst(" try {".count)
        if rest.isEmpty { return (strict, nil) }
        let publish = " Object.defineProperties(globalThis, { ", end = " });"
        guard rest.hasPrefix(publish), rest.hasSuffix(end) else {
            return (strict, "the opening line holds more than the publication of the script's names: \(rest.prefix(120))")
        }
        // Each property: `NAME: { get() { return NAME; }, set(P) { … }, configurable: true }`.
        let property = #"(?:[A-Za-z_$][A-Za-z0-9_$]*|\["__proto__"\]): \{ get\(\) \{ return [A-Za-z_$][A-Za-z0-9_$]*; \}, set\((?:value|v)\) \{ (?:[A-Za-z_$][A-Za-z0-9_$]* = (?:value|v);|throw new TypeError\("[^"\\]*"\);) \}, configurable: true \}"#
        let body = rest.dropFirst(publish.count).dropLast(end.count)
        if body.range(of: "^\(property)(?:, \(property))*$", options: .regularExpression) == nil {
            return (strict, "the publication is not only accessors of the script's names: \(body.prefix(120))")
        }
        return (strict, nil)
    }

    static func auditRuntime(_ text: String, file: String) -> [Finding] {
        var findings: [Finding] = []
        func report(_ detail: String) { findings.append(Finding(file: file, rule: "javascript-value", detail: detail)) }
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        if let problem = headerProblem(lines[0]) { report(problem) }
        var filled = lines.count > 1 ? String(lines[1]) : ""
        // The last line names the runtime in Web Inspector.
        if let trailer = filled.dropLast().lastIndex(of: "\n"), filled[filled.index(after: trailer)...].hasPrefix("//# sourceURL=") {
            if hasLineTerminator(filled[trailer...]) { report("the sourceURL line holds a JavaScript line terminator") }
            filled = String(filled[...trailer])
        }
        // The two values that are not string literals: a whole number and a JSON object.
        if let range = filled.range(of: #"const CONFIGURED_TIMEOUT_MS = [0-9]+;"#, options: .regularExpression) {
            filled.replaceSubrange(range, with: "const CONFIGURED_TIMEOUT_MS = 0;")
        } else {
            report("the timeout is not a whole number")
        }
        if let range = filled.range(of: "const CONFIGURED_CONTRACT = "),
           let end = filled[range.upperBound...].range(of: ";\n") {
            let json = String(filled[range.upperBound..<end.lowerBound])
            if hasLineTerminator(Substring(json)) || !(((try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]) != nil) {
                report("the contract is not a JSON object without line terminators: \(json.prefix(80))")
            }
            filled.replaceSubrange(range.upperBound..<end.lowerBound, with: "{}")
        } else {
            report("the contract constant is missing")
        }
        let template = RuntimeTemplate.render(global: "", timeoutMs: 0, defaultTransport: "", contractJSON: "{}")
        if let problem = blankedDifference(filled, template) { report("the runtime differs from its template outside string literals: \(problem)") }
        return findings
    }

    static func auditPresets(_ text: String, file: String, name: String) -> [Finding] {
        // The presets hold no value from the project but the choice of presets: compare with
        // every combination's rendering, blanked.
        let all = NativeFeelPreset.allCases
        let combinations = (1..<(1 << all.count)).map { mask in all.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element) }
        if combinations.contains(where: { blankedDifference(text, ScriptTemplates.nativeFeel($0, name: name)) == nil }) { return [] }
        return [Finding(file: file, rule: "javascript-value", detail: "the presets script is no rendering of its templates")]
    }

    static func auditStyleSheet(_ text: String, file: String) -> [Finding] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 3 else { return [Finding(file: file, rule: "javascript-shape", detail: "too short to be a style sheet script")] }
        var problems: [String] = []
        if let problem = headerProblem(lines[0]) { problems.append(problem) }
        var guardCondition: String?
        let guardLine = String(lines[2])
        if guardLine.hasPrefix("  if (!("), guardLine.hasSuffix(")) { return; }") {
            let condition = String(guardLine.dropFirst("  if (!(".count).dropLast(")) { return; }".count))
            if let problem = guardProblem(condition) { problems.append(problem) }
            guardCondition = condition
        }
        let sourceURL = lines[lines.count - 2]
        let source = sourceURL.hasPrefix("//# sourceURL=") ? String(sourceURL.dropFirst("//# sourceURL=".count)) : nil
        if hasLineTerminator(sourceURL) { problems.append("the sourceURL line holds a JavaScript line terminator") }
        var expected = ScriptTemplates.styleSheet(css: "", name: "", sourcePath: source, guardCondition: guardCondition)
        // The header names the same source; it was checked above, so take it as written.
        expected = String(lines[0]) + expected.drop { $0 != "\n" }
        if let problem = blankedDifference(text, expected) {
            problems.append("the style sheet script differs from its template outside string literals: \(problem)")
        }
        return problems.map { Finding(file: file, rule: $0.hasPrefix("the style sheet script differs") ? "javascript-value" : "javascript-shape", detail: $0) }
    }

    /// Nil when `a` and `b` are the same JavaScript once every string literal's contents are
    /// removed; otherwise the first line where they differ.
    static func blankedDifference(_ a: String, _ b: String) -> String? {
        let left = blankingStrings(a).split(separator: "\n", omittingEmptySubsequences: false)
        let right = blankingStrings(b).split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? left[index] : "(end)", r = index < right.count ? right[index] : "(end)"
            if l != r { return "line \(index + 1): `\(l.prefix(100))` where the template has `\(r.prefix(100))`" }
        }
        return nil
    }

    /// JavaScript with the contents of `"…"`, `'…'` and `` `…` `` literals removed; comments and
    /// regex literals are kept as they are (and skipped, so a quote in them starts nothing).
    static func blankingStrings(_ source: String) -> String {
        let chars = Array(source.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        var lastSignificant: Unicode.Scalar = "("
        func copy(while condition: (Int) -> Bool) {
            while index < chars.count, condition(index) { out.append(chars[index]); index += 1 }
        }
        while index < chars.count {
            let c = chars[index]
            let next: Unicode.Scalar? = index + 1 < chars.count ? chars[index + 1] : nil
            if c == "/", next == "/" {
                copy { chars[$0] != "\n" }
            } else if c == "/", next == "*" {
                var end = index + 2
                while end + 1 < chars.count, !(chars[end] == "*" && chars[end + 1] == "/") { end += 1 }
                end = min(chars.count, end + 2)
                out.append(contentsOf: chars[index..<end])
                index = end
            } else if c == "/", "(,=:[!&|?{};".unicodeScalars.contains(lastSignificant) {
                out.append(c); index += 1
                var inClass = false
                while index < chars.count, chars[index] != "\n" {
                    let r = chars[index]
                    out.append(r); index += 1
                    if r == "\\", index < chars.count { out.append(chars[index]); index += 1; continue }
                    if r == "[" { inClass = true } else if r == "]" { inClass = false } else if r == "/", !inClass { break }
                }
                lastSignificant = "/"
                continue
            } else if c == "\"" || c == "'" || c == "`" {
                out.append(c); index += 1
                while index < chars.count, chars[index] != c {
                    if chars[index] == "\\" { index += 1 }
                    index += 1
                }
                if index < chars.count { out.append(c); index += 1 }
                lastSignificant = "\""
                continue
            } else {
                out.append(c); index += 1
                if !c.properties.isWhitespace { lastSignificant = c }
                continue
            }
        }
        return String(out)
    }
}
