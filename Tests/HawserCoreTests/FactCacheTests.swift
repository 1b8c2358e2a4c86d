import Foundation
@testable import HawserCore
import XCTest

/// The fact cache never changes a result: every lint and build fixture gives the same report
/// and files uncached, cold and warm; a warm run stores nothing new (it found every entry);
/// entries that are corrupt, truncated, foreign or of another format are misses and are
/// rewritten.
final class FactCacheTests: XCTestCase {
    /// Every renderer's output and the files: what a run's result is, byte for byte.
    func rendered(_ result: PipelineResult) -> [String: [UInt8]] {
        var out = result.files
        for format in ReportFormat.allCases { out["report." + format.rawValue] = Array(format.render(result.report).utf8) }
        return out
    }

    func assertColdAndWarmAgree(_ input: ProjectInput, rendering: Bool, _ name: String) {
        let uncached = rendered(Pipeline.run(input, rendering: rendering))
        let store = MemoryCacheStore()
        let cache = FactCache(store: store)
        XCTAssertEqual(rendered(Pipeline.run(input, rendering: rendering, cache: cache)), uncached, "\(name), cold")
        let keys = store.keys
        XCTAssertFalse(keys.isEmpty, "\(name): nothing cached")
        XCTAssertEqual(rendered(Pipeline.run(input, rendering: rendering, cache: cache)), uncached, "\(name), warm")
        XCTAssertEqual(store.keys, keys, "\(name): a warm run missed an entry")
    }

    func testEveryLintFixtureColdAndWarm() throws {
        for name in try Fixtures.selected(.lint) {
            let input = try LintFixtureTests.inputs(in: LintFixtureTests.root.appendingPathComponent(name))
            assertColdAndWarmAgree(input, rendering: false, "lint/\(name)")
        }
    }

    func testEveryBuildFixtureColdAndWarm() throws {
        for name in try Fixtures.selected(.build) {
            let input = try LintFixtureTests.inputs(in: BuildFixtureTests.root.appendingPathComponent(name), excluding: ["expected"])
            assertColdAndWarmAgree(input, rendering: true, "build/\(name)")
        }
    }

    /// A project with scripts, a page, and Swift with an embedded script, so that every kind of entry is there.
    func project(global: String = "hawser", suffix: String = "") -> ProjectInput {
        var config = HawserConfig()
        config.runtime.global = global
        return ProjectInput(
            scripts: [
                SourceFile(path: "userscripts/a.js", text: "window.webkit.messageHandlers.save.postMessage(1)\nhawser.call('load')\n\(suffix)"),
                SourceFile(path: "userscripts/b.js", text: "bridge.post('ping', {})\n"),
            ],
            swift: [SourceFile(path: "App.swift", text: """
                import WebKit
                func install(_ controller: WKUserContentController, handler: WKScriptMessageHandler) {
                    controller.add(handler, name: "save")
                    let script = WKUserScript(source: "window.webkit.messageHandlers.embedded.postMessage(2)", injectionTime: .atDocumentEnd, forMainFrameOnly: true)
                    controller.addUserScript(script)
                }

                """)],
            config: config, pages: [SourceFile(path: "web/index.html", text: "<script>window.webkit.messageHandlers.page.postMessage(3)</script>\n")])
    }

    func testEntriesOfEveryKind() {
        assertColdAndWarmAgree(project(), rendering: true, "project")
    }

    /// A TypeScript script and module: the stripping is cached too (a warm run misses nothing),
    /// and the results are the uncached ones.
    func testTypeScriptColdAndWarm() {
        var input = project()
        input.scripts.append(SourceFile(path: "userscripts/c.ts", text: "import { n } from \"./d\";\nenum E { A = n }\nwindow.webkit.messageHandlers.save.postMessage(E.A as number);\n"))
        input.scripts.append(SourceFile(path: "userscripts/d.ts", text: "export const n: number = 1;\n"))
        input.files = InMemoryFiles(input.scripts)
        assertColdAndWarmAgree(input, rendering: true, "typescript")
        let store = MemoryCacheStore()
        _ = Pipeline.run(input, cache: FactCache(store: store))
        var javascript = input
        javascript.scripts.removeAll { $0.path.hasSuffix(".ts") }
        let withoutTypeScript = MemoryCacheStore()
        _ = Pipeline.run(javascript, cache: FactCache(store: withoutTypeScript))
        // c.ts and d.ts each have their stripping, their scan (the facts and the module source of
        // one parse) and WebKit's verdict.
        XCTAssertEqual(store.keys.count - withoutTypeScript.keys.count, 6)
    }

    /// Settings the facts depend on are in the key: one cache shared by runs that differ only
    /// there gives each the result it has uncached.
    func testConfigurationIsInTheKey() {
        let cache = FactCache(store: MemoryCacheStore())
        for global in ["hawser", "bridge", "hawser"] {
            let input = project(global: global)
            XCTAssertEqual(rendered(Pipeline.run(input, cache: cache)), rendered(Pipeline.run(input)), global)
        }
        var input = project()
        input.config.placeholders = [PlaceholderForm(prefix: "%", suffix: "%")]
        input.scripts[0] = SourceFile(path: "userscripts/a.js", text: "window.webkit.messageHandlers['%handler%'].postMessage(1)\n")
        XCTAssertEqual(rendered(Pipeline.run(input, cache: cache)), rendered(Pipeline.run(input)))
        input.config.placeholders = []
        XCTAssertEqual(rendered(Pipeline.run(input, cache: cache)), rendered(Pipeline.run(input)))
    }

    /// A changed file is parsed again: its result is the uncached one, and only its own entries
    /// (its facts and WebKit's verdict on its compiled text) are new.
    func testChangedFileIsAnalysedAgain() {
        let store = MemoryCacheStore()
        let cache = FactCache(store: store)
        _ = Pipeline.run(project(), cache: cache)
        let before = Set(store.keys)
        let changed = project(suffix: "window.webkit.messageHandlers.extra.postMessage(4)\n")
        XCTAssertEqual(rendered(Pipeline.run(changed, cache: cache)), rendered(Pipeline.run(changed)))
        XCTAssertEqual(Set(store.keys).subtracting(before).count, 2)
    }

    func testDamagedEntriesAreMissesAndRewritten() throws {
        let input = project()
        let expected = rendered(Pipeline.run(input))
        let store = MemoryCacheStore()
        let cache = FactCache(store: store)
        _ = Pipeline.run(input, cache: cache)
        let keys = store.keys
        XCTAssertGreaterThanOrEqual(keys.count, 4)
        let good = keys.map { store.load($0)! }
        // Each a different damage: truncated, a flipped payload byte, another key's entry, a
        // payload that is framed right but is not the facts, another format version, empty.
        func damaged(_ index: Int) -> [UInt8] {
            var bytes = good[index]
            switch index % 6 {
            case 0: bytes.removeLast(bytes.count / 2)
            case 1: bytes[bytes.count - 3] ^= 0x20
            case 2: bytes = good[(index + 1) % good.count]
            case 3: bytes = FactCache.frame(Array("{\"not\":\"facts\"}".utf8), key: Array(bytes[12..<44]))
            case 4: bytes[11] &+= 1
            default: bytes = []
            }
            return bytes
        }
        for (index, key) in keys.enumerated() { store.store(key, damaged(index)) }
        XCTAssertEqual(rendered(Pipeline.run(input, cache: cache)), expected)
        for (index, key) in keys.enumerated() {
            XCTAssertEqual(store.load(key), good[index], "entry \(index) was not rewritten")
        }
    }

    func testFraming() {
        let key = SHA256.hash(Array("k".utf8)), other = SHA256.hash(Array("j".utf8))
        let payload = Array("payload".utf8)
        let entry = FactCache.frame(payload, key: key)
        XCTAssertEqual(FactCache.unframe(entry, key: key), payload)
        XCTAssertNil(FactCache.unframe(entry, key: other), "a foreign entry")
        XCTAssertNil(FactCache.unframe(Array(entry.dropLast()), key: key), "truncated")
        XCTAssertNil(FactCache.unframe(entry + [0], key: key), "too long")
        XCTAssertNil(FactCache.unframe(Array(entry.prefix(FactCache.headerSize - 1)), key: key), "a partial header")
        var magic = entry
        magic[0] = UInt8(ascii: "X")
        XCTAssertNil(FactCache.unframe(magic, key: key), "another magic")
        XCTAssertEqual(FactCache.unframe(FactCache.frame([], key: key), key: key), [])
        // Any one byte of a payload changed, at every place in an 8-byte word and in the tail.
        let long = Array("a payload longer than two words".utf8)
        let framed = FactCache.frame(long, key: key)
        for k in FactCache.headerSize..<framed.count {
            var damaged = framed
            damaged[k] ^= 0x01
            XCTAssertNil(FactCache.unframe(damaged, key: key), "payload byte \(k - FactCache.headerSize) changed")
        }
        XCTAssertNotEqual(FactCache.key("a") { $0.field("bc") }, FactCache.key("a") { $0.field("b"); $0.field("c") })
    }
}
