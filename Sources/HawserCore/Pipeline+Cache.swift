/// The front ends' facts through the `FactCache`: what `Pipeline.analyze` parses, looked up by
/// the digest of everything the facts are a function of, so that a run with nothing changed
/// parses nothing. The facts carry locations, so a file's display path and relative path are in
/// its key besides its bytes; its kind (script, page, style sheet, native) follows from its path.
extension Pipeline {
    /// The JavaScript facts of one script or page (`analyzeScript`), cached per file.
    static func cachedScriptFacts(
        _ file: SourceFile, runtimeGlobal: String, placeholders: [PlaceholderForm], cache: FactCache?
    ) -> JavaScriptFacts {
        guard let cache else { return analyzeScript(file, runtimeGlobal: runtimeGlobal, placeholders: placeholders) }
        let key = FactCache.key("script-facts") { hasher in
            hashSettings(into: &hasher, runtimeGlobal: runtimeGlobal, placeholders: placeholders)
            hashFile(file, into: &hasher)
        }
        return cache.value(key) { analyzeScript(file, runtimeGlobal: runtimeGlobal, placeholders: placeholders) }
    }

    /// What the native front ends find across all the native files, and the facts of the scripts
    /// embedded in them: one entry for all the files, since a registration's resolution in one
    /// file depends on declarations in the others.
    static func nativeStage(
        _ files: [SourceFile], runtimeGlobal: String, placeholders: [PlaceholderForm], cache: FactCache?
    ) -> NativeStage {
        let compute = {
            let facts = NativeFacts.merging([
                SwiftFrontEnd.analyze(files.filter { !$0.isObjectiveCSource }, placeholders: placeholders),
                ObjCFrontEnd.analyze(files.filter(\.isObjectiveCSource)),
            ])
            // A script in a native literal is no module: a name an `import` in it binds is computed.
            let embedded = facts.embeddedScripts.map {
                ImportedConstant.settled(analyzeEmbedded($0, runtimeGlobal: runtimeGlobal, placeholders: placeholders).facts, placeholders: placeholders)
            }
            return NativeStage(facts: facts, embedded: embedded)
        }
        guard let cache else { return compute() }
        let key = FactCache.key("native-facts") { hasher in
            hashSettings(into: &hasher, runtimeGlobal: runtimeGlobal, placeholders: placeholders)
            hasher.update(files.count)
            for file in files { hashFile(file, into: &hasher) }
        }
        return cache.value(key, compute)
    }

    /// The native front ends' facts, and the JavaScript facts of each of their embedded scripts
    /// in the same order.
    struct NativeStage: Codable {
        var facts: NativeFacts
        var embedded: [JavaScriptFacts]
    }

    /// The configuration the front ends read: the runtime's global and the placeholder forms.
    static func hashSettings(into hasher: inout SHA256, runtimeGlobal: String, placeholders: [PlaceholderForm]) {
        hasher.field(runtimeGlobal)
        hasher.update(placeholders.count)
        for form in placeholders {
            hasher.field(form.prefix)
            hasher.field(form.suffix)
        }
    }

    static func hashFile(_ file: SourceFile, into hasher: inout SHA256) {
        hasher.field(file.path)
        hasher.field(file.relativePath)
        hasher.field(file.bytes)
    }
}
