import Foundation
import XCTest

/// Runs the built binary and checks exit statuses, stdout and stderr.
final class CLITests: XCTestCase {
    static let swift = "func install(_ c: WKUserContentController, _ h: H) {\n    c.add(h, name: \"observer\")\n}\n"

    func hawser(_ arguments: [String], in project: TemporaryProject) throws -> Subprocess.Result {
        try HawserBinary.run(arguments, in: project.url)
    }

    func testVersionAndHelp() throws {
        let project = try TemporaryProject()
        let version = try hawser(["--version"], in: project)
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("hawser "), version.stdout)

        let help = try hawser(["--help"], in: project)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE: hawser <command>"))

        let lintHelp = try hawser(["help", "lint"], in: project)
        XCTAssertEqual(lintHelp.status, 0)
        XCTAssertTrue(lintHelp.stdout.contains("USAGE: hawser lint [--config FILE]"))
        XCTAssertEqual(try hawser(["lint", "--help"], in: project).stdout, lintHelp.stdout)

        let none = try hawser([], in: project)
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("USAGE: hawser <command>"))
    }

    func testUnknownCommandAndFlag() throws {
        let project = try TemporaryProject()
        let command = try hawser(["lnt"], in: project)
        XCTAssertEqual(command.status, 2)
        XCTAssertTrue(command.stderr.hasPrefix("hawser: error: unknown command 'lnt'\n"), command.stderr)

        let flag = try hawser(["lint", "--bogus"], in: project)
        XCTAssertEqual(flag.status, 2)
        XCTAssertEqual(flag.stdout, "")
        XCTAssertTrue(flag.stderr.hasPrefix("hawser: error: unknown option '--bogus'\n\nOVERVIEW:"), flag.stderr)
        XCTAssertTrue(flag.stderr.contains("USAGE: hawser lint"))

        let missing = try hawser(["lint", "--format"], in: project)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("hawser: error: missing value for '--format'\n"), missing.stderr)

        let badFormat = try hawser(["lint", "--format=xml"], in: project)
        XCTAssertEqual(badFormat.status, 2)
        XCTAssertTrue(badFormat.stderr.hasPrefix("hawser: error: unknown format 'xml' for '--format'"), badFormat.stderr)

        let strictValue = try hawser(["lint", "--strict=yes"], in: project)
        XCTAssertEqual(strictValue.status, 2)
        XCTAssertTrue(strictValue.stderr.hasPrefix("hawser: error: '--strict' takes no value"), strictValue.stderr)
    }

    func testMissingFolders() throws {
        let project = try TemporaryProject(["App.swift": Self.swift])
        let defaults = try hawser(["lint"], in: project)
        XCTAssertEqual(defaults.status, 2)
        XCTAssertEqual(defaults.stderr, "hawser: error: scripts folder 'userscripts' does not exist\n")

        let given = try hawser(["lint", "--scripts", "web", "--swift", "."], in: project)
        XCTAssertEqual(given.status, 2)
        XCTAssertEqual(given.stderr, "hawser: error: scripts folder 'web' does not exist\n")

        let config = try hawser(["lint", "--config", "nope.json"], in: project)
        XCTAssertEqual(config.status, 2)
        XCTAssertEqual(config.stderr, "hawser: error: cannot read config file 'nope.json'\n")
    }

    func testDefaultsWithoutConfig() throws {
        let project = try TemporaryProject([
            "userscripts/a.js": "window.webkit.messageHandlers.observer.postMessage(1);\n",
            "Sources/App.swift": Self.swift,
            // Skipped folders: a registration here must not count.
            ".build/checkouts/X.swift": "func f(c: C) { c.add(h, name: \"fromBuild\") }\n",
            "node_modules/x/y.js": "window.webkit.messageHandlers.fromNodeModules.postMessage(1);\n",
        ])
        let result = try hawser(["lint"], in: project)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    func testConfigFileIsReadAndRelativeToItsFolder() throws {
        let project = try TemporaryProject([
            "hawser.json": #"{"scripts": ["web"], "swift": ["ios"]}"#,
            "web/a.js": "window.webkit.messageHandlers.observr.postMessage(1);\n",
            "ios/App.swift": Self.swift,
            "sub/hawser.json": #"{"scripts": ["../web"], "swift": ["../ios"]}"#,
        ])
        let result = try hawser(["lint"], in: project)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, """
            ios/App.swift:2:20: warning: handler 'observer' is registered but no script uses it [unused-handler]
            web/a.js:1:31: error: no message handler named 'observr' is registered in Swift; did you mean 'observer'? [unregistered-handler]

            """)
        XCTAssertEqual(result.stderr, "hawser: 1 error, 1 warning in 2 files, 2 handlers\n")

        let elsewhere = try hawser(["lint", "--config", "sub/hawser.json", "--format", "github"], in: project)
        XCTAssertEqual(elsewhere.status, 1)
        XCTAssertTrue(elsewhere.stdout.contains("\n::error file=sub/../web/a.js,line=1,col=31,title=hawser unregistered-handler::"), elsewhere.stdout)
    }

    func testBadConfigExitsTwoNamingTheKey() throws {
        let cases: [(String, String)] = [
            ("{not json", "hawser.json:1:2: error: not valid JSON: expected a key in double quotes, found 'not'"),
            (#"{"scirpts": ["web"]}"#, "hawser: error: hawser.json: 'scirpts': unknown key; did you mean 'scripts'?"),
            (#"{"swift": "ios"}"#, "hawser: error: hawser.json: 'swift': expected an array of strings"),
            (#"["web"]"#, "hawser: error: hawser.json: the top level must be a JSON object"),
        ]
        for (config, message) in cases {
            let project = try TemporaryProject(["hawser.json": config])
            let result = try hawser(["lint"], in: project)
            XCTAssertEqual(result.status, 2, config)
            XCTAssertTrue(result.stderr.hasPrefix(message), "\(config): \(result.stderr)")
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)")
        }
    }

    func testConfigThatIsNotStrictJSONIsReportedAtItsPosition() throws {
        let cases: [(String, String)] = [
            ("{\n  \"scripts\": [\"web\"],\n  \"swift\": [\"ios\"],\n  \"runtime\": {\"timeoutMs\": 5},\n}\n",
             "hawser.json:4:30: error: not valid JSON: trailing comma before '}'\n"),
            (#"{"scripts": ["web",]}"#, "hawser.json:1:19: error: not valid JSON: trailing comma before ']'\n"),
            ("{\n  // the scripts\n  \"scripts\": [\"web\"]\n}", "hawser.json:2:3: error: not valid JSON: comments are not allowed in JSON\n"),
            (#"{"runtime": {"timeoutMs": NaN}}"#, "hawser.json:1:27: error: not valid JSON: expected a JSON value, found 'NaN'\n"),
            (#"{"scripts": ["a"], "scripts": ["b"]}"#, "hawser.json:1:20: error: not valid JSON: duplicate key 'scripts', first given at 1:2\n"),
        ]
        for (config, stderr) in cases {
            let project = try TemporaryProject(["hawser.json": config])
            let result = try hawser(["lint"], in: project)
            XCTAssertEqual(result.status, 2, config)
            XCTAssertEqual(result.stdout, "", config)
            XCTAssertEqual(result.stderr, stderr, config)
        }
    }

    func testExitStatusFollowsSeverityAndStrict() throws {
        let project = try TemporaryProject([
            "userscripts/a.js": "window.webkit.messageHandlers.observer.postMessage(1);\n",
            "App.swift": "func install(_ c: WKUserContentController, _ h: H) {\n    c.add(h, name: \"observer\")\n    c.add(h, name: \"unused\")\n}\n",
        ])
        let warnings = try hawser(["lint"], in: project)
        XCTAssertEqual(warnings.status, 0)
        XCTAssertEqual(warnings.stdout, "App.swift:3:20: warning: handler 'unused' is registered but no script uses it [unused-handler]\n")

        let strict = try hawser(["lint", "--strict"], in: project)
        XCTAssertEqual(strict.status, 1)

        let json = try hawser(["lint", "--format", "json"], in: project)
        XCTAssertEqual(json.status, 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(object?["version"] as? Int, 1)
        XCTAssertEqual((object?["diagnostics"] as? [Any])?.count, 1)
        XCTAssertEqual((object?["handlers"] as? [[String: Any]])?.map { $0["name"] as? String }, ["observer", "unused"])

        let sarif = try hawser(["lint", "--format", "sarif"], in: project)
        let log = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(log?["version"] as? String, "2.1.0")
    }
}
