import Foundation

/// The promise-resolver runtime injected before every user script.
///
/// The runtime is `Compile/Templates/hawser-runtime.js`, plain JavaScript embedded at compile
/// time, whose four placeholders (see `Template`) stand where JavaScript values go, so the file
/// is valid JavaScript, and a runtime with the defaults, before it is rendered:
///
/// - `/*@global*/"hawser"`: a JSON string literal, the name of the global the API is installed as.
/// - `/*@timeoutMs*/30000`: a number, the default `call` timeout in milliseconds (`0` = none).
/// - `/*@defaultTransport*/"reply"`: a JSON string literal, `"reply"` or `"settle"`.
/// - `/*@contract*/{}`: a JSON object, handler name → `{"kind", "transport"}`.
///
/// `render` is the one place that fills them. `Tests/Runtime/load-runtime.js` runs the runtime
/// that the built `hawser build` emits, so the node tests go through it too.
enum RuntimeTemplate {
    /// The runtime's template.
    static let template = Template(file: "hawser-runtime.js", bytes: PackageResources.hawser_runtime_js)

    /// The JavaScript source with placeholders.
    static var source: String { template.body }

    /// Renders the runtime. `contractJSON` is a JSON object literal mapping handler name →
    /// `{"kind":"message"|"request","transport":"reply"|"settle"}`, already serialized
    /// (deterministic, keys sorted) by the caller; an empty string stands for `{}`.
    /// `global` and `defaultTransport` are encoded here as JSON string literals; a negative
    /// `timeoutMs` is treated as `0` (no timeout). The result ends with exactly one newline.
    static func render(global: String, timeoutMs: Int, defaultTransport: String, contractJSON: String) -> String {
        // Without its comment lines (`CommentLines`), but for the opening ones that say what it
        // is: the runtime goes into every frame.
        let rendered = template.render(values(global: global, timeoutMs: timeoutMs, defaultTransport: defaultTransport, contractJSON: contractJSON))
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        let opening = lines.prefix { $0.hasPrefix("//") }
        var output = (opening + [Substring(CommentLines.removed(from: lines.dropFirst(opening.count).joined(separator: "\n")))]).joined(separator: "\n")
        while output.hasSuffix("\n") { output.removeLast() }
        return output + "\n"
    }

    /// The text of each placeholder, by name.
    static func values(global: String, timeoutMs: Int, defaultTransport: String, contractJSON: String) -> [String: String] {
        var contract = contractJSON.trimmingCharacters(in: .whitespacesAndNewlines)
        if contract.isEmpty { contract = "{}" }
        // Only legal inside JSON strings; escaped so the literal is valid in pre-ES2019 engines too.
        contract = contract
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
        return [
            "global": JSON.stringLiteral(global),
            "timeoutMs": String(max(0, timeoutMs)),
            "defaultTransport": JSON.stringLiteral(defaultTransport),
            "contract": contract,
        ]
    }
}
