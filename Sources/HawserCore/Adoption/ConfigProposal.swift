/// What `hawser init` proposes for an existing app: the folders of `hawser.json` and the
/// patterns to exclude, with the reasons, made by `ProjectSurvey` from the app's files in memory.
/// Paths are relative to the folder surveyed.
public struct ConfigProposal: Sendable {
    /// Folders of injected scripts with handler uses.
    public var scripts: [String] = []
    /// Folders of the app's own web content: HTML pages with handler uses, and the JavaScript
    /// they load through `<script src>`.
    public var pages: [String] = []
    /// Folders of Swift and Objective-C sources with registrations.
    public var swift: [String] = ["."]
    /// Glob patterns of vendored, minified and generated files inside those folders.
    public var exclude: [String] = []
    /// Template forms seen in the scripts, written as the `placeholders` key writes them
    /// (`$<NAME>`, `%NAME%`, `{{NAME}}`), each with where it was first seen.
    public var placeholders: [Placeholder] = []
    /// Whether `config` holds `placeholders` (only when this version's config reader knows the key).
    public var writesPlaceholders = false
    /// The report of what was found, one line each, to print before the config.
    public var findings: [String] = []
    /// The generated type's name, when the default (`Bridge`) is a type the app declares.
    public var name: String?
    /// The build's output folder, inside the app's target, when there is one to propose.
    public var output: String?
    /// For each script the app injects by hand with a `WKUserScript`, when and where: so that
    /// the generated `installScripts` injects it as the app does today. Sorted by path.
    public var scriptMetadata: [(path: String, defaults: HawserConfig.ScriptDefaults)] = []
    /// What to do after `init`, in order, one step each.
    public var nextSteps: [String] = []
    /// Whether the survey found anything to build a config on: a script, a page or a registration.
    public var foundAnything = false

    public struct Placeholder: Sendable, Equatable {
        /// The form, such as `$<NAME>`.
        public var form: String
        /// The first occurrence, as written (`$<message_handler>`).
        public var example: String
        /// `file:line` of the first occurrence.
        public var location: String
        /// How many files use the form.
        public var files: Int
    }

    /// The text of `hawser.json`: the keys in the order of Documentation/configuration.md's table, two-space indentation.
    public var config: String {
        var members: [(String, JSON)] = [("scripts", .array(scripts.map(JSON.string)))]
        if !pages.isEmpty { members.append(("pages", .array(pages.map(JSON.string)))) }
        members.append(("swift", .array(swift.map(JSON.string))))
        if !exclude.isEmpty { members.append(("exclude", .array(exclude.map(JSON.string)))) }
        if writesPlaceholders { members.append(("placeholders", .array(placeholders.map { .string($0.form) }))) }
        if let output { members.append(("output", .string(output))) }
        if let name { members.append(("name", .string(name))) }
        if !scriptMetadata.isEmpty {
            members.append(("scriptMetadata", .object(scriptMetadata.map { ($0.path, $0.defaults.json) })))
        }
        return JSON.object(members).rendered()
    }
}
