import Foundation
@testable import HawserCore
import TreeSitter
import XCTest

/// The build bugs a new user hits (issue 9), each through the built binary: the output is never
/// read back as input, files in the output folder that are not Hawser's are never replaced
/// without `--force`, top-level `await` gets an async wrapper, and a suppression never changes
/// what the build emits.
final class BuildOutputTests: XCTestCase {
    static let swift = "func install(_ c: WKUserContentController, _ h: H) {\n    c.add(h, name: \"observer\")\n}\n"
    static let script = "window.webkit.messageHandlers.observer.postMessage(1);\n"

    func hawser(_ arguments: [String], in project: TemporaryProject) throws -> Subprocess.Result {
        try HawserBinary.run(arguments, in: project.url)
    }

    // MARK: - Output is never input

    /// The layout of issue 9: the generated bridge inside the Swift folders, where it must sit to
    /// be compiled, with `registration: generated`.
    func layoutProject() throws -> TemporaryProject {
        try TemporaryProject([
            "hawser.json": #"{"scripts":["userscripts"],"swift":["Sources"],"output":"Sources/App/Generated","registration":"generated"}"#,
            "userscripts/a.js": Self.script,
            "Sources/App/App.swift": "struct App {}\n",
        ])
    }

    func testGeneratedBridgeInsideTheSwiftFoldersIsNotReadBack() throws {
        let project = try layoutProject()
        let first = try hawser(["build"], in: project)
        XCTAssertEqual(first.status, 0, first.stdout + first.stderr)
        let second = try hawser(["build"], in: project)
        XCTAssertEqual(second.status, 0, second.stdout + second.stderr)
        XCTAssertEqual(second.stdout, "")
        XCTAssertEqual(second.stderr, "hawser: built 1 script into Sources/App/Generated: 0 added, 0 updated, 0 deleted, 6 unchanged\n")
        let lint = try hawser(["lint"], in: project)
        XCTAssertEqual(lint.status, 0, lint.stdout + lint.stderr)
        XCTAssertEqual(lint.stderr, "hawser: 0 errors, 0 warnings in 2 files, 1 handler (config: hawser.json)\n")
    }

    /// A tool that prepends a licence comment to every Swift file hides the generated header:
    /// the folder, not the header, keeps the bridge out of the inputs, for lint as for build.
    func testOutputFolderIsSkippedEvenWhenTheHeaderIsGone() throws {
        let project = try layoutProject()
        XCTAssertEqual(try hawser(["build"], in: project).status, 0)
        let bridge = try project.read("Sources/App/Generated/Bridge.swift")
        try project.write("Sources/App/Generated/Bridge.swift", "// Copyright ACME\n" + bridge)
        try project.write("Sources/App/Generated/Mine.swift", "func f(_ c: WKUserContentController, _ h: H) { c.add(h, name: \"observer\") }\n")
        let lint = try hawser(["lint"], in: project)
        XCTAssertEqual(lint.status, 0, lint.stdout)
        XCTAssertFalse(lint.stdout.contains("duplicate-registration"), lint.stdout)
        let build = try hawser(["build"], in: project)
        XCTAssertEqual(build.status, 0, build.stdout + build.stderr)
        // A Swift folder reaching the output folder through a symbolic link holds no inputs either.
        try FileManager.default.createSymbolicLink(
            atPath: project.url.appendingPathComponent("Sources/Linked").path, withDestinationPath: "App/Generated")
        let linked = try hawser(["lint", "--swift", "Sources"], in: project)
        XCTAssertEqual(linked.status, 0, linked.stdout)
        // A Swift folder that is the output folder would be read as nothing: refused, naming both.
        let swallowed = try hawser(["lint", "--swift", "Sources", "--swift", "Sources/App/Generated"], in: project)
        XCTAssertEqual(swallowed.status, 2)
        XCTAssertTrue(swallowed.stderr.contains("the output folder 'Sources/App/Generated' is the swift folder 'Sources/App/Generated'"), swallowed.stderr)
    }

    /// An output folder that holds the inputs would hide them: `"output": "."` read nothing, and
    /// `"output": "Sources"` hid the registrations (a false `unregistered-handler`). Refused by
    /// lint and build alike, naming the folder it swallows; nothing is written.
    func testAnOutputFolderThatHoldsInputsIsRefused() throws {
        let project = try TemporaryProject([
            "userscripts/a.js": Self.script,
            "Sources/App/App.swift": Self.swift,
        ])
        let cases: [(String, String)] = [
            (#"{"output": "."}"#, "the output folder '.' contains the scripts folder 'userscripts'"),
            (#"{"output": "Sources", "swift": ["Sources/App"]}"#, "the output folder 'Sources' contains the swift folder 'Sources/App'"),
        ]
        for (config, message) in cases {
            try project.write("hawser.json", config)
            for command in ["lint", "build"] {
                let result = try hawser([command], in: project)
                XCTAssertEqual(result.status, 2, "\(command) \(config)")
                XCTAssertEqual(result.stdout, "")
                XCTAssertTrue(result.stderr.contains(message), result.stderr)
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("manifest.json").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("Sources/manifest.json").path))
    }

    // MARK: - User files in the output folder

    func userFilesProject() throws -> TemporaryProject {
        try TemporaryProject([
            "userscripts/a.js": Self.script,
            "App/App.swift": Self.swift,
            "Resources/Bridge.swift": "let mine = 1\n",
            "Resources/manifest.json": #"{"files":["settings.js"]}"# + "\n",
            "Resources/settings.js": "// mine\n",
        ])
    }

    func testUserFilesInTheOutputFolderStopTheBuild() throws {
        let project = try userFilesProject()
        let result = try hawser(["build", "--swift", "App", "--output", "Resources"], in: project)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, """
            Resources/Bridge.swift:1:1: error: hawser build would replace this file, which is not Hawser's output: no Hawser manifest lists it and it has no Hawser header; move it away, or pass --force to let the build replace it [output-conflict]
            Resources/manifest.json:1:1: error: hawser build would replace this file, which is not Hawser's output: it is not a Hawser manifest (no 'generator' field names Hawser); move it away, or pass --force to let the build replace it [output-conflict]
            hawser: 2 errors, 0 warnings; nothing written to Resources

            """)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: project.url.appendingPathComponent("Resources").path).sorted(),
                       ["Bridge.swift", "manifest.json", "settings.js"])
        XCTAssertEqual(try project.read("Resources/Bridge.swift"), "let mine = 1\n")
        XCTAssertEqual(try project.read("Resources/settings.js"), "// mine\n")
    }

    func testForceTakesOverUserFilesButAForeignManifestDeletesNothing() throws {
        let project = try userFilesProject()
        let result = try hawser(["build", "--swift", "App", "--output", "Resources", "--force"], in: project)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr, "hawser: built 1 script into Resources: 4 added, 2 updated, 0 deleted, 0 unchanged\n")
        // The user's manifest listed settings.js: a manifest Hawser did not write lists nothing to delete.
        XCTAssertEqual(try project.read("Resources/settings.js"), "// mine\n")
        XCTAssertTrue(GeneratedHeader.isGenerated(Array(try project.read("Resources/Bridge.swift").utf8)))
        // From now on the files are Hawser's: no --force needed.
        try project.write("userscripts/b.js", Self.script)
        let next = try hawser(["build", "--swift", "App", "--output", "Resources"], in: project)
        XCTAssertEqual(next.status, 0, next.stdout + next.stderr)
    }

    func testHawsersOwnOutputWithoutAManifestIsReplaced() throws {
        let project = try TemporaryProject(["userscripts/a.js": Self.script, "App/App.swift": Self.swift])
        XCTAssertEqual(try hawser(["build", "--swift", "App"], in: project).status, 0)
        try FileManager.default.removeItem(at: project.url.appendingPathComponent("output/manifest.json"))
        try project.write("userscripts/a.js", Self.script + "// changed\n")
        let result = try hawser(["build", "--swift", "App"], in: project)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }

    // MARK: - Top-level await

    /// What the front end's one walk finds (`JavaScriptFacts.usesTopLevelAwait`).
    private static func usesTopLevelAwait(_ source: String) -> Bool {
        JavaScriptFrontEnd.analyze(script: Array(source.utf8), file: "a.js").usesTopLevelAwait
    }

    func testTopLevelAwaitIsFoundOutsideFunctionsOnly() throws {
        let cases: [(String, Bool)] = [
            ("const r = await hawser.call(\"readFile\", { path: \"x\" });", true),
            ("for await (const x of stream()) {}", true),
            ("if (a) { { await b; } }", true),
            ("label: while (x) { x = await next(); }", true),
            ("async function f() { await 1; }", false),
            ("const f = async () => { await 1; };", false),
            ("const f = async () => await 1;", false),
            ("const o = { async m() { await 1; } };", false),
            ("class C { async m() { await 1; } static { } }", false),
            ("(async function () { for await (const x of y) {} })();", false),
            ("function* g() { yield 1; } async function* h() { for await (const x of y) {} }", false),
            ("// await in a comment\nconst s = \"await\"; const t = `await ${1}`;", false),
            ("window.awaitable = 1;", false),
        ]
        for (source, expected) in cases {
            XCTAssertEqual(Self.usesTopLevelAwait(source), expected, source)
        }
    }

    func testTopLevelAwaitIsFoundAtAnyDepthWithoutRecursion() throws {
        let depth = 50_000
        let source = String(repeating: "{", count: depth) + "await 1;" + String(repeating: "}", count: depth)
        XCTAssertTrue(Self.usesTopLevelAwait(source))
        let inside = "async function f() {" + source + "}"
        XCTAssertFalse(Self.usesTopLevelAwait(inside))
    }

    func testTopLevelAwaitGetsAnAsyncWrapperAndAScriptWithoutIsEmittedAsWritten() throws {
        let project = try TemporaryProject([
            "hawser.json": #"{"scripts":["userscripts"],"swift":[],"registered":["readFile"]}"#,
            "userscripts/awaits.js": "const text = await hawser.call(\"readFile\", { path: \"x\" });\n",
            "userscripts/plain.js": "async function f() { await hawser.call(\"readFile\", { path: \"y\" }); }\n",
        ])
        let result = try hawser(["build"], in: project)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(try project.read("output/awaits.js"), """
            // Generated by Hawser from userscripts/awaits.js. Do not edit.
            (async function () { try { Object.defineProperties(globalThis, { text: { get() { return text; }, set(value) { throw new TypeError("Assignment to constant variable 'text'."); }, configurable: true } });
            const text = await hawser.call("readFile", { path: "x" });
            } catch (error) { console.error("[hawser] user script \\"awaits\\" failed:", error); }
            })();
            //# sourceURL=userscripts/awaits.js

            """)
        // Without a guard or top-level await, a script needs no function: it is emitted as written.
        XCTAssertEqual(try project.read("output/plain.js"), """
            // Generated by Hawser from userscripts/plain.js. Do not edit.
            async function f() { await hawser.call("readFile", { path: "y" }); }
            //# sourceURL=userscripts/plain.js

            """)
    }

    /// Every compiled script carries the lines the build put before its source, which
    /// `Pipeline.checkClassic` maps findings back through: 1 as written (with `@unwrap` too),
    /// 2 wrapped (guarded, top-level await) and bundled; none for the runtime and style sheets.
    func testEveryScriptCarriesItsSourceLineOffset() throws {
        let result = try ModuleBundleTests.build([
            "userscripts/plain.js": "function plain() {}\n",
            "userscripts/raw.js": "// ==UserScript==\n// @unwrap\n// ==/UserScript==\nvar raw = 1;\n",
            "userscripts/guarded.js": "// ==UserScript==\n// @match https://a.example/*\n// ==/UserScript==\nvar guarded = 1;\n",
            "userscripts/awaits.js": "await 0;\n",
            "userscripts/entry.js": "import { x } from \"./lib/x.js\";\nconsole.log(x);\n",
            "userscripts/lib/x.js": "export const x = 1;\n",
            "userscripts/style.css": "a {}\n",
        ])
        XCTAssertEqual(result.report.errorCount, 0, ReportFormat.text.render(result.report))
        let offsets = Dictionary(uniqueKeysWithValues: result.scripts.map { ($0.name, $0.sourceLineOffset ?? -1) })
        XCTAssertEqual(offsets, ["hawser-runtime": -1, "plain": 1, "raw": 1, "guarded": 2, "awaits": 2, "entry": 2, "style": -1])
        for script in result.scripts where script.sourceLineOffset != nil {
            let lines = script.text.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertTrue(lines[0].hasPrefix("// Generated by Hawser"), script.name)
            if script.sourceLineOffset == 2 { XCTAssertTrue(lines[1].hasPrefix("(function ()") || lines[1].hasPrefix("(async function ()"), script.name) }
        }
    }

    func testUnwrappedScriptWithTopLevelAwaitIsAnError() throws {
        let project = try TemporaryProject([
            "hawser.json": #"{"scripts":["userscripts"],"swift":[],"registered":["readFile"]}"#,
            "userscripts/raw.js": "// ==UserScript==\n// @unwrap\n// ==/UserScript==\nawait hawser.call(\"readFile\", {});\n",
        ])
        let result = try hawser(["build"], in: project)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "userscripts/raw.js:2:4: error: @unwrap script uses top-level await, which WebKit rejects outside an async function; without @unwrap the build wraps it in one [invalid-metadata]\n")
    }

    // MARK: - Suppressions cannot change the build

    func testSuppressingAColliderNeitherDropsItNorPasses() throws {
        let project = try TemporaryProject([
            "hawser.json": #"{"scripts":["userscripts"],"swift":["App"]}"#,
            "App/App.swift": Self.swift,
            // a.js takes the name b.js has by its path; b.js's collision is reported at its 1:1.
            "userscripts/a.js": "// ==UserScript==\n// @name b\n// ==/UserScript==\n" + Self.script,
            "userscripts/b.js": "window.webkit.messageHandlers.observer.postMessage(2); // hawser-ignore: invalid-metadata\n",
        ])
        let result = try hawser(["build"], in: project)
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "userscripts/b.js:1:1: error: a script named 'b' already exists (userscripts/a.js) (hawser-ignore cannot suppress invalid-metadata: it decides what hawser build emits) [invalid-metadata]\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("output").path))
        let lint = try hawser(["lint"], in: project)
        XCTAssertEqual(lint.status, 1)
    }

    func testOtherCodesAreStillSuppressed() throws {
        let project = try TemporaryProject([
            "hawser.json": #"{"scripts":["userscripts"],"swift":["App"]}"#,
            "App/App.swift": Self.swift,
            "userscripts/a.js": Self.script + "// hawser-ignore: unregistered-handler\nwindow.webkit.messageHandlers.other.postMessage(1);\n",
        ])
        let result = try hawser(["lint"], in: project)
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(DiagnosticCode.allCases.filter { !$0.isSuppressible }, [.kindConflict, .invalidMetadata, .invalidSchema, .unresolvedImport, .moduleError, .notAClassicScript, .unsupportedTypeScript])
    }
}
