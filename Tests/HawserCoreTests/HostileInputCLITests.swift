import Foundation
import XCTest

/// Hostile inputs through the built binary, in `lint` and `build`: each gives one clear
/// diagnostic (or a clear usage error), an exit status of 1 or 2, never a crash or a hang, and
/// output that is valid UTF-8 without raw control characters in every format.
final class HostileInputCLITests: XCTestCase {
    static let swift = "func install(_ c: WKUserContentController, _ h: H) {\n    c.add(h, name: \"observer\")\n}\n"
    static let use = "window.webkit.messageHandlers.observer.postMessage(1);\n"

    func hawser(_ arguments: [String], in folder: URL) throws -> Subprocess.Result {
        try HawserBinary.run(arguments, in: folder)
    }

    /// A project with `App.swift`, `userscripts/ok.js`, and the given files written as bytes.
    func project(_ files: [String: [UInt8]]) throws -> TemporaryProject {
        let project = try TemporaryProject(["App.swift": Self.swift, "userscripts/ok.js": Self.use])
        for (path, bytes) in files {
            let url = project.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return project
    }

    let lintArguments = ["lint", "--scripts", "userscripts", "--swift", "."]
    let buildArguments = ["build", "--scripts", "userscripts", "--swift", ".", "--output", "out"]

    /// Every format's output is printable: no U+FFFD from raw invalid bytes, no control
    /// character but the line feeds that end lines.
    func assertPrintable(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(text.unicodeScalars.contains("\u{FFFD}"), "\(what) holds bytes that are not UTF-8: \(text)", file: file, line: line)
        let controls = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
        XCTAssertTrue(controls.isEmpty, "\(what) holds raw control characters \(controls.map(\.value)): \(text.debugDescription)", file: file, line: line)
    }

    /// `lint` in every format and `build` report exactly `expected` (the text form, in order),
    /// with exit status 1, and `build` writes nothing.
    func assertFindings(_ project: TemporaryProject, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let lint = try hawser(lintArguments, in: project.url)
        XCTAssertEqual(lint.status, 1, lint.stderr, file: file, line: line)
        XCTAssertEqual(lint.stdout, expected.map { $0 + "\n" }.joined(), file: file, line: line)
        for format in ["text", "json", "sarif", "github"] {
            let result = try hawser(lintArguments + ["--format", format], in: project.url)
            XCTAssertEqual(result.status, 1, format, file: file, line: line)
            assertPrintable(result.stdout, "lint --format \(format)", file: file, line: line)
            assertPrintable(result.stderr, "lint --format \(format) (stderr)", file: file, line: line)
        }
        let build = try hawser(buildArguments, in: project.url)
        XCTAssertEqual(build.status, 1, build.stderr, file: file, line: line)
        XCTAssertEqual(build.stdout, lint.stdout, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("out/manifest.json").path), file: file, line: line)
    }

    func testAScriptThatIsNotUTF8IsOneErrorAtItsFirstBadByte() throws {
        // Latin-1 "é" on line 2: the byte 0xE9 alone is not UTF-8.
        let project = try project(["userscripts/latin.js": Array("// caf".utf8) + [0x0A] + Array("var s = \"".utf8) + [0xE9] + Array("\";\n".utf8)])
        try assertFindings(project, [
            "userscripts/latin.js:2:10: error: the file is not valid UTF-8 (byte \\xE9); save it as UTF-8 [unreadable-file]",
        ])
    }

    func testUTF16BinaryAndNULHeavyFilesAreNotText() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0xFF]
        let project = try project([
            "userscripts/utf16.js": [0xFF, 0xFE] + Array("var a;".utf8).flatMap { [$0, 0] },
            "userscripts/image.js": png,
            "userscripts/zeros.js": Array(repeating: 0, count: 512),
            "userscripts/pages/index.html": [0xFE, 0xFF, 0, 0x3C],
        ])
        try assertFindings(project, [
            "userscripts/image.js:1:1: error: the file is binary, not text (it has NUL bytes); Hawser reads UTF-8 text only [unreadable-file]",
            "userscripts/pages/index.html:1:1: error: the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8 [unreadable-file]",
            "userscripts/utf16.js:1:1: error: the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8 [unreadable-file]",
            "userscripts/zeros.js:1:1: error: the file is binary, not text (it has NUL bytes); Hawser reads UTF-8 text only [unreadable-file]",
        ])
    }

    func testAByteOrderMarkIsReadAsUTF8WithPositionsFromTheFirstCharacter() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let project = try project([
            "userscripts/bom.js": bom + Array("window.webkit.messageHandlers.obsrver.postMessage(1);\n".utf8),
            "Bom.swift": bom + Array("func more(_ c: WKUserContentController, _ h: H) {\n    c.add(h, name: \"extra\")\n}\n".utf8),
        ])
        try assertFindings(project, [
            "Bom.swift:2:20: warning: handler 'extra' is registered but no script uses it [unused-handler]",
            "userscripts/bom.js:1:31: error: no message handler named 'obsrver' is registered in Swift; did you mean 'observer'? [unregistered-handler]",
        ])
        // Fixed, it builds; the script's output has no byte order mark in the middle of the wrapper.
        try Data(bom + Array(Self.use.utf8)).write(to: project.url.appendingPathComponent("userscripts/bom.js"))
        try FileManager.default.removeItem(at: project.url.appendingPathComponent("Bom.swift"))
        let build = try hawser(buildArguments, in: project.url)
        XCTAssertEqual(build.status, 0, build.stderr)
        let output = try Data(contentsOf: project.url.appendingPathComponent("out/bom.js"))
        XCTAssertNil(output.range(of: Data(bom)), "the BOM is copied into the output")
    }

    func testEmptyFilesAndAScriptThatIsOnlyMetadataBuild() throws {
        let project = try project([
            "userscripts/empty.js": [],
            "userscripts/only-metadata.js": Array("// ==UserScript==\n// @name only-metadata\n// @run-at document-start\n// ==/UserScript==\n".utf8),
            "userscripts/blank.css": [],
            "userscripts/pages/empty.html": [],
            "Empty.swift": [],
        ])
        let lint = try hawser(lintArguments, in: project.url)
        XCTAssertEqual(lint.status, 0, lint.stdout + lint.stderr)
        XCTAssertEqual(lint.stdout, "")
        let build = try hawser(buildArguments, in: project.url)
        XCTAssertEqual(build.status, 0, build.stdout + build.stderr)
        let manifest = try String(contentsOf: project.url.appendingPathComponent("out/manifest.json"), encoding: .utf8)
        for name in ["empty.js", "only-metadata.js", "blank.js"] where !manifest.contains("\"\(name)\"") {
            XCTFail("manifest.json does not list \(name): \(manifest)")
        }
    }

    func testQuotedControlAndBidiCharactersArePrintedAsEscapes() throws {
        // A handler name with a right-to-left override and an escape sequence: quoted by
        // unregistered-handler. In text and github output they are escapes; JSON and SARIF
        // escape them as JSON does (`\u001b`) or carry the character in a valid string.
        let project = try project(["userscripts/odd.js": Array("window.webkit.messageHandlers[\"a\u{202E}b\u{1B}[2J\"].postMessage(1);\n".utf8)])
        try assertFindings(project, [
            "userscripts/odd.js:1:31: error: no message handler named 'a\\u{202E}b\\x1B[2J' is registered in Swift [unregistered-handler]",
        ])
        let github = try hawser(lintArguments + ["--format", "github"], in: project.url)
        XCTAssertTrue(github.stdout.contains("named 'a\\u{202E}b\\x1B[2J'"), github.stdout)
        let json = try hawser(lintArguments + ["--format", "json"], in: project.url)
        XCTAssertTrue(json.stdout.contains("a\u{202E}b\\u001b[2J"), json.stdout)
    }

    func testAMissingOrUnreadableConfigSaysWhy() throws {
        let project = try project(["conf.json/placeholder": []])
        let missing = try hawser(["lint", "--config", "nope.json"], in: project.url)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "hawser: error: cannot read config file 'nope.json': No such file or directory\n")
        let folder = try hawser(["build", "--config", "conf.json"], in: project.url)
        XCTAssertEqual(folder.status, 2)
        XCTAssertEqual(folder.stderr, "hawser: error: cannot read config file 'conf.json': it is a folder\n")
    }

    func testSymbolicLinkLoopsAreWalkedOnceAndDanglingLinksReported() throws {
        let project = try project(["userscripts/lib/util.js": Array("var util = 1;\n".utf8)])
        let links = [("userscripts/lib/up", ".."), ("userscripts/self", "."), ("userscripts/again", "lib"),
                     ("userscripts/gone.js", "nowhere.js"), ("userscripts/loop.js", "loop.js")]
        for (path, target) in links {
            try FileManager.default.createSymbolicLink(atPath: project.url.appendingPathComponent(path).path, withDestinationPath: target)
        }
        try assertFindings(project, [
            "userscripts/gone.js:1:1: error: cannot read the file: it is a symbolic link to 'nowhere.js', which does not exist [unreadable-file]",
            "userscripts/loop.js:1:1: error: cannot read the file: it is a symbolic link that cannot be followed (Too many levels of symbolic links) [unreadable-file]",
        ])
        // Each real file once: ok.js and lib/util.js (through `again`, which sorts first).
        let lint = try hawser(lintArguments, in: project.url)
        XCTAssertTrue(lint.stderr.contains("in 3 files"), lint.stderr)
    }

    func testANamedPipeIsReportedNotWaitedOn() throws {
        let project = try project([:])
        XCTAssertEqual(mkfifo(project.url.appendingPathComponent("userscripts/pipe.js").path, 0o644), 0)
        try assertFindings(project, [
            "userscripts/pipe.js:1:1: error: cannot read the file: it is a named pipe, not a regular file [unreadable-file]",
        ])
    }

    /// Runs the binary as the unprivileged user 65534 in a world-readable copy of the project:
    /// tests run as root, whom permissions do not stop.
    func runUnprivileged(_ arguments: [String], in folder: URL) throws -> Subprocess.Result {
        guard getuid() == 0 else { throw XCTSkip("needs root to run the binary as another user; as a normal user chmod 000 is enough, but this test is written for CI, which runs as root") }
        guard let setpriv = Golden.which("setpriv"), let binary = HawserBinary.url else {
            throw XCTSkip("setpriv (util-linux) or the built binary is missing")
        }
        return try Subprocess.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments, in: folder)
    }

    func testUnreadableFilesAndFoldersSayWhy() throws {
        let project = try project(["userscripts/secret.js": Array(Self.use.utf8)])
        let secret = project.url.appendingPathComponent("userscripts/secret.js").path
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: project.url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: secret)
        let lint = try runUnprivileged(lintArguments, in: project.url)
        XCTAssertEqual(lint.status, 1, lint.stderr)
        XCTAssertEqual(lint.stdout, "userscripts/secret.js:1:1: error: cannot read the file: Permission denied [unreadable-file]\n")

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: secret)
        try FileManager.default.createDirectory(at: project.url.appendingPathComponent("userscripts/closed"), withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: project.url.appendingPathComponent("userscripts/closed").path)
        let folder = try runUnprivileged(lintArguments, in: project.url)
        XCTAssertEqual(folder.status, 2)
        XCTAssertEqual(folder.stderr, "hawser: error: cannot list folder 'userscripts/closed': Permission denied\n")
    }
}
