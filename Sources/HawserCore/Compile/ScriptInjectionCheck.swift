/// How a script's metadata meets the two other places that can say when and where it runs:
/// `scriptMetadata` in `hawser.json`, which fills in what the script's own block leaves out, and
/// the `WKUserScript` call that injects the same file by hand today (`ScriptInjection`).
enum ScriptInjectionCheck {
    /// `metadata` with `defaults` filled in where its block is silent. A key the block gives and
    /// the config contradicts keeps the block's value, with a `metadata-mismatch` warning.
    static func apply(_ defaults: HawserConfig.ScriptDefaults, to metadata: inout ScriptMetadata, file: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let start = SourceLocation(file: file, line: 1, column: 1)
        func conflict(_ key: String, block: String, config: String) {
            diagnostics.append(Diagnostic(
                .metadataMismatch,
                "the metadata block says \(block), while scriptMetadata in hawser.json says \(config) for this script; the block wins: remove one of them",
                at: metadata.keyLocations[key] ?? start))
        }
        if let runAt = defaults.runAt {
            if let given = metadata.runAt {
                if given != runAt { conflict("run-at", block: describe(given), config: describe(runAt)) }
            } else {
                metadata.runAt = runAt
            }
        }
        if let mainFrameOnly = defaults.mainFrameOnly {
            if metadata.keyLocations["noframes"] != nil {
                if !mainFrameOnly { conflict("noframes", block: "@noframes", config: "\"mainFrameOnly\": false") }
            } else {
                metadata.noFrames = mainFrameOnly
            }
        }
        if let world = defaults.world {
            if let given = metadata.world {
                if given != world { conflict("world", block: "@world \(given.metadataValue)", config: "world \(world.metadataValue)") }
            } else {
                metadata.world = world
            }
        }
        return diagnostics
    }

    /// A `metadata-mismatch` warning for each way the script, as Hawser would inject it
    /// (`runAt`, `mainFrameOnly`, `world`), differs from a `WKUserScript` that injects its file
    /// today: switching to the generated `installScripts` would change when or where it runs.
    static func compare(
        file: String, metadata: ScriptMetadata, runAt: InjectionTime, injections: [ScriptInjection]
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let name = ScriptInjection.fileName(file)
        for injection in injections {
            var differences: [(key: String, hawser: String, app: String, write: String)] = []
            if let appTime = injection.runAt, appTime != runAt {
                differences.append(("run-at", describe(runAt), describe(appTime), "// @run-at \(appTime == .documentStart ? "document-start" : "document-end")"))
            }
            if let appFrames = injection.mainFrameOnly, appFrames != metadata.noFrames {
                differences.append(("noframes", metadata.noFrames ? "in the main frame only" : "in every frame",
                                    appFrames ? "in the main frame only" : "in every frame",
                                    appFrames ? "// @noframes" : "no @noframes"))
            }
            let world = metadata.world ?? .page
            if let appWorld = injection.world, appWorld != world {
                differences.append(("world", "in the \(world.metadataValue) world", "in the \(appWorld.metadataValue) world", "// @world \(appWorld.metadataValue)"))
            }
            guard !differences.isEmpty else { continue }
            let hawser = differences.map(\.hawser).joined(separator: ", ")
            let app = differences.map(\.app).joined(separator: ", ")
            let write = differences.map(\.write).joined(separator: " and ")
            let at = differences.lazy.compactMap { metadata.keyLocations[$0.key] }.first
                ?? metadata.blockLocation ?? SourceLocation(file: file, line: 1, column: 1)
            diagnostics.append(Diagnostic(
                .metadataMismatch,
                "Hawser injects \(name) \(hawser), but the app injects it \(app) today (WKUserScript at \(injection.location)); write \(write) in its metadata block, or set it under scriptMetadata in hawser.json",
                at: at))
        }
        return diagnostics
    }

    static func describe(_ time: InjectionTime) -> String {
        time == .documentStart ? "at document start" : "at document end"
    }
}
