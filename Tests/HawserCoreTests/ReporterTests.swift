@testable import HawserCore
import XCTest

final class ReporterTests: XCTestCase {
    func testGitHubEscaping() {
        XCTAssertEqual(GitHubReporter.escapeData("50% done\r\nnext"), "50%25 done%0D%0Anext")
        XCTAssertEqual(GitHubReporter.escapeProperty("a:b,c%.js"), "a%3Ab%2Cc%25.js")
    }

    func testSARIFURIEncoding() {
        XCTAssertEqual(SARIFReporter.uri("web pages/naïve,1.js"), "web%20pages/na%C3%AFve%2C1.js")
    }

    func testJSONStringEscaping() {
        let json = JSON.array([.string("q\"b\\n\n\u{01}\u{2028}é")]).rendered()
        XCTAssertEqual(json, "[\n  \"q\\\"b\\\\n\\n\\u0001\\u2028é\"\n]\n")
    }

    func testUTF16ColumnConversion() {
        let source = "x\n☕é = 1; 😀y\n"
        let report = Report(diagnostics: [], handlers: [], contract: BridgeContract(handlers: []), fileCount: 1, sources: ["a.js": Array(source.utf8)])
        // "☕é = 1; 😀" is 3+2+6+4 = 15 bytes but 1+1+6+2 = 10 UTF-16 units.
        XCTAssertEqual(report.utf16Column(of: SourceLocation(file: "a.js", line: 2, column: 16)), 11)
        XCTAssertEqual(report.utf16Column(of: SourceLocation(file: "other.js", line: 2, column: 16)), 16)
    }

    func testNameSuggestions() {
        let names = ["readFileHandler", "observer", "Observer2", "log"]
        XCTAssertEqual(NameSuggester.suggestion(for: "readFileHandlder", among: names), "readFileHandler")
        XCTAssertEqual(NameSuggester.suggestion(for: "OBSERVER", among: names), "observer")
        XCTAssertEqual(NameSuggester.suggestion(for: "obsrever", among: names), "observer")
        XCTAssertNil(NameSuggester.suggestion(for: "somethingElse", among: names))
        XCTAssertEqual(NameSuggester.editDistance("kitten", "sitting", limit: 5), 3)
        XCTAssertEqual(NameSuggester.editDistance("ab", "ba", limit: 2), 1)
    }

    func testSuppressionCommentParsing() {
        XCTAssertEqual(Suppression.codes(inComment: "// hawser-ignore: unused-handler"), ["unused-handler"])
        XCTAssertEqual(Suppression.codes(inComment: "/* hawser-ignore: a-b, c-d */"), ["a-b", "c-d"])
        XCTAssertEqual(Suppression.codes(inComment: "// hawser-ignore: unused-handler (because)"), ["unused-handler"])
        XCTAssertEqual(Suppression.codes(inComment: "/* hawser-ignore: unused-handler\n   spanning lines */"), ["unused-handler"])
        XCTAssertNil(Suppression.codes(inComment: "// hawser-ignore:"))
        XCTAssertNil(Suppression.codes(inComment: "// nothing here"))
    }

    func testBuildConfigKeys() throws {
        let config = try HawserConfig.parse(Array("""
            {"output": "gen", "name": "WebBridge", "registration": "generated", "requestTransport": "settle",
             "handlers": {"readFile": {"kind": "request", "transport": "reply"}, "log": {}},
             "runtime": {"global": "bridge", "timeoutMs": 0},
             "nativeFeel": ["viewport", "noCallout"]}
            """.utf8), file: "h.json")
        XCTAssertEqual(config.output, "gen")
        XCTAssertEqual(config.name, "WebBridge")
        XCTAssertEqual(config.registration, .generated)
        XCTAssertEqual(config.requestTransport, .settle)
        XCTAssertEqual(config.handlers["readFile"], HawserConfig.HandlerOverride(kind: .request, transport: .reply))
        XCTAssertEqual(config.handlers["log"], HawserConfig.HandlerOverride())
        XCTAssertEqual(config.runtime.global, "bridge")
        XCTAssertEqual(config.runtime.timeoutMs, 0)
        XCTAssertEqual(config.nativeFeel, [.viewport, .noCallout])

        let failures: [(String, String)] = [
            (#"{"registration": "auto"}"#, "h.json: 'registration': 'auto' is not valid; expected \"manual\" or \"generated\""),
            (#"{"handlers": {"x": {"kind": "event"}}}"#, "h.json: 'handlers.x.kind': 'event' is not valid; expected \"message\" or \"request\""),
            (#"{"handlers": {"x": {"transprt": "reply"}}}"#, "h.json: 'handlers.x.transprt': unknown key; did you mean 'transport'?"),
            (#"{"runtime": {"global": "my-bridge"}}"#, "h.json: 'runtime.global': expected a JavaScript identifier"),
            (#"{"runtime": {"timeoutMs": -1}}"#, "h.json: 'runtime.timeoutMs': expected a whole number of milliseconds from 0 to 86400000"),
            (#"{"runtime": {"timeoutMs": 1.5}}"#, "h.json: 'runtime.timeoutMs': expected a whole number of milliseconds from 0 to 86400000"),
            (#"{"runtime": {"timeoutMs": true}}"#, "h.json: 'runtime.timeoutMs': expected a whole number of milliseconds from 0 to 86400000"),
            (#"{"nativeFeel": ["viewprt"]}"#, "h.json: 'nativeFeel[0]': unknown preset 'viewprt'; did you mean 'viewport'? (presets: viewport, noSelection, noCallout, noDoubleTapZoom)"),
            (#"{"nativeFeel": ["viewport", "viewport"]}"#, "h.json: 'nativeFeel[1]': preset 'viewport' is listed twice"),
            (#"{"name": "bridge"}"#, "h.json: 'name': expected a Swift type name such as \"Bridge\" (ASCII letters and digits, starting with an upper-case letter)"),
            (#"{"output": ""}"#, "h.json: 'output': paths must not be empty"),
        ]
        for (json, message) in failures {
            XCTAssertThrowsError(try HawserConfig.parse(Array(json.utf8), file: "h.json"), json) { error in
                XCTAssertEqual((error as? ConfigError)?.description, message, json)
            }
        }
    }

    func testConfigParsing() throws {
        let config = try HawserConfig.parse(Array(#"{"scripts": ["a", "b"], "swift": ["ios"]}"#.utf8), file: "hawser.json")
        XCTAssertEqual(config.scripts, ["a", "b"])
        XCTAssertEqual(config.swift, ["ios"])
        XCTAssertEqual(try HawserConfig.parse(Array("{}".utf8), file: "h.json"), HawserConfig())
        XCTAssertThrowsError(try HawserConfig.parse(Array(#"{"scripts": [1]}"#.utf8), file: "h.json")) { error in
            XCTAssertEqual((error as? ConfigError)?.description, "h.json: 'scripts': expected an array of strings")
        }
        XCTAssertThrowsError(try HawserConfig.parse(Array(#"{"zzz": 1}"#.utf8), file: "h.json")) { error in
            XCTAssertEqual((error as? ConfigError)?.description, "h.json: 'zzz': unknown key (known keys: allowedOrigins, exclude, handlers, name, nativeFeel, output, pages, placeholders, registered, registration, requestTransport, runtime, scriptMetadata, scripts, sourceMaps, swift)")
        }
    }
}
