import Foundation
import XCTest

/// `hawser lint PATH…`: the whole project is read (a use in one file pairs with a registration
/// in another), and only the findings in the named files and folders are shown.
final class LintPathsCLITests: XCTestCase {
    func project() throws -> TemporaryProject {
        try TemporaryProject([
            "hawser.json": #"{"scripts": ["web"], "swift": ["App"]}"#,
            "web/a.js": "window.webkit.messageHandlers.favicns.postMessage(1);\n",
            "web/sub/b.js": "window.webkit.messageHandlers.nope.postMessage(1);\nwindow.webkit.messageHandlers.favicons.postMessage(1);\n",
            "App/A.swift": "import WebKit\nfunc f(c: WKUserContentController, h: WKScriptMessageHandler) { c.add(h, name: \"favicons\"); c.add(h, name: \"unused\") }\n",
        ])
    }

    func testPathsFilterTheFindingsOfTheWholeProject() throws {
        let project = try project()
        let all = try HawserBinary.run(["lint"], in: project.url)
        XCTAssertEqual(all.stdout.split(separator: "\n").count, 3, all.stdout)

        let folder = try HawserBinary.run(["lint", "web/sub"], in: project.url)
        XCTAssertEqual(folder.status, 1)
        XCTAssertEqual(folder.stdout, "web/sub/b.js:1:31: error: no message handler named 'nope' is registered in Swift [unregistered-handler]\n")
        XCTAssertEqual(folder.stderr, "hawser: 1 error, 0 warnings in 3 files, 4 handlers (config: hawser.json; findings in web/sub only)\n")

        // The Swift folder alone: its warning, and no error from the scripts, so exit 0.
        let swift = try HawserBinary.run(["lint", "App/A.swift", "--no-cache"], in: project.url)
        XCTAssertEqual(swift.status, 0, swift.stdout)
        XCTAssertTrue(swift.stdout.hasPrefix("App/A.swift:2:"), swift.stdout)
        XCTAssertTrue(swift.stdout.contains("[unused-handler]"), swift.stdout)
        XCTAssertEqual(swift.stdout.split(separator: "\n").count, 1)

        // Two paths, and the same path spelled another way.
        let two = try HawserBinary.run(["lint", "./web/a.js", "web/sub/"], in: project.url)
        XCTAssertEqual(two.stdout.split(separator: "\n").count, 2, two.stdout)
    }

    func testAPathThatDoesNotExistIsAUsageError() throws {
        let project = try project()
        let result = try HawserBinary.run(["lint", "web/missing.js"], in: project.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "hawser: error: no such file or folder 'web/missing.js'\nhawser: see 'hawser help lint'\n")
        // Other commands still take no operands.
        XCTAssertEqual(try HawserBinary.run(["build", "web"], in: project.url).status, 2)
    }
}
