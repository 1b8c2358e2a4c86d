import Foundation
import HawserCore

/// The configuration and input files of a project, read from disk. The only place that reads
/// inputs; the core sees them in memory.
struct ProjectInputs {
    var config: HawserConfig
    /// The config file read, as a display path from the folder the command was started in, or
    /// nil when there is none.
    var configFile: String?
    /// Whether the config was found in a parent folder and the command runs from its folder
    /// (`hawser build`).
    var runsInConfigFolder = false
    /// The folder that holds the config file, as a display path ("." without one).
    var baseFolder: String
    /// The build's output folder: the `output` given, or the config's joined to `baseFolder`.
    var outputFolder: String
    var scripts: [SourceFile]
    /// `.js` and `.html` files of the `pages` folders.
    var pages: [SourceFile]
    var swift: [SourceFile]
    /// `schemas/<handler>.json` files of the scripts folders.
    var schemas: [SourceFile]
    /// The scripts folders read, as display paths.
    var scriptFolders: [String] = []

    /// Listed files that could not be read.
    var unreadable: [UnreadableFile]

    /// Reads what the module graph reaches beyond the listed files, and remembers it.
    var files: DiskFiles?

    /// Whether the scripts are checked as user scripts (`ProjectInput.checksUserScripts`).
    var checksUserScripts = true
    /// Files whose uses count for pairing only (`ProjectInput.pairingOnly`).
    var pairingOnly: [SourceFile] = []

    var input: ProjectInput {
        var input = ProjectInput(scripts: scripts, swift: swift, config: config, schemas: schemas, pages: pages, unreadable: unreadable)
        input.checksUserScripts = checksUserScripts
        input.pairingOnly = pairingOnly
        input.files = files
        return input
    }

    /// What a run without a config file applied in its place (`FirstRunDefaults`), if anything.
    var firstRunDefaults: FirstRunDefaults?

    /// What the summary line says about the config: `config: hawser.json`, or that there is none
    /// and what was used instead.
    var configDescription: String {
        if let configFile { return "config: \(configFile)" }
        guard let summary = firstRunDefaults?.summary, !summary.isEmpty else { return "no config file" }
        return "no config file; " + summary
    }

    /// Without a config file, applies what `hawser init` would propose (`FirstRunDefaults`):
    /// placeholder forms, vendored and minified files left out, page scripts.
    mutating func applyFirstRunDefaults() {
        guard configFile == nil else { return }
        let (applied, defaults) = FirstRunDefaults.apply(to: input)
        scripts = applied.scripts
        pages = applied.pages
        config = applied.config
        checksUserScripts = applied.checksUserScripts
        pairingOnly = applied.pairingOnly
        firstRunDefaults = defaults
    }

    /// Folders never walked into.
    static let skippedFolders: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules"]
    /// TypeScript (`ts`, `mts`, `cts`) is compiled like JavaScript; JSX (`jsx`, `tsx`) is linted
    /// only. Declaration files (`.d.ts`) are read for nothing (`SourceFile.isDeclarationFile`).
    static let scriptExtensions: Set<String> = ["js", "css", "html", "htm", "svelte", "vue", "json", "ts", "mts", "cts", "tsx", "jsx"]
    /// Pages are linted for handler names only: no style sheets, no schemas.
    static let pageExtensions: Set<String> = ["js", "html", "htm", "svelte", "vue", "ts", "mts", "cts", "tsx", "jsx"]

    static let nativeExtensions: Set<String> = ["swift", "m", "mm", "h"]
    static let configName = "hawser.json"

    /// Files below the output folder are never read, by any command and as any kind (scripts,
    /// pages, Swift), since they are the build's own output, reached directly, through a
    /// symbolic link or as a configured folder inside it. With `forBuild`: an output folder that
    /// is a scripts or pages folder is refused, since writing it
    /// would overwrite them; absolute folders inside the current folder are made relative, since
    /// their paths end up in the outputs; and a config found in a parent folder makes the command
    /// run from that folder, so that the output does not depend on where it was started.
    ///
    /// `parsedConfig` is a config held in memory (`hawser init --dry-run`), read as if it were
    /// the file named (its paths relative to that file's folder).
    static func load(
        _ options: CommonOptions, output: String? = nil, forBuild: Bool = false, parsedConfig: (config: HawserConfig, file: String)? = nil
    ) throws -> ProjectInputs {
        var options = options
        var output = output
        let fileManager = FileManager.default
        if let directory = options.directory, !fileManager.changeCurrentDirectoryPath(directory) {
            throw UsageError(message: "cannot enter the folder '\(directory)'")
        }
        let startFolder = absolute(".")
        var config = HawserConfig()
        var base = "."
        var runsInConfigFolder = false
        var configPath = parsedConfig?.file ?? options.config ?? findConfig()
        let configFile = configPath.map(display)
        if forBuild, options.config == nil, let found = configPath, found != configName {
            // Found in a parent folder: run from there. Paths given on the command line are
            // relative to the folder the command was started in.
            let absolutes = { (paths: [String]) in paths.map { absolute($0) } }
            options.scripts = absolutes(options.scripts)
            options.pages = absolutes(options.pages)
            options.swift = absolutes(options.swift)
            output = output.map { relativeToCurrentFolder(absolute($0), in: absolute((found as NSString).deletingLastPathComponent)) }
            guard fileManager.changeCurrentDirectoryPath((found as NSString).deletingLastPathComponent) else {
                throw UsageError(message: "cannot enter the folder of '\(found)'")
            }
            configPath = configName
            runsInConfigFolder = true
        }
        if let parsedConfig {
            config = parsedConfig.config
            base = (parsedConfig.file as NSString).deletingLastPathComponent
            if base.isEmpty { base = "." }
        } else if let configPath {
            let data: [UInt8]
            switch FileSystem.read(configPath) {
            case .success(let bytes): data = bytes
            case .failure(let failure): throw UsageError(message: "cannot read config file '\(configPath)': \(failure.reason)")
            }
            do {
                config = try HawserConfig.parse(data, file: configPath)
            } catch {
                // Text that is not JSON has a position: printed in the compiler's form.
                guard let location = error.location else { throw UsageError(message: error.description) }
                throw UsageError(message: error.key.map { "'\($0)': \(error.reason)" } ?? error.reason, location: location)
            }
            base = (configPath as NSString).deletingLastPathComponent
            if base.isEmpty { base = "." }
        }
        if let registration = options.registration { config.registration = registration }
        var scriptFolders = options.scripts.isEmpty ? config.scripts.map { join(base, $0) } : options.scripts
        var pageFolders = options.pages.isEmpty ? config.pages.map { join(base, $0) } : options.pages
        var swiftFolders = options.swift.isEmpty ? config.swift.map { join(base, $0) } : options.swift
        if forBuild {
            // Paths end up in the build's outputs (sourceURL comments, manifest.json, Bridge.swift),
            // which must not depend on where the project sits on this machine.
            scriptFolders = scriptFolders.map { relativeToCurrentFolder($0) }
            pageFolders = pageFolders.map { relativeToCurrentFolder($0) }
            swiftFolders = swiftFolders.map { relativeToCurrentFolder($0) }
        }
        // The config's patterns are relative to its folder, those of --exclude to the folder the
        // command was started in.
        let exclusions = Exclusions(rules: [
            (absolute(base), config.exclude.compactMap(PathPattern.init)),
            (startFolder, options.exclude.compactMap(PathPattern.init)),
        ])
        let outputFolder = output ?? join(base, config.output)
        // The output folder is never input, for lint as for build: lint reads what build reads.
        var reader = Reader(exclusions: exclusions, output: outputFolder, refusesOutputFolder: forBuild)
        reader.claim(scriptFolders, kind: .scripts)
        reader.claim(pageFolders, kind: .pages)
        reader.claim(swiftFolders, kind: .swift)
        // First contact: no config and no default scripts folder. Say what was looked for and
        // how to go on, not that a folder the user never named is missing.
        if configPath == nil, options.scripts.isEmpty, scriptFolders.count == 1, !folderExists(scriptFolders[0]) {
            throw UsageError(message: "found no \(configName) here or in a folder above, and no '\(display(scriptFolders[0]))' folder (where scripts are looked for without one): run 'hawser init' to propose a config for this app, or name the folders with --scripts and --swift")
        }
        try refuseInputsInOutput(outputFolder, [(.scripts, scriptFolders), (.pages, pageFolders), (.swift, swiftFolders)])
        let scriptFiles = try reader.read(scriptFolders, kind: .scripts, extensions: scriptExtensions)
        let pageFiles = try reader.read(pageFolders, kind: .pages, extensions: pageExtensions)
        let swiftFiles = try reader.read(swiftFolders, kind: .swift, extensions: nativeExtensions)
        var inputs = ProjectInputs(
            config: config, configFile: configFile, runsInConfigFolder: runsInConfigFolder, baseFolder: base, outputFolder: outputFolder,
            scripts: scriptFiles.filter { !$0.path.lowercased().hasSuffix(".json") },
            pages: pageFiles,
            swift: swiftFiles,
            schemas: scriptFiles.filter(isSchemaFile),
            // A `.json` file that is not a schema is no input, readable or not.
            unreadable: reader.unreadable.filter { !$0.path.lowercased().hasSuffix(".json") || isSchemaFile(SourceFile(path: $0.path, bytes: [])) })
        inputs.files = DiskFiles(outputFolder: outputFolder)
        inputs.scriptFolders = scriptFolders.map(display)
        inputs.config.scriptMetadata = try scriptMetadata(config.scriptMetadata, base: base, scripts: inputs.scripts)
        return inputs
    }

    /// The nearest `hawser.json` in the current folder or above it, up to the file system's
    /// root, as git and SwiftLint look for theirs: `hawser.json`, `../hawser.json`, …
    static func findConfig() -> String? {
        var folder = URL(fileURLWithPath: absolute("."))
        var prefix = ""
        while true {
            var isDirectory: ObjCBool = false
            let candidate = folder.appendingPathComponent(configName).path
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return prefix + configName
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path || folder.path == "/" { return nil }
            folder = parent
            prefix += "../"
        }
    }

    /// An output folder that holds an input folder would swallow it: its files are never read as
    /// inputs (`"output": "."` reads nothing; `"output": "Sources"` hides the registrations), and
    /// a build writes among them. So an input folder inside the output folder, or a Swift folder
    /// that is it, is refused with both named. (A scripts or pages folder that is the output
    /// folder itself is `Reader.read`'s: build refuses it, lint reads it.)
    static func refuseInputsInOutput(_ output: String, _ inputs: [(Kind, [String])]) throws {
        let outputPath = absolute(output)
        let prefix = outputPath == "/" ? "/" : outputPath + "/"
        for (kind, folders) in inputs {
            for folder in folders where folderExists(folder) {
                let path = absolute(folder)
                let isOutput = path == outputPath
                guard path.hasPrefix(prefix) || (isOutput && kind == .swift) else { continue }
                let relation = isOutput ? "is" : "contains"
                throw UsageError(message: "the output folder '\(display(output))' \(relation) the \(kind.rawValue) folder '\(display(folder))', whose files would not be read as inputs; choose an output folder outside the inputs (the default is 'output')")
            }
        }
    }

    /// Whether `path` is a folder (through symbolic links).
    static func folderExists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// A path as the user reads it: without a leading "./".
    static func display(_ path: String) -> String {
        path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }

    /// A `.json` file directly in a folder named `schemas`: `schemas/readFile.json`.
    static func isSchemaFile(_ file: SourceFile) -> Bool {
        let components = file.path.split(separator: "/")
        return file.path.lowercased().hasSuffix(".json") && components.count >= 2 && components[components.count - 2] == "schemas"
    }

    /// The standardised absolute form of `path` (relative to the current folder).
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// An absolute path inside `folder` (the current folder by default), made relative to it;
    /// other paths as they are.
    static func relativeToCurrentFolder(_ path: String, in folder: String? = nil) -> String {
        guard path.hasPrefix("/") else { return path }
        let current = folder ?? absolute(FileManager.default.currentDirectoryPath)
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        if standardized == current { return "." }
        return standardized.hasPrefix(current + "/") ? String(standardized.dropFirst(current.count + 1)) : path
    }

    /// The warning for scripts folders that hold no script: nothing to build (nil when there is one).
    var noScriptsWarning: String? {
        guard !input.hasUserScripts else { return nil }
        let folders = scriptFolders.map { "'\($0)'" }.joined(separator: ", ")
        let named = scriptFolders.isEmpty ? "no scripts folder is configured" : "the scripts folder\(scriptFolders.count == 1 ? "" : "s") \(folders) hold\(scriptFolders.count == 1 ? "s" : "") no .js, .ts or .css file"
        return "hawser: warning: \(named), so there is nothing to inject; put the app's user scripts there, or name their folders with --scripts (or 'scripts' in \(Self.configName)); 'hawser init' proposes them\n"
    }

    /// `scriptMetadata` keyed by the scripts' display paths instead of paths relative to the
    /// config's folder. An entry for a file that is not one of the scripts read is a usage error:
    /// the metadata would silently apply to nothing.
    static func scriptMetadata(
        _ entries: [String: HawserConfig.ScriptDefaults], base: String, scripts: [SourceFile]
    ) throws -> [String: HawserConfig.ScriptDefaults] {
        guard !entries.isEmpty else { return [:] }
        let standardized = { (path: String) in URL(fileURLWithPath: absolute(path)).standardizedFileURL.path }
        let byPath = Dictionary(scripts.map { (standardized($0.path), $0.path) }, uniquingKeysWith: { first, _ in first })
        var result: [String: HawserConfig.ScriptDefaults] = [:]
        for (path, defaults) in entries.sorted(by: { $0.key < $1.key }) {
            guard let display = byPath[standardized(join(base, path))] else {
                throw UsageError(message: "'scriptMetadata.\(path)': no script of the scripts folders is at this path (paths are relative to the config's folder)")
            }
            result[display] = defaults
        }
        return result
    }

    /// `folder/path`, without a leading "./" when `folder` is ".".
    static func join(_ folder: String, _ path: String) -> String {
        if path.hasPrefix("/") || folder == "." || folder.isEmpty { return path }
        return folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }

    /// `(path as NSString).pathExtension`, worked out directly for an ASCII path without a
    /// trailing `/` (the text after the last `.` of the last component, when that `.` does not
    /// start it), which every walked path of a source tree is.
    static func pathExtension(_ path: String) -> String {
        let bytes = path.utf8
        guard bytes.count > 1, bytes.allSatisfy({ $0 < 0x80 }), bytes.last != UInt8(ascii: "/") else {
            return (path as NSString).pathExtension
        }
        var start = bytes.endIndex
        while start > bytes.startIndex {
            let previous = bytes.index(before: start)
            let byte = bytes[previous]
            if byte == UInt8(ascii: "/") { return "" }
            if byte == UInt8(ascii: ".") {
                if previous == bytes.startIndex || bytes[bytes.index(before: previous)] == UInt8(ascii: "/") { return "" }
                return String(Substring(bytes[start...]))
            }
            start = previous
        }
        return ""
    }

    /// `absolute(folder/relative)` for the standardised absolute `folder` and a `relative` path of
    /// plain ASCII components (no empty, `.` or `..` one), where it is the two joined; nil for
    /// any other, which `absolute` works out.
    static func absolute(_ relative: String, below folder: String) -> String? {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        guard folder.hasPrefix("/"), !relative.isEmpty, relative.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        for component in relative.utf8.split(separator: slash, omittingEmptySubsequences: false) {
            if component.isEmpty || component.allSatisfy({ $0 == dot }) && component.count <= 2 { return nil }
        }
        return folder == "/" ? "/" + relative : folder + "/" + relative
    }

    /// `path` relative to `base`, both absolute and standardised, with `..` where it leaves it.
    static func relative(_ path: String, from base: String) -> String {
        // The common case, a path `base/rest` whose rest has no empty component, is that rest
        // as it is: what the component walk below gives, without splitting.
        let slash = UInt8(ascii: "/")
        let pathBytes = path.utf8, baseBytes = base.utf8
        if pathBytes.count > baseBytes.count + 1, pathBytes.starts(with: baseBytes) {
            let rest = pathBytes.dropFirst(baseBytes.count + 1)
            var previous = slash, empty = pathBytes[pathBytes.index(pathBytes.startIndex, offsetBy: baseBytes.count)] != slash
            for byte in rest where !empty {
                empty = byte == slash && previous == slash
                previous = byte
            }
            if !empty, previous != slash { return String(Substring(rest)) }
        }
        let target = path.split(separator: "/"), origin = base.split(separator: "/")
        var common = 0
        while common < target.count, common < origin.count, target[common] == origin[common] { common += 1 }
        let components = Array(repeating: "..", count: origin.count - common) + target[common...].map(String.init)
        return components.isEmpty ? "." : components.joined(separator: "/")
    }

    /// One file found below a folder: its path relative to the folder and what it is.
    struct WalkedFile {
        var relative: String
        /// The file's identity, or nil when it cannot be read, for `problem`.
        var identity: FileSystem.Identity?
        var problem: String?
    }

    /// The files below `folder`, sorted by byte order of each path component, skipping
    /// `skippedFolders` and the folders `skip` says to (given their standardised absolute path).
    /// Symbolic links are followed, but a folder already walked (a link loop, or a second link
    /// to one folder) is not walked again. A file that cannot be read (a link to nothing, a file
    /// removed since the folder was listed, a name that is not UTF-8, a named pipe) is listed
    /// with its problem.
    static func walk(_ folder: String, skip: (String) -> Bool = { _ in false }) throws -> [WalkedFile] {
        var result: [WalkedFile] = []
        let root = absolute(folder)
        var walked = Set<FileSystem.Identity>()
        if case .folder(let identity) = FileSystem.kind(of: folder) { walked.insert(identity) }
        // Folders still to list, last first: an explicit stack, so depth costs no native stack.
        var pending = [""]
        while let relative = pending.popLast() {
            let path = relative.isEmpty ? folder : join(folder, relative)
            let names: [[UInt8]]
            switch FileSystem.names(in: path) {
            case .success(let found): names = found
            case .failure(let failure): throw UsageError(message: "cannot list folder '\(path)': \(failure.reason)")
            }
            var subfolders: [String] = []
            for nameBytes in names {
                let name = FileSystem.display(nameBytes)
                let child = relative.isEmpty ? name : relative + "/" + name
                guard String(validating: nameBytes, as: UTF8.self) != nil else {
                    result.append(WalkedFile(relative: child, identity: nil, problem: "its name is not valid UTF-8; rename it"))
                    continue
                }
                switch FileSystem.kind(of: join(folder, child)) {
                case .folder(let identity):
                    if !skippedFolders.contains(name), !skip((root == "/" ? "" : root) + "/" + child), walked.insert(identity).inserted {
                        subfolders.append(child)
                    }
                case .file(let identity):
                    result.append(WalkedFile(relative: child, identity: identity, problem: nil))
                case .unreadable(let problem):
                    result.append(WalkedFile(relative: child, identity: nil, problem: problem))
                }
            }
            pending += subfolders.reversed()
        }
        // Depth first, each folder's entries in byte order of the whole path.
        return result.sorted { $0.relative.utf8.split(separator: 0x2F).lexicographicallyPrecedes($1.relative.utf8.split(separator: 0x2F)) { $0.lexicographicallyPrecedes($1) } }
    }
}

/// The `exclude` patterns, each group with the folder its paths are relative to.
struct Exclusions {
    var rules: [(base: String, patterns: [PathPattern])]

    /// Whether the file at the standardised absolute `path` is excluded.
    func excludes(file path: String) -> Bool {
        rules.contains { base, patterns in
            // (A rule without patterns excludes nothing: no path to work out.)
            guard !patterns.isEmpty else { return false }
            let relative = ProjectInputs.relative(path, from: base)
            return patterns.contains { $0.excludes(file: relative) }
        }
    }

    /// Whether the folder at the standardised absolute `path`, and so all below it, is excluded.
    func excludes(folder path: String) -> Bool {
        rules.contains { base, patterns in
            guard !patterns.isEmpty else { return false }
            let relative = ProjectInputs.relative(path, from: base)
            return patterns.contains { $0.excludes(folder: relative) }
        }
    }
}

extension ProjectInputs {
    enum Kind: String {
        case scripts, pages, swift
    }

    /// Reads the folders of each kind. A file belongs to one folder: the scripts and pages folders
    /// are walked without the other kind's folders inside them, so the nearest one decides
    /// (a `pages` folder inside a scripts folder holds pages); a folder inside one of its own kind
    /// is read as part of it, so a script's path, its identity, is the same whichever of the two
    /// is listed first.
    struct Reader {
        let exclusions: Exclusions
        let output: String?
        /// Whether an output folder that is a scripts or pages folder is an error (`hawser build`).
        let refusesOutputFolder: Bool
        /// The output folder as a folder on disk, however it is reached; nil while it does not exist.
        private let outputIdentity: FolderIdentity?
        /// The standardised absolute path of every configured scripts and pages folder, and its kind.
        private var folders: [String: Kind] = [:]
        private var seen = Set<String>()
        /// The files read, by identity: a file reached through a symbolic link is read once.
        private var seenFiles = Set<FileSystem.Identity>()
        /// The files listed that could not be read, each an `unreadable-file` error.
        private(set) var unreadable: [UnreadableFile] = []

        init(exclusions: Exclusions, output: String?, refusesOutputFolder: Bool = true) {
            self.exclusions = exclusions
            self.output = output
            self.refusesOutputFolder = refusesOutputFolder
            outputIdentity = output.flatMap(FolderIdentity.init)
        }

        /// Whether `path` is the output folder or inside it (by the folders' identity on disk, so
        /// a symbolic link or another spelling of the path is seen through).
        private func isInOutput(_ path: String) -> Bool {
            guard let outputIdentity else { return false }
            var current = path
            while true {
                if FolderIdentity(current) == outputIdentity { return true }
                let parent = (current as NSString).deletingLastPathComponent
                if parent == current || parent.isEmpty { return false }
                current = parent
            }
        }

        mutating func claim(_ paths: [String], kind: Kind) {
            guard kind != .swift else { return }
            for path in paths { folders[ProjectInputs.absolute(path)] = folders[ProjectInputs.absolute(path)] ?? kind }
        }

        /// The kind of the configured folder nearest above `path` (not `path` itself), if any.
        private func enclosingKind(of path: String) -> Kind? {
            var current = (path as NSString).deletingLastPathComponent
            while current.count > 1 {
                if let kind = folders[current] { return kind }
                current = (current as NSString).deletingLastPathComponent
            }
            return folders["/"]
        }

        /// Reads every file with one of `extensions` below each folder, in sorted order. A file
        /// reached through two folders is read once.
        mutating func read(_ paths: [String], kind: Kind, extensions: Set<String>) throws -> [SourceFile] {
            var files: [SourceFile] = []
            let outputPath = output.map(ProjectInputs.absolute)
            for folder in paths {
                // A page may be listed as a file of its own: a template inside a scripts folder.
                if kind == .pages, case .file = FileSystem.kind(of: folder) {
                    let canonical = ProjectInputs.absolute(folder)
                    guard !exclusions.excludes(file: canonical), seen.insert(canonical).inserted,
                          extensions.contains(ProjectInputs.pathExtension(folder).lowercased()) else { continue }
                    switch FileSystem.read(folder) {
                    case .success(let bytes): files.append(SourceFile(path: folder, bytes: bytes, relativePath: (folder as NSString).lastPathComponent))
                    case .failure(let failure): unreadable.append(UnreadableFile(path: folder, reason: failure.reason))
                    }
                    continue
                }
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw UsageError(message: "\(kind.rawValue) folder '\(folder)' does not exist")
                }
                let folderPath = ProjectInputs.absolute(folder)
                let isOutput = outputPath == folderPath || (outputIdentity != nil && FolderIdentity(folderPath) == outputIdentity)
                if let output, refusesOutputFolder, isOutput, kind != .swift {
                    throw UsageError(message: "the output folder '\(output)' is the \(kind.rawValue) folder '\(folder)'; choose another output folder")
                }
                // A configured folder inside the output folder (or a Swift folder that is it) holds
                // no inputs. (A scripts or pages folder that is the output folder is the user's:
                // build refuses it, lint reads it.)
                if !(isOutput && kind != .swift), isInOutput((folderPath as NSString).resolvingSymlinksInPath) { continue }
                // Read as part of the enclosing folder of the same kind; or excluded as a whole.
                if kind != .swift, enclosingKind(of: folderPath) == kind { continue }
                if exclusions.excludes(folder: folderPath) { continue }
                let display = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
                let skip = { (path: String) -> Bool in
                    // The output folder: its files are not inputs. A folder of the other kind:
                    // read as that kind. An excluded folder.
                    if path == outputPath || (outputIdentity != nil && FolderIdentity(path) == outputIdentity) { return true }
                    if kind != .swift, let other = folders[path], other != kind { return true }
                    return exclusions.excludes(folder: path)
                }
                for walked in try ProjectInputs.walk(folder, skip: skip) where extensions.contains(ProjectInputs.pathExtension(walked.relative).lowercased())
                && (kind == .swift || !SourceFile.isDeclarationFile(walked.relative)) {
                    let path = ProjectInputs.join(display, walked.relative)
                    let canonical = ProjectInputs.absolute(walked.relative, below: folderPath) ?? ProjectInputs.absolute(path)
                    if exclusions.excludes(file: canonical) { continue }
                    // A file listed as a page of its own is read as one.
                    if kind != .swift, let other = folders[canonical], other != kind { continue }
                    guard seen.insert(canonical).inserted, walked.identity.map({ seenFiles.insert($0).inserted }) ?? true else { continue }
                    if let problem = walked.problem {
                        unreadable.append(UnreadableFile(path: path, reason: problem))
                        continue
                    }
                    switch FileSystem.read(path) {
                    case .success(let bytes): files.append(SourceFile(path: path, bytes: bytes, relativePath: walked.relative))
                    case .failure(let failure): unreadable.append(UnreadableFile(path: path, reason: failure.reason))
                    }
                }
            }
            return files
        }
    }
}

/// A folder as the file system knows it (device and inode): the same whatever path reaches it.
struct FolderIdentity: Equatable {
    var device: UInt64
    var inode: UInt64

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
