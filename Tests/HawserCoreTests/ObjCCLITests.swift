import Foundation
import XCTest

/// The CLI reads Objective-C sources from the Swift folders.
final class ObjCCLITests: XCTestCase {
    func testLintReadsObjectiveCFilesFromTheSwiftFolders() throws {
        let register = { (name: String) in "@implementation B\n- (void)f { [c addScriptMessageHandler:self name:\(name)]; }\n@end\n" }
        let project = try TemporaryProject([
            "web/a.js": """
            window.webkit.messageHandlers.fromM.postMessage(1);
            window.webkit.messageHandlers.fromMM.postMessage(1);
            window.webkit.messageHandlers.fromHeader.postMessage(1);
            window.webkit.messageHandlers.fromSwift.postMessage(1);

            """,
            "ios/Names.h": "#define kFromHeader @\"fromHeader\"\n",
            "ios/Bridge.m": register("@\"fromM\"") + register("kFromHeader"),
            "ios/Bridge.mm": register("@\"fromMM\""),
            "ios/App.swift": "func f(c: C) { c.add(h, name: \"fromSwift\") }\n",
            // Not an extension Hawser reads.
            "ios/Other.c": register("@\"fromC\""),
        ])
        let result = try HawserBinary.run(["lint", "--scripts", "web", "--swift", "ios"], in: project.url)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "hawser: 0 errors, 0 warnings in 5 files, 4 handlers (no config file)\n")
    }
}
