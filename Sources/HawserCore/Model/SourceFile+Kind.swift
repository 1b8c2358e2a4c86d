/// What an input file is, by its name: the one place that decides which files each stage reads.
extension SourceFile {
    /// A `.css` file: injected as a style sheet, never parsed as JavaScript.
    var isStyleSheet: Bool { Self.isStyleSheet(path) }

    /// A `.js` or `.css` file, which becomes an injected user script; `.html` pages are only linted.
    var isUserScript: Bool {
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".js") || lowercased.hasSuffix(".css")
    }

    /// An `.html` or `.htm` page, or a `.svelte` or `.vue` component (HTML-like, with its code in
    /// `<script>` elements): its inline scripts are linted.
    var isPage: Bool {
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".html") || lowercased.hasSuffix(".htm") || lowercased.hasSuffix(".svelte")
            || lowercased.hasSuffix(".vue")
    }

    /// An Objective-C (or C) file, read by the Objective-C front end: `.m`, `.mm` or `.h`.
    var isObjectiveCSource: Bool {
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

    /// A `.js` file.
    var isJavaScript: Bool { path.lowercased().hasSuffix(".js") }

    static func isStyleSheet(_ path: String) -> Bool { path.lowercased().hasSuffix(".css") }

    static func baseName(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}
