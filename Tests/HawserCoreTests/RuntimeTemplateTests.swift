import Foundation
import XCTest
@testable import HawserCore

/// Rendering of the injected runtime. Its behaviour is tested by `node --test Tests/Runtime/`.
final class RuntimeTemplateTests: XCTestCase {
    static let contract = #"{"getInfo":{"kind":"request","transport":"reply"},"readFile":{"kind":"request","transport":"settle"}}"#

    func render(global: String = "hawser", timeoutMs: Int = 1500, defaultTransport: String = "settle", contract: String = contract) -> String {
        RuntimeTemplate.render(global: global, timeoutMs: timeoutMs, defaultTransport: defaultTransport, contractJSON: contract)
    }

    func testTemplateHoldsEachPlaceholderOnce() {
        let template = RuntimeTemplate.template
        XCTAssertEqual(template.placeholderNames, ["global", "timeoutMs", "defaultTransport", "contract"])
        for name in template.placeholderNames {
            XCTAssertEqual(template.body.components(separatedBy: "/*@\(name)*/").count, 2, name)
        }
        XCTAssertTrue(RuntimeTemplate.source.hasPrefix("// hawser-runtime.js: Hawser's promise runtime"))
        XCTAssertFalse(RuntimeTemplate.source.contains("RuntimeTemplate.swift"))
        XCTAssertTrue(template.notes.hasPrefix("// hawser-runtime.js: "))
    }

    /// `render` passes a value for every placeholder of the file, and none the file lacks.
    func testRenderFillsExactlyTheFilesPlaceholders() {
        let values = RuntimeTemplate.values(global: "hawser", timeoutMs: 1, defaultTransport: "reply", contractJSON: "")
        XCTAssertEqual(RuntimeTemplate.template.problems(filling: values.keys), [])
    }

    func testRenderReplacesEveryPlaceholder() {
        let output = render()
        XCTAssertFalse(output.contains("/*@"), "a placeholder survived rendering")
        XCTAssertTrue(output.contains(#"const GLOBAL_NAME = "hawser";"#))
        XCTAssertTrue(output.contains("const CONFIGURED_TIMEOUT_MS = 1500;"))
        XCTAssertTrue(output.contains(#"const CONFIGURED_TRANSPORT = "settle";"#))
        XCTAssertTrue(output.contains("const CONFIGURED_CONTRACT = \(Self.contract);"))
    }

    func testRenderIsDeterministicAndEndsWithOneNewline() {
        let output = render()
        XCTAssertEqual(output, render())
        XCTAssertTrue(output.hasSuffix("})();\n"))
        XCTAssertFalse(output.hasSuffix("\n\n"))
    }

    func testRenderEscapesStringValues() {
        let output = render(global: "a\"b\\c\n\u{2028}\u{1}", defaultTransport: "re\"ply")
        XCTAssertTrue(output.contains(#"const GLOBAL_NAME = "a\"b\\c\n\u2028\u0001";"#), output)
        XCTAssertTrue(output.contains(#"const CONFIGURED_TRANSPORT = "re\"ply";"#))
    }

    func testSubstitutedValuesAreNotSubstitutedAgain() {
        let output = render(global: "/*@contract*/{}")
        XCTAssertTrue(output.contains(#"const GLOBAL_NAME = "/*@contract*/{}";"#))
        XCTAssertTrue(output.contains("const CONFIGURED_CONTRACT = \(Self.contract);"))
    }

    func testEdgeValues() {
        let output = render(timeoutMs: -5, contract: "  \n")
        XCTAssertTrue(output.contains("const CONFIGURED_TIMEOUT_MS = 0;"))
        XCTAssertTrue(output.contains("const CONFIGURED_CONTRACT = {};"))
        let separators = render(contract: "{\"a\u{2028}\":{\"kind\":\"message\",\"transport\":\"reply\"}}")
        XCTAssertTrue(separators.contains(#"{"a\u2028":{"#))
    }

    /// The rendered runtime is valid JavaScript, and installs under an escaped global name. (The
    /// node tests get their runtime from `hawser build`, whose config only takes an identifier.)
    func testRenderedOutputPassesNodeCheck() throws {
        guard let probe = try? Subprocess.run("/usr/bin/env", ["node", "--version"]), probe.status == 0 else {
            throw XCTSkip("node is not installed")
        }
        let project = try TemporaryProject()
        for name in ["odd \"name\" \\ \u{2028}", "odd \"name\"\\\u{2028}"] {
            let output = render(global: name)
            try project.write("runtime.js", output)
            let check = try Subprocess.run("/usr/bin/env", ["node", "--check", project.url.appendingPathComponent("runtime.js").path])
            XCTAssertEqual(check.status, 0, check.stderr)

            let literal = JSON.stringLiteral(name)
            try project.write("run.js", output + """
                const api = globalThis[\(literal)];
                process.stdout.write(Object.keys(api).sort().join(",") + " " + Object.isFrozen(api) + " " + api.contract.readFile.transport + " " + api.version);
                """)
            let run = try Subprocess.run("/usr/bin/env", ["node", project.url.appendingPathComponent("run.js").path])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(run.stdout, "call,contract,emit,forwardEvent,on,post,settle,syncState,version true settle 1", name)
        }
    }
}
