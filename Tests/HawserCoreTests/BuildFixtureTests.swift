import Foundation
@testable import HawserCore
import XCTest

/// Every folder under Tests/Fixtures/build is one case: its `.js`, `.css` and `.html` files are
/// scripts, its `.swift` files the app, its `hawser.json` the configuration (paths relative to
/// the case folder).
///
/// Goldens: `expected.txt` (the diagnostics), for every case, and `expected/`, which holds only
/// the outputs the case is about, as its `goldens` file lists them:
///
/// ```
/// # What this case pins: the compiled scripts and their order in the manifest.
/// manifest.json
/// a.js
/// ```
///
/// One output path per line; `*` (any run of characters) and `?` are wildcards, so a `goldens`
/// of `*` keeps every output (the full-output cases, typed-bridge and runtime-config); blank
/// lines and `#` comments are ignored. A case whose build produces files must have a `goldens`
/// file; a failed build has none (it produces nothing) and so no `expected/`. The test fails when
/// a listed line matches no output, when `expected/` holds a file the list does not select, or
/// when a listed golden differs; `UPDATE_GOLDENS=1` rewrites exactly the listed outputs and
/// deletes the rest of `expected/`. The tests of other properties (determinism, `node --check`,
/// the generated Swift compiling) check every output, listed or not.
///
/// `HAWSER_FIXTURE=typed-bridge swift test --filter BuildFixtureTests` runs one case (see
/// `Fixtures`).
final class BuildFixtureTests: XCTestCase {
    static let root = Fixtures.root(.build)

    static func build(_ name: String) throws -> PipelineResult {
        let folder = root.appendingPathComponent(name)
        let input = try LintFixtureTests.inputs(in: folder, excluding: ["expected"])
        return Pipeline.run(input)
    }

    func testEveryFixture() throws {
        let cases = try Fixtures.selected(.build)
        if !Fixtures.isFiltered { XCTAssertGreaterThanOrEqual(cases.count, 8) }
        for name in cases {
            let folder = Self.root.appendingPathComponent(name)
            let result = try Self.build(name)
            Golden.assert(ReportFormat.text.render(result.report), matches: folder.appendingPathComponent("expected.txt"))
            try Golden.assertListedOutputs(
                result.files, listedIn: folder.appendingPathComponent("goldens"), matches: folder.appendingPathComponent("expected"))
        }
    }

    /// The same inputs give byte-identical outputs.
    func testDeterministic() throws {
        for name in try Fixtures.selected(.build) {
            XCTAssertEqual(try Self.build(name).files, try Self.build(name).files, name)
        }
    }

    /// A failed build produces no files at all, so the CLI has nothing to write.
    func testErrorsProduceNoFiles() throws {
        try Fixtures.require(.build, "metadata-bad")
        let result = try Self.build("metadata-bad")
        XCTAssertTrue(result.hasErrors)
        XCTAssertEqual(result.files, [:])
    }

    /// The emitted script holds the source's bytes verbatim, after the lines the script says
    /// the build put before it (`sourceLineOffset`): one (the header) for a script emitted as
    /// written, as both of these are, two for a wrapped one.
    func testSourceBytesStayVerbatim() throws {
        try Fixtures.require(.build, "verbatim-bytes")
        let result = try Self.build("verbatim-bytes")
        for name in ["verbatim", "old-mac"] {
            let source = try Data(contentsOf: Self.root.appendingPathComponent("verbatim-bytes/userscripts/\(name).js"))
            let emitted = try XCTUnwrap(result.files["\(name).js"])
            let offset = try XCTUnwrap(result.scripts.first { $0.name == name }?.sourceLineOffset)
            XCTAssertEqual(offset, 1, name)
            let lines = emitted.split(separator: UInt8(ascii: "\n"), maxSplits: offset, omittingEmptySubsequences: false)
            XCTAssertEqual(lines.count, offset + 1)
            XCTAssertTrue(Array(lines[offset]).starts(with: Array(source)), "\(name): source not verbatim after the \(offset) line(s) before it")
        }
    }

    /// Every emitted script parses as the classic script WebKit injects: `new vm.Script` on each
    /// output file of every fixture (`node --check` would guess a module from `import`).
    func testEmittedScriptsPassNodeCheck() throws {
        guard let node = Golden.which("node") else { throw XCTSkip("node is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hawser-node-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var checked = 0
        for name in try Fixtures.selected(.build) {
            for (file, bytes) in try Self.build(name).files where file.hasSuffix(".js") {
                let url = folder.appendingPathComponent(name).appendingPathComponent(file)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
                let result = try Subprocess.run(node, ["-e", "new (require('vm').Script)(require('fs').readFileSync(process.argv[1], 'utf8'))", url.path])
                XCTAssertEqual(result.status, 0, "\(name)/\(file): \(result.stderr)")
                checked += 1
            }
        }
        if !Fixtures.isFiltered { XCTAssertGreaterThan(checked, 20) }
    }

    /// The generated Swift of the fixtures with declared types, several worlds and settle
    /// requests compiles without warnings in Swift 6 mode.
    func testGeneratedSwiftCompiles() throws {
        guard let swiftc = Golden.which("swiftc") else { throw XCTSkip("swiftc is not on PATH") }
        let names = try Fixtures.selected(.build).filter { ["metadata-good", "path-identity", "payload-inferred", "payload-typescript", "runtime-config", "typed-bridge"].contains($0) }
        if names.isEmpty { throw XCTSkip("\(Fixtures.variable) selects none of the fixtures whose Swift is compiled") }
        let project = try TemporaryProject()
        for name in names {
            let files = try Self.build(name).files
            let source = try XCTUnwrap(files.first { $0.key.hasSuffix(".swift") }, name)
            try project.write("\(name).swift", String(decoding: source.value, as: UTF8.self))
            let module = name.replacingOccurrences(of: "-", with: "_")
            let result = try Subprocess.run(
                swiftc, ["-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-emit-library", "-module-name", module, "-o", "lib\(module).so", "\(name).swift"],
                in: project.url)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stdout)\(result.stderr)")
        }
    }

    /// The TypeScript a bridge's types come from type-checks against the declarations
    /// generated from them (tsc --strict): the two agree.
    func testTypeScriptAgreesWithItsDeclarations() throws {
        try Fixtures.require(.build, "payload-typescript")
        guard let tsc = Golden.which("tsc") else { throw XCTSkip("tsc is not installed") }
        let folder = Self.root.appendingPathComponent("payload-typescript")
        let files = try Self.build("payload-typescript").files
        let project = try TemporaryProject()
        try project.write("Bridge.d.ts", String(decoding: try XCTUnwrap(files["Bridge.d.ts"]), as: UTF8.self))
        let script = try String(contentsOf: folder.appendingPathComponent("userscripts/editor.ts"), encoding: .utf8)
        try project.write("editor.ts", script)
        let result = try Subprocess.run(
            tsc, ["--strict", "--noEmit", "--target", "es2020", "--lib", "es2020,dom", "editor.ts", "Bridge.d.ts"], in: project.url)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        // And a payload the written type does not allow is tsc's error.
        try project.write("wrong.ts", "hawser.post(\"saveSettings\", { theme: \"blue\", fontSize: 1, lineNumbers: true });\nexport {};\n")
        let wrong = try Subprocess.run(
            tsc, ["--strict", "--noEmit", "--target", "es2020", "--lib", "es2020,dom", "wrong.ts", "Bridge.d.ts"], in: project.url)
        XCTAssertNotEqual(wrong.status, 0, "tsc accepted a theme the TypeScript type does not allow")
    }

    /// A build without handlers renders the runtime with an empty contract (the full-output
    /// fixtures both have handlers, so no golden shows it).
    func testRuntimeWithoutHandlersHasAnEmptyContract() throws {
        try Fixtures.require(.build, "css")
        let result = try Self.build("css")
        XCTAssertEqual(result.model?.handlers.count, 0)
        let runtime = String(decoding: try XCTUnwrap(result.files["hawser-runtime.js"]), as: UTF8.self)
        XCTAssertTrue(runtime.contains("\n  const CONFIGURED_CONTRACT = {};\n"), runtime)
    }
}
