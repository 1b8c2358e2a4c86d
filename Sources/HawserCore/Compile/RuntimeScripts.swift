/// The scripts Hawser adds to the app's own: the promise runtime and the native-feel presets.
enum RuntimeScripts {
    static let runtimeName = "hawser-runtime"
    static let nativeFeelName = "hawser-native-feel"

    /// The runtime, once for the page world and once for every other world a script runs in,
    /// then the native-feel presets when the config asks for any.
    static func scripts(config: HawserConfig, contract: BridgeContract, worlds: [ContentWorldSpec]) -> [CompiledScript] {
        var scripts = runtime(config: config, contract: contract, worlds: worlds)
        if !config.nativeFeel.isEmpty {
            scripts.append(nativeFeel(config.nativeFeel))
        }
        return scripts
    }

    static func runtime(config: HawserConfig, contract: BridgeContract, worlds: [ContentWorldSpec]) -> [CompiledScript] {
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

    static func nativeFeel(_ presets: [NativeFeelPreset]) -> CompiledScript {
        CompiledScript(
            name: nativeFeelName, file: "\(nativeFeelName).js", source: nil, origin: .presets,
            runAt: .documentStart, mainFrameOnly: false, world: .page, match: [], excludeMatch: [],
            text: ScriptTemplates.nativeFeel(presets, name: nativeFeelName))
    }
}
