/// The JavaScript that the build writes around and beside the user's scripts. Every emitted
/// file starts with the same one-line header. The longer pieces are JavaScript files of the
/// package, embedded at compile time (`Compile/Templates/`, see `Template`).
enum ScriptTemplates {
    /// `Templates/style-sheet.js`: statements that add the style sheet `css` as
    /// `<style data-hawser="NAME">` once the document element exists.
    static let styleSheetTemplate = Template(file: "style-sheet.js", bytes: PackageResources.style_sheet_js)

    /// `Templates/viewport-preset.js`: the statements of the `viewport` preset, which locks the
    /// scale with one viewport meta tag.
    static let viewportTemplate = Template(file: "viewport-preset.js", bytes: PackageResources.viewport_preset_js)

    /// The first line of every emitted script.
    static func header(source: String?) -> String {
        GeneratedHeader.line(.lineComment, from: source) + "\n"
    }

    /// The trailer that names the script in Web Inspector.
    static func sourceURL(_ name: String) -> String { "//# sourceURL=\(GeneratedHeader.commentSafe(name))\n" }

    /// A classic user script without a location guard and without top-level `await` (or one
    /// marked `@unwrap`), injected as written: the header line, the source, the trailer. WebKit
    /// then gives it exactly its own semantics (strictness, `this`, hoisting, and top-level
    /// declarations that are globals of the world, callable from native
    /// `evaluateJavaScript` and from the world's other scripts). The source's bytes are kept as
    /// they are, line endings included; a leading `#!` alone becomes `//`, since the header line
    /// comes first. One line before the source (`topLevelLineOffset`).
    static func topLevel(source text: String, sourcePath: String) -> String {
        let header = header(source: sourcePath), trailer = sourceURL(sourcePath)
        // Made at its size: appending to a string that grows as it goes would leave up to half
        // of a large script's storage unused, for as long as the script is kept.
        var out = ""
        out.reserveCapacity(header.utf8.count + text.utf8.count + 1 + trailer.utf8.count)
        out += header
        out += text.hasPrefix("#!") ? "//" + text.dropFirst(2) : text
        if !text.hasSuffix("\n") && !text.hasSuffix("\r") { out += "\n" }
        out += trailer
        return out
    }

    /// The lines `topLevel` puts before the source: the header.
    static let topLevelLineOffset = 1

    /// Wraps a user script that needs a function: one with a location guard (`@match`,
    /// `@exclude-match`), or with top-level `await` (`isAsync`, `TopLevelAwait`: the function is
    /// `async`), and a bundled entry. A `try/catch` reports an exception (or a rejected `await`)
    /// under the script's name. The wrapper adds exactly two lines before the source (the header
    /// and the opening line, `wrappedLineOffset`), so a position in Web Inspector is the source
    /// file's position plus two lines; the source's bytes are kept as they are, line endings
    /// included (a leading `#!` alone becomes `//`).
    ///
    /// What the wrapping would change is put back on the opening line, so no source line moves:
    /// a `"use strict"` directive prologue (`topLevel.isStrict`) is repeated as the function's
    /// own directive, and the function is called with the script's `this`; and each top-level
    /// declaration is published to the global object from inside the `try` block the
    /// declarations live in (`publication`), as WebKit makes them globals of a script injected
    /// as written. A bundled entry passes no `topLevel`: a module's top level is its own scope.
    static func wrap(
        source text: String, name: String, sourcePath: String, guardCondition: String?, isAsync: Bool = false,
        topLevel: TopLevelBindings = TopLevelBindings()
    ) -> String {
        // Made at about its size (the wrapper's lines are short), as `topLevel` is.
        var out = ""
        out.reserveCapacity(text.utf8.count + 512)
        out += header(source: sourcePath)
        out += isAsync ? "(async function () {" : "(function () {"
        if topLevel.isStrict { out += " \"use strict\";" }
        if let guardCondition { out += " if (!(\(guardCondition))) { return; }" }
        out += " try {" + publication(topLevel.declarations) + "\n"
        // A `#!` line is only valid at the very start of a script; inside the wrapper it becomes
        // a comment of the same length, so positions do not move.
        out += text.hasPrefix("#!") ? "//" + text.dropFirst(2) : text
        if !text.hasSuffix("\n") && !text.hasSuffix("\r") { out += "\n" }
        out += "} catch (error) { console.error(\(JSON.stringLiteral("[hawser] user script \"\(name)\" failed:")), error); }\n"
        // A strict function called plainly has `this` undefined; a script's top level has the global `this`.
        out += topLevel.isStrict ? "}).call(this);\n" : "})();\n"
        out += sourceURL(sourcePath)
        return out
    }

    /// The lines `wrap` puts before the source: the header and the function's opening line.
    static let wrappedLineOffset = 2

    /// The names that the global object holds as non-configurable own properties in WebKit, so
    /// no accessor can replace them (defining one would throw): a script that declares one
    /// inside the wrapper keeps it local, as `var` of these names changes nothing unwrapped
    /// either. `arguments` inside the wrapper is the function's own.
    static let unpublishedNames: Set<String> = ["window", "document", "location", "top", "undefined", "NaN", "Infinity", "arguments"]

    /// The statement that publishes `declarations` (a wrapped script's top-level names) on the
    /// global object, with a leading space; empty when there are none. Each name becomes an
    /// accessor property of `globalThis` whose getter reads the binding (so a read in its
    /// temporal dead zone throws, and a later assignment is seen, as of a real global), whose
    /// setter assigns it (`var`, `let`, `function`) or throws a `TypeError` (`const`, `class`),
    /// and which is configurable. It runs first in the `try` block, where function declarations
    /// are already hoisted, so they can be called at once.
    static func publication(_ declarations: [TopLevelDeclaration]) -> String {
        let published = declarations.filter { !unpublishedNames.contains($0.name) }
        guard !published.isEmpty else { return "" }
        let properties = published.map { declaration -> String in
            let name = declaration.name
            // `__proto__:` in an object literal would set the prototype; a computed key does not.
            let key = name == "__proto__" ? "[\"__proto__\"]" : name
            // The setter's parameter must not be the name it assigns.
            let value = name == "value" ? "v" : "value"
            let setter = declaration.isConstant
                ? "set(\(value)) { throw new TypeError(\(JSON.stringLiteral("Assignment to constant variable '\(name)'."))); }"
                : "set(\(value)) { \(name) = \(value); }"
            return "\(key): { get() { return \(name); }, \(setter), configurable: true }"
        }
        return " Object.defineProperties(globalThis, { " + properties.joined(separator: ", ") + " });"
    }

    /// A bundled entry (`ModuleLinker`): its modules in the wrapper of `wrap`, then, with
    /// `sourceMaps` `inline`, the source map as a `data:` URL after the `sourceURL` (a user
    /// script has no URL a map file could be loaded from). The map's positions count the
    /// wrapper's two lines.
    static func wrapBundle(
        _ bundle: ModuleBundle, name: String, sourcePath: String, guardCondition: String?, sourceMaps: HawserConfig.SourceMaps = .inline
    ) -> String {
        var out = wrap(source: bundle.map.text, name: name, sourcePath: sourcePath, guardCondition: guardCondition, isAsync: bundle.usesTopLevelAwait)
        guard sourceMaps == .inline else { return out }
        let map = bundle.map.jsonBytes(file: sourcePath, lineOffset: bundleLineOffset)
        out += "//# sourceMappingURL=data:application/json;charset=utf-8;base64," + SourceMapBuilder.base64Encoded(map) + "\n"
        return out
    }

    /// The lines `wrapBundle` puts before the bundle's text: those of `wrap`.
    static let bundleLineOffset = wrappedLineOffset

    /// A script that adds a `<style>` element holding `css`. It works at document start, before
    /// `<html>` exists, by waiting for the document element.
    static func styleSheet(css: String, name: String, sourcePath: String?, guardCondition: String?) -> String {
        var out = header(source: sourcePath)
        out += "(function () {\n"
        if let guardCondition { out += "  if (!(\(guardCondition))) { return; }\n" }
        out += styleInstaller(css: css, name: name)
        out += "})();\n"
        if let sourcePath { out += sourceURL(sourcePath) }
        return out
    }

    /// The statements of `styleSheetTemplate` for `css` and `name`, indented.
    private static func styleInstaller(css: String, name: String) -> String {
        indented(styleSheetTemplate.render(styleInstallerValues(css: css, name: name)))
    }

    /// The values of `styleSheetTemplate`'s placeholders.
    static func styleInstallerValues(css: String, name: String) -> [String: String] {
        ["css": JSON.stringLiteral(css), "name": JSON.stringLiteral(name)]
    }

    /// Each line of `statements` indented by two spaces, to sit inside a script's function.
    static func indented(_ statements: String) -> String {
        var lines = statements.split(separator: "\n", omittingEmptySubsequences: false)
        let endsWithNewline = lines.last == ""
        if endsWithNewline { lines.removeLast() }
        return lines.map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
    }

    /// The CSS of the style presets, in a fixed order.
    static func presetCSS(_ presets: [NativeFeelPreset]) -> String {
        var css = ""
        if presets.contains(.noSelection) {
            css += "* { -webkit-user-select: none; user-select: none; }\n"
            css += "input, textarea, [contenteditable], [contenteditable] * { -webkit-user-select: text; user-select: text; }\n"
        }
        if presets.contains(.noCallout) {
            css += "* { -webkit-touch-callout: none; }\n"
        }
        if presets.contains(.noDoubleTapZoom) {
            css += "* { touch-action: manipulation; }\n"
        }
        return css
    }

    /// The native-feel script: the viewport lock and the style presets.
    static func nativeFeel(_ presets: [NativeFeelPreset], name: String) -> String {
        var out = header(source: nil)
        out += "(function () {\n"
        if presets.contains(.viewport) {
            out += indented(viewportTemplate.render([:]))
        }
        let css = presetCSS(presets)
        if !css.isEmpty {
            out += styleInstaller(css: css, name: name)
        }
        out += "})();\n"
        out += sourceURL("hawser/\(name).js")
        return out
    }
}
