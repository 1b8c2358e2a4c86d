/// `hawser init` for an app of several targets: one config per target when at least two
/// targets register handlers or inject scripts in code of their own, otherwise the one config of
/// `propose` (today's behaviour, also whenever the layout leaves a doubt).
extension ProjectSurvey {
    /// The configs to propose for the app whose files these are (paths relative to its folder).
    public static func proposeConfigs(_ files: [SourceFile]) -> ProjectProposal {
        let files = files.filter { !GeneratedHeader.isGenerated($0.bytes) }
        func one(_ findings: [String] = []) -> ProjectProposal {
            let proposal = propose(files)
            return ProjectProposal(configs: [ProposedConfig(path: configName, target: nil, proposal: proposal, text: proposal.config)], findings: findings)
        }
        let targets = AppTarget.detect(files)
        guard targets.count >= 2 else { return one() }
        let listed = targets.map { "\($0.name) (\($0.evidence))" }.joined(separator: ", ")
        let kind = targets[0].kind == .swiftPackage ? "Swift package target" : "app target"

        // What each target registers or injects in its own folder.
        let native = files.filter { $0.path.hasSuffix(".swift") || $0.isObjectiveCSource }
        let facts = scan(native)
        let unresolved = facts.diagnostics.filter { $0.code == .unresolvedRegistration }.map(\.location.file)
        let registering = facts.registrations.map(\.location.file) + unresolved + facts.injections.map(\.location.file)
        let active = targets.filter { target in registering.contains(where: target.owns) }
        guard active.count >= 2 else {
            let which = active.first.map { "only \($0.name) registers handlers or injects scripts in its own folder" }
                ?? "none registers handlers or injects scripts in its own folder"
            return one(["Found \(count(targets.count, kind)): \(listed); \(which), so one config for the app.", ""])
        }
        let owner = { (path: String) in targets.first { $0.owns(path) } }
        if targets[0].kind == .swiftPackage {
            // Handlers or scripts outside every target would be in no target's config.
            let outside = registering.filter { owner($0) == nil }
                + files.filter(\.isJavaScript).filter { owner($0.path) == nil && webFile($0).uses > 0 }.map(\.path)
            if let first = outside.sorted().first {
                return one(["Found \(count(targets.count, kind)): \(listed); \(first) is outside them and registers handlers or uses them, so one config for the package.", ""])
            }
        }
        var scopes = active.map { TargetScope(target: $0, targets: targets) }
        let shared = Set(files.filter { owner($0.path) == nil }.compactMap { scopes[0].unit($0.path) }).sorted()
        if targets[0].kind == .app {
            // Registrations in files no folder can name (at the top) belong to no target's list.
            if let top = registering.first(where: { owner($0) == nil && scopes[0].unit($0) == nil }) {
                return one(["Found \(count(targets.count, kind)): \(listed); \(top) registers handlers or injects scripts outside every folder the targets could share, so one config for the app.", ""])
            }
            if Set(scopes.map(\.config)).count < scopes.count {
                return one(["Found \(count(targets.count, kind)): \(listed); two of them have one folder name, so one config for the app.", ""])
            }
        }
        scopes.sort { $0.target.folder < $1.target.folder }

        let configs = scopes.map { scope in
            let subset = files.filter { scope.target.owns($0.path) || (scope.target.kind == .app && owner($0.path) == nil) }
            let proposal = propose(subset, scope: scope)
            let text = scope.target.kind == .swiftPackage ? proposal.rebased(onto: scope.target.folder).config : proposal.config
            return ProposedConfig(path: scope.config, target: scope.target, proposal: proposal, text: text)
        }
        var findings = ["Found \(count(targets.count, kind)): \(listed); \(count(active.count, "target")) register handlers or inject scripts in their own folders, so one config each:"]
        for config in configs {
            findings.append("  \(config.path) for \(config.target!.name): swift \(config.proposal.swift.joined(separator: ", ")); scripts \(config.proposal.scripts.isEmpty ? "none" : config.proposal.scripts.joined(separator: ", "))")
        }
        if targets[0].kind == .app {
            findings.append("  (read as shared by the targets: \(shared.isEmpty ? "no folder" : shared.joined(separator: ", ")); a file in one target's folder is in no other target's config)")
        }
        findings.append("")
        return ProjectProposal(configs: configs, findings: findings)
    }

    /// The config `init` writes for a whole app.
    static let configName = "hawser.json"
}

/// One target as `propose` sees it: where its config goes and how its folders are named.
struct TargetScope {
    var target: AppTarget
    /// Every target, so that a shared folder is one that holds none of them.
    var targets: [AppTarget]

    /// The config's path: `Sources/<Target>/hawser.json`, where the build-tool plugin looks for
    /// it; for an app's targets, which share folders, `hawser.<Target>.json` at the top, so that
    /// its paths need no `..`.
    var config: String {
        switch target.kind {
        case .swiftPackage: return target.folder + "/" + ProjectSurvey.configName
        case .app:
            let name = String(target.name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
            return "hawser.\(name).json"
        }
    }

    var buildCommand: String {
        "hawser build --config " + (config.contains(" ") ? "'\(config)'" : config)
    }

    /// The folder to list under `swift` for the file at `path`: the target's own folder, or the
    /// outermost folder of the file that holds no target (`Shared`); nil for a file no such
    /// folder holds (one at the top).
    func unit(_ path: String) -> String? {
        if target.owns(path) { return target.folder }
        let components = path.split(separator: "/").dropLast()
        for depth in components.indices.map({ $0 + 1 }) {
            let candidate = components.prefix(depth).joined(separator: "/")
            if !targets.contains(where: { ProjectSurvey.isInside($0.folder, candidate) || ProjectSurvey.isInside(candidate, $0.folder) }) {
                return candidate
            }
        }
        return nil
    }
}

/// What `hawser init` proposes: one config, or one per target, and what decided it.
public struct ProjectProposal: Sendable {
    public var configs: [ProposedConfig]
    /// Lines to print before the configs: the targets found, and why one config or several.
    public var findings: [String]
}

/// One config file `hawser init` proposes.
public struct ProposedConfig: Sendable {
    /// The file's path, relative to the surveyed folder.
    public var path: String
    /// The target it is for; nil for the one config of the whole app.
    public var target: AppTarget?
    /// The proposal, its paths (and findings, and next steps) relative to the surveyed folder.
    public var proposal: ConfigProposal
    /// The file's text, its paths relative to the config's folder.
    public var text: String
}

extension ConfigProposal {
    /// The proposal with its paths relative to `folder` (each inside it).
    func rebased(onto folder: String) -> ConfigProposal {
        func strip(_ path: String) -> String {
            path == folder ? "." : path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
        }
        var rebased = self
        rebased.scripts = scripts.map(strip)
        rebased.pages = pages.map(strip)
        rebased.swift = swift.map(strip)
        rebased.exclude = exclude.map { pattern in
            guard pattern.hasPrefix(folder + "/") || pattern.hasPrefix("/" + folder + "/") else { return pattern }
            return ProjectSurvey.anchored(strip(pattern.hasPrefix("/") ? String(pattern.dropFirst()) : pattern))
        }
        rebased.output = output.map(strip)
        rebased.scriptMetadata = scriptMetadata.map { (strip($0.path), $0.defaults) }
        return rebased
    }
}
