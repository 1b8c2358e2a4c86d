/// What an input file is, by its name: the one place that decides which files each stage reads.
extension SourceFile {
    /// A `.css` file: injected as a style sheet, never parsed as JavaScript.
    var isStyleSheet: Bool { Self.isStyleSheet(path) }

    /// A `.js`, `.css` or TypeScript (`.ts`, `.mts`, `.cts`) file, which becomes an injected user
    /// script; `.html` pages are only linted, and JSX (`.jsx`, `.tsx`) is linted, never compiled.
    var isUserScript: Bool {
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".js") || lowercased.hasSuffix(".css") || (isTypeScript && !isJSX)
    }

    /// A TypeScript file (`.ts`, `.mts`, `.cts`, `.tsx`), not a declaration file (`.d.ts`): its
    /// text is stripped to JavaScript before any stage reads it (`TypeScriptSources`).
    var isTypeScript: Bool { Self.isTypeScript(path) }

    /// A `.jsx` or `.tsx` file: JavaScript or TypeScript with JSX, which is linted but not compiled.
    var isJSX: Bool { Self.isJSXPath(path) }

    /// Whether `path` names a JSX file (`.jsx`, `.tsx`).
    static func isJSXPath(_ path: String) -> Bool {
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".jsx") || lowercased.hasSuffix(".tsx")
    }

    /// An `.html` or `.htm` page, or a `.svelte` or `.vue` component (HTML-like, with its code in
    /// `<script>` elements): its inline scripts are linted.
    var isPage: Bool {
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".html") || lowercased.hasSuffix(".htm") || lowercased.hasSuffix(".svelte")
            || lowercased.hasSuffix(".vue")
    }

    /// An Objective-C (or C) file, read by the Objective-C front end: `.m`, `.mm` or `.h`.
    var isObjectiveCSource: Bool { Self.isObjectiveCSource(path) }

    static func isObjectiveCSource(_ path: String) -> Bool {
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".m") || lowercased.hasSuffix(".mm") || lowercased.hasSuffix(".h")
    }

    /// The file name without folders and extension.
    var baseName: String { Self.baseName(path) }

    /// A user script's default name: its path inside its scripts folder without the extension
    /// (`reader/index` for `reader/index.js`; `index` for a file directly in the folder).
    var scriptName: String {
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        guard let last = components.last else { return baseName }
        return (components.dropLast() + [Self.baseName(last)]).joined(separator: "/")
    }

    /// A file the JavaScript front end reads: `.js`, `.jsx`, and TypeScript once stripped.
    var isJavaScript: Bool {
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".js") || lowercased.hasSuffix(".jsx") || isTypeScript
    }

    /// A TypeScript file by its name (`.ts`, `.mts`, `.cts`, `.tsx`), not a declaration file.
    public static func isTypeScript(_ path: String) -> Bool {
        guard !isDeclarationFile(path) else { return false }
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".ts") || lowercased.hasSuffix(".mts") || lowercased.hasSuffix(".cts") || lowercased.hasSuffix(".tsx")
    }

    /// A TypeScript declaration file (`.d.ts`, `.d.mts`, `.d.cts`): types only, never an input.
    public static func isDeclarationFile(_ path: String) -> Bool {
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".d.ts") || lowercased.hasSuffix(".d.mts") || lowercased.hasSuffix(".d.cts")
    }

    static func isStyleSheet(_ path: String) -> Bool { path.lowercased().hasSuffix(".css") }

    static func baseName(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}
