import Foundation

/// The result of compiling a project: every finding, the scripts in injection order, and the
/// output files (empty when there is any error, so the last good output stays).
public struct BuildResult: Sendable {
    /// The lint report, with the build's own findings merged into its diagnostics.
    public var report: LintReport
    public var scripts: [CompiledScript]
    /// Output files by path relative to the output folder, `manifest.json` included.
    public var files: [String: [UInt8]]
    /// What the generators work from; nil when there are errors.
    public var model: BridgeModel?

    public var hasErrors: Bool { report.errorCount > 0 }
}

/// `hawser build`: lint, then compile the scripts folder into the scripts to inject and
/// `manifest.json`.
public enum Builder {
    public static let runtimeName = "hawser-runtime"
    public static let nativeFeelName = "hawser-native-feel"
    public static let manifestFile = "manifest.json"
    public static let documentFile = "BRIDGE.md"

    /// Lints and compiles. With `emitFiles` false (for `lint` and `stubs`), every check runs and
    /// the model is made, but no output file is rendered.
    public static func build(_ input: LintInput, emitFiles: Bool = true) -> BuildResult {
        var report = Linter.lint(input)
        let userScripts = ScriptCompiler.compile(
            input.scripts.filter { isUserScript($0.path) }, reservedNames: [runtimeName, nativeFeelName])
        let (types, typeDiagnostics) = HandlerTyping.resolve(contract: report.contract, config: input.config, schemaFiles: input.schemas)
        report.add(userScripts.diagnostics + typeDiagnostics)

        var scripts = runtimeScripts(config: input.config, contract: report.contract, worlds: userScripts.scripts.map(\.world))
        if !input.config.nativeFeel.isEmpty {
            scripts.append(nativeFeelScript(input.config.nativeFeel))
        }
        scripts += userScripts.scripts

        guard report.errorCount == 0 else { return BuildResult(report: report, scripts: scripts, files: [:], model: nil) }
        let model = BridgeModel.make(contract: report.contract, types: types, scripts: scripts, config: input.config)
        guard emitFiles else { return BuildResult(report: report, scripts: scripts, files: [:], model: model) }
        var files: [String: [UInt8]] = [:]
        for script in scripts { files[script.file] = Array(script.text.utf8) }
        files["\(model.name).swift"] = Array(SwiftBridgeGenerator.generate(model).utf8)
        files["\(model.name).d.ts"] = Array(TypeScriptDeclarationsGenerator.generate(model).utf8)
        files[documentFile] = Array(BridgeDocumentGenerator.generate(model).utf8)
        let manifest = BuildManifest.render(model: model, files: files.keys.sorted() + [manifestFile])
        files[manifestFile] = Array(manifest.utf8)
        return BuildResult(report: report, scripts: scripts, files: files, model: model)
    }

    /// `.js` and `.css` files become injected scripts; `.html` pages are only linted.
    static func isUserScript(_ path: String) -> Bool {
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".js") || lowercased.hasSuffix(".css")
    }

    /// The runtime, once for the page world and once for every other world a script runs in.
    static func runtimeScripts(config: HawserConfig, contract: BridgeContract, worlds: [ContentWorldSpec]) -> [CompiledScript] {
        let table = JSON.object(contract.handlers.map { handler in
            var entry: [(String, JSON)] = [("kind", .string(handler.kind.rawValue))]
            if let transport = handler.transport { entry.append(("transport", .string(transport.rawValue))) }
            return (handler.name, .object(entry))
        })
        var text = ScriptTemplates.header(source: nil)
        text += RuntimeTemplate.render(
            global: config.runtime.global, timeoutMs: config.runtime.timeoutMs,
            defaultTransport: config.requestTransport.rawValue,
            // Indented to sit inside the runtime's function (JSON strings hold no raw newlines).
            contractJSON: String(table.rendered().dropLast()).replacingOccurrences(of: "\n", with: "\n  "))
        text += ScriptTemplates.sourceURL("hawser/\(runtimeName).js")
        let otherWorlds = Set(worlds.filter { $0 != .page }).sorted { $0.manifestValue < $1.manifestValue }
        return ([ContentWorldSpec.page] + otherWorlds).map { world in
            CompiledScript(
                name: world == .page ? runtimeName : "\(runtimeName).\(world.manifestValue)",
                file: "\(runtimeName).js", source: nil, origin: .runtime, runAt: .documentStart,
                mainFrameOnly: false, world: world, match: [], excludeMatch: [], text: text)
        }
    }

    static func nativeFeelScript(_ presets: [NativeFeelPreset]) -> CompiledScript {
        CompiledScript(
            name: nativeFeelName, file: "\(nativeFeelName).js", source: nil, origin: .presets,
            runAt: .documentStart, mainFrameOnly: false, world: .page, match: [], excludeMatch: [],
            text: ScriptTemplates.nativeFeel(presets, name: nativeFeelName))
    }
}
