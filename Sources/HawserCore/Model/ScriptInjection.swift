/// A user script the app injects by hand today: a `WKUserScript(source:injectionTime:forMainFrameOnly:in:)`
/// whose source is loaded from a bundle resource. `hawser init` proposes each script's metadata
/// from it, and lint warns when a script's metadata says otherwise.
struct ScriptInjection: Hashable, Sendable, Codable {
    /// The `WKUserScript` call.
    var location: SourceLocation
    /// The file names of the resources its source is read from (`bridge.js`), as the native code
    /// names them (`forResource: "bridge", withExtension: "js"`). Several when the call injects
    /// each of a list (`["main", "newsfoot"].map { … }`).
    var resources: [String]
    /// nil when the argument is not `.atDocumentStart` or `.atDocumentEnd` written out.
    var runAt: InjectionTime?
    /// nil when the argument is not `true` or `false` written out.
    var mainFrameOnly: Bool?
    /// `.page` without `in:`; nil when `in:` is not a world Hawser can read (a variable).
    var world: ContentWorldSpec?

    init(location: SourceLocation, resources: [String], runAt: InjectionTime?, mainFrameOnly: Bool?, world: ContentWorldSpec?) {
        self.location = location
        self.resources = resources
        self.runAt = runAt
        self.mainFrameOnly = mainFrameOnly
        self.world = world
    }

    /// The injections by the file names they name, and how many of the scripts have each file
    /// name, counted once: a project's scripts are looked up in time linear in their number.
    struct Index {
        private var byResource: [String: [ScriptInjection]] = [:]
        private var scriptsNamed: [String: Int] = [:]

        init(_ injections: [ScriptInjection], scriptPaths: [String]) {
            guard !injections.isEmpty else { return }
            for injection in injections {
                for resource in Set(injection.resources) { byResource[resource, default: []].append(injection) }
            }
            for path in scriptPaths { scriptsNamed[ScriptInjection.fileName(path), default: 0] += 1 }
        }

        /// The injections of the script at `path`, in their order: those naming its file name.
        /// A file name that more than one of the scripts share is ambiguous, so it matches nothing.
        func injections(of path: String) -> [ScriptInjection] {
            guard !byResource.isEmpty else { return [] }
            let name = ScriptInjection.fileName(path)
            guard (scriptsNamed[name] ?? 0) <= 1 else { return [] }
            return byResource[name] ?? []
        }
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
