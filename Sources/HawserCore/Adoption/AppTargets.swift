/// The app targets of a project, as `hawser init` tells them from its files in memory, so that
/// it can propose one config per target when the targets' handlers and scripts differ.
///
/// - **SwiftPM**: with a `Package.swift` at the top, each `Sources/<Target>` folder is a target
///   whose files are its own alone (SwiftPM targets share no folder).
/// - **Xcode apps**: each folder that holds an app's entry point, as the Swift or Objective-C
///   says it (`@main` on a type conforming to `App`, `@UIApplicationMain`, `@NSApplicationMain`,
///   a type conforming to `UIApplicationDelegate` or `NSApplicationDelegate`, a call to
///   `UIApplicationMain` or `NSApplicationMain`). The target's folder is the outermost folder
///   of the entry point that holds no other target's entry point (`Mac/` and `iOS/` for
///   `Mac/AppDelegate.swift` and `iOS/AppDelegate.swift`); every file outside the targets'
///   folders (`Shared/`, `Modules/`) is shared by all of them. Entry points in test folders
///   (a folder named `…Tests`) are test hosts, not targets.
///
/// This reads no `project.pbxproj`: which files an Xcode target compiles is the project's to
/// say, and a folder layout that does not follow it keeps one config (`ProjectSurvey.proposeConfigs`).
public struct AppTarget: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A folder of an Xcode app (or any app with an entry point), sharing the files outside
        /// every target's folder.
        case app
        /// `Sources/<name>` of a Swift package: only its own files.
        case swiftPackage
    }

    /// The target's name: its folder's last component.
    public var name: String
    /// The target's folder, relative to the surveyed one.
    public var folder: String
    public var kind: Kind
    /// The file that makes the folder a target (the entry point, or `Package.swift`).
    public var evidence: String

    /// Whether `path` is one of the target's own files.
    func owns(_ path: String) -> Bool {
        path.hasPrefix(folder + "/")
    }

    /// The targets of `files`: the Swift package's when it has at least two `Sources/<Target>`
    /// folders with native sources, otherwise the apps' entry-point folders. Sorted by folder.
    static func detect(_ files: [SourceFile]) -> [AppTarget] {
        let package = swiftPackageTargets(files)
        return package.count >= 2 ? package : appTargets(files)
    }

    static func swiftPackageTargets(_ files: [SourceFile]) -> [AppTarget] {
        guard files.contains(where: { $0.path == "Package.swift" }) else { return [] }
        var names = Set<String>()
        for file in files where file.path.hasSuffix(".swift") || file.isObjectiveCSource {
            let parts = file.path.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count >= 3, parts[0] == "Sources" { names.insert(String(parts[1])) }
        }
        return names.sorted().map { AppTarget(name: $0, folder: "Sources/" + $0, kind: .swiftPackage, evidence: "Package.swift") }
    }

    static func appTargets(_ files: [SourceFile]) -> [AppTarget] {
        // A test host's app delegate (`Tests/`, `AppUITests/`) is no app to ship.
        let isTest = { (path: String) in path.split(separator: "/").dropLast().contains { $0.hasSuffix("Tests") } }
        let entries = files.filter { !isTest($0.path) && isEntryPoint($0) }.map(\.path).sorted()
        // An entry point at the top: the whole folder is that app's, nothing to split by.
        guard !entries.contains(where: { !$0.contains("/") }) else { return [] }
        var targets: [AppTarget] = []
        for entry in entries {
            let components = entry.split(separator: "/").dropLast().map(String.init)
            // The outermost folder of the entry point that holds no other folder's entry point.
            var folder: String?
            for depth in 1...max(components.count, 1) where components.count >= depth {
                let candidate = components.prefix(depth).joined(separator: "/")
                let others = entries.filter { $0 != entry && $0.hasPrefix(candidate + "/") && ProjectSurvey.folder(of: $0) != ProjectSurvey.folder(of: entry) }
                if others.isEmpty { folder = candidate; break }
            }
            guard let folder, !targets.contains(where: { $0.folder == folder }) else { continue }
            targets.append(AppTarget(name: String(folder.split(separator: "/").last!), folder: folder, kind: .app, evidence: entry))
        }
        // A target inside another's folder is no layout to split by.
        let nested = targets.contains { a in targets.contains { b in a.folder != b.folder && a.owns(b.folder) } }
        return nested ? [] : targets.sorted { $0.folder < $1.folder }
    }

    /// Whether the file is an app's entry point.
    static func isEntryPoint(_ file: SourceFile) -> Bool {
        if file.isObjectiveCSource {
            let text = String(decoding: file.bytes, as: UTF8.self)
            return text.contains("<UIApplicationDelegate") || text.contains("<NSApplicationDelegate") || text.contains("UIApplicationMain(") || text.contains("NSApplicationMain(")
        }
        guard file.path.hasSuffix(".swift"), file.path != "Package.swift" else { return false }
        let list = SwiftLexer.tokenList(file.bytes)
        let code = list.code
        var sawMain = false
        for i in code.indices {
            let token = code[i]
            if token.kind == .attribute {
                if list.spells(token, "@UIApplicationMain") || list.spells(token, "@NSApplicationMain") { return true }
                if list.spells(token, "@main") { sawMain = true }
                continue
            }
            if token.kind == .identifier, list.spells(token, "UIApplicationMain") || list.spells(token, "NSApplicationMain"),
               i + 1 < code.count, code[i + 1].is(.leftParen) {
                return true
            }
            // A type declaration's inheritance clause, up to its `{`.
            guard token.is(.struct) || token.is(.class) || token.is(.enum) || token.is(.actor) || token.is(.extension),
                  i == 0 || !code[i - 1].is(.dot), i + 2 < code.count, code[i + 1].kind == .identifier else { continue }
            var j = i + 2
            // Skip a generic parameter clause or a dotted extension name.
            while j < code.count, !code[j].is(.colon), !code[j].is(.leftBrace), j - i < 16 { j += 1 }
            guard j < code.count, code[j].is(.colon) else { sawMain = false; continue }
            var k = j + 1
            while k < code.count, !code[k].is(.leftBrace), k - j < 40 {
                if code[k].kind == .identifier {
                    if list.spells(code[k], "UIApplicationDelegate") || list.spells(code[k], "NSApplicationDelegate") { return true }
                    if sawMain, list.spells(code[k], "App"), !code[k - 1].is(.dot) { return true }
                }
                k += 1
            }
            sawMain = false
        }
        return false
    }
}
