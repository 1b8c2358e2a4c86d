import Foundation
import HawserCore

/// The configuration and input files of a project, read from disk. The only place that reads
/// inputs; the core sees them in memory.
struct ProjectInputs {
    var config: HawserConfig
    /// The folder that holds the config file, as a display path ("." without one).
    var baseFolder: String
    /// The build's output folder: the `output` given, or the config's joined to `baseFolder`.
    var outputFolder: String
    var scripts: [SourceFile]
    var swift: [SourceFile]
    /// `schemas/<handler>.json` files of the scripts folders.
    var schemas: [SourceFile]

    var input: ProjectInput { ProjectInput(scripts: scripts, swift: swift, config: config, schemas: schemas) }

    /// Folders never walked into.
    static let skippedFolders: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules"]
    static let scriptExtensions: Set<String> = ["js", "css", "html", "htm", "json"]

    /// With `forBuild`: scripts below the output folder are not read, since they are the build's
    /// own output; an output folder that is a scripts folder is refused, since writing it would
    /// overwrite the scripts; and absolute folders inside the current folder are made relative,
    /// since their paths end up in the outputs.
    static func load(_ options: CommonOptions, output: String? = nil, forBuild: Bool = false) throws -> ProjectInputs {
        let fileManager = FileManager.default
        var config = HawserConfig()
        var base = "."
        var configPath = options.config
        if configPath == nil, fileManager.fileExists(atPath: "hawser.json") { configPath = "hawser.json" }
        if let configPath {
            guard let data = fileManager.contents(atPath: configPath) else {
                throw UsageError(message: "cannot read config file '\(configPath)'")
            }
            do {
                config = try HawserConfig.parse(Array(data), file: configPath)
            } catch {
                // Text that is not JSON has a position: printed in the compiler's form.
                guard let location = error.location else { throw UsageError(message: error.description) }
                throw UsageError(message: error.key.map { "'\($0)': \(error.reason)" } ?? error.reason, location: location)
            }
            base = (configPath as NSString).deletingLastPathComponent
            if base.isEmpty { base = "." }
        }
        var scriptFolders = options.scripts.isEmpty ? config.scripts.map { join(base, $0) } : options.scripts
        var swiftFolders = options.swift.isEmpty ? config.swift.map { join(base, $0) } : options.swift
        if forBuild {
            // Paths end up in the build's outputs (sourceURL comments, manifest.json, Bridge.swift),
            // which must not depend on where the project sits on this machine.
            scriptFolders = scriptFolders.map(relativeToCurrentFolder)
            swiftFolders = swiftFolders.map(relativeToCurrentFolder)
        }
        let outputFolder = output ?? join(base, config.output)
        let scriptFiles = try read(scriptFolders, kind: "scripts", extensions: scriptExtensions, output: forBuild ? outputFolder : nil)
        return ProjectInputs(
            config: config, baseFolder: base, outputFolder: outputFolder,
            scripts: scriptFiles.filter { !$0.path.lowercased().hasSuffix(".json") },
            swift: try read(swiftFolders, kind: "swift", extensions: ["swift", "m", "mm", "h"]),
            schemas: scriptFiles.filter(isSchemaFile))
    }

    /// A `.json` file directly in a folder named `schemas`: `schemas/readFile.json`.
    static func isSchemaFile(_ file: SourceFile) -> Bool {
        let components = file.path.split(separator: "/")
        return file.path.lowercased().hasSuffix(".json") && components.count >= 2 && components[components.count - 2] == "schemas"
    }

    /// An absolute path inside the current folder, made relative to it; other paths as they are.
    static func relativeToCurrentFolder(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        if standardized == current { return "." }
        return standardized.hasPrefix(current + "/") ? String(standardized.dropFirst(current.count + 1)) : path
    }

    /// `folder/path`, without a leading "./" when `folder` is ".".
    static func join(_ folder: String, _ path: String) -> String {
        if path.hasPrefix("/") || folder == "." || folder.isEmpty { return path }
        return folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }

    /// `(path as NSString).pathExtension`, without bridging for the ordinary case: a last
    /// component `name.ext` with an ASCII letters-and-digits extension after a dot that does
    /// not start the name.
    static func pathExtension(_ path: String) -> String {
        let utf8 = path.utf8
        if let dot = utf8.lastIndex(of: UInt8(ascii: ".")) {
            let ext = utf8[utf8.index(after: dot)...]
            let nameStart = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
            if dot > nameStart, !ext.isEmpty,
               ext.allSatisfy({ ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }) {
                return String(decoding: ext, as: UTF8.self)
            }
        }
        return (path as NSString).pathExtension
    }

    /// Reads every file with one of `extensions` below each folder, in sorted order. A file
    /// reached through two folders is read once.
    static func read(_ folders: [String], kind: String, extensions: Set<String>, output: String? = nil) throws -> [SourceFile] {
        var files: [SourceFile] = []
        var seen = Set<String>()
        let outputPath = output.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw UsageError(message: "\(kind) folder '\(folder)' does not exist")
            }
            let folderPath = URL(fileURLWithPath: folder).standardizedFileURL.path
            if let output, outputPath == folderPath {
                throw UsageError(message: "the output folder '\(output)' is the \(kind) folder '\(folder)'; choose another output folder")
            }
            // The output folder inside this folder: its files are not inputs.
            let skipped = outputPath.flatMap { $0.hasPrefix(folderPath + "/") ? $0 + "/" : nil }
            let display = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            for relative in try walk(folder) where extensions.contains(pathExtension(relative).lowercased()) {
                let path = join(display, relative)
                // What standardizing `path` gives: the walk's components are plain names (never
                // `.`, `..` or empty), and standardizing is lexical.
                let canonical = folderPath.hasSuffix("/") ? folderPath + relative : folderPath + "/" + relative
                if let skipped, canonical.hasPrefix(skipped) { continue }
                guard seen.insert(canonical).inserted else { continue }
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw UsageError(message: "cannot read '\(path)'")
                }
                files.append(SourceFile(path: path, bytes: Array(data)))
            }
        }
        return files
    }

    /// The relative paths of the regular files below `folder`, sorted by byte order of each
    /// path component, skipping `skippedFolders`.
    static func walk(_ folder: String) throws -> [String] {
        var result: [String] = []
        func visit(_ relative: String) throws {
            let absolute = relative.isEmpty ? folder : join(folder, relative)
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: absolute)
            } catch {
                throw UsageError(message: "cannot list folder '\(absolute)'")
            }
            for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                let child = relative.isEmpty ? name : relative + "/" + name
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: join(folder, child), isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if !skippedFolders.contains(name) { try visit(child) }
                } else {
                    result.append(child)
                }
            }
        }
        try visit("")
        return result
    }
}
