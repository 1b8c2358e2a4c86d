/// A glob of `exclude` (in `hawser.json`, or `--exclude`), matched against a path relative to
/// the pattern's base folder, with `/` between components.
///
/// - `*` matches any run of characters within one component, `?` any one character, and a
///   component that is exactly `**` any number of components, none included.
/// - A pattern without `/` matches a file or folder name at any depth: `*.min.js`, `vendor`.
/// - A pattern with `/` is anchored at the base folder: `Web/vendor`, `**/dist`,
///   `Sources/Generated/*.swift`. A leading `./` or `/` is ignored.
/// - A pattern that matches a folder excludes everything below it. A trailing `/` (`vendor/`)
///   matches folders only.
public struct PathPattern: Hashable, Sendable {
    /// The pattern as written.
    public let source: String
    private let components: [String]
    private let isAnchored: Bool
    private let foldersOnly: Bool

    /// Nil for a pattern with nothing to match (empty, `/`, `./`).
    public init?(_ source: String) {
        self.source = source
        var text = Substring(source)
        foldersOnly = text.hasSuffix("/")
        while text.hasSuffix("/") { text.removeLast() }
        while text.hasPrefix("./") { text.removeFirst(2) }
        let anchored = text.contains("/")
        while text.hasPrefix("/") { text.removeFirst() }
        let components = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        guard !components.isEmpty else { return nil }
        self.components = components
        isAnchored = anchored
    }

    /// Whether the pattern excludes the file at `path`: it matches the file, or a folder the
    /// file is in.
    public func excludes(file path: String) -> Bool {
        matches(Self.components(of: path), isFolder: false)
    }

    /// Whether the pattern excludes the folder at `path` and so everything below it.
    public func excludes(folder path: String) -> Bool {
        matches(Self.components(of: path), isFolder: true)
    }

    private static func components(of path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
    }

    /// Whether the pattern matches the path or one of its folders; the last component is a
    /// folder only when `isFolder`.
    private func matches(_ path: [Substring], isFolder: Bool) -> Bool {
        guard !path.isEmpty else { return false }
        if !isAnchored {
            return path.indices.contains { index in
                (isFolder || index < path.count - 1 || !foldersOnly) && Self.glob(components[0], matches: path[index])
            }
        }
        return (1...path.count).contains { length in
            (isFolder || length < path.count || !foldersOnly) && Self.match(components[...], path[..<length])
        }
    }

    /// Pattern components against path components, `**` standing for any number of them.
    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            return (path.startIndex...path.endIndex).contains { match(rest, path[$0...]) }
        }
        guard let component = path.first, glob(first, matches: component) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// One component: `*` any run of characters, `?` any one character.
    static func glob(_ pattern: some StringProtocol, matches text: some StringProtocol) -> Bool {
        let p = Array(pattern), t = Array(text)
        var pi = 0, ti = 0
        var star: Int?, resume = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "?" || (p[pi] != "*" && p[pi] == t[ti]) {
                pi += 1
                ti += 1
            } else if pi < p.count, p[pi] == "*" {
                star = pi
                resume = ti
                pi += 1
            } else if let star {
                pi = star + 1
                resume += 1
                ti = resume
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
