import TreeSitter

/// One reading of a JavaScript file per run: its bytes are parsed once, and the one tree is
/// walked for lint's facts (`JavaScriptFrontEnd`) and, when the bytes can hold module syntax,
/// for the module graph's (`ModuleSource`). The pair is cached as one entry of the `FactCache`,
/// so a warm run parses nothing for either.
struct ScriptScan: Codable, Sendable {
    var facts: JavaScriptFacts
    /// The file as the module graph reads it; nil when the graph does not read it (a page, a
    /// first run's file), or when its bytes hold no module word (`ModuleSource.isClassicWithoutParse`).
    var module: ModuleSource?
    /// Whether the facts hold the file's calls: asked for, or the file imports
    /// (`JavaScriptFrontEnd.hasImportStatement`).
    var recordedCalls: Bool
}

/// What a run reads its JavaScript for, decided from the bytes before any tree is walked.
///
/// Every file is parsed and walked for the facts every script has (top-level declarations and
/// `await`, definitions, suppressions, handler uses where its bytes can reach a handler). What
/// only some files need are their calls (`JavaScriptFacts.calls`): a call matters only when it
/// may reach a wrapper (`WrapperCalls`), a function that posts to a handler or passes a
/// parameter on to one. A file records its calls when its bytes name a handler root
/// (`webkit`, `messageHandlers`, the runtime's global), when its tree has an `import`
/// statement (a call of an imported function is followed to its module, under the name it has
/// there; decided after the parse, since the word is common in other text), or when its bytes
/// hold an identifier that some wrapper is called
/// by (`CallWords`); wrappers are found in the files that do record, so the words grow until
/// no unrecorded file holds one (a fixpoint over the files' identifiers, linear in their bytes).
struct ScanPlan: Sendable {
    let runtimeGlobal: String
    let placeholders: [PlaceholderForm]

    /// Whether `bytes` must have their calls recorded whatever wrappers exist.
    func alwaysRecordsCalls(_ file: SourceFile) -> Bool {
        if file.isPage { return true }
        let bytes = file.bytes
        return JavaScriptFrontEnd.contains(bytes, Self.webkit) || JavaScriptFrontEnd.mayUseHandlers(bytes, runtimeGlobal: runtimeGlobal)
    }

    private static let webkit = Array("webkit".utf8)
}

/// The identifiers through which a call can reach a wrapper: the last name of each key a
/// wrapper is called by (`send` of `Bridge.send`), and, transitively, of each function that
/// passes its own parameter on to a call by such a name.
struct CallWords {
    private(set) var words: Set<String> = []

    /// The word a callable key ends in: `Bridge.send@file:1:2` is `send`.
    static func word(of key: String) -> Substring {
        let path = key.prefix { $0 != "@" }
        return path.split(separator: ".").last ?? path
    }

    /// Adds the words of `facts`' wrappers, then of the functions that forward a parameter to a
    /// call by a known word, until nothing new is found. Returns whether anything was added.
    @discardableResult
    mutating func add(_ facts: [JavaScriptFacts]) -> Bool {
        let before = words.count
        for file in facts {
            for wrapper in file.wrappers { for key in wrapper.keys { words.insert(String(Self.word(of: key))) } }
            for wrapper in file.handlerWrappers { for key in wrapper.keys { words.insert(String(Self.word(of: key))) } }
        }
        var changed = true
        while changed {
            changed = false
            for file in facts {
                for call in file.calls where words.contains(String(Self.word(of: call.callee))) {
                    for case .parameter(let keys, _) in call.arguments {
                        for key in keys where words.insert(String(Self.word(of: key))).inserted { changed = true }
                    }
                }
            }
        }
        return words.count > before
    }

    /// Whether `bytes` hold one of the words as an identifier (a maximal run of identifier
    /// characters; a name written with `\u` escapes is not seen).
    func occur(in bytes: [UInt8]) -> Bool {
        guard !words.isEmpty else { return false }
        let lengths = Set(words.map(\.utf8.count))
        var start: Int?
        func check(_ end: Int) -> Bool {
            guard let from = start, lengths.contains(end - from) else { return false }
            return words.contains(String(decoding: bytes[from..<end], as: UTF8.self))
        }
        for index in bytes.indices {
            let byte = bytes[index]
            let isIdentifier = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || byte >= 0x80
            if isIdentifier {
                if start == nil { start = index }
            } else if start != nil {
                if check(index) { return true }
                start = nil
            }
        }
        return check(bytes.count)
    }
}

extension Pipeline {
    /// Parses `file` once and walks the tree for its facts and, with `readsModule`, its module
    /// reading. Through `cache`, keyed by everything the pair is a function of.
    static func scan(_ file: SourceFile, plan: ScanPlan, recordsCalls: Bool, readsModule: Bool, cache: FactCache?) -> ScriptScan {
        // The module holds the file's own bytes (one buffer, shared), not the tree's copy.
        let compute = {
            var scan = scanUncached(file, plan: plan, recordsCalls: recordsCalls, readsModule: readsModule)
            scan.module?.bytes = file.bytes
            return scan
        }
        guard let cache else { return compute() }
        let key = FactCache.key("script-scan") { hasher in
            hashSettings(into: &hasher, runtimeGlobal: plan.runtimeGlobal, placeholders: plan.placeholders)
            let mode: Int = (recordsCalls ? 1 : 0) + (readsModule ? 2 : 0)
            hasher.update(mode)
            hashFile(file, into: &hasher)
        }
        var result = cache.value(key, compute)
        result.module?.bytes = file.bytes
        return result
    }

    private static func scanUncached(_ file: SourceFile, plan: ScanPlan, recordsCalls: Bool, readsModule: Bool) -> ScriptScan {
        let modulePath = ModulePath.normalize(file.path)
        let wantsModule = readsModule && !ModuleSource.isClassicWithoutParse(path: modulePath, bytes: file.bytes)
        if file.isPage {
            let facts = analyzeScript(file, runtimeGlobal: plan.runtimeGlobal, placeholders: plan.placeholders)
            return ScriptScan(
                facts: facts, module: wantsModule ? ModuleSource.read(path: modulePath, bytes: file.bytes, reportsSyntaxErrors: false) : nil,
                recordedCalls: true)
        }
        switch JavaScriptFrontEnd.parse(file.bytes, placeholders: plan.placeholders) {
        case .failure(let error):
            return ScriptScan(
                facts: JavaScriptFrontEnd.unparsed(error, file: file.path),
                module: wantsModule ? ModuleSource.read(path: modulePath, bytes: file.bytes, reportsSyntaxErrors: false) : nil,
                recordedCalls: true)
        case .success(let tree):
            let records = recordsCalls || JavaScriptFrontEnd.hasImportStatement(tree)
            let facts = analyzeJavaScript(
                file.bytes, file: file.path, runtimeGlobal: plan.runtimeGlobal, placeholders: plan.placeholders, position: nil,
                tree: tree, recordsCalls: records)
            guard wantsModule else { return ScriptScan(facts: facts, module: nil, recordedCalls: records) }
            // A template's tree is its stand-in's: the module reading wants the text as written.
            let module = PlaceholderFiller.standIn(for: file.bytes, forms: plan.placeholders) == nil
                ? ModuleSource.read(path: modulePath, tree: tree, reportsSyntaxErrors: false)
                : ModuleSource.read(path: modulePath, bytes: file.bytes, reportsSyntaxErrors: false)
            return ScriptScan(facts: facts, module: module, recordedCalls: records)
        }
    }

    /// The scans of a run's JavaScript (`files`; `modulePaths` are those the module graph reads)
    /// and the words calls are recorded for. `seeds` are facts read elsewhere (the scripts in
    /// native string literals) whose wrappers the files may call.
    ///
    /// First the files that record their calls whatever the wrappers (`ScanPlan`), then every
    /// other, recording calls where its bytes hold a word; then, while a file that did not record
    /// holds a word that the last round added, that file again, recording.
    static func scanAll(
        _ files: [SourceFile], modulePaths: Set<String>, plan: ScanPlan, seeds: [JavaScriptFacts], cache: FactCache?
    ) -> (scans: [ScriptScan], words: CallWords) {
        var words = CallWords()
        words.add(seeds)
        var scans = [ScriptScan?](repeating: nil, count: files.count)
        var records = files.map(plan.alwaysRecordsCalls)
        func run(_ indices: [Int]) {
            let flags = records
            let done = concurrentMap(indices) { index in
                scan(files[index], plan: plan, recordsCalls: flags[index], readsModule: modulePaths.contains(files[index].path), cache: cache)
            }
            for (index, scan) in zip(indices, done) {
                scans[index] = scan
                if scan.recordedCalls { records[index] = true }
            }
        }
        run(files.indices.filter { records[$0] })
        words.add(scans.compactMap { $0?.facts })
        let rest = files.indices.filter { !records[$0] }
        for index in rest where words.occur(in: files[index].bytes) { records[index] = true }
        run(rest)
        while true {
            guard words.add(scans.compactMap { $0?.facts }) else { break }
            let again = files.indices.filter { !records[$0] && words.occur(in: files[$0].bytes) }
            guard !again.isEmpty else { break }
            for index in again { records[index] = true }
            run(again)
        }
        return (scans.map { $0! }, words)
    }
}
