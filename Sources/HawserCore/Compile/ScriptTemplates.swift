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

    /// Wraps a user script: its own function scope, an optional location guard, and a
    /// `try/catch` that reports an exception under the script's name. The wrapper adds exactly
    /// two lines before the source (the header and the opening line), so a position in Web
    /// Inspector is the source file's position plus two lines; the source's bytes are kept as
    /// they are, line endings included (a leading `#!` alone becomes `//`).
    ///
    /// With `isAsync` (the script uses `await` at its top level, `TopLevelAwait`) the function is
    /// `async`: the `try/catch` then also catches a rejected `await`, and reports it the same way.
    /// Nothing else changes, so a script without top-level `await` is emitted as before.
    static func wrap(source text: String, name: String, sourcePath: String, guardCondition: String?, isAsync: Bool = false) -> String {
        var out = header(source: sourcePath)
        out += isAsync ? "(async function () {" : "(function () {"
        if let guardCondition { out += " if (!(\(guardCondition))) { return; }" }
        out += " try {\n"
        // A `#!` line is only valid at the very start of a script; inside the wrapper it becomes
        // a comment of the same length, so positions do not move.
        out += text.hasPrefix("#!") ? "//" + text.dropFirst(2) : text
        if !text.hasSuffix("\n") && !text.hasSuffix("\r") { out += "\n" }
        out += "} catch (error) { console.error(\(JSON.stringLiteral("[hawser] user script \"\(name)\" failed:")), error); }\n"
        out += "})();\n"
        out += sourceURL(sourcePath)
        return out
    }

    /// A bundled entry (`ModuleLinker`): its modules in the wrapper of `wrap`, then the source
    /// map, inline as a `data:` URL after the `sourceURL` (a user script has no URL a map file
    /// could be loaded from). The map's positions count the wrapper's two lines.
    static func wrapBundle(_ bundle: ModuleBundle, name: String, sourcePath: String, guardCondition: String?) -> String {
        var out = wrap(source: bundle.map.text, name: name, sourcePath: sourcePath, guardCondition: guardCondition, isAsync: bundle.usesTopLevelAwait)
        let map = bundle.map.json(file: sourcePath, lineOffset: bundleLineOffset)
        out += "//# sourceMappingURL=data:application/json;charset=utf-8;base64," + SourceMapBuilder.base64Encoded(Array(map.utf8)) + "\n"
        return out
    }

    /// The lines `wrap` puts before the source: the header and the function's opening line.
    static let bundleLineOffset = 2

    /// How many lines a compiled script has before its source's first line: two in the wrapper
    /// (the header and the function's opening line), one when `@unwrap`ped (the header).
    static func linesBeforeSource(of script: CompiledScript) -> Int {
        guard let source = script.source else { return 0 }
        return script.text.hasPrefix(header(source: source) + "(") ? 2 : 1
    }

    /// A script injected as written (`@unwrap`), with only the header line and the trailer.
    static func unwrapped(source text: String, sourcePath: String) -> String {
        var out = header(source: sourcePath) + text
        if !text.hasSuffix("\n") && !text.hasSuffix("\r") { out += "\n" }
        return out + sourceURL(sourcePath)
    }

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
