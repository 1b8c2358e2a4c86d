/// What `hawser lint` applies when no config file is found: in memory, the parts of the proposal
/// `hawser init` would write that change what the lint reads, so that a first run is as good as a
/// run with `hawser init`'s config.
///
/// - **placeholders**: the template forms (`%x%`, `$<x>`, `{{x}}`) seen in the scripts and pages,
///   so that templates parse and their handler names are templated uses;
/// - **exclusions**: vendored (`vendor/`, `dist/`, …) and minified files, found as `hawser init`
///   finds them, by their path inside the folder they were read from and by their lines; they
///   are not linted, but their uses count for pairing (`ProjectInput.pairingOnly`), so a handler
///   only they post to is no `unused-handler`;
/// - **pages**: a script that one of the app's own pages loads through `<script src>`, and that
///   no native source names, is a page script.
///
/// And the scripts are linted for handler names: the build's checks of user scripts (metadata
/// blocks, two scripts of one name, modules, the script as injected) are run too, and what they
/// alone find is a warning that says `hawser build` refuses it (`withBuildFindings`): nothing
/// says yet that the app's web files are built by Hawser, but a lint with no findings means the
/// build of the same inputs does not fail.
///
/// The folders stay the ones given on the command line. A config file, however short, turns all
/// of this off: what it says is what the user wants.
public struct FirstRunDefaults: Sendable, Equatable {
    /// The placeholder forms applied, as `hawser.json` writes them (`%NAME%`).
    public var placeholders: [String] = []
    /// The display paths of the files left out as vendored or minified.
    public var excluded: [String] = []
    /// The display paths of the scripts read as pages instead.
    public var pages: [String] = []

    /// What the summary line says after "no config file": nothing when nothing applies.
    public var summary: String {
        var parts: [String] = []
        if !placeholders.isEmpty { parts.append("placeholders " + placeholders.joined(separator: ", ")) }
        if !excluded.isEmpty { parts.append(ProjectSurvey.count(excluded.count, "vendored or minified file") + " excluded") }
        if !pages.isEmpty { parts.append(ProjectSurvey.count(pages.count, "script") + " loaded by pages read as page scripts") }
        return parts.isEmpty ? "" : "using what 'hawser init' proposes: " + parts.joined(separator: "; ")
    }

    /// The defaults for `input`, whose config is empty, and the input with them applied.
    public static func apply(to input: ProjectInput) -> (input: ProjectInput, defaults: FirstRunDefaults) {
        var defaults = FirstRunDefaults()
        var input = input
        // An app's web files, not known to be Hawser's user scripts: their metadata and names are
        // the build's business, once a config says they are built.
        input.checksUserScripts = false
        // Vendored and minified web files, by their path inside the folder read.
        func isVendoredOrMinified(_ file: SourceFile) -> Bool {
            guard file.isJavaScript || file.isPage else { return false }
            return ProjectSurvey.vendoredFolder(of: file.relativePath) != nil
                || file.path.lowercased().hasSuffix(".min.js") || ProjectSurvey.hasMinifiedLine(file.bytes)
        }
        let excluded = Set((input.scripts + input.pages).filter(isVendoredOrMinified).map(\.path))
        defaults.excluded = excluded.sorted()
        // They still count for pairing: a handler only a committed bundle posts to is used.
        input.pairingOnly = (input.scripts + input.pages).filter { excluded.contains($0.path) && !$0.isStyleSheet }
        input.scripts.removeAll { excluded.contains($0.path) }
        input.pages.removeAll { excluded.contains($0.path) }

        // Scripts that a page of the same folders loads, unless the native code names them (then
        // it injects them). Paths inside the folders read, so that `<script src>` resolves as
        // `hawser init` resolves it, wherever the folder was given.
        let known = Dictionary(input.scripts.filter(\.isJavaScript).map { ($0.relativePath, $0.path) }, uniquingKeysWith: { first, _ in first })
        let loaded = Set(ProjectSurvey.pageScripts(
            loadedBy: input.scripts.filter(\.isPage).map { ($0.relativePath, $0.bytes) }, among: Set(known.keys), native: input.swift
        ).compactMap { known[$0] })
        defaults.pages = loaded.sorted()
        input.pages += input.scripts.filter { loaded.contains($0.path) }
        input.scripts.removeAll { loaded.contains($0.path) }

        if input.config.placeholders.isEmpty {
            let forms = ProjectSurvey.placeholders((input.scripts + input.pages).filter { $0.isJavaScript || $0.isPage }).map(\.form)
            defaults.placeholders = forms
            input.config.placeholders = forms.compactMap(PlaceholderForm.init)
        }
        return (input, defaults)
    }

    /// `lint` (the first run's report, scripts read for handler names) with the findings only
    /// the build's checks of the same inputs make (`build`), each as a warning that says so.
    public static func withBuildFindings(lint: Report, build: Report) -> Report {
        struct Key: Hashable {
            var code: DiagnosticCode
            var location: SourceLocation
        }
        let known = Set(lint.diagnostics.map { Key(code: $0.code, location: $0.location) })
        var report = lint
        for finding in build.diagnostics where finding.severity == .error && !known.contains(Key(code: finding.code, location: finding.location)) {
            var warning = finding
            warning.severity = .warning
            warning.message += " (an error for hawser build, which builds every script of these folders)"
            report.diagnostics.append(warning)
        }
        report.diagnostics.sort(by: Diagnostic.sortKey)
        return report
    }
}
