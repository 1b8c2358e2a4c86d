import Foundation
import XCTest

/// `sourceMaps` in hawser.json and `hawser build --source-maps`: a bundled entry carries its
/// source map inline by default and none with `none`, and nothing else of the output changes.
final class SourceMapsCLITests: XCTestCase {
    private static let mapLine = "//# sourceMappingURL=data:application/json;charset=utf-8;base64,"

    private func project(config: String) throws -> TemporaryProject {
        try TemporaryProject([
            "hawser.json": config,
            "userscripts/main.js": "import { greet } from \"./lib/greet.js\";\ngreet(\"x\");\n",
            "userscripts/lib/greet.js": "export function greet(name) { console.log(name); }\n",
            "userscripts/plain.js": "var plain = 1;\n",
        ])
    }

    private func build(_ project: TemporaryProject, _ arguments: [String] = []) throws -> Subprocess.Result {
        let result = try HawserBinary.run(["build"] + arguments, in: project.url)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        return result
    }

    func testInlineByDefaultNoneOnRequest() throws {
        let project = try self.project(config: #"{"scripts": ["userscripts"], "swift": []}"#)
        try build(project)
        let inline = try project.read("output/main.js")
        XCTAssertTrue(inline.contains(Self.mapLine), inline)
        let plain = try project.read("output/plain.js")

        // The flag replaces the setting; only the map line goes.
        try build(project, ["--source-maps", "none"])
        let none = try project.read("output/main.js")
        XCTAssertFalse(none.contains("sourceMappingURL"), none)
        XCTAssertEqual(none, inline.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(Self.mapLine) }.joined(separator: "\n"))
        XCTAssertEqual(try project.read("output/plain.js"), plain)
        XCTAssertFalse(try project.read("output/Bridge.swift").contains("sourceMappingURL"))

        // And back: the setting is part of what a no-op build compares.
        try build(project)
        XCTAssertEqual(try project.read("output/main.js"), inline)
    }

    func testTheConfigSettingAndItsErrors() throws {
        let project = try self.project(config: #"{"scripts": ["userscripts"], "swift": [], "sourceMaps": "none"}"#)
        try build(project)
        XCTAssertFalse(try project.read("output/main.js").contains("sourceMappingURL"))
        try build(project, ["--source-maps", "inline"])
        XCTAssertTrue(try project.read("output/main.js").contains(Self.mapLine))

        try project.write("hawser.json", #"{"scripts": ["userscripts"], "swift": [], "sourceMaps": "file"}"#)
        let bad = try HawserBinary.run(["build"], in: project.url)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("'sourceMaps': 'file' is not valid; expected \"inline\" or \"none\""), bad.stderr)
        let flag = try HawserBinary.run(["build", "--source-maps", "file"], in: project.url)
        XCTAssertEqual(flag.status, 2)
        XCTAssertTrue(flag.stderr.contains("unknown mode 'file' for '--source-maps' (expected inline or none)"), flag.stderr)
    }
}
