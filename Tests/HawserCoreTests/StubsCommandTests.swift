import Foundation
import XCTest

/// `hawser stubs`, run as the built binary.
final class StubsCommandTests: XCTestCase {
    static let config = #"{ "registration": "generated", "swift": ["Sources"] }"#
    static let script = """
        async function load() {
          const text = await hawser.call("readFile", { path: "notes.txt" });
          hawser.post("my-handler", { text });
        }

        """

    func project() throws -> TemporaryProject {
        try TemporaryProject(["hawser.json": Self.config, "userscripts/a.js": Self.script, "Sources/App.swift": "struct App {}\n"])
    }

    func hawser(_ arguments: [String], in project: TemporaryProject) throws -> Subprocess.Result {
        try HawserBinary.run(arguments, in: project.url)
    }

    func testCreatesTheFileWithParentFolders() throws {
        let project = try project()
        let result = try hawser(["stubs"], in: project)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "wrote BridgeHandlers.swift\n")
        let text = try project.read("BridgeHandlers.swift")
        XCTAssertTrue(text.contains("final class BridgeHandlers: Bridge.Handlers {"), text)
        XCTAssertTrue(text.contains("func readFile(_ payload: Bridge.ReadFilePayload) async throws -> Bridge.ReadFileReply {"), text)
        XCTAssertTrue(text.contains("func myHandler(_ payload: Bridge.MyHandlerPayload) async {"), text)

        let nested = try hawser(["stubs", "--output", "Sources/Bridge/Handlers.swift"], in: project)
        XCTAssertEqual(nested.status, 0, nested.stderr)
        XCTAssertEqual(nested.stdout, "wrote Sources/Bridge/Handlers.swift\n")
        XCTAssertEqual(try project.read("Sources/Bridge/Handlers.swift"), text)
    }

    func testRefusesToOverwriteAndReportsMissingMethods() throws {
        let project = try project()
        XCTAssertEqual(try hawser(["stubs"], in: project).status, 0)
        try project.write("BridgeHandlers.swift", try project.read("BridgeHandlers.swift") + "// edited by hand\n")
        let edited = try project.read("BridgeHandlers.swift")

        let same = try hawser(["stubs"], in: project)
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(same.stdout, "BridgeHandlers.swift implements every requirement of Bridge.Handlers\n")
        XCTAssertEqual(try project.read("BridgeHandlers.swift"), edited)

        // Two handlers more: a request used from the script, a message only mentioned in the
        // file's comments.
        try project.write("userscripts/a.js", Self.script + """
            hawser.post("stateSync", {});
            window.webkit.messageHandlers.pick.postMessage({}).then(console.log);

            """)
        try project.write("BridgeHandlers.swift", edited + "// func stateSync(_ payload: Bridge.StateSyncPayload) async\n")
        let before = try project.read("BridgeHandlers.swift")
        let missing = try hawser(["stubs"], in: project)
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stdout, """
            BridgeHandlers.swift lacks 2 requirements of Bridge.Handlers:
              func pick(_ payload: Bridge.PickPayload) async throws -> Bridge.PickReply
              func stateSync(_ payload: Bridge.StateSyncPayload) async

            """)
        XCTAssertTrue(missing.stderr.contains("was not overwritten"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("--force"), missing.stderr)
        XCTAssertEqual(try project.read("BridgeHandlers.swift"), before)

        let forced = try hawser(["stubs", "--force"], in: project)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(forced.stdout, "wrote BridgeHandlers.swift\n")
        let rewritten = try project.read("BridgeHandlers.swift")
        XCTAssertFalse(rewritten.contains("edited by hand"))
        XCTAssertTrue(rewritten.contains("func pick(_ payload: Bridge.PickPayload) async throws -> Bridge.PickReply {"))
        XCTAssertTrue(rewritten.contains("    func stateSync(_ payload: Bridge.StateSyncPayload) async {\n        // TODO: handle stateSync\n"))

        let done = try hawser(["stubs"], in: project)
        XCTAssertEqual(done.status, 0)
    }

    func testSingularAndConfigName() throws {
        let project = try TemporaryProject([
            "hawser.json": #"{ "registration": "generated", "swift": ["Sources"], "name": "Shell" }"#,
            "userscripts/a.js": "hawser.post(\"one\", 1);\n", "Sources/App.swift": "\n",
            "ShellHandlers.swift": "final class ShellHandlers {}\n",
        ])
        let result = try hawser(["stubs"], in: project)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "ShellHandlers.swift lacks 1 requirement of Shell.Handlers:\n  func one(_ payload: Shell.OnePayload) async\n")
    }

    func testErrorsStopBeforeWriting() throws {
        let project = try TemporaryProject([
            "hawser.json": #"{ "swift": ["Sources"] }"#,
            "userscripts/a.js": Self.script, "Sources/App.swift": "struct App {}\n",
        ])
        let result = try hawser(["stubs"], in: project)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("[unregistered-handler]"), result.stdout)
        XCTAssertTrue(result.stderr.contains("no stubs written"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("BridgeHandlers.swift").path))
    }

    func testUsage() throws {
        let project = try project()
        let help = try hawser(["help", "stubs"], in: project)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE: hawser stubs [--config FILE]"), help.stdout)
        XCTAssertEqual(try hawser(["stubs", "--help"], in: project).stdout, help.stdout)
        XCTAssertTrue(try hawser(["--help"], in: project).stdout.contains("  stubs "))
        let bad = try hawser(["stubs", "--force=yes"], in: project)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasPrefix("hawser: error: '--force' takes no value"), bad.stderr)
        try FileManager.default.createDirectory(at: project.url.appendingPathComponent("Folder.swift"), withIntermediateDirectories: true)
        let folder = try hawser(["stubs", "--output", "Folder.swift"], in: project)
        XCTAssertEqual(folder.status, 2)
        XCTAssertEqual(folder.stderr, "hawser: error: 'Folder.swift' is a folder\n")
    }
}
