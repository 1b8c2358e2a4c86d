import Foundation
import PackagePlugin

/// A folder Hawser compiles, as the plugins see it: a target's folder that holds a `hawser.json`
/// or a `userscripts/` folder. Shared by the three plugins (each plugin folder links this file:
/// plugins cannot depend on a library).
///
/// Hawser runs in `root`, the package's (or Xcode project's) folder, with the config named
/// relative to it, so diagnostics read `Sources/App/userscripts/a.js:3:5: error: …` from where
/// `swift build` runs, and the outputs are the bytes `hawser build --config Sources/App/hawser.json`
/// writes there.
struct HawserProject {
    /// The folder hawser runs in: paths in diagnostics and outputs are relative to it.
    var root: URL
    /// The target's folder.
    var folder: URL
    /// `folder/hawser.json`, when there is one.
    var config: URL?
    /// The folders the config names (or the defaults: `userscripts`, and the target's folder for
    /// the native sources), resolved against `folder`.
    var scriptFolders: [URL]
    var pageFolders: [URL]
    var nativeFolders: [URL]
    /// The bridge's name: the generated Swift file is `<name>.swift`.
    var name: String

    /// A target's folder. `Target.directoryURL` needs tools version 6.1 and `Path.string` is
    /// deprecated, so the path is read through `CustomStringConvertible`.
    static func folder(of target: SourceModuleTarget) -> URL {
        URL(fileURLWithPath: String(describing: target.directory))
    }

    static let configName = "hawser.json"
    static let defaultScripts = "userscripts"
    /// Folders hawser never walks into, as it skips them.
    static let skippedFolders: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules"]
    static let nativeExtensions: Set<String> = ["swift", "m", "mm", "h"]

    /// The project in `folder`, or nil when it has neither a `hawser.json` nor a `userscripts/`
    /// folder (the plugin then adds no command). A config that is not valid JSON still makes a
    /// project: hawser reports the error at its position and the build fails.
    init?(folder: URL, root: URL) {
        let fileManager = FileManager.default
        let configURL = folder.appendingPathComponent(Self.configName)
        let hasConfig = fileManager.fileExists(atPath: configURL.path)
        var isDirectory: ObjCBool = false
        let hasScripts = fileManager.fileExists(atPath: folder.appendingPathComponent(Self.defaultScripts).path, isDirectory: &isDirectory)
            && isDirectory.boolValue
        guard hasConfig || hasScripts else { return nil }
        self.folder = folder.standardizedFileURL
        // A hawser.json that is a symbolic link is a config shared from elsewhere (the demo's
        // target links the repository's top-level one): hawser runs in the folder of the file it
        // links to, with the paths the config names resolved there, so the outputs are the bytes
        // `hawser build` writes when run beside that file.
        let linked = hasConfig
            && (try? fileManager.destinationOfSymbolicLink(atPath: configURL.path)) != nil
        let realConfig = linked ? configURL.resolvingSymlinksInPath().standardizedFileURL : configURL
        let base = linked ? realConfig.deletingLastPathComponent() : self.folder
        self.root = linked ? base : root.standardizedFileURL
        config = hasConfig ? realConfig : nil
        var keys: [String: Any] = [:]
        if hasConfig, let data = fileManager.contents(atPath: configURL.path),
           let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            keys = object
        }
        func folders(_ key: String, _ defaults: [String]) -> [URL] {
            ((keys[key] as? [String]) ?? defaults).map { base.appendingPathComponent($0).standardizedFileURL }
        }
        scriptFolders = folders("scripts", [Self.defaultScripts])
        pageFolders = folders("pages", [])
        nativeFolders = folders("swift", ["."])
        name = (keys["name"] as? String) ?? "Bridge"
    }

    /// Whether the scripts folders hold a script to inject (`.js`, `.css`, `.ts`, `.mts`, `.cts`):
    /// without one, `hawser build` writes no `<Name>.swift`, so the build-tool plugin adds no command.
    var hasScripts: Bool {
        let extensions: Set<String> = ["js", "css", "ts", "mts", "cts"]
        return scriptFolders.contains { folder in
            Self.files(below: folder).contains { path in
                extensions.contains((path as NSString).pathExtension.lowercased()) && !path.lowercased().hasSuffix(".d.ts")
            }
        }
    }

    /// `path` relative to `root` when it is inside it, else absolute.
    func relative(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.path.hasSuffix("/") ? root.path : root.path + "/"
        if path == root.path { return "." }
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    /// The target's folder as the build log names it.
    var displayFolder: String { relative(folder) }

    /// `hawser COMMAND` run in `root` on this project: with its config, or the default folders,
    /// and its cache in `cache`, inside the plugin's work directory (the one place a plugin may
    /// write; the default, `.build/hawser-cache` beside the config, would be in the sources).
    func arguments(_ command: String, cache: URL) -> [String] {
        var arguments = [command, "--directory", root.path, "--cache-dir", cache.path]
        if let config {
            arguments += ["--config", relative(config)]
        } else {
            // Without a config, the set-up the documentation describes: the generated bridge
            // registers the handlers (`install(into:handlers:)`), since the app has none yet.
            arguments += ["--scripts", relative(scriptFolders[0]), "--swift", relative(folder), "--registration", "generated"]
        }
        return arguments
    }

    /// Every file a run reads, sorted: the config, each file below the scripts and pages folders
    /// (the schemas included), and the native sources below the Swift folders. A build command
    /// that declares them reruns when one changes; SwiftPM notices a file added or removed
    /// because it plans the build again when a target's folder changes.
    ///
    /// With `manifest`, the `manifest.json` of the last build in the plugin's work directory, the
    /// modules its bundled entries hold are inputs too (`scripts[].modules`): modules outside the
    /// scripts folders and package files under `node_modules`, which no folder walk could know.
    /// A first build has no manifest, and runs anyway, since its output is missing.
    func inputFiles(manifest: URL? = nil) -> [URL] {
        var files = Set<String>()
        if let config { files.insert(config.path) }
        if let manifest { files.formUnion(moduleFiles(in: manifest)) }
        for folder in scriptFolders + pageFolders { files.formUnion(Self.files(below: folder)) }
        for folder in nativeFolders {
            files.formUnion(Self.files(below: folder).filter { Self.nativeExtensions.contains(($0 as NSString).pathExtension) })
        }
        return files.sorted().map { URL(fileURLWithPath: $0) }
    }

    /// The `modules` of every script a `manifest.json` lists, as absolute paths (hawser ran in
    /// `root`, so relative ones are relative to it); none when the file is missing or not JSON.
    func moduleFiles(in manifest: URL) -> [String] {
        guard let data = FileManager.default.contents(atPath: manifest.path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let scripts = object["scripts"] as? [[String: Any]]
        else { return [] }
        return scripts.flatMap { ($0["modules"] as? [String]) ?? [] }.map { path in
            path.hasPrefix("/") ? path : root.appendingPathComponent(path).standardizedFileURL.path
        }
    }

    /// The regular files below `folder`, skipping hidden entries and the folders hawser skips.
    static func files(below folder: URL) -> [String] {
        let fileManager = FileManager.default
        var result: [String] = []
        var pending = [folder.path]
        while let current = pending.popLast() {
            guard let names = try? fileManager.contentsOfDirectory(atPath: current) else { continue }
            for name in names where !name.hasPrefix(".") && !skippedFolders.contains(name) {
                let path = (current as NSString).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue { pending.append(path) } else { result.append(path) }
            }
        }
        return result
    }
}
