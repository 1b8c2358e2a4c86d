import Foundation
@testable import HawserCore
import XCTest

/// Every folder under Tests/Fixtures/lint is one case: its `.js`/`.html` files (and TypeScript
/// but `.d.ts`) are scripts,
/// its `.swift`, `.m`, `.mm` and `.h` files the app's sources (paths relative to the case folder), and its
/// `hawser.json`, when there is one, the configuration. The expected
/// text and JSON reports are goldens beside them; `formats/` also has SARIF and GitHub goldens.
/// `HAWSER_FIXTURE=formats swift test --filter LintFixtureTests` runs one case (see `Fixtures`).
final class LintFixtureTests: XCTestCase {
    static let root = Fixtures.root(.lint)

    func testEveryFixture() throws {
        let cases = try Fixtures.selected(.lint)
        if !Fixtures.isFiltered { XCTAssertGreaterThan(cases.count, 10) }
        for name in cases {
            try check(case: name)
        }
    }

    func check(case name: String) throws {
        let folder = Self.root.appendingPathComponent(name)
        let inputs = try Self.inputs(in: folder)
        XCTAssertFalse(inputs.scripts.isEmpty && inputs.swift.isEmpty, "\(name) has no inputs")
        // What `hawser lint` reports: every stage but the rendering of output files.
        let report = Pipeline.run(inputs, rendering: false).report
        var produced: Set<String> = ["expected.txt", "expected.json"]
        Golden.assert(ReportFormat.text.render(report), matches: folder.appendingPathComponent("expected.txt"))
        Golden.assert(ReportFormat.json.render(report), matches: folder.appendingPathComponent("expected.json"))
        if name == "formats" {
            produced.formUnion(["expected.sarif", "expected.github"])
            Golden.assert(ReportFormat.sarif.render(report), matches: folder.appendingPathComponent("expected.sarif"))
            Golden.assert(ReportFormat.github.render(report), matches: folder.appendingPathComponent("expected.github"))
        }
        let goldens = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("expected.") }
        for orphan in Set(goldens).subtracting(produced).sorted() {
            XCTFail("lint/\(name)/\(orphan) is a golden that no test produces")
        }
    }

    /// Reads a case folder's inputs, with display paths relative to it, in sorted order. As the
    /// CLI does, files below a folder of the config's `pages` are pages (`.js` and `.html` only),
    /// and a script's relative path (its identity) is its path inside the outermost folder of the
    /// config's `scripts` holding it.
    static func inputs(in folder: URL, excluding excluded: Set<String> = []) throws -> ProjectInput {
        var config = HawserConfig()
        let configURL = folder.appendingPathComponent("hawser.json")
        if let data = FileManager.default.contents(atPath: configURL.path) {
            config = try HawserConfig.parse(Array(data), file: "hawser.json")
        }
        func inside(_ path: String, _ folders: [String]) -> String? {
            folders.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }.sorted { $0.count < $1.count }
                .first { $0 == "." || path == $0 || path.hasPrefix($0 + "/") }
        }
        var scripts: [SourceFile] = [], swift: [SourceFile] = [], schemas: [SourceFile] = [], pages: [SourceFile] = []
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if let first = path.split(separator: "/").first, excluded.contains(String(first)) { continue }
            paths.append(path)
        }
        for path in paths.sorted() {
            let url = folder.appendingPathComponent(path)
            let ext = url.pathExtension
            let components = path.split(separator: "/")
            if ext == "json", components.count >= 2, components[components.count - 2] == "schemas" {
                schemas.append(SourceFile(path: path, bytes: Array(try Data(contentsOf: url))))
                continue
            }
            let native: Set<String> = ["swift", "m", "mm", "h"]
            guard ["js", "css", "html", "svelte", "vue"].contains(ext) || native.contains(ext) || SourceFile.isTypeScript(path) else { continue }
            let bytes = Array(try Data(contentsOf: url))
            if native.contains(ext) {
                swift.append(SourceFile(path: path, bytes: bytes))
            } else if inside(path, config.pages) != nil {
                if ext != "css" { pages.append(SourceFile(path: path, bytes: bytes)) }
            } else if let root = inside(path, config.scripts) {
                scripts.append(SourceFile(path: path, bytes: bytes, relativePath: root == "." ? path : String(path.dropFirst(root.count + 1))))
            } else {
                scripts.append(SourceFile(path: path, bytes: bytes))
            }
        }
        return ProjectInput(scripts: scripts, swift: swift, config: config, schemas: schemas, pages: pages)
    }
}
