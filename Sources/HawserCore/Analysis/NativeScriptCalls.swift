/// Checks the calls native code makes into the page: the global functions that the JavaScript
/// of `evaluateJavaScript`, `callAsyncJavaScript` and `WKUserScript(source:)` calls by a bare
/// name (`evaluateJavaScript("hideClickedImage()")`), against the names the scripts and pages
/// define (`ScriptDefinition`).
///
/// - `unreachable-script-function`: the scripts define the name, but only where the page cannot
///   reach it: inside a function (an IIFE), in a block, or at the top level of a module (an ES
///   module or CommonJS module bundled into its own scope).
/// - `unknown-script-function`: no script defines the name, it is no well-known browser global,
///   and it is a near miss of a function the page can reach (did you mean …?).
///
/// Reachable: a top-level declaration of a classic script (a user script without module syntax,
/// whose top level `hawser build` keeps global), of a page's script or inline `<script>`, of
/// another evaluated snippet, and every assignment to `window.NAME`, `globalThis.NAME` or
/// `self.NAME`. A name no script defines is not reported without a near miss (the page itself
/// may define it), nor a member call (`document.foo()`), nor a name the snippet declares itself.
enum NativeScriptCalls {
    /// A script or page and whether its top level is its own scope (a module).
    struct Script {
        var facts: JavaScriptFacts
        var isModule: Bool
    }

    /// `embedded`: the JavaScript of every native string literal the front ends read, and
    /// whether native code runs it in the page (`EmbeddedScript.isEvaluated`): only those calls
    /// are checked, but what any of them declares counts as defined.
    static func check(scripts: [Script], embedded: [(facts: JavaScriptFacts, isEvaluated: Bool)]) -> [Diagnostic] {
        let evaluated = embedded.filter(\.isEvaluated).map(\.facts)
        guard !evaluated.isEmpty else { return [] }
        var reachable: Set<String> = []
        var reachableFunctions: Set<String> = []
        var defined: Set<String> = []
        var unreachable: [String: [(definition: ScriptDefinition, isModule: Bool)]] = [:]
        func add(_ definition: ScriptDefinition, isModule: Bool) {
            defined.insert(definition.name)
            let isReachable = definition.place == .global || (definition.place == .topLevel && !isModule)
            if isReachable {
                reachable.insert(definition.name)
                if definition.isFunction { reachableFunctions.insert(definition.name) }
            } else if definition.isFunction {
                unreachable[definition.name, default: []].append((definition, isModule))
            }
        }
        for script in scripts {
            for definition in script.facts.definitions { add(definition, isModule: script.isModule) }
        }
        // A snippet or injected source is a classic script of its own: what it declares at its
        // top level is global for the snippets run after it (a literal the scan does not see
        // evaluated may well be, through a helper of the app's).
        for snippet in embedded {
            for definition in snippet.facts.definitions { add(definition, isModule: false) }
        }
        let suggestions = NameSuggester.Index(reachableFunctions)

        var diagnostics: [Diagnostic] = []
        for snippet in evaluated {
            // Names the snippet declares anywhere: a call of one reaches the snippet's own.
            let own = Set(snippet.definitions.map(\.name))
            var seen: Set<SourceLocation> = []
            for call in snippet.calls {
                let name = call.callee
                guard isBareName(name), !own.contains(name), !reachable.contains(name),
                      !name.hasPrefix(EmbeddedScript.interpolationPrefix), seen.insert(call.location).inserted
                else { continue }
                if let hidden = unreachable[name]?.sorted(by: { $0.definition.location < $1.definition.location }), let first = hidden.first {
                    diagnostics.append(Diagnostic(
                        .unreachableScriptFunction, unreachableMessage(name, first.definition, isModule: first.isModule, others: hidden.count - 1),
                        at: call.location))
                } else if !defined.contains(name), !BrowserGlobals.names.contains(name), name.count >= 4,
                          let suggestion = suggestions.suggestion(for: name) {
                    diagnostics.append(Diagnostic(
                        .unknownScriptFunction,
                        "native code calls '\(name)', which no script defines\(NameSuggester.suffix(suggesting: suggestion))",
                        at: call.location, suggestion: suggestion))
                }
            }
        }
        return diagnostics
    }

    /// An identifier: no member path, no local key (`name@file:line:column`).
    private static func isBareName(_ callee: String) -> Bool {
        !callee.isEmpty && !callee.contains(".") && !callee.contains("@")
    }

    private static func unreachableMessage(_ name: String, _ definition: ScriptDefinition, isModule: Bool, others: Int) -> String {
        let place = "\(definition.location.file):\(definition.location.line)"
        let why: String
        switch definition.place {
        case .function: why = "is declared inside a function at \(place), so only that function can call it"
        case .block: why = "is declared inside a block at \(place), so only that block can call it"
        case .topLevel, .global:
            why = "is declared at the top level of a module at \(place), which has its own scope"
        }
        let more = others > 0 ? " (and \(others) more such definition\(others == 1 ? "" : "s"))" : ""
        let fix = isModule && definition.place == .topLevel
            ? "assign it to the page there (window.\(name) = \(name)), or declare it in a classic script"
            : "assign it to the page there (window.\(name) = …), or declare it at the top level of a classic script"
        return "native code calls '\(name)', which the page cannot reach: it \(why)\(more); \(fix)"
    }
}

/// Names of the browser's own globals that native code commonly calls in a page: never
/// reported as near misses of a script's function.
enum BrowserGlobals {
    static let names: Set<String> = [
        "alert", "atob", "blur", "btoa", "cancelAnimationFrame", "clearInterval", "clearTimeout", "close", "confirm",
        "createImageBitmap", "decodeURI", "decodeURIComponent", "dispatchEvent", "encodeURI", "encodeURIComponent",
        "escape", "eval", "fetch", "find", "focus", "getComputedStyle", "getSelection", "isFinite", "isNaN",
        "matchMedia", "moveBy", "moveTo", "open", "parseFloat", "parseInt", "postMessage", "print", "prompt",
        "queueMicrotask", "removeEventListener", "addEventListener", "requestAnimationFrame", "requestIdleCallback",
        "cancelIdleCallback", "resizeBy", "resizeTo", "scroll", "scrollBy", "scrollTo", "setInterval", "setTimeout",
        "stop", "structuredClone", "unescape", "Array", "Boolean", "Date", "Error", "JSON", "Map", "Number", "Object",
        "Promise", "Proxy", "Reflect", "RegExp", "Set", "String", "Symbol", "WeakMap", "WeakSet", "BigInt",
        "URL", "URLSearchParams", "Event", "CustomEvent",
    ]
}
