import Foundation

/// Every TypeScript file a run reads, stripped once (`TypeScriptStripper`): the scripts and
/// pages given, and the modules the graph reaches through `files`. The stages after it read
/// only JavaScript: a `.ts` file keeps its path, and its text is the stripped JavaScript, whose
/// positions are the source's (`StrippedTypeScript`), so their findings need no map except on
/// the few compiled places (`mapBack`).
final class TypeScriptSources: @unchecked Sendable {
    private let lock = NSLock()
    private var stripped: [String: (source: [UInt8], result: StrippedTypeScript)] = [:]
    /// Where a file's stripping is kept between runs, under its path and bytes.
    private let cache: FactCache?

    init(cache: FactCache? = nil) {
        self.cache = cache
    }

    /// The JavaScript of `bytes` read at `path`: the bytes themselves unless the path is
    /// TypeScript (`TypeScriptDialect(path:)`).
    func javascript(path: String, bytes: [UInt8]) -> [UInt8] {
        guard let dialect = TypeScriptDialect(path: path) else { return bytes }
        let key = ModulePath.normalize(path)
        lock.lock()
        if let known = stripped[key], known.source == bytes {
            lock.unlock()
            return known.result.javascript
        }
        lock.unlock()
        let result: StrippedTypeScript
        if let cache {
            let key = FactCache.key("typescript") { hasher in
                hasher.field(path)
                hasher.field(dialect.rawValue)
                hasher.field(bytes)
            }
            result = cache.value(key) { TypeScriptStripper.strip(bytes, file: path, dialect: dialect) }
        } else {
            result = TypeScriptStripper.strip(bytes, file: path, dialect: dialect)
        }
        lock.lock()
        stripped[key] = (bytes, result)
        lock.unlock()
        return result.javascript
    }

    /// The TypeScript source of a stripped file and how offsets lead back to it, for a bundle's
    /// map: nil for a file that was not stripped.
    func original(of path: String) -> OriginalText? {
        lock.lock()
        defer { lock.unlock() }
        guard let file = stripped[ModulePath.normalize(path)] else { return nil }
        let result = file.result
        return OriginalText(bytes: file.source, offset: { result.sourceOffset(ofOutput: $0) })
    }

    /// The names a stripped module exports as types only; none for a file not stripped.
    func typeExports(of path: String) -> Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return Set(stripped[ModulePath.normalize(path)]?.result.typeExports ?? [])
    }

    /// The written types of every stripped file, by path (TypeScript types into the bridge).
    var bridgeTypes: [String: TypeScriptBridgeTypes] {
        lock.lock()
        defer { lock.unlock() }
        var types: [String: TypeScriptBridgeTypes] = [:]
        for (path, file) in stripped where !file.result.bridgeTypes.isEmpty || !file.result.bridgeTypes.declarations.isEmpty {
            types[path] = file.result.bridgeTypes
        }
        return types
    }

    /// `input` with every TypeScript script and page stripped, and its `files` stripping the
    /// modules they read.
    func strip(_ input: ProjectInput) -> ProjectInput {
        var input = input
        func strip(_ files: [SourceFile]) -> [SourceFile] {
            Pipeline.concurrentMap(files) { file in
                guard TypeScriptDialect(path: file.path) != nil else { return file }
                var file = file
                file.bytes = javascript(path: file.path, bytes: file.bytes)
                return file
            }
        }
        input.scripts = strip(input.scripts)
        input.pages = strip(input.pages)
        if let files = input.files { input.files = StrippingFiles(base: files, sources: self) }
        return input
    }

    /// The stripper's findings in every file stripped: refused syntax and syntax errors.
    var diagnostics: [Diagnostic] {
        lock.lock()
        defer { lock.unlock() }
        return stripped.keys.sorted().flatMap { stripped[$0]!.result.diagnostics }
    }

    /// `diagnostics` of the stripped JavaScript, at the TypeScript source's positions: moved
    /// back through the compiled places, and without the JavaScript's syntax errors in a file
    /// whose TypeScript already has errors (they would report the same place twice, or text the
    /// stripper refused and left as written).
    func mapBack(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        lock.lock()
        let files = stripped
        lock.unlock()
        guard !files.isEmpty else { return diagnostics }
        var tables: [String: LineTable] = [:]
        return diagnostics.compactMap { diagnostic in
            let key = ModulePath.normalize(diagnostic.location.file)
            guard let file = files[key] else { return diagnostic }
            if diagnostic.code == .syntaxError, file.result.diagnostics.contains(where: { $0.severity == .error }) { return nil }
            guard !file.result.replacements.isEmpty else { return diagnostic }
            let offset = LineTable.offset(ofLine: diagnostic.location.line, column: diagnostic.location.column, in: file.result.javascript)
            var lines = tables[key] ?? LineTable(file.source)
            let point = lines.position(of: file.result.sourceOffset(ofOutput: offset))
            tables[key] = lines
            var moved = diagnostic
            moved.location.line = point.line
            moved.location.column = point.column
            return moved
        }
    }
}

/// A `FileProvider` that gives the JavaScript of the TypeScript files it reads.
struct StrippingFiles: FileProvider {
    let base: any FileProvider
    let sources: TypeScriptSources

    func contents(of path: String) -> [UInt8]? {
        base.contents(of: path).map { sources.javascript(path: path, bytes: $0) }
    }

    func isFolder(_ path: String) -> Bool { base.isFolder(path) }
}

extension Pipeline {
    /// The JavaScript Hawser makes of one TypeScript file (`hawser strip`), and the findings
    /// that stop it (an `unsupported-typescript` or `syntax-error` error). A file that is not
    /// TypeScript comes back as it is.
    public static func stripTypeScript(_ file: SourceFile) -> (javascript: [UInt8], diagnostics: [Diagnostic]) {
        guard let dialect = TypeScriptDialect(path: file.path) else { return (file.bytes, []) }
        let result = TypeScriptStripper.strip(file.bytes, file: file.path, dialect: dialect)
        return (result.javascript, result.diagnostics.sorted(by: Diagnostic.sortKey))
    }

    /// Diagnostics as `hawser lint` prints them by default (`path:line:column: error: message [code]`).
    public static func textLines(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(TextReporter.line).joined()
    }
}
