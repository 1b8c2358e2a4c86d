/// How a specifier is reached, which picks the active `exports` condition (`import` or `require`).
enum ImportKind: Sendable, Hashable, Codable {
    case `import`
    case require
}

/// The file a module specifier names.
struct ResolvedModule: Hashable, Sendable {
    /// The file, normalised (`ModulePath.normalize`): relative to the run's folder, or absolute.
    var path: String
    /// The package the file belongs to (`uuid`, `@scope/x`): the one or two components after the
    /// last `node_modules` component of `path`, else nil. It is read from the path, not from how
    /// the file was reached, so a file reached by a bare specifier and by a relative one from
    /// inside its package is the same `ResolvedModule`.
    var package: String?

    /// The module at `path`, already normalised, in `package`, both as given.
    init(path: String, package: String?) {
        self.path = path
        self.package = package
    }

    /// The module at `path` (normalised here), with the package read from it.
    init(path: String) {
        self.path = ModulePath.normalize(path)
        self.package = ModuleResolver.packageName(containing: self.path)
    }
}

/// Why a specifier does not resolve. Each case but `builtin` carries its one-line message.
enum ResolutionError: Error, Equatable, Sendable {
    /// No file where the specifier leads: what was tried.
    case notFound(String)
    /// The specifier names a node built-in (`fs`, `node:path`), which a browser does not have;
    /// it carries the specifier.
    case builtin(String)
    /// The package's `exports` does not export the subpath asked for, or its `imports` does not
    /// define the `#name` asked for.
    case notExported(String)
    /// A `package.json` that is not JSON (or not an object; a key given twice counts as not
    /// JSON, as `JSON.parse` has it), or an `exports` or `imports` that node rejects: a target
    /// not starting with `./` or leaving the package, subpath keys mixed with condition keys.
    case invalidPackage(String)

    /// The one-line text a diagnostic shows.
    var message: String {
        switch self {
        case .notFound(let message), .notExported(let message), .invalidPackage(let message): message
        case .builtin(let specifier): "'\(ModuleResolver.shown(specifier))' is a node built-in module, which a browser does not have"
        }
    }
}

/// Resolves import and `require` specifiers to files as node does, for a browser bundle
/// (node's "Resolution algorithm specification" in the ECMAScript modules documentation, with
/// the CommonJS extension and folder probing for relative specifiers, as esbuild does). Every
/// file is read through the `FileProvider` it is handed; nothing is cached between calls.
///
/// - Relative (`./x`, `../x`, `.`, `..`) and absolute (`/x`) specifiers: the file, then the file
///   with `.js`, `.mjs`, `.cjs`, `.json` appended, then the folder (`loadFolder`). A specifier
///   ending in `/` (or `.`, `..`) names a folder only. A folder is never taken as a file.
/// - `node:` specifiers and the names in `builtins` are `.builtin`, even when a `node_modules`
///   copy exists (node prefers the built-in).
/// - Bare specifiers (`uuid`, `uuid/v4`, `@scope/pkg/sub`) name a package, looked for in the
///   `node_modules` folders from the importer's folder up (`lookupFolders`); the first package
///   folder that exists is the one used, found or not. There the package's `exports`, when it
///   has one, is all that counts (`PackageMap`); otherwise the subpath is a relative path in
///   the package folder, and the package itself is the folder (`browser`, `module`, `main`,
///   `index.js`). A package may name itself when its `package.json` has `exports`
///   (self-reference), as node allows.
/// - `#name` specifiers go through the `imports` of the importer's package scope, the nearest
///   `package.json` above it (`PackageMap`); a target there may be a bare specifier, resolved
///   from the package's folder.
/// - Not supported: the object form of `browser` (file and package remapping), and `exports`
///   folder keys ending in `/` (removed in node 17: such a key is exact, and a target ending in
///   `/` is invalid).
enum ModuleResolver {
    /// The `exports` conditions taken, as esbuild takes them for `platform=browser`: `browser`,
    /// `module`, `default`, and `import` or `require` by the `ImportKind`. `node` and
    /// `development`/`production` are not. A condition object is walked in the order the package
    /// lists its keys, and the first active key whose target resolves wins.
    static func conditions(for kind: ImportKind) -> Set<String> {
        ["browser", "module", "default", kind == .import ? "import" : "require"]
    }

    /// Node's built-in modules (node 20's `module.builtinModules`, less the `_`-prefixed internals),
    /// with their subpath modules (`fs/promises`). Any `node:` specifier is also a built-in.
    static let builtins: Set<String> = [
        "assert", "assert/strict", "async_hooks", "buffer", "child_process", "cluster", "console",
        "constants", "crypto", "dgram", "diagnostics_channel", "dns", "dns/promises", "domain",
        "events", "fs", "fs/promises", "http", "http2", "https", "inspector", "inspector/promises",
        "module", "net", "os", "path", "path/posix", "path/win32", "perf_hooks", "process",
        "punycode", "querystring", "readline", "readline/promises", "repl", "stream",
        "stream/consumers", "stream/promises", "stream/web", "string_decoder", "sys", "timers",
        "timers/promises", "tls", "trace_events", "tty", "url", "util", "util/types", "v8", "vm",
        "wasi", "worker_threads", "zlib",
    ]

    /// The extensions appended to a file path that names no file, in the order tried: node's,
    /// then TypeScript's (`.tsx` is found so that its import is refused as JSX, not missing).
    static let extensions = [".js", ".mjs", ".cjs", ".json", ".ts", ".tsx", ".mts"]
    /// The files that stand for a folder, in the order tried.
    static let indexFiles = ["index.js", "index.mjs", "index.cjs", "index.json", "index.ts", "index.tsx", "index.mts"]
    /// A JavaScript extension written in a specifier and the TypeScript files it stands for when
    /// no such JavaScript file exists, as `tsc` resolves them (`./x.js` is `./x.ts` before
    /// compilation).
    static let typeScriptSubstitutes = [".js": [".ts", ".tsx"], ".mjs": [".mts"], ".cjs": [".cts"]]
    /// The longest specifier resolved, in UTF-8 bytes (Linux's `PATH_MAX`).
    static let maximumSpecifierLength = 4096

    /// The file `specifier`, written in the module at `importer`, names (module doc comment).
    static func resolve(
        _ specifier: String, from importer: String, kind: ImportKind, files: any FileProvider, manifests: Manifests? = nil
    ) -> Result<ResolvedModule, ResolutionError> {
        var resolution = Resolution(specifier: specifier, importer: ModulePath.normalize(importer), kind: kind, files: files)
        resolution.manifests = manifests
        do {
            return .success(ResolvedModule(path: try resolution.run()))
        } catch {
            return .failure(error)
        }
    }

    /// Node's `PATTERN_KEY_COMPARE` for two keys with one `*`: negative when `a` comes first
    /// (the longer part before the `*`, then the longer key).
    static func patternKeyCompare(_ a: String, _ b: String) -> Int {
        let baseA = a.utf8.firstIndex(of: UInt8(ascii: "*")).map { a.utf8.distance(from: a.utf8.startIndex, to: $0) } ?? a.utf8.count
        let baseB = b.utf8.firstIndex(of: UInt8(ascii: "*")).map { b.utf8.distance(from: b.utf8.startIndex, to: $0) } ?? b.utf8.count
        if baseA != baseB { return baseA > baseB ? -1 : 1 }
        if a.utf8.count != b.utf8.count { return a.utf8.count > b.utf8.count ? -1 : 1 }
        return 0
    }

    /// The package a normalised path is in: the component after its last `node_modules`
    /// component, two when that starts with `@`; nil when there is none.
    static func packageName(containing path: String) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let last = components.lastIndex(of: "node_modules"), last + 1 < components.count else { return nil }
        let first = components[last + 1]
        guard first.hasPrefix("@") else { return String(first) }
        guard last + 2 < components.count else { return nil }
        return first + "/" + components[last + 2]
    }

    /// `text` for a message: control characters escaped, cut to 80 characters.
    static func shown(_ text: String) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == 80 { return out + "…" }
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }
}

/// The `package.json` files one graph's resolutions have read, parsed, by folder: every bare
/// specifier reads its package's, and a package scope is looked for folder by folder, so
/// without it one manifest was read and parsed again for every importing folder.
final class Manifests {
    fileprivate var byFolder: [String: Result<JSON?, ResolutionError>] = [:]
    init() {}
}

/// One resolution: the specifier, where it is written, and the files.
private struct Resolution {
    let specifier: String
    let importer: String
    let kind: ImportKind
    let files: any FileProvider
    /// The paths tried so far, for the `.notFound` message.
    var tried: [String] = []
    /// Shared by the resolutions of one graph; nil reads every manifest afresh.
    var manifests: Manifests?

    init(specifier: String, importer: String, kind: ImportKind, files: any FileProvider) {
        self.specifier = specifier
        self.importer = importer
        self.kind = kind
        self.files = files
    }

    /// The specifier and importer as messages show them.
    private var quoted: String { "'\(ModuleResolver.shown(specifier))' from '\(ModuleResolver.shown(importer))'" }

    /// The normalised path of the file the specifier names.
    mutating func run() throws(ResolutionError) -> String {
        if specifier.isEmpty { throw .notFound("empty module specifier in '\(ModuleResolver.shown(importer))'") }
        if specifier.utf8.count > ModuleResolver.maximumSpecifierLength {
            throw .notFound("module specifier of \(specifier.utf8.count) bytes in '\(ModuleResolver.shown(importer))' is too long")
        }
        if specifier.utf8.contains(0) { throw .notFound("cannot find \(quoted): the specifier contains a NUL character") }
        if specifier.hasPrefix("node:") || ModuleResolver.builtins.contains(specifier) { throw .builtin(specifier) }

        if isRelative(specifier) {
            let target = ModulePath.join(ModulePath.folder(of: importer), specifier)
            let folderOnly = specifier.hasSuffix("/") || specifier.hasSuffix("/.") || specifier.hasSuffix("/..") || specifier == "." || specifier == ".."
            if let path = try loadFileOrFolder(target, folderOnly: folderOnly) { return path }
            throw notFound(base: ModulePath.folder(of: target))
        }
        if specifier.hasPrefix("#") { return try resolveImport() }
        return try resolvePackage()
    }

    /// A bare specifier that an `imports` target gives: a built-in or a package, never a path
    /// or another `#name`.
    mutating func runBare() throws(ResolutionError) -> String {
        if specifier.hasPrefix("node:") || ModuleResolver.builtins.contains(specifier) { throw .builtin(specifier) }
        return try resolvePackage()
    }

    private func isRelative(_ specifier: String) -> Bool {
        specifier == "." || specifier == ".." || specifier.hasPrefix("./") || specifier.hasPrefix("../") || specifier.hasPrefix("/")
    }

    /// `.notFound` listing the first paths tried, relative to `base`.
    private func notFound(base: String) -> ResolutionError {
        let prefix = base == "." ? "" : base == "/" ? "/" : base + "/"
        let names = tried.prefix(6).map { path in
            ModuleResolver.shown(path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path)
        }
        let list = names.joined(separator: ", ") + (tried.count > 6 ? ", …" : "")
        return .notFound("cannot find \(quoted) (tried \(list))")
    }

    // MARK: - Files and folders

    /// Whether `path` is a file: the provider has bytes for it and it is not a folder.
    private func isFile(_ path: String) -> Bool {
        files.contents(of: path) != nil && !files.isFolder(path)
    }

    /// Records `path` as tried and returns it when it is a file.
    private mutating func tryFile(_ path: String) -> String? {
        tried.append(path)
        return isFile(path) ? path : nil
    }

    /// `path` as a file, with the extensions appended, then as a folder.
    private mutating func loadFileOrFolder(_ path: String, folderOnly: Bool = false) throws(ResolutionError) -> String? {
        if !folderOnly, let file = loadFile(path) { return file }
        return try loadFolder(path, manifest: readManifest(in: path))
    }

    /// `path` itself, then `path` with each of `extensions` appended.
    private mutating func loadFile(_ path: String) -> String? {
        if let file = tryFile(path) { return file }
        for ext in ModuleResolver.extensions {
            if let file = tryFile(path + ext) { return file }
        }
        for (ext, substitutes) in ModuleResolver.typeScriptSubstitutes.sorted(by: { $0.key < $1.key }) where path.hasSuffix(ext) {
            let stem = String(path.dropLast(ext.count))
            for substitute in substitutes {
                if let file = tryFile(stem + substitute) { return file }
            }
        }
        return nil
    }

    /// The `index` files of `folder`.
    private mutating func loadIndex(_ folder: String) -> String? {
        for name in ModuleResolver.indexFiles {
            if let file = tryFile(ModulePath.join(folder, name)) { return file }
        }
        return nil
    }

    /// A folder as a module: each of its `package.json`'s `browser` (when a string), `module`
    /// and `main` fields present, in that order, as a file then as a folder's index (the first
    /// that loads wins, as esbuild's main fields do); then the folder's own index.
    private mutating func loadFolder(_ folder: String, manifest: JSON?) throws(ResolutionError) -> String? {
        if let fields = manifest?.dictionaryValue {
            for field in ["browser", "module", "main"] {
                guard let value = fields[field]?.stringValue, !value.isEmpty else { continue }
                let main = ModulePath.join(folder, value)
                if let file = loadFile(main) ?? loadIndex(main) { return file }
            }
        }
        return loadIndex(folder)
    }

    /// The parsed `package.json` of `folder`; nil when it has none.
    private func readManifest(in folder: String) throws(ResolutionError) -> JSON? {
        guard let manifests else { return try parseManifest(in: folder) }
        let result = manifests.byFolder[folder] ?? Result { () throws(ResolutionError) in try parseManifest(in: folder) }
        manifests.byFolder[folder] = result
        return try result.get()
    }

    private func parseManifest(in folder: String) throws(ResolutionError) -> JSON? {
        let path = ModulePath.join(folder, "package.json")
        guard let bytes = files.contents(of: path), !files.isFolder(path) else { return nil }
        let json: JSON
        do {
            json = try JSON.parse(bytes)
        } catch {
            throw .invalidPackage("'\(ModuleResolver.shown(path))' is not valid JSON (\(error))")
        }
        guard json.members != nil else { throw .invalidPackage("'\(ModuleResolver.shown(path))' is not a JSON object") }
        return json
    }

    // MARK: - Packages

    /// A bare specifier: the package's folder in the nearest `node_modules`, then the subpath in it.
    private mutating func resolvePackage() throws(ResolutionError) -> String {
        let components = specifier.split(separator: "/", omittingEmptySubsequences: false)
        let nameLength = specifier.hasPrefix("@") ? 2 : 1
        guard components.count >= nameLength, !components.prefix(nameLength).contains(where: \.isEmpty),
              !specifier.hasPrefix("."), !specifier.hasPrefix("#"), !specifier.contains("\\"), !specifier.contains("%")
        else { throw .notFound("cannot find \(quoted): not a valid package name") }
        let name = components.prefix(nameLength).joined(separator: "/")
        let rest = components.dropFirst(nameLength)
        let subpath = rest.isEmpty ? "." : "./" + rest.joined(separator: "/")

        // Self-reference. A package scope whose package.json does not read is no package here:
        // it fails only the imports that need it.
        if let scope = try? packageScope(), scope.manifest.dictionaryValue?["name"]?.stringValue == name,
           let exports = scope.manifest.dictionaryValue?["exports"], exports != .null {
            return try resolveExports(exports, folder: scope.folder, name: name, subpath: subpath)
        }

        let folders = lookupFolders(ModulePath.folder(of: importer))
        for folder in folders {
            let packageFolder = ModulePath.join(folder, "node_modules/" + name)
            guard files.isFolder(packageFolder) else { continue }
            if let path = try resolveInPackage(packageFolder, name: name, subpath: subpath) { return path }
            throw notFound(base: ModulePath.folder(of: packageFolder))
        }
        let looked = folders.prefix(4).map { ModuleResolver.shown(ModulePath.join($0, "node_modules")) }.joined(separator: ", ")
        throw .notFound("cannot find package '\(ModuleResolver.shown(name))' from '\(ModuleResolver.shown(importer))' (looked in \(looked)\(folders.count > 4 ? ", …" : ""))")
    }

    /// The folders whose `node_modules` may hold a package, nearest first: `folder` and every
    /// folder above it, up to `/` for an absolute folder and up to the run folder `.` otherwise.
    /// For a folder under `..` (`../shared/lib`), the walk goes up to the outermost `..` folder
    /// it names (`..`), never above, and ends at the run folder `.`, so a script outside the
    /// project still finds the project's packages. A folder that is itself `node_modules` is
    /// skipped, as node does.
    func lookupFolders(_ folder: String) -> [String] {
        var folders: [String] = []
        var current = ModulePath.normalize(folder)
        while true {
            if current.split(separator: "/").last != "node_modules" { folders.append(current) }
            if current == "/" || current == "." { break }
            if current.split(separator: "/").allSatisfy({ $0 == ".." }) {
                folders.append(".")
                break
            }
            current = ModulePath.folder(of: current)
        }
        return folders
    }

    /// The subpath (`.` or `./sub`) of the package at `folder`: through `exports` when the
    /// package has one, else as a path in the folder. Nil when nothing is there.
    private mutating func resolveInPackage(_ folder: String, name: String, subpath: String) throws(ResolutionError) -> String? {
        let manifest = try readManifest(in: folder)
        if let exports = manifest?.dictionaryValue?["exports"], exports != .null {
            return try resolveExports(exports, folder: folder, name: name, subpath: subpath)
        }
        if subpath == "." { return try loadFolder(folder, manifest: manifest) }
        return try loadFileOrFolder(ModulePath.join(folder, subpath), folderOnly: subpath.hasSuffix("/"))
    }

    /// The file the package at `folder` exports as `subpath`; it must exist as written.
    private mutating func resolveExports(_ exports: JSON, folder: String, name: String, subpath: String) throws(ResolutionError) -> String {
        let map = PackageMap(folder: folder, name: name, field: "exports", conditions: ModuleResolver.conditions(for: kind))
        let path = try map.resolveExport(subpath, in: exports)
        tried.append(path)
        guard isFile(path) else {
            throw .notFound("cannot find \(quoted): '\(ModuleResolver.shown(name))' exports '\(ModuleResolver.shown(subpath))' as '\(ModuleResolver.shown(path))', which is not a file")
        }
        return path
    }

    /// Node's `LOOKUP_PACKAGE_SCOPE`: the nearest folder from the importer's up that has a
    /// `package.json`, not looking past a `node_modules` folder, nor above the outermost `..`
    /// or `.` the importer names.
    private func packageScope() throws(ResolutionError) -> (folder: String, manifest: JSON)? {
        var current = ModulePath.folder(of: importer)
        while true {
            if current.split(separator: "/").last == "node_modules" { return nil }
            if let manifest = try readManifest(in: current) { return (current, manifest) }
            if current == "/" || current == "." || current.split(separator: "/").allSatisfy({ $0 == ".." }) { return nil }
            current = ModulePath.folder(of: current)
        }
    }

    /// A `#name` specifier, through the `imports` of the importer's package scope.
    private mutating func resolveImport() throws(ResolutionError) -> String {
        if specifier == "#" || specifier.hasPrefix("#/") { throw .notFound("cannot find \(quoted): not a valid package import name") }
        guard let scope = try packageScope() else {
            throw .notFound("cannot find \(quoted): no package.json above it to define 'imports'")
        }
        let fields = scope.manifest.dictionaryValue
        let name = fields?["name"]?.stringValue ?? scope.folder
        let manifest = ModuleResolver.shown(ModulePath.join(scope.folder, "package.json"))
        guard let imports = fields?["imports"], imports.members != nil else {
            throw .notExported("package import '\(ModuleResolver.shown(specifier))' is not defined: '\(manifest)' has no 'imports'")
        }
        let map = PackageMap(folder: scope.folder, name: name, field: "imports", conditions: ModuleResolver.conditions(for: kind))
        switch try map.resolveImport(specifier, in: imports) {
        case .path(let path):
            tried.append(path)
            guard isFile(path) else {
                throw .notFound("cannot find \(quoted): '\(manifest)' imports it as '\(ModuleResolver.shown(path))', which is not a file")
            }
            return path
        case .bare(let target):
            var inner = Resolution(specifier: target, importer: ModulePath.join(scope.folder, "package.json"), kind: kind, files: files)
            inner.manifests = manifests
            return try inner.runBare()
        }
    }
}

/// Node's `PACKAGE_EXPORTS_RESOLVE` and `PACKAGE_IMPORTS_RESOLVE` over one package's `exports`
/// or `imports` value, for a browser's conditions. Targets are not probed for extensions or
/// index files, as node does not.
private struct PackageMap {
    /// The package's folder.
    let folder: String
    /// The package's name (or folder), for messages.
    let name: String
    /// `exports` or `imports`.
    let field: String
    /// The active conditions (`ModuleResolver.conditions`).
    let conditions: Set<String>

    /// Where a target leads: a path, or (in `imports` only) a bare specifier to resolve from the
    /// package's folder.
    enum Target {
        case path(String)
        case bare(String)
    }

    private var manifest: String { ModuleResolver.shown(ModulePath.join(folder, "package.json")) }

    /// The target of `specifier` (`#name`) in `imports`, an object.
    func resolveImport(_ specifier: String, in imports: JSON) throws(ResolutionError) -> Target {
        guard let members = imports.members, let target = try resolve(specifier, inSubpaths: members) else {
            throw .notExported("package import '\(ModuleResolver.shown(specifier))' is not defined by '\(ModuleResolver.shown(name))' (\(manifest))")
        }
        return target
    }

    /// The path `subpath` (`.` or `./sub`) is exported as.
    func resolveExport(_ subpath: String, in exports: JSON) throws(ResolutionError) -> String {
        var subpaths: [(key: String, value: JSON)]?
        if let members = exports.members {
            let dotted = members.filter { $0.key.hasPrefix(".") }
            if !dotted.isEmpty && dotted.count != members.count {
                throw .invalidPackage("'exports' in '\(manifest)' mixes subpath keys ('./…') with condition keys")
            }
            if !dotted.isEmpty { subpaths = members }
        }
        var resolved: Target?
        if subpath == "." {
            // A string, an array or a condition object is the package's main export.
            let main: JSON? = if let subpaths { subpaths.first { $0.key == "." }?.value } else { exports }
            if let main { resolved = try target(main, match: nil, key: ".") }
        } else if let subpaths {
            resolved = try resolve(subpath, inSubpaths: subpaths)
        }
        guard case .path(let path) = resolved else {
            throw .notExported("package subpath '\(ModuleResolver.shown(subpath))' is not exported by '\(ModuleResolver.shown(name))' (\(manifest))")
        }
        return path
    }

    /// `PACKAGE_IMPORTS_EXPORTS_RESOLVE`: an exact key, else the pattern key (one `*`) that
    /// `ModuleResolver.patternKeyCompare` puts first among those matching.
    private func resolve(_ subpath: String, inSubpaths subpaths: [(key: String, value: JSON)]) throws(ResolutionError) -> Target? {
        if !subpath.contains("*"), let exact = subpaths.first(where: { $0.key == subpath }) {
            return try target(exact.value, match: nil, key: subpath)
        }
        let patterns = subpaths.enumerated()
            .filter { $0.element.key.utf8.filter { $0 == UInt8(ascii: "*") }.count == 1 }
            .sorted { a, b in
                let order = ModuleResolver.patternKeyCompare(a.element.key, b.element.key)
                return order != 0 ? order < 0 : a.offset < b.offset
            }
            .map(\.element)
        let bytes = Array(subpath.utf8)
        for pattern in patterns {
            let key = Array(pattern.key.utf8)
            guard let star = key.firstIndex(of: UInt8(ascii: "*")) else { continue }
            let base = key[..<star], trailer = key[(star + 1)...]
            guard bytes.starts(with: base), bytes.count != base.count else { continue }
            guard trailer.isEmpty || (bytes.count >= key.count && bytes.suffix(trailer.count).elementsEqual(trailer)) else { continue }
            let match = String(decoding: bytes[base.count..<(bytes.count - trailer.count)], as: UTF8.self)
            return try target(pattern.value, match: match, key: pattern.key)
        }
        return nil
    }

    /// `PACKAGE_TARGET_RESOLVE`: where `value` leads, `*` replaced by `match`; nil when it
    /// leads nowhere (`null`, no active condition, an empty array).
    private func target(_ value: JSON, match: String?, key: String) throws(ResolutionError) -> Target? {
        switch value {
        case .string(let target):
            if field == "imports", !target.hasPrefix("./"), !target.hasPrefix("../"), !target.hasPrefix("/"), !Self.isURL(target) {
                return .bare(match.map { target.replacing("*", with: $0) } ?? target)
            }
            guard target.hasPrefix("./"), !Self.hasBadSegment(Self.segments(of: target).dropFirst()) else {
                throw .invalidPackage("'\(field)' target '\(ModuleResolver.shown(target))' for '\(ModuleResolver.shown(key))' in '\(manifest)' is invalid: a target must start with './' and stay in the package")
            }
            guard let match else { return .path(ModulePath.join(folder, target)) }
            if Self.hasBadSegment(Self.segments(of: match)[...]) {
                throw .notExported("package subpath '\(ModuleResolver.shown(key.replacing("*", with: match)))' of '\(ModuleResolver.shown(name))' is not a valid subpath (\(manifest))")
            }
            return .path(ModulePath.join(folder, target.replacing("*", with: match)))
        case .object(let members):
            if members.contains(where: { !$0.0.isEmpty && $0.0.utf8.allSatisfy { (0x30...0x39).contains($0) } }) {
                throw .invalidPackage("'\(field)' conditions for '\(ModuleResolver.shown(key))' in '\(manifest)' have a numeric key")
            }
            for (condition, nested) in members where conditions.contains(condition) {
                if let path = try target(nested, match: match, key: key) { return path }
            }
            return nil
        case .array(let items):
            // The first valid target; an invalid one falls through to the next, and the last
            // one's outcome (nil or its error) stands.
            var last: ResolutionError?
            for item in items {
                do {
                    if let path = try target(item, match: match, key: key) { return path }
                    last = nil
                } catch .invalidPackage(let message) {
                    last = .invalidPackage(message)
                }
            }
            if let last { throw last }
            return nil
        case .null:
            return nil
        case .int, .double, .bool:
            throw .invalidPackage("'\(field)' target for '\(ModuleResolver.shown(key))' in '\(manifest)' is not a string, an object, an array or null")
        }
    }

    /// Whether `text` starts with a URL scheme (`node:`, `https:`), which node parses as a URL.
    private static func isURL(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon].unicodeScalars
        guard let first = scheme.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// The segments of a target or match, split at `/` and `\`, as node splits them.
    private static func segments(of path: String) -> [Substring] {
        path.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }
    }

    /// Whether path segments include one node rejects in a target or pattern match: empty, `.`,
    /// `..` or `node_modules` (any case, `.` also percent-encoded).
    private static func hasBadSegment(_ segments: ArraySlice<Substring>) -> Bool {
        segments.contains { segment in
            let lowered = segment.lowercased().replacing("%2e", with: ".")
            return lowered.isEmpty || lowered == "." || lowered == ".." || lowered == "node_modules"
        }
    }
}
