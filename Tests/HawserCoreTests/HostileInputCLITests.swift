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

    /// A C library preloaded into the binary (`LD_PRELOAD`) that makes the race between listing a
    /// folder and reading its files happen every time: when the program first opens a file whose
    /// path ends with `$HAWSER_RACE_TRIGGER`, it removes `$HAWSER_RACE_REMOVE` and puts a named
    /// pipe in place of `$HAWSER_RACE_REPLACE`, both already listed (and found to be regular
    /// files) but not read yet. Nothing in Hawser knows of it.
    static let raceLibrary = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <fcntl.h>
        #include <stdarg.h>
        #include <stdlib.h>
        #include <string.h>
        #include <sys/stat.h>
        #include <unistd.h>

        static int raced;

        static void race(const char *path) {
            const char *trigger = getenv("HAWSER_RACE_TRIGGER");
            size_t length = path ? strlen(path) : 0;
            if (raced || !trigger || length < strlen(trigger) || strcmp(path + length - strlen(trigger), trigger) != 0) return;
            raced = 1;
            const char *removed = getenv("HAWSER_RACE_REMOVE"), *replaced = getenv("HAWSER_RACE_REPLACE");
            if (removed) unlink(removed);
            if (replaced) { unlink(replaced); mkfifo(replaced, 0644); }
        }

        #define OPEN(name) \\
            int name(const char *path, int flags, ...) { \\
                static int (*next)(const char *, int, ...); \\
                if (!next) next = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, #name); \\
                va_list list; va_start(list, flags); mode_t mode = (flags & (O_CREAT | O_TMPFILE)) ? va_arg(list, mode_t) : 0; va_end(list); \\
                race(path); \\
                return next(path, flags, mode); \\
            }
        OPEN(open)
        OPEN(open64)

        """

    func testFilesThatDisappearBetweenListingAndReadingAreReportedAndTheLastBuildStays() throws {
        guard let cc = Golden.which("cc") ?? Golden.which("clang"), let binary = HawserBinary.url else {
            throw XCTSkip("a C compiler (to build the preloaded library) or the built binary is missing")
        }
        let project = try project([
            "userscripts/a.js": Array(Self.use.utf8),
            "userscripts/b.js": Array(Self.use.utf8),
            "userscripts/c.js": Array(Self.use.utf8),
        ])
        try project.write("race.c", Self.raceLibrary)
        let compile = try Subprocess.run(cc, ["-shared", "-fPIC", "-o", "race.so", "race.c", "-ldl"], in: project.url)
        XCTAssertEqual(compile.status, 0, compile.stderr)

        // The last good build.
        let good = try hawser(buildArguments, in: project.url)
        XCTAssertEqual(good.status, 0, good.stderr)
        let out = project.url.appendingPathComponent("out")
        func snapshot() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try FileManager.default.subpathsOfDirectory(atPath: out.path).sorted() {
                var isFolder: ObjCBool = false
                let path = out.appendingPathComponent(name).path
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                    files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
                }
            }
            return files
        }
        let before = try snapshot()
        XCTAssertNotNil(before["manifest.json"])

        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = project.url.appendingPathComponent("race.so").path
        // Under AddressSanitizer (`make sanitize`) its runtime need not be first.
        environment["ASAN_OPTIONS"] = (environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "verify_asan_link_order=0"
        environment["HAWSER_RACE_TRIGGER"] = "userscripts/a.js"
        environment["HAWSER_RACE_REMOVE"] = project.url.appendingPathComponent("userscripts/b.js").path
        environment["HAWSER_RACE_REPLACE"] = project.url.appendingPathComponent("userscripts/c.js").path
        let expected = [
            "userscripts/b.js:1:1: error: cannot read the file: No such file or directory [unreadable-file]",
            "userscripts/c.js:1:1: error: cannot read the file: it is not a regular file [unreadable-file]",
        ]
        for arguments in [buildArguments, lintArguments] {
            let raced = try Subprocess.run(binary.path, arguments, in: project.url, environment: environment)
            XCTAssertEqual(raced.status, 1, "\(arguments[0]): \(raced.stderr)")
            XCTAssertEqual(raced.stdout, expected.map { $0 + "\n" }.joined(), arguments[0])
            // The race happened: b.js is gone and c.js is a named pipe; put them back.
            XCTAssertFalse(FileManager.default.fileExists(atPath: environment["HAWSER_RACE_REMOVE"]!))
            var info = stat()
            XCTAssertEqual(lstat(environment["HAWSER_RACE_REPLACE"]!, &info), 0)
            XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
            try project.write("userscripts/b.js", Self.use)
            try FileManager.default.removeItem(atPath: environment["HAWSER_RACE_REPLACE"]!)
            try project.write("userscripts/c.js", Self.use)
            XCTAssertEqual(try snapshot(), before, "the failed \(arguments[0]) changed the last good build's output")
        }
    }
}
