import TreeSitter

/// A place where a script uses a message handler: a `postMessage` call on it, or a reference
/// that is passed, returned or stored (its post happens elsewhere).
struct HandlerUse: Hashable, Sendable, Codable {
    /// How a script reaches the handler.
    enum Form: String, Hashable, Sendable, Codable {
        /// `….messageHandlers.NAME.postMessage(…)`, directly or through an alias.
        case postMessage
        /// A handler passed, returned or stored (its post happens elsewhere), or a method other
        /// than `postMessage` called on it.
        case reference
        /// `hawser.call("NAME", …)`: a request through the runtime.
        case call
        /// `hawser.post("NAME", …)`: a message through the runtime.
        case post
    }

    var name: String
    var location: SourceLocation
    /// Whether the result is used: `postMessage`'s result awaited, chained, assigned, returned
    /// or passed on; always true for `hawser.call`, false for references and `hawser.post`.
    var resultUsed: Bool
    var form: Form
    /// The payload passed at each call through this use (several for a single-handler alias
    /// called more than once); empty for references and the runtime's helpers.
    var payloads: [PayloadLiteral]

    /// Set when the name is written with placeholders the app fills in before injecting the
    /// script (a *templated use*); `name` is then the name as written, `%message_handler%`.
    var template: HandlerTemplate?

    init(
        name: String, location: SourceLocation, resultUsed: Bool, form: Form = .postMessage, payloads: [PayloadLiteral] = [],
        template: HandlerTemplate? = nil
    ) {
        self.name = name
        self.location = location
        self.resultUsed = resultUsed
        self.form = form
        self.payloads = payloads
        self.template = template
    }

    /// Whether the use goes through Hawser's runtime rather than `postMessage` itself.
    var isRuntimeUse: Bool { form == .call || form == .post }
}

/// A handler name written with placeholders (`placeholders` in `hawser.json`) that the app
/// fills in before injecting the script: `%message_handler%`, `$<message_handler>`, or
/// `Focus_{{id}}`.
struct HandlerTemplate: Hashable, Sendable, Codable {
    /// The name as written.
    var written: String
    /// Its placeholders, in order, with byte ranges in `written`; never empty.
    var placeholders: [PlaceholderOccurrence]

    /// The template of a handler name, or nil when the name has no placeholder. Besides the
    /// configured `forms`, a name that is, as a whole, one placeholder of a common form
    /// (`PlaceholderForm.common`: `%name%`, `$<name>`, `{{name}}`, `$name$`) is a template with
    /// or without a config: no app registers a handler spelled so.
    init?(_ name: String, forms: [PlaceholderForm]) {
        var placeholders = PlaceholderForm.occurrences(in: Array(name.utf8), forms: forms)
        if placeholders.isEmpty, let whole = PlaceholderForm.wholeCommonOccurrence(name) { placeholders = [whole] }
        guard !placeholders.isEmpty else { return nil }
        self.written = name
        self.placeholders = placeholders
    }
}

/// What the JavaScript front end extracts from one input file (a `.js` file, or all inline
/// scripts of an `.html` file).
struct JavaScriptFacts: Sendable, Codable {
    var file: String
    var uses: [HandlerUse]
    /// Findings of the front end itself: `syntax-error`, `dynamic-handler-name`,
    /// `unknown-handler-method`.
    var diagnostics: [Diagnostic]
    var suppressions: [Suppression]
    /// Functions through which a parameter names the handler (`WrapperFunction`).
    var wrappers: [WrapperFunction]
    /// Functions and handlers that a global name holds and that post to one handler
    /// (`HandlerWrapper`).
    var handlerWrappers: [HandlerWrapper]
    /// Calls of functions named by a path, whichever they are: the calls of wrappers among
    /// them are uses (`WrapperCalls` in the analysis pairs them across files).
    var calls: [FunctionCall]
    /// Whether the script uses `await` at its top level: an `await` expression, or a `for
    /// await` loop, that no function, arrow function, method, class field or class static block
    /// encloses. Such a script is valid only in an async scope, so the build wraps it in an
    /// async function (`ScriptCompiler`).
    var usesTopLevelAwait: Bool
    /// What the script's top level declares, and whether its directive prologue makes it strict:
    /// the build keeps these globals when it wraps the script (`ScriptTemplates.wrap`).
    var topLevel = TopLevelBindings()
    /// Template literals whose text is HTML (`HTMLFragment`): the pipeline reads each as a page,
    /// its scripts and event attributes at their own positions, and merges what they hold into
    /// these facts (then empties this).
    var htmlFragments: [HTMLFragment] = []
    /// The names the script defines (`ScriptDefinition`): its declarations, at the top level
    /// and in functions and blocks, and the properties it assigns on the global object. Native
    /// calls into the page (`evaluateJavaScript("f()")`) are checked against them.
    var definitions: [ScriptDefinition] = []
    /// The top-level `const`s (exported or not) whose value is a string literal, by name: a
    /// module that imports one may name a handler with it (`ImportedConstant`).
    var constantStrings: [String: String] = [:]

    init(
        file: String, uses: [HandlerUse] = [], diagnostics: [Diagnostic] = [], suppressions: [Suppression] = [],
        wrappers: [WrapperFunction] = [], handlerWrappers: [HandlerWrapper] = [], calls: [FunctionCall] = [],
        usesTopLevelAwait: Bool = false
    ) {
        self.file = file
        self.uses = uses
        self.diagnostics = diagnostics
        self.suppressions = suppressions
        self.wrappers = wrappers
        self.handlerWrappers = handlerWrappers
        self.calls = calls
        self.usesTopLevelAwait = usesTopLevelAwait
    }

    /// Adds the facts of another script of the same file (an inline script of a page, HTML in a
    /// template literal). A template literal's HTML may be a fragment of a page that the rest of
    /// the code completes, so its syntax errors are dropped (`keepingSyntaxErrors: false`); top-level
    /// `await` is a fact of the file's own top level only.
    mutating func merge(_ other: JavaScriptFacts, keepingSyntaxErrors: Bool) {
        uses += other.uses
        diagnostics += keepingSyntaxErrors ? other.diagnostics : other.diagnostics.filter { $0.code != .syntaxError }
        suppressions += other.suppressions
        wrappers += other.wrappers
        handlerWrappers += other.handlerWrappers
        calls += other.calls
        htmlFragments += other.htmlFragments
        definitions += other.definitions
        if keepingSyntaxErrors { usesTopLevelAwait = usesTopLevelAwait || other.usesTopLevelAwait }
        if keepingSyntaxErrors { topLevel.declarations += other.topLevel.declarations }
    }
}

/// A name that a script's top level declares (`var`, `let`, `const`, `function`, `class`):
/// a global of its world when WebKit injects the script as written.
struct TopLevelDeclaration: Hashable, Sendable, Codable {
    enum Kind: String, Hashable, Sendable, Codable {
        case `var`, `let`, `const`, function, `class`
    }

    /// The name as written (an escape sequence in it kept as it is).
    var name: String
    var kind: Kind
    /// Where the name is declared.
    var location: SourceLocation

    /// A `let`, `const` or `class`: a global lexical binding, not a property of the global object.
    var isLexical: Bool { kind == .let || kind == .const || kind == .class }
    /// Whether assigning to the global is a `TypeError` (`const`, `class`).
    var isConstant: Bool { kind == .const || kind == .class }
}

/// The top level of one script, as the JavaScript front end's walk found it.
struct TopLevelBindings: Hashable, Sendable, Codable {
    /// In source order, each name once.
    var declarations: [TopLevelDeclaration] = []
    /// The directive prologue holds `"use strict"` (or `'use strict'`), so the script is strict.
    var isStrict = false
    /// The first `return` outside every function: valid only inside the build's wrapper, a
    /// SyntaxError in a script injected as written.
    var returnAt: SourceLocation? = nil
}

/// A JavaScript template literal whose text is an HTML document or fragment that may hold
/// JavaScript: `` `<button onclick="…">` ``, `` `<!DOCTYPE html>…<script>…</script>` ``. Its bytes
/// are the literal's raw text, one for one, with each `${…}` substitution filled with `_` (its
/// line breaks kept), so every position in it is where it is written.
struct HTMLFragment: Hashable, Sendable, Codable {
    var bytes: [UInt8]
    /// Where the text starts, just after the backtick, in the script's own coordinates (before
    /// any mapping into the file).
    var line: Int
    var column: Int

    /// The script point of a point of the fragment.
    func scriptPoint(_ point: SourcePoint) -> SourcePoint {
        SourcePoint(line: point.line + line - 1, column: point.column + (point.line == 1 ? column - 1 : 0))
    }

    /// Whether a template literal's text (`` ` `` excluded) is HTML that may hold JavaScript: it
    /// starts, after blanks, with a tag, a comment or a doctype, and somewhere opens a
    /// `<script` element or has an `on…=` attribute.
    static func isHTML(_ text: ArraySlice<UInt8>) -> Bool {
        guard let first = text.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }),
              text[first] == UInt8(ascii: "<"), first + 1 < text.endIndex else { return false }
        let next = text[first + 1] | 0x20
        guard (next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z")) || text[first + 1] == UInt8(ascii: "!") else { return false }
        let lower = text.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        return JavaScriptFrontEnd.contains(lower, Array("<script".utf8)) || containsEventAttribute(lower)
    }

    /// ` on` + letters + optional blanks + `=`, as an event-handler attribute starts.
    private static func containsEventAttribute(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i + 3 < bytes.count {
            defer { i += 1 }
            guard bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x09, bytes[i + 1] == UInt8(ascii: "o"), bytes[i + 2] == UInt8(ascii: "n") else { continue }
            var j = i + 3
            while j < bytes.count, bytes[j] >= UInt8(ascii: "a"), bytes[j] <= UInt8(ascii: "z") { j += 1 }
            guard j > i + 3 else { continue }
            while j < bytes.count, bytes[j] == 0x20 { j += 1 }
            if j < bytes.count, bytes[j] == UInt8(ascii: "=") { return true }
        }
        return false
    }
}

/// A function in which a parameter reaches the name of a `messageHandlers[…]` access: a
/// *wrapper* such as `$.postNativeMessage = function (name, message) { …messageHandlers[name]
/// .postMessage(message) }`. Its calls with a constant in that position are uses of that name.
/// A function that forwards its own parameter to a wrapper's is a wrapper too; that is found
/// across files, from `FunctionCall`s.
struct WrapperFunction: Hashable, Sendable, Codable {
    /// The names the function is called by (`FunctionCall.callee`).
    var keys: [String]
    /// The position of the parameter that names the handler.
    var parameter: Int
    /// Where the dynamic access is: its `dynamic-handler-name` warning no longer counts once
    /// every call of the wrapper is resolved.
    var access: SourceLocation
    /// Whether the wrapper calls `postMessage` through the access, and uses its result.
    var called: Bool
    var resultUsed: Bool
    /// The position of the parameter it posts as the message's body (`postMessage(message)`),
    /// when it posts one: each call's argument there is the use's payload.
    var payloadParameter: Int?
}

/// What a global name holds when it posts to one handler named by a constant, passing on one
/// of its parameters as the body: a function (`window.X = function (d) { …messageHandlers.H
/// .postMessage(d) }`, a top-level `function X(d) { … }`), a method of an object it holds
/// (`window.X = { postMessage(d) { … } }`, keyed `X.postMessage`), or the handler itself
/// (`window.X = window.webkit.messageHandlers.H`, keyed `X.postMessage`). The use at
/// `definition` is the handler's one use; each call of it by that name, in any script, adds its
/// payload to that use (`WrapperCalls`).
struct HandlerWrapper: Hashable, Sendable, Codable {
    /// The names it is called by (`FunctionCall.callee`): global names and member paths only.
    var keys: [String]
    var handler: String
    /// The use where the definition names the handler: once calls go through the wrapper, each
    /// of them is a use of its own, and this one is dropped (as an alias's declaration is).
    var definition: SourceLocation
    /// Whether the wrapper hands on `postMessage`'s result.
    var resultUsed: Bool
    /// The position of the parameter it posts as the body.
    var payloadParameter: Int
}

/// A call of a function named by an identifier or a member path, with its first arguments.
struct FunctionCall: Hashable, Sendable, Codable {
    /// The callee: a global name or member path as written (`$.postNativeMessage`, without a
    /// leading `window.`), or for a function declared in a local scope its name with the place
    /// of its declaration (`send@file.js:3:12`), so that only calls that reach it match. A
    /// method called through an instance of a known class is keyed by the class
    /// (`Transport.prototype.send`), as is a class's method (`HandlerUseCollector.callableKeys`).
    var callee: String
    /// Where the call starts: a `HandlerWrapper`'s use.
    var location: SourceLocation
    var arguments: [CallArgument]
    /// Whether the call's result is used (`HandlerUseCollector.isResultUsed`).
    var resultUsed: Bool
    /// The literal shape of each kept argument, for a call with a constant argument (which may
    /// be a wrapper's handler name), an object or array literal argument (which may be the body
    /// a `HandlerWrapper` posts), or of a method called `postMessage`; empty otherwise.
    var payloads: [PayloadLiteral] = []
    /// Whether the callee is a member path through a name bound in a local scope (a parameter
    /// `bridge` in `bridge.send(…)`): it may be any object, so it is no call of a
    /// `HandlerWrapper`, which global names hold.
    var throughLocalName = false
    /// How many arguments are kept: the handler-name parameter of a wrapper is one of the first.
    static let keptArguments = 4
}

/// One argument of a `FunctionCall`.
enum CallArgument: Hashable, Sendable, Codable {
    /// A string literal, or a constant the front end resolves to one.
    case string(String, SourceLocation)
    /// A parameter of the function the call is in (a function called by `keys`): the call
    /// forwards it.
    case parameter(keys: [String], index: Int)
    /// Anything else, with its text (shortened) for the `dynamic-handler-name` warning.
    case other(String, SourceLocation)
}
