import TreeSitter

/// `hawser init`'s discovery: from an existing app's files, held in memory, the folders of
/// `hawser.json` and the patterns to exclude. The front ends do the reading, so what counts as a
/// handler use or a registration is what `hawser lint` counts.
///
/// - **scripts**: folders of `.js` files with handler uses that no page loads: the scripts the
///   app injects.
/// - **pages**: folders of `.html` pages with handler uses in their inline scripts, and of `.js`
///   files with handler uses that a page loads through `<script src>`.
/// - **swift**: the top-level folders whose Swift or Objective-C files register handlers; the
///   whole app (`.`) when a name there resolves only with the other folders' constants.
/// - **exclude**: inside those folders, minified files (`*.min.js`, or lines over
///   `longLine` bytes of dense code) and vendored folders (`vendor`, `dist`, …). They never decide a folder.
/// - **placeholders**: template markers (`$<x>`, `%x%`, `{{x}}`) in those scripts.
public enum ProjectSurvey {
    /// A line this long (in bytes) marks a file as minified or generated.
    static let longLine = 1000
    /// Folder names that hold other people's code or build products.
    static let vendoredFolders: Set<String> = ["vendor", "vendors", "third_party", "third-party", "thirdparty", "external", "dist", "bower_components"]

    /// One `.js` file or `.html` page, as the survey sees it.
    struct WebFile {
        var file: SourceFile
        var uses: Int
        /// Uses, or a handler access the front end could not read (a syntax error in a template).
        var isCandidate: Bool
        var vendoredFolder: String?
        var isMinified: Bool
        /// A script with a placeholder (`%x%`, `$<x>`, `{{x}}`) that WebKit refuses as written:
        /// a template the app fills in before injecting it, which the build cannot inject as
        /// written, so it is proposed as a page (linted, never built).
        var isTemplate = false
    }

    /// `files`: every `.js`, `.html`, `.htm`, `.swift`, `.m`, `.mm` and `.h` file of the app, with
    /// paths relative to its folder. Hawser's own output is not looked at.
    ///
    /// With `scope`, `files` are one app target's and the folders they share with the others
    /// (`proposeConfigs`): the Swift folders are named by the scope's units, the Swift that
    /// injects scripts is read too, and the output folder is inside the target.
    public static func propose(_ files: [SourceFile]) -> ConfigProposal {
        propose(files, scope: nil)
    }

    static func propose(_ files: [SourceFile], scope: TargetScope?) -> ConfigProposal {
        let files = files.filter { !GeneratedHeader.isGenerated($0.bytes) }
        let scripts = files.filter(\.isJavaScript).map(webFile)
        let pages = files.filter(\.isPage).map(webFile)
        let native = files.filter { $0.path.hasSuffix(".swift") || $0.isObjectiveCSource }
        let loaded = pageScripts(loadedBy: pages.map { ($0.file.path, $0.file.bytes) }, among: Set(scripts.map(\.file.path)), native: native)

        var proposal = ConfigProposal()
        var findings: [String] = ["Looked at \(count(scripts.count, ".js file")), \(count(pages.count, "page")) and \(count(native.count, "native source")):"]
        let useful = { (file: WebFile) in file.isCandidate && file.vendoredFolder == nil && !file.isMinified }
        // The scripts the app injects by hand (`WKUserScript` from a bundle resource) are user
        // scripts whether or not they post: switching to the build must not drop them.
        let nativeFacts = scan(native)
        let injectionIndex = ScriptInjection.Index(nativeFacts.injections, scriptPaths: scripts.map(\.file.path))
        let injected = scripts.filter { $0.vendoredFolder == nil && !$0.isMinified && !$0.isTemplate }.compactMap { script in
            let found = injectionIndex.injections(of: script.file.path)
            return found.isEmpty ? nil : (script: script, injections: found)
        }
        let injectedPaths = Set(injected.map(\.script.file.path))
        // A template stays the app's to fill in and inject: a page, linted and never built.
        let userScripts = scripts.filter { !$0.isTemplate && ((useful($0) && !loaded.contains($0.file.path)) || injectedPaths.contains($0.file.path)) }
        let templates = scripts.filter { useful($0) && $0.isTemplate }
        let pageFiles = scripts.filter { useful($0) && loaded.contains($0.file.path) } + pages.filter(useful)
        var scriptFolders = outermost(Set(userScripts.map { folder(of: $0.file.path) }))
        // A template in a folder of scripts is a page of its own; elsewhere its folder is pages.
        let templatesInScripts = templates.filter { isInside($0.file.path, anyOf: scriptFolders) }
        var pageFolders = outermost(Set((pageFiles + templates.filter { !isInside($0.file.path, anyOf: scriptFolders) }).map { folder(of: $0.file.path) }))
        // A folder holds one kind: scripts, so that its injected scripts keep every check.
        for both in Set(scriptFolders).intersection(pageFolders).sorted() {
            findings.append("  note: \(both) holds both injected scripts and page scripts; listed under scripts, so hawser build would inject its page scripts too")
        }
        pageFolders.removeAll { scriptFolders.contains($0) }
        scriptFolders.sort()
        pageFolders.sort()
        proposal.scripts = scriptFolders
        proposal.pages = pageFolders

        for folder in scriptFolders {
            let inside = scripts.filter { isInside($0.file.path, folder) && !isInside($0.file.path, anyOf: pageFolders.filter { isInside($0, folder) && $0 != folder }) }
            let used = inside.filter { useful($0) && !loaded.contains($0.file.path) }
            let others = inside.filter { !useful($0) && !injectedPaths.contains($0.file.path) }.count
            let injectedOnly = inside.filter { !useful($0) && injectedPaths.contains($0.file.path) }.count
            findings.append("  scripts  \(folder): \(count(used.count, "script")) using handlers (\(count(used.map(\.uses).reduce(0, +), "use")) by name)"
                + (injectedOnly > 0 ? ", \(count(injectedOnly, "other script")) the app injects" : "")
                + (others > 0 ? ", and \(count(others, "other .js file")) linted with them" : ""))
        }
        for folder in pageFolders {
            let used = pageFiles.filter { isInside($0.file.path, folder) }
            findings.append("  pages    \(folder): \(count(used.count, "file")) using handlers (\(count(used.map(\.uses).reduce(0, +), "use")) by name)")
        }
        if scriptFolders.isEmpty && pageFolders.isEmpty {
            findings.append("  scripts  none: no .js file or page uses window.webkit.messageHandlers, and no WKUserScript injects one")
        }

        var (swift, nativeFindings) = nativeFolders(native, facts: nativeFacts, scope: scope)
        if let scope {
            // The Swift that injects the target's scripts is read too, so that lint compares each
            // script's metadata with its WKUserScript.
            let injecting = Set(nativeFacts.injections.filter { call in
                injected.contains { $0.injections.contains(call) }
            }.compactMap { scope.unit($0.location.file) }).subtracting(swift)
            for folder in injecting.sorted() {
                nativeFindings.append("  swift    \(folder): injects the target's scripts (WKUserScript)")
            }
            swift = Set(swift).union(injecting).sorted()
        }
        proposal.swift = swift
        findings += nativeFindings
        let (metadata, injectionFindings) = injectionMetadata(injected)
        proposal.scriptMetadata = metadata
        findings += injectionFindings
        findings += nativeCalls(into: userScripts.map(\.file), facts: nativeFacts)
        proposal.foundAnything = !scriptFolders.isEmpty || !pageFolders.isEmpty || !nativeFacts.registrations.isEmpty
        let declared = declaredTypes(native)
        if declared.contains("Bridge") {
            let name = ["HawserBridge", "WebBridge", "ScriptBridge"].first { !declared.contains($0) } ?? "HawserBridge2"
            proposal.name = name
            findings.append("  name     \(name): the app already declares a type named Bridge, the default name of the generated one")
        }
        let registering = nativeFacts.registrations.map(\.location.file) + nativeFacts.injections.map(\.location.file)
        if let scope {
            // Inside the target's folder: beside its own Swift that registers or injects.
            proposal.output = outputFolder(registering: registering.filter(scope.target.owns)).flatMap { isInside($0, scope.target.folder) ? $0 : nil }
                ?? scope.target.folder + "/Hawser"
            findings.append("  output   \(proposal.output!): in the \(scope.target.name) target's folder, beside its Swift that registers the handlers")
        } else {
            proposal.output = outputFolder(registering: registering)
            if let output = proposal.output {
                findings.append("  output   \(output): next to the Swift that registers the handlers, so the generated files are in the app's target")
            }
        }

        let read = scriptFolders + pageFolders
        let (exclude, excludeFindings) = exclusions((scripts + pages).filter { isInside($0.file.path, anyOf: read) })
        proposal.exclude = exclude
        findings += excludeFindings
        // A template in a folder listed under scripts would be built as written: a page of its own.
        for template in templatesInScripts.sorted(by: { $0.file.path < $1.file.path }) where !isInside(template.file.path, anyOf: pageFolders) {
            proposal.pages.append(template.file.path)
            findings.append("  pages    \(template.file.path): a template the app fills in and injects itself: linted, never built")
        }
        // A style sheet in a scripts folder is built into a user style injected into every page:
        // the app's own CSS (read by its pages or its HTML templates) stays out unless a
        // WKUserScript injects it today.
        let excluded = exclude.compactMap { PathPattern($0) }
        let styleSheets = files.filter { file in
            file.path.lowercased().hasSuffix(".css") && isInside(file.path, anyOf: scriptFolders) && !excluded.contains { $0.excludes(file: file.path) }
        }
        let sheetIndex = ScriptInjection.Index(nativeFacts.injections, scriptPaths: styleSheets.map(\.path))
        for sheet in styleSheets.sorted(by: { $0.path < $1.path }) where sheetIndex.injections(of: sheet.path).isEmpty {
            proposal.exclude.append(anchored(sheet.path))
            findings.append("  exclude  \(anchored(sheet.path)): a style sheet no WKUserScript injects; in a scripts folder hawser build would inject it into every page")
        }
        for file in (scripts + pages).filter({ $0.isCandidate && ($0.isMinified || $0.vendoredFolder != nil) && !isInside($0.file.path, anyOf: read) }) {
            findings.append("  note: \(file.file.path) uses message handlers but looks vendored or minified, so it decided no folder; lint its sources instead")
        }

        proposal.placeholders = placeholders((scripts + pages).filter { isInside($0.file.path, anyOf: read) && $0.vendoredFolder == nil && !$0.isMinified }.map(\.file))
        proposal.writesPlaceholders = !proposal.placeholders.isEmpty && configAccepts(proposal)
        for placeholder in proposal.placeholders {
            findings.append("  template \(placeholder.form): \(placeholder.example) at \(placeholder.location), in \(count(placeholder.files, "file"))")
        }
        if !proposal.placeholders.isEmpty && !proposal.writesPlaceholders {
            let forms = proposal.placeholders.map { "\"\($0.form)\"" }.joined(separator: ", ")
            findings.append("  note: these scripts are templates the app fills in before injecting; this version of Hawser has no 'placeholders' key, so they are not in hawser.json (with one, it would be \"placeholders\": [\(forms)])")
        }
        proposal.findings = findings
        proposal.nextSteps = nextSteps(proposal, injections: nativeFacts.injections, scope: scope)
        return proposal
    }

    /// The native facts of `files`: registrations, and the `WKUserScript`s injected by hand.
    static func scan(_ files: [SourceFile]) -> NativeFacts {
        NativeFacts.merging([
            // (Registrations only: no template binding is needed.)
            SwiftFrontEnd.analyze(files.filter { !$0.isObjectiveCSource }, placeholders: []),
            ObjCFrontEnd.analyze(files.filter(\.isObjectiveCSource)),
        ])
    }

    // MARK: - Native calls

    /// A note for each proposed user script whose top-level functions the native code calls
    /// (`evaluateJavaScript("refresh()")`): the build keeps such a script's top level global
    /// only while it stays a classic script, so the note says so, and where the call is.
    static func nativeCalls(into scripts: [SourceFile], facts: NativeFacts) -> [String] {
        let evaluated = facts.embeddedScripts.filter(\.isEvaluated)
        guard !evaluated.isEmpty else { return [] }
        var callers: [String: Set<String>] = [:]
        for script in evaluated {
            // The literal read as JavaScript, each call's line moved to the native source's.
            let calls = ImportedConstant.settled(JavaScriptFrontEnd.analyze(script: script.bytes, file: script.file), placeholders: []).calls
            for call in calls where !call.callee.contains(".") && !call.callee.contains("@") {
                let line = script.sourcePosition(line: call.location.line, column: call.location.column).line
                callers[call.callee, default: []].insert("\(script.file):\(line)")
            }
        }
        guard !callers.isEmpty else { return [] }
        var findings: [String] = []
        for file in scripts.sorted(by: { $0.path < $1.path }) where file.isJavaScript {
            let text = String(decoding: file.bytes, as: UTF8.self)
            // Only a script that names one of the called functions is read.
            guard callers.keys.contains(where: { text.contains($0) }) else { continue }
            let definitions = JavaScriptFrontEnd.analyze(script: file.bytes, file: file.path).definitions
            let called = Set(definitions.filter { $0.isFunction && ($0.place == .topLevel || $0.place == .global) && callers[$0.name] != nil }.map(\.name)).sorted()
            guard !called.isEmpty else { continue }
            let at = Set(called.flatMap { callers[$0] ?? [] }).sorted().joined(separator: ", ")
            findings.append("  calls    \(file.path): native code calls \(called.map { $0 + "()" }.joined(separator: ", ")) (at \(at)); "
                + "hawser build keeps a classic script's top level global, so keep it one (no import or export)")
        }
        return findings
    }

    // MARK: - Injections

    /// For each script injected by hand, what `scriptMetadata` must say for the build to inject
    /// it the same way: only what differs from Hawser's defaults (document end, every frame, the
    /// page world) and what the script's own metadata block does not already say. Injections of
    /// one file that disagree propose nothing for it.
    static func injectionMetadata(_ injected: [(script: WebFile, injections: [ScriptInjection])]) -> ([(path: String, defaults: HawserConfig.ScriptDefaults)], [String]) {
        var result: [(path: String, defaults: HawserConfig.ScriptDefaults)] = []
        var findings: [String] = []
        for (script, injections) in injected.sorted(by: { $0.script.file.path < $1.script.file.path }) {
            let path = script.file.path
            let at = injections.map { "\($0.location.file):\($0.location.line)" }.joined(separator: ", ")
            let times = Set(injections.map(\.runAt)), frames = Set(injections.map(\.mainFrameOnly)), worlds = Set(injections.map(\.world))
            guard times.count == 1, frames.count == 1, worlds.count == 1 else {
                findings.append("  note: \(path) is injected in different ways (\(at)); write its @run-at, @noframes and @world by hand")
                continue
            }
            let (block, _) = ScriptMetadataParser.parse(script.file.bytes, file: path, style: .javaScript)
            var defaults = HawserConfig.ScriptDefaults()
            var said: [String] = []
            if let time = times.first!, block.runAt == nil {
                if time == .documentStart { defaults.runAt = .documentStart }
                said.append(ScriptInjectionCheck.describe(time))
            }
            if let mainFrameOnly = frames.first!, block.keyLocations["noframes"] == nil {
                if mainFrameOnly { defaults.mainFrameOnly = true }
                said.append(mainFrameOnly ? "main frame only" : "every frame")
            }
            if let world = worlds.first!, block.world == nil {
                if world != .page { defaults.world = world }
                said.append("\(world.metadataValue) world")
            }
            if defaults != HawserConfig.ScriptDefaults() { result.append((path, defaults)) }
            findings.append("  inject   \(path): the app injects it" + (said.isEmpty ? "" : " " + said.joined(separator: ", ")) + " (WKUserScript at \(at))")
        }
        return (result, findings)
    }

    /// The names of the types the Swift sources declare (`class Bridge`, `enum Bridge`, …).
    static func declaredTypes(_ files: [SourceFile]) -> Set<String> {
        var names = Set<String>()
        for file in files where file.path.hasSuffix(".swift") {
            let list = SwiftLexer.tokenList(file.bytes)
            let code = list.code
            for i in code.indices.dropLast() where code[i + 1].kind == .identifier
                && (code[i].is(.struct) || code[i].is(.class) || code[i].is(.enum) || code[i].is(.actor) || code[i].is(.protocol) || list.spells(code[i], "typealias"))
                && (i == 0 || !code[i - 1].is(.dot)) {
                names.insert(list.identifier(code[i + 1]))
            }
        }
        return names
    }

    /// `Hawser` in the deepest folder that holds every file registering handlers or injecting
    /// scripts, when that is not the surveyed folder itself: a folder of the app's target.
    static func outputFolder(registering files: [String]) -> String? {
        guard var common = files.first.map({ folder(of: $0).split(separator: "/").map(String.init) }) else { return nil }
        for file in files.dropFirst() {
            let parts = folder(of: file).split(separator: "/").map(String.init)
            common = Array(zip(common, parts).prefix { $0 == $1 }.map(\.0))
        }
        common.removeAll { $0 == "." }
        return common.isEmpty ? nil : (common + ["Hawser"]).joined(separator: "/")
    }

    /// The numbered steps after `init`: build, add the output to the target, switch the hand
    /// injection to the generated one, add the build step.
    static func nextSteps(_ proposal: ConfigProposal, injections: [ScriptInjection], scope: TargetScope? = nil) -> [String] {
        let name = proposal.name ?? "Bridge"
        let output = proposal.output ?? "output"
        var steps: [String] = []
        if let scope {
            steps.append("Read \(scope.config) (the \(scope.target.name) target's config) and fix what hawser lint reports with it (above).")
            steps.append("Run '\(scope.buildCommand)': it writes \(output)/\(name).swift, the compiled scripts and manifest.json.")
            steps.append(scope.target.kind == .swiftPackage
                ? "\(output) is in the \(scope.target.name) target's folder, so SwiftPM compiles it into that target: commit it and rerun '\(scope.buildCommand)' when the scripts change, or apply HawserPlugin to \(scope.target.name) instead (it reads \(scope.config)) and delete \(output), which would be compiled twice."
                : "Add \(output) to the \(scope.target.name) target only (in Xcode, add the folder with that target's membership), with the scripts as bundle resources.")
        } else {
            steps.append("Read hawser.json and fix what hawser lint reports (above).")
            steps.append("Run 'hawser build': it writes \(output)/\(name).swift, the compiled scripts and manifest.json.")
            steps.append("Add \(output) to the app's target (in Xcode, add the folder to the target; in a Swift package it is in the target's folder already), with the scripts as bundle resources.")
        }
        if !injections.isEmpty {
            let at = Set(injections.map { "\($0.location.file):\($0.location.line)" }).sorted().joined(separator: ", ")
            steps.append("Replace the WKUserScript code at \(at) with \(name).installScripts(into: userContentController); scriptMetadata keeps each script injected when and where it is now.")
        } else {
            steps.append("Inject the scripts with \(name).installScripts(into: userContentController).")
        }
        switch scope?.target.kind {
        case nil:
            steps.append("Run hawser build in the app's build: a run-script phase or the SwiftPM plugin (Documentation/build-integration.md).")
        case .swiftPackage?:
            break  // Step 3 says it: the plugin, or the committed output.
        case .app?:
            steps.append("Run '\(scope!.buildCommand)' in a run-script phase of the \(scope!.target.name) target only (Documentation/build-integration.md#xcode).")
        }
        return steps
    }

    /// The scripts among `known` (paths as the pages name them) that a page loads through
    /// `<script src>`, less those the native code names (`"main.js"`, or `forResource: "main",
    /// withExtension: "js"`): the app injects those, even when a page (often a test page) loads
    /// them too.
    static func pageScripts(loadedBy pages: [(path: String, bytes: [UInt8])], among known: Set<String>, native: [SourceFile]) -> Set<String> {
        var loaded = Set<String>()
        for page in pages {
            for source in ScriptSources.find(in: page.bytes) {
                if let path = resolve(source, from: page.path, among: known) { loaded.insert(path) }
            }
        }
        let named = nativeStrings(native)
        return loaded.filter { path in
            let file = path.split(separator: "/").last.map(String.init) ?? path
            return !named.contains(file) && !named.contains(SourceFile.baseName(file) + ".js")
        }
    }

    // MARK: - Web files

    static func webFile(_ file: SourceFile) -> WebFile {
        let text = file.text
        let vendored = vendoredFolder(of: file.path)
        let minified = file.path.lowercased().hasSuffix(".min.js") || hasMinifiedLine(file.bytes)
        guard text.contains("messageHandlers") || text.contains("hawser.") else {
            return WebFile(file: file, uses: 0, isCandidate: false, vendoredFolder: vendored, isMinified: minified)
        }
        var uses = 0, dynamic = false, broken = false
        // TypeScript is read as the JavaScript it stands for, as the build reads it.
        let javascript = TypeScriptDialect(path: file.path).map { TypeScriptStripper.strip(file.bytes, file: file.path, dialect: $0).javascript } ?? file.bytes
        let parts: [(bytes: [UInt8], origin: SourcePoint)] = file.isPage
            ? HTMLScriptExtractor.inlineScripts(in: file.bytes).map {
                (TypeScriptStripper.javascript(ofInlineScript: $0.bytes, lang: $0.typeScriptLang), $0.origin)
            }
            : [(javascript, SourcePoint(line: 1, column: 1))]
        for part in parts {
            // Imported constants are not followed here: a name one holds counts as computed.
            let facts = ImportedConstant.settled(JavaScriptFrontEnd.analyze(script: part.bytes, file: file.path, origin: part.origin), placeholders: [])
            uses += facts.uses.count
            dynamic = dynamic || facts.diagnostics.contains { $0.code == .dynamicHandlerName }
            broken = broken || (facts.diagnostics.contains { $0.code == .syntaxError } && String(decoding: part.bytes, as: UTF8.self).contains("messageHandlers"))
        }
        let isTemplate = !file.isPage && placeholderForms.contains { _, open, close in
            firstMarker(in: javascript, open: Array(open.utf8), close: Array(close.utf8)) != nil
        } && WebKitSyntax.refusal(javascript, goal: .script) != nil
        return WebFile(
            file: file, uses: uses, isCandidate: uses > 0 || dynamic || broken, vendoredFolder: vendored, isMinified: minified, isTemplate: isTemplate)
    }

    /// The path of the outermost vendored folder above `path`, if any.
    static func vendoredFolder(of path: String) -> String? {
        let components = path.split(separator: "/").dropLast()
        guard let index = components.firstIndex(where: { vendoredFolders.contains($0.lowercased()) }) else { return nil }
        return components[...index].joined(separator: "/")
    }

    /// Whether a line is over `longLine` bytes and dense with code (`;`, `{`, `}` at least once
    /// every 100 bytes), as minified code is; a long string, such as a base64 image, is not, and
    /// neither is a line comment (a commented-out line of JSON data, say).
    static func hasMinifiedLine(_ bytes: [UInt8]) -> Bool {
        var length = 0, punctuation = 0
        /// Whether the line so far is blanks, and then whether it starts with `//`.
        var leading = true, isComment = false, previous: UInt8 = 0
        for byte in bytes + [UInt8(ascii: "\n")] {
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if length > longLine, punctuation * 100 >= length, !isComment { return true }
                length = 0
                punctuation = 0
                leading = true
                isComment = false
                previous = 0
            } else {
                length += 1
                if byte == UInt8(ascii: ";") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") { punctuation += 1 }
                if leading, byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
                    if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/") {
                        isComment = true
                        leading = false
                    } else if byte != UInt8(ascii: "/") || previous == UInt8(ascii: "/") {
                        leading = false
                    }
                }
                previous = byte
            }
        }
        return false
    }

    /// The file a `<script src>` of the page at `page` names, when it is one of `known`: relative
    /// to the page's folder, or, for `/…`, to the page's folder or one above it.
    static func resolve(_ source: String, from page: String, among known: Set<String>) -> String? {
        var source = Substring(source.trimmingASCIIWhitespace())
        if let cut = source.firstIndex(where: { $0 == "?" || $0 == "#" }) { source = source[..<cut] }
        guard !source.isEmpty, !source.contains("://"), !source.hasPrefix("//"), !source.lowercased().hasPrefix("data:") else { return nil }
        let pageFolder = folder(of: page)
        if source.hasPrefix("/") {
            var root = pageFolder
            while true {
                if let path = normalize(join(root, String(source.drop { $0 == "/" }))), known.contains(path) { return path }
                if root == "." { return nil }
                root = folder(of: root)
            }
        }
        guard let path = normalize(join(pageFolder, String(source))), known.contains(path) else { return nil }
        return path
    }

    // MARK: - Native sources

    /// The short string literals of the native sources that name a script: `"main.js"`, and, in a
    /// file that also holds the literal `"js"`, every other literal with `.js` added.
    static func nativeStrings(_ files: [SourceFile]) -> Set<String> {
        var named = Set<String>()
        for file in files {
            let strings = stringLiterals(file.bytes)
            let withExtension = strings.contains("js")
            for string in strings where string.hasSuffix(".js") || withExtension {
                named.insert(string.hasSuffix(".js") ? string : string + ".js")
            }
        }
        return named
    }

    /// The string literals of at most 100 bytes without escapes, roughly: a quick scan.
    static func stringLiterals(_ bytes: [UInt8]) -> Set<String> {
        var strings = Set<String>()
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else { index += 1; continue }
            var end = index + 1
            while end < bytes.count, end - index <= 100, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\\") { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\""), end > index + 1 {
                strings.insert(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
                index = end + 1
            } else {
                index += 1
            }
        }
        return strings
    }

    /// The folders to scan for registrations, and what was found there.
    /// With `scope`, the folders are the scope's units, and "everything" is every unit of `files`.
    static func nativeFolders(_ files: [SourceFile], facts all: NativeFacts, scope: TargetScope? = nil) -> ([String], [String]) {
        let unit: (String) -> String? = scope.map { scope in { scope.unit($0) } } ?? { topFolder($0) }
        let everything = scope.map { _ in Set(files.compactMap { unit($0.path) }).sorted() } ?? ["."]
        let unresolved = all.diagnostics.filter { $0.code == .unresolvedRegistration }
        let registering = Set(all.registrations.map(\.location.file) + unresolved.map(\.location.file))
        guard !registering.isEmpty else {
            let folder = everything.joined(separator: ", ")
            return (everything, ["  swift    \(folder): no registration found in \(count(files.count, "native source")); every use will be unregistered-handler until one is, or the names are listed under 'registered'"])
        }
        var folders = Set(registering.compactMap(unit)).sorted()
        if folders != everything {
            // Names often come from constants elsewhere: when the narrower scan resolves fewer, scan everything.
            let narrow = scan(files.filter { unit($0.path).map(folders.contains) ?? false })
            let narrowUnresolved = narrow.diagnostics.filter { $0.code == .unresolvedRegistration }.count
            if narrow.registrations.count < all.registrations.filter({ registering.contains($0.location.file) }).count || narrowUnresolved > unresolved.count {
                folders = everything
            }
        }
        var findings: [String] = []
        for folder in folders {
            let registrations = all.registrations.filter { isInside($0.location.file, folder) }
            let notResolved = unresolved.filter { isInside($0.location.file, folder) }
            let inFiles = Set(registrations.map(\.location.file) + notResolved.map(\.location.file)).count
            findings.append("  swift    \(folder): \(count(registrations.count, "registration")) in \(count(inFiles, "file"))"
                + (notResolved.isEmpty ? "" : ", and \(count(notResolved.count, "name")) Hawser cannot resolve (see 'registered' in Documentation/configuration.md)"))
        }
        return (folders, findings)
    }

    // MARK: - Exclusions

    /// Patterns for the vendored and minified files among `files` (those the config would read).
    static func exclusions(_ files: [WebFile]) -> ([String], [String]) {
        var patterns: [String] = []
        var findings: [String] = []
        let minifiedByName = files.filter { $0.file.path.lowercased().hasSuffix(".min.js") }
        if !minifiedByName.isEmpty {
            patterns.append("*.min.js")
            findings.append("  exclude  *.min.js: \(count(minifiedByName.count, "minified file"))")
        }
        let vendored = Dictionary(grouping: files.filter { $0.vendoredFolder != nil }, by: { $0.vendoredFolder! })
        for (folder, inside) in vendored.sorted(by: { $0.key < $1.key }) {
            patterns.append(anchored(folder))
            findings.append("  exclude  \(anchored(folder)): vendored or built code, \(count(inside.count, "file"))")
        }
        let long = files.filter { $0.isMinified && $0.vendoredFolder == nil && !$0.file.path.lowercased().hasSuffix(".min.js") }
        for file in long.sorted(by: { $0.file.path < $1.file.path }) {
            patterns.append(anchored(file.file.path))
            findings.append("  exclude  \(anchored(file.file.path)): minified or generated (lines of code over \(longLine) bytes)")
        }
        for file in files.filter({ $0.isCandidate && ($0.isMinified || $0.vendoredFolder != nil) }).sorted(by: { $0.file.path < $1.file.path }) {
            findings.append("  note: \(file.file.path) uses message handlers but is excluded as vendored or minified; lint its sources, or remove its pattern")
        }
        return (patterns, findings)
    }

    /// A pattern that matches exactly this path below the config's folder: a one-component path
    /// gets a leading `/`, which anchors it.
    static func anchored(_ path: String) -> String {
        path.contains("/") ? path : "/" + path
    }

    // MARK: - Placeholders

    /// The template forms, with their `placeholders` spelling.
    static let placeholderForms: [(form: String, open: String, close: String)] = [
        ("$<NAME>", "$<", ">"), ("%NAME%", "%", "%"), ("{{NAME}}", "{{", "}}"),
    ]

    static func placeholders(_ files: [SourceFile]) -> [ConfigProposal.Placeholder] {
        var result: [ConfigProposal.Placeholder] = []
        for (form, open, close) in placeholderForms {
            var first: (example: String, location: String)?
            var fileCount = 0
            for file in files.sorted(by: { $0.path < $1.path }) {
                // In a page, only its inline scripts: a marker in the markup does not break parsing.
                let parts: [(bytes: [UInt8], firstLine: Int)] = file.isPage
                    ? HTMLScriptExtractor.inlineScripts(in: file.bytes).map { ($0.bytes, $0.origin.line) }
                    : [(file.bytes, 1)]
                guard let (found, firstLine) = parts.lazy.compactMap({ part in
                    firstMarker(in: part.bytes, open: Array(open.utf8), close: Array(close.utf8)).map { ($0, part.firstLine) }
                }).first else { continue }
                fileCount += 1
                if first == nil { first = (found.text, "\(file.path):\(found.line + firstLine - 1)") }
            }
            if let first {
                result.append(ConfigProposal.Placeholder(form: form, example: first.example, location: first.location, files: fileCount))
            }
        }
        return result
    }

    /// The first `open` NAME `close` in `bytes`, NAME an identifier (spaces allowed inside `{{ }}`).
    static func firstMarker(in bytes: [UInt8], open: [UInt8], close: [UInt8]) -> (text: String, line: Int)? {
        func isStart(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_") }
        func isPart(_ b: UInt8) -> Bool { isStart(b) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: ".") }
        let spaced = open == Array("{{".utf8)
        var line = 1
        var index = 0
        while index + open.count < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            guard bytes[index..<(index + open.count)].elementsEqual(open) else { index += 1; continue }
            var cursor = index + open.count
            if spaced { while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 } }
            let nameStart = cursor
            guard cursor < bytes.count, isStart(bytes[cursor]) else { index += 1; continue }
            while cursor < bytes.count, isPart(bytes[cursor]) { cursor += 1 }
            let nameEnd = cursor
            if spaced { while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 } }
            if nameEnd - nameStart <= 64, cursor + close.count <= bytes.count, bytes[cursor..<(cursor + close.count)].elementsEqual(close) {
                return (String(decoding: bytes[index..<(cursor + close.count)], as: UTF8.self), line)
            }
            index += 1
        }
        return nil
    }

    /// Whether `proposal.config` with `placeholders` is a config this version reads.
    static func configAccepts(_ proposal: ConfigProposal) -> Bool {
        var withPlaceholders = proposal
        withPlaceholders.writesPlaceholders = true
        return (try? HawserConfig.parse(Array(withPlaceholders.config.utf8), file: "hawser.json")) != nil
    }

    // MARK: - Paths

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    static func topFolder(_ path: String) -> String {
        guard let slash = path.firstIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "." || path == folder || path.hasPrefix(folder + "/")
    }

    static func isInside(_ path: String, anyOf folders: [String]) -> Bool {
        folders.contains { isInside(path, $0) }
    }

    /// The folders not inside another of them.
    static func outermost(_ folders: Set<String>) -> [String] {
        folders.filter { folder in !folders.contains { $0 != folder && isInside(folder, $0) } }.sorted()
    }

    static func join(_ folder: String, _ path: String) -> String {
        folder == "." ? path : folder + "/" + path
    }

    /// `a/./b/../c` as `a/c`; nil when it leaves the surveyed folder.
    static func normalize(_ path: String) -> String? {
        var components: [Substring] = []
        for component in path.split(separator: "/") {
            if component == "." { continue }
            if component == ".." {
                guard !components.isEmpty else { return nil }
                components.removeLast()
            } else {
                components.append(component)
            }
        }
        return components.isEmpty ? nil : components.joined(separator: "/")
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

/// The `src` of every `<script>` start tag of an HTML page: what the page loads. A light scan,
/// enough to tell page scripts from injected ones: comments are skipped, attribute values may be
/// quoted or not.
enum ScriptSources {
    static func find(in html: [UInt8]) -> [String] {
        let text = Array(String(decoding: html, as: UTF8.self).utf8)
        var sources: [String] = []
        var index = 0
        func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 32 : b }
        func starts(_ word: String, at i: Int) -> Bool {
            let w = Array(word.utf8)
            return i + w.count <= text.count && zip(text[i..<(i + w.count)], w).allSatisfy { lower($0) == $1 }
        }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
        while index < text.count {
            if starts("<!--", at: index) {
                var end = index + 4
                while end < text.count, !starts("-->", at: end) { end += 1 }
                index = end + 3
                continue
            }
            guard starts("<script", at: index), index + 7 < text.count, isSpace(text[index + 7]) || text[index + 7] == UInt8(ascii: ">") else {
                index += 1
                continue
            }
            var cursor = index + 7
            while cursor < text.count, text[cursor] != UInt8(ascii: ">") {
                while cursor < text.count, isSpace(text[cursor]) || text[cursor] == UInt8(ascii: "/") { cursor += 1 }
                let nameStart = cursor
                while cursor < text.count, !isSpace(text[cursor]), text[cursor] != UInt8(ascii: "="), text[cursor] != UInt8(ascii: ">") { cursor += 1 }
                let name = String(decoding: text[nameStart..<cursor], as: UTF8.self).lowercased()
                while cursor < text.count, isSpace(text[cursor]) { cursor += 1 }
                guard cursor < text.count, text[cursor] == UInt8(ascii: "=") else { continue }
                cursor += 1
                while cursor < text.count, isSpace(text[cursor]) { cursor += 1 }
                var value = ""
                if cursor < text.count, text[cursor] == UInt8(ascii: "\"") || text[cursor] == UInt8(ascii: "'") {
                    let quote = text[cursor]
                    let start = cursor + 1
                    cursor = start
                    while cursor < text.count, text[cursor] != quote { cursor += 1 }
                    value = String(decoding: text[start..<min(cursor, text.count)], as: UTF8.self)
                    cursor += 1
                } else {
                    let start = cursor
                    while cursor < text.count, !isSpace(text[cursor]), text[cursor] != UInt8(ascii: ">") { cursor += 1 }
                    value = String(decoding: text[start..<cursor], as: UTF8.self)
                }
                if name == "src" { sources.append(value) }
            }
            index = cursor + 1
        }
        return sources
    }
}
