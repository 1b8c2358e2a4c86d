/// Read-only access to the files a module graph may reach beyond the listed inputs: modules
/// imported from anywhere under the project, `package.json` files and `node_modules` folders.
/// The CLI gives one that reads the disk; tests give `InMemoryFiles`, so the core never touches
/// the file system.
///
/// Paths are as the rest of Hawser spells them: relative to the run's folder (`userscripts/a.js`,
/// `node_modules/uuid/package.json`, `../shared/x.js`) or absolute, always with `/`, never with
/// `.` or `..` components except leading `..` ones (`ModulePath.normalize`).
public protocol FileProvider: Sendable {
    /// The bytes of the file at `path`; nil when there is no such file, or it is a folder, or it
    /// cannot be read.
    func contents(of path: String) -> [UInt8]?
    /// Whether `path` is a folder.
    func isFolder(_ path: String) -> Bool
}

/// Files held in memory, by normalised path. A folder exists when some file is inside it.
public struct InMemoryFiles: FileProvider {
    public var files: [String: [UInt8]]

    /// The files by path; the paths are normalised, so `./a.js` is `a.js` (of two paths that
    /// normalise alike, the one first in byte order is kept).
    public init(_ files: [String: [UInt8]] = [:]) {
        self.files = Dictionary(files.sorted { $0.key < $1.key }.map { (ModulePath.normalize($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    public init(_ files: [SourceFile]) {
        self.files = Dictionary(files.map { (ModulePath.normalize($0.path), $0.bytes) }, uniquingKeysWith: { first, _ in first })
    }

    public func contents(of path: String) -> [UInt8]? { files[ModulePath.normalize(path)] }

    public func isFolder(_ path: String) -> Bool {
        let path = ModulePath.normalize(path)
        let prefix = path == "." ? "" : path == "/" ? "/" : path + "/"
        return files.keys.contains { $0.hasPrefix(prefix) && $0 != path }
    }
}

/// Path arithmetic for module specifiers and files, on `/`-separated strings.
public enum ModulePath {
    /// `a/./b/../c` is `a/c`; `./a` is `a`; `a/../..` is `..`; an empty path is `.`.
    public static func normalize(_ path: String) -> String {
        if isNormal(path) { return path }
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", isAbsolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// Whether `normalize` would give `path` back as it is: `.`, `/`, or components that are
    /// neither empty nor `.`, with `..` only leading a relative path. One pass, no allocation:
    /// most paths a run normalises are already normal.
    static func isNormal(_ path: String) -> Bool {
        let bytes = path.utf8
        guard let first = bytes.first else { return false }
        if path == "." || path == "/" { return true }
        let isAbsolute = first == UInt8(ascii: "/")
        var componentLength = 0
        var dots = 0
        var leading = !isAbsolute
        var atStart = true
        func endComponent() -> Bool {
            if componentLength == 0 { return false }
            if dots == componentLength, dots <= 2 {
                if dots == 1 { return false }
                if !leading { return false }
            } else {
                leading = false
            }
            componentLength = 0
            dots = 0
            return true
        }
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                if atStart, isAbsolute { atStart = false; continue }
                if !endComponent() { return false }
            } else {
                componentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
            atStart = false
        }
        return endComponent()
    }

    /// The folder that holds `path`: `a/b.js` is in `a`, `b.js` in `.`.
    public static func folder(of path: String) -> String {
        let normalized = normalize(path)
        guard let slash = normalized.lastIndex(of: "/") else { return normalized == ".." ? "../.." : "." }
        if slash == normalized.startIndex { return "/" }
        return String(normalized[..<slash])
    }

    /// `folder` joined with `relative` and normalised.
    public static func join(_ folder: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        return normalize(folder == "." ? relative : folder + "/" + relative)
    }
}
