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
        let command = try hawser(["version"], in: project)
        XCTAssertEqual(command.status, 0)
        XCTAssertEqual(command.stdout, version.stdout)
        let extra = try hawser(["version", "now"], in: project)
        XCTAssertEqual(extra.status, 2)
        XCTAssertEqual(extra.stderr, "hawser: error: unexpected argument 'now'\nhawser: see 'hawser help'\n")

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

    /// A mistake in the arguments: exit 2, nothing on stdout, and on stderr the one-line error
    /// and the line that points to the help.
    func assertUsageError(_ arguments: [String], _ message: String, help: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try hawser(arguments, in: TemporaryProject())
        XCTAssertEqual(result.status, 2, "\(arguments)", file: file, line: line)
        XCTAssertEqual(result.stdout, "", "\(arguments)", file: file, line: line)
        XCTAssertEqual(result.stderr, "hawser: error: \(message)\nhawser: see '\(help)'\n", "\(arguments)", file: file, line: line)
    }

    func testUnknownCommandAndFlag() throws {
        try assertUsageError(["lnt"], "unknown command 'lnt'; did you mean 'lint'?", help: "hawser help")
        try assertUsageError(["help", "buld"], "unknown command 'buld'; did you mean 'build'?", help: "hawser help")
        try assertUsageError(["frobnicate"], "unknown command 'frobnicate'", help: "hawser help")
        try assertUsageError(["--verison"], "unknown option '--verison'; did you mean '--version'?", help: "hawser help")

        try assertUsageError(["lint", "--bogus"], "unknown option '--bogus'", help: "hawser help lint")
        try assertUsageError(["build", "stray"], "unexpected argument 'stray'", help: "hawser help build")
        try assertUsageError(["lint", "--format"], "missing value for '--format'", help: "hawser help lint")
        try assertUsageError(["lint", "--format=xml"], "unknown format 'xml' for '--format' (expected text, json, sarif or github)", help: "hawser help lint")
        try assertUsageError(["lint", "--strict=yes"], "'--strict' takes no value", help: "hawser help lint")
    }

    func testMisspeltFlagSuggestsTheNearestOption() throws {
        try assertUsageError(["lint", "--script", "x"], "unknown option '--script'; did you mean '--scripts'?", help: "hawser help lint")
        try assertUsageError(["lint", "--Swift=ios"], "unknown option '--Swift'; did you mean '--swift'?", help: "hawser help lint")
        try assertUsageError(["lint", "--hepl"], "unknown option '--hepl'; did you mean '--help'?", help: "hawser help lint")
        try assertUsageError(["stubs", "--forse"], "unknown option '--forse'; did you mean '--force'?", help: "hawser help stubs")
        // Only the options of the command are candidates: lint has no '--check'.
        try assertUsageError(["lint", "--chek"], "unknown option '--chek'", help: "hawser help lint")
        try assertUsageError(
            ["lint", "--format", "jsn"], "unknown format 'jsn' for '--format'; did you mean 'json'? (expected text, json, sarif or github)",
            help: "hawser help lint")
    }

    /// The help pages and the parser come from one table: every option a page lists is one the
    /// command accepts, and every flag the synopsis shows appears in OPTIONS.
    func testHelpListsExactlyTheOptionsTheParserAccepts() throws {
        let project = try TemporaryProject()
        for command in ["lint", "build", "stubs"] {
            let help = try hawser(["help", command], in: project).stdout
            let sections = help.components(separatedBy: "\n\n")
            guard let options = sections.first(where: { $0.hasPrefix("OPTIONS:\n") }),
                  let usage = sections.first(where: { $0.hasPrefix("USAGE: ") })
            else { return XCTFail("no OPTIONS or USAGE in \(help)") }
            var listed: [String] = []
            for row in options.split(separator: "\n").dropFirst() {
                let label = row.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0]
                let names = label.components(separatedBy: ", ").map { $0.components(separatedBy: " ")[0] }
                listed += names.filter { $0.hasPrefix("--") }
                for name in names.filter({ $0.hasPrefix("-") }) {
                    // Accepted: the parser either shows the help or complains about something else.
                    let result = try hawser([command, name], in: project)
                    XCTAssertFalse(result.stderr.contains("unknown option"), "\(command) \(name): \(result.stderr)")
                }
            }
            XCTAssertTrue(listed.contains("--help"), command)
            for word in usage.split(separator: " ") where word.hasPrefix("[--") {
                let name = String(word.dropFirst().prefix { $0 != " " && $0 != "]" })
                XCTAssertTrue(listed.contains(name), "\(command): \(name) is in the synopsis but not in OPTIONS")
            }
        }
        let overview = try hawser(["--help"], in: project).stdout
        for command in ["lint", "build", "stubs", "help"] {
            XCTAssertTrue(overview.contains("\n  \(command) "), command)
        }
    }

    func testMissingFolders() throws {
        let project = try TemporaryProject(["App.swift": Self.swift])
        // No config and no default scripts folder: what was looked for, and how to go on.
        let firstContact = "hawser: error: found no hawser.json here or in a folder above, and no 'userscripts' folder (where scripts are looked for without one): run 'hawser init' to propose a config for this app, or name the folders with --scripts and --swift\n"
        for command in ["lint", "build"] {
            let defaults = try hawser([command], in: project)
            XCTAssertEqual(defaults.status, 2, command)
            XCTAssertEqual(defaults.stderr, firstContact, command)
        }
        // With a config that names the default folder, the folder is what is missing.
        try Data("{}".utf8).write(to: project.url.appendingPathComponent("hawser.json"))
        let configured = try hawser(["lint"], in: project)
        XCTAssertEqual(configured.stderr, "hawser: error: scripts folder 'userscripts' does not exist\n")
        try FileManager.default.removeItem(at: project.url.appendingPathComponent("hawser.json"))

        let given = try hawser(["lint", "--scripts", "web", "--swift", "."], in: project)
        XCTAssertEqual(given.status, 2)
        XCTAssertEqual(given.stderr, "hawser: error: scripts folder 'web' does not exist\n")

        let config = try hawser(["lint", "--config", "nope.json"], in: project)
        XCTAssertEqual(config.status, 2)
        XCTAssertEqual(config.stderr, "hawser: error: cannot read config file 'nope.json': No such file or directory\n")
    }

    /// `--quiet`: the diagnostics as usual, no summary or notes; the exit status unchanged.
    func testQuietPrintsOnlyDiagnostics() throws {
        let project = try TemporaryProject([
            "userscripts/a.js": "window.webkit.messageHandlers.observer.postMessage(1);\nwindow.webkit.messageHandlers.observr.postMessage(2);\n",
            "Sources/App.swift": Self.swift,
        ])
        let loud = try hawser(["lint"], in: project)
        XCTAssertEqual(loud.status, 1)
        XCTAssertTrue(loud.stderr.hasPrefix("hawser: 1 error"), loud.stderr)
        for _ in 0..<2 {
            // The second run is answered from the run record of the first.
            let quiet = try hawser(["lint", "--quiet"], in: project)
            XCTAssertEqual(quiet.status, 1)
            XCTAssertEqual(quiet.stdout, loud.stdout)
            XCTAssertTrue(quiet.stdout.contains("[unregistered-handler]"), quiet.stdout)
            XCTAssertEqual(quiet.stderr, "")
        }
        let failed = try hawser(["build", "-q"], in: project)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.stdout, loud.stdout)
        XCTAssertEqual(failed.stderr, "")

        try project.write("userscripts/a.js", "window.webkit.messageHandlers.observer.postMessage(1);\n")
        for arguments in [["build", "--quiet"], ["build", "--quiet"], ["build", "--quiet", "--check"], ["lint", "--quiet"]] {
            let built = try hawser(arguments, in: project)
            XCTAssertEqual(built.status, 0, "\(arguments): \(built.stderr)")
            XCTAssertEqual(built.stdout, "", "\(arguments)")
            XCTAssertEqual(built.stderr, "", "\(arguments)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("output/manifest.json").path))
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
            web/a.js:1:31: error: no message handler named 'observr' is registered in Swift; did you mean 'observer'? (or rename the registration at ios/App.swift:2:20, which no script names) [unregistered-handler]

            """)
        XCTAssertEqual(result.stderr, "hawser: 1 error, 0 warnings in 2 files, 2 handlers (config: hawser.json)\n")

        let elsewhere = try hawser(["lint", "--config", "sub/hawser.json", "--format", "github"], in: project)
        XCTAssertEqual(elsewhere.status, 1)
        XCTAssertTrue(elsewhere.stdout.contains("::error file=sub/../web/a.js,line=1,col=31,title=hawser unregistered-handler::"), elsewhere.stdout)
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
