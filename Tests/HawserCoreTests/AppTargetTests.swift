@testable import HawserCore
import XCTest

/// How `hawser init` tells an app's targets from its files (`AppTarget`), below the CLI.
final class AppTargetTests: XCTestCase {
    func entry(_ source: String, _ path: String = "App/Main.swift") -> Bool {
        AppTarget.isEntryPoint(SourceFile(path: path, bytes: Array(source.utf8)))
    }

    func testEntryPointsAreTheAppsDeclarations() {
        XCTAssertTrue(entry("@main\nstruct Reader: App {\n    var body: some Scene { WindowGroup {} }\n}\n"))
        XCTAssertTrue(entry("@main final class AppDelegate: NSObject, NSApplicationDelegate {}\n"))
        XCTAssertTrue(entry("@UIApplicationMain\nclass AppDelegate: UIResponder {}\n"))
        XCTAssertTrue(entry("class Delegate: UIResponder, UIApplicationDelegate {}\n"))
        XCTAssertTrue(entry("UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, nil)\n", "App/main.swift"))
        XCTAssertTrue(entry("@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end\n", "App/AppDelegate.h"))
        // Not an app: a widget's or a tool's @main, a delegate named in an expression, a comment.
        XCTAssertFalse(entry("@main\nstruct Widgets: WidgetBundle {}\n"))
        XCTAssertFalse(entry("@main\nenum Tool {\n    static func main() {}\n}\n"))
        XCTAssertFalse(entry("let d = NSApp.delegate as? NSApplicationDelegate\n"))
        XCTAssertFalse(entry("// class AppDelegate: UIApplicationDelegate\n"))
        XCTAssertFalse(entry("@main struct Reader: App {}\n", "Package.swift"))
    }

    func testTargetsAreTheOutermostFoldersOfOneEntryPoint() {
        let app = "@main struct A: App {}\n"
        let files = ["Apps/iOS/App.swift", "Apps/macOS/Main/App.swift", "Apps/Shared/Model.swift", "Apps/iOS/Scene.swift"].map {
            SourceFile(path: $0, bytes: Array(($0.hasSuffix("Model.swift") || $0.hasSuffix("Scene.swift") ? "struct M {}\n" : app).utf8))
        }
        XCTAssertEqual(AppTarget.detect(files).map(\.folder), ["Apps/iOS", "Apps/macOS"])
        let testHost = SourceFile(path: "Tests/HostTests/Host/AppDelegate.swift", bytes: Array(app.utf8))
        XCTAssertEqual(AppTarget.detect(files + [testHost]).map(\.folder), ["Apps/iOS", "Apps/macOS"], "a test host is no target")
        let scope = TargetScope(target: AppTarget.detect(files)[0], targets: AppTarget.detect(files))
        XCTAssertEqual(scope.unit("Apps/Shared/Model.swift"), "Apps/Shared")
        XCTAssertEqual(scope.unit("Apps/iOS/Scene.swift"), "Apps/iOS")
        XCTAssertNil(scope.unit("Apps/Loose.swift"), "a file beside the targets' folders is in no folder they share")
        XCTAssertEqual(scope.config, "hawser.iOS.json")
        // An entry point at the top, or one app's folder inside another's: no targets to split by.
        XCTAssertEqual(AppTarget.detect(files + [SourceFile(path: "Main.swift", bytes: Array(app.utf8))]), [])
        // A Swift package's targets are its Sources folders.
        let package = ["Package.swift", "Sources/A/A.swift", "Sources/B/B.swift", "Tests/ATests/T.swift"].map { SourceFile(path: $0, bytes: []) }
        XCTAssertEqual(AppTarget.detect(package).map(\.folder), ["Sources/A", "Sources/B"])
        XCTAssertEqual(TargetScope(target: AppTarget.detect(package)[1], targets: AppTarget.detect(package)).config, "Sources/B/hawser.json")
    }
}
