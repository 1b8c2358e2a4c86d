import Foundation
@testable import HawserCore
import XCTest

/// TypeScript through the whole pipeline: `.ts` scripts and modules built (stripped, bundled,
/// run in node's `vm` as the classic scripts WebKit injects), linted at their own positions,
/// TypeScript's module resolution, and what is refused. The stripping itself is
/// TypeScriptStripperTests'.
final class TypeScriptPipelineTests: XCTestCase {
    func testATypeScriptScriptBuildsRunsAndKeepsItsPositions() throws {
        let result = try ModuleBundleTests.build([
            "userscripts/app.ts": """
                interface Ready { ok: boolean; count?: number }
                function send(name: string, body: Ready): void {
                  window.webkit.messageHandlers[name].postMessage(body as unknown);
                }
                const body: Ready = { ok: true, count: 2 };
                window.webkit.messageHandlers.ready.postMessage(body!);

                """,
        ])
        XCTAssertEqual(result.report.errorCount, 0, ReportFormat.text.render(result.report))
        XCTAssertNil(result.files["app.ts"])
        let output = String(decoding: try XCTUnwrap(result.files["app.js"]), as: UTF8.self)
        XCTAssertTrue(output.contains("//# sourceURL=userscripts/app.ts"), output)
        XCTAssertFalse(output.contains("interface"), output)
        XCTAssertEqual(try ModuleBundleTests.run(result, ["app.js"]), #"[{"ready":{"ok":true,"count":2}}]"#)
        let use = try XCTUnwrap(result.report.handlers.flatMap(\.uses).first { $0.name == "ready" })
        XCTAssertEqual(use.location.description, "userscripts/app.ts:6:31")
    }

    func testModulesResolveTheWayTscDoes() throws {
        // `./lib.js` is lib.ts (only that exists), `./util` finds util.ts, `./dir` its index.ts,
        // and a type-only import never reaches the graph: types.ts would throw if evaluated.
        let result = try ModuleBundleTests.build([
            "userscripts/app.ts": """
                import { send } from "./lib.js";
                import { twice } from "./util";
                import { name } from "./dir";
                import type { Payload } from "./types";
                const payload: Payload = { n: twice(2) };
                send(name, payload);

                """,
            "userscripts/lib.ts": "export function send<T>(name: string, body: T): void { window.webkit.messageHandlers[name].postMessage(body); }\n",
            "userscripts/util.ts": "export const twice = (n: number): number => n * 2;\n",
            "userscripts/dir/index.ts": "export const name: string = \"go\";\n",
            "userscripts/types.ts": "export interface Payload { n: number }\nthrow new Error(\"evaluated\");\n",
        ])
        XCTAssertEqual(result.report.errorCount, 0, ReportFormat.text.render(result.report))
        XCTAssertEqual(try ModuleBundleTests.run(result, ["app.js"]), #"[{"go":{"n":4}}]"#)
        let manifest = String(decoding: try XCTUnwrap(result.files["manifest.json"]), as: UTF8.self)
        XCTAssertFalse(manifest.contains("userscripts/types.ts\"\n      ]"), manifest)
        XCTAssertTrue(manifest.contains("\"userscripts/lib.ts\""), manifest)
        // types.ts is still a script of its own (nothing imports it for its values).
        XCTAssertNotNil(result.files["types.js"])
    }

    func testTheBundleMapShowsTheTypeScriptSource() throws {
        let result = try ModuleBundleTests.build([
            "userscripts/app.ts": "import { x } from \"./lib\";\nconst y: number = x;\nwindow.webkit.messageHandlers.y.postMessage(y);\n",
            "userscripts/lib.ts": "export const x: number = 1;\n",
        ])
        XCTAssertEqual(result.report.errorCount, 0, ReportFormat.text.render(result.report))
        let output = String(decoding: try XCTUnwrap(result.files["app.js"]), as: UTF8.self)
        let line = try XCTUnwrap(output.split(separator: "\n").first { $0.hasPrefix("//# sourceMappingURL=data:application/json;charset=utf-8;base64,") })
        let json = try XCTUnwrap(Data(base64Encoded: String(line.dropFirst("//# sourceMappingURL=data:application/json;charset=utf-8;base64,".count))))
        let map = try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let contents = try XCTUnwrap(map["sourcesContent"] as? [String])
        XCTAssertTrue(contents.contains("export const x: number = 1;\n"), "\(contents)")
    }

    func testJSXIsLintedButNotCompiled() throws {
        let config = try HawserConfig.parse(Array(ModuleBundleTests.config.utf8), file: "hawser.json")
        let input = ProjectInput(
            scripts: [SourceFile(path: "userscripts/view.tsx", text: "const v = <div onClick={() => window.webkit.messageHandlers.tap.postMessage(1)} />;\n")],
            swift: [], config: config,
            pages: [SourceFile(path: "web/page.jsx", text: "export const P = () => <a onClick={() => window.webkit.messageHandlers.open.postMessage(\"x\")} />;\n")])
        let result = Pipeline.run(input)
        let errors = result.report.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.code), [.unsupportedTypeScript], ReportFormat.text.render(result.report))
        XCTAssertEqual(errors.first?.location.file, "userscripts/view.tsx")
        XCTAssertEqual(Set(result.report.handlers.flatMap(\.uses).map { "\($0.name)@\($0.location)" }), ["tap@userscripts/view.tsx:1:61", "open@web/page.jsx:1:72"])
    }

    func testAnImportOfJSXIsRefusedAsJSX() throws {
        let result = try ModuleBundleTests.build([
            "userscripts/app.ts": "import { View } from \"./view\";\nView();\n",
            "lib/view.tsx": "export const View = () => <div />;\n",
            "userscripts/view.tsx": "export const View = () => <div />;\n",
        ])
        let messages = result.report.diagnostics.filter { $0.code == .unresolvedImport }.map(\.message)
        XCTAssertEqual(messages.count, 1, ReportFormat.text.render(result.report))
        XCTAssertTrue(messages.first?.contains("which is JSX") == true, "\(messages)")
    }

    func testRefusedSyntaxInAModuleIsReportedOnceAtItsPlace() throws {
        let result = try ModuleBundleTests.build([
            "userscripts/app.ts": "import { N } from \"../shared/n\";\nN.f();\n",
            "shared/n.ts": "// values in a namespace\nexport namespace N {\n  export function f() {}\n}\n",
        ])
        let refused = result.report.diagnostics.filter { $0.code == .unsupportedTypeScript }
        XCTAssertEqual(refused.map(\.location.description), ["shared/n.ts:2:8"], ReportFormat.text.render(result.report))
        XCTAssertFalse(result.report.diagnostics.contains { $0.code == .syntaxError }, ReportFormat.text.render(result.report))
        XCTAssertTrue(result.files.isEmpty)
    }

    func testAnEnumCompilesAndRuns() throws {
        let result = try ModuleBundleTests.build([
            "userscripts/app.ts": """
                enum Kind { Open, Close = 5, Next }
                const kind: Kind = Kind.Next;
                window.webkit.messageHandlers.kind.postMessage({ kind, name: Kind[kind], open: Kind.Open });

                """,
        ])
        XCTAssertEqual(result.report.errorCount, 0, ReportFormat.text.render(result.report))
        XCTAssertEqual(try ModuleBundleTests.run(result, ["app.js"]), #"[{"kind":{"kind":6,"name":"Next","open":0}}]"#)
    }

    func testAFindingAfterACompiledEnumOnItsLineIsAtItsSourceColumn() throws {
        // The same line with the enum blanked out as JavaScript gives the column to expect.
        let tail = " window.webkit.messageHandlers.kind.close();\n"
        let enumText = "enum Kind { Open, Close = 5, Next }"
        let typescript = try ModuleBundleTests.build(["userscripts/app.ts": enumText + tail])
        let javascript = try ModuleBundleTests.build(["userscripts/app.js": String(repeating: " ", count: enumText.utf8.count) + tail])
        let expected = javascript.report.diagnostics.filter { $0.code == .unknownHandlerMethod }.map { "\($0.location.line):\($0.location.column)" }
        let found = typescript.report.diagnostics.filter { $0.code == .unknownHandlerMethod }.map { "\($0.location.line):\($0.location.column)" }
        XCTAssertEqual(expected.count, 1, ReportFormat.text.render(javascript.report))
        XCTAssertEqual(found, expected, ReportFormat.text.render(typescript.report))
    }
}

extension TypeScriptPipelineTests {
    /// Inside and after a compiled place the bundle's map leads to the TypeScript source: the
    /// enum's members and what follows it on its line (whose columns the compiled text moved).
    func testTheBundleMapLeadsBackThroughCompiledPlaces() throws {
        let lib = "export enum Kind { Open, Shut = 4 } export const marker = Kind.Shut;\nexport class Box { constructor(readonly size: number) {} }\n"
        let bundle = try Self.bundle(app: "import { marker } from \"./lib\";\nwindow.webkit.messageHandlers.m.postMessage(marker);\n", lib: lib)
        func original(of token: String, after prefix: String) throws -> String { try Self.original(of: token, after: prefix, in: bundle) }
        func sourceColumn(_ token: String, line: Int) -> String {
            let text = lib.split(separator: "\n")[line - 1]
            let column = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: token)!.lowerBound) + 1
            return "userscripts/lib.ts:\(line):\(column)"
        }
        XCTAssertEqual(try original(of: "marker", after: "(Kind = {}));"), sourceColumn("marker", line: 1))
        XCTAssertEqual(try original(of: "Kind.Shut", after: "marker = "), sourceColumn("Kind.Shut", line: 1))
        XCTAssertEqual(try original(of: "size", after: "constructor("), sourceColumn("size", line: 2))
    }
}

extension TypeScriptPipelineTests {
    /// Nesting deeper than any stack: the stripper folds, checks and erases without recursing
    /// with the input (these crashed it before: an enum initializer in 20,000 parentheses).
    func testDeepNestingStripsWithoutCrashing() {
        func nest(_ open: String, _ inner: String, _ close: String, _ depth: Int) -> String {
            String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
        }
        let inputs = [
            // Folded recursively, this overflowed the stack at 20,000.
            "enum E { A = " + nest("(", "1", ")", 30_000) + " }\n",
            nest("namespace N { ", "type T = 1;", " }", 5_000) + "\n",
            // Looked through level by level at every level, this took 92 s at 5,000.
            "let x = " + nest("(", "y as T", " as T)", 5_000) + ".z;\n",
            "let v: " + nest("Array<", "number", ">", 30_000) + " = [];\n",
        ]
        for input in inputs {
            let result = TypeScriptStripper.strip(Array(input.utf8), file: "deep.ts", dialect: .typescript)
            XCTAssertEqual(result.javascript.filter { $0 == 0x0A }.count, 1, String(input.prefix(40)))
        }
    }
}

extension TypeScriptPipelineTests {
    /// A type imported or re-exported without `type` (tsc without isolatedModules, and esbuild,
    /// accept it; Capacitor's index.ts does it) is no missing export: it is erased where it is
    /// declared. A name that is neither a value nor a type still is.
    func testTypesImportedAndReExportedWithoutTypeAreNoMissingExports() throws {
        let result = try ModuleBundleTests.build([
            "userscripts/app.ts": """
                import { Callback, Options, send, Shape, Other } from "./index";
                const options: Options = { name: "go" };
                const callback: Callback = () => {};
                const shape: Shape | Other | undefined = undefined;
                send(options.name, callback, shape);

                """,
            "userscripts/index.ts": """
                export { send, Callback } from "./lib";
                export * from "./shapes";
                interface Options { name: string }
                export { Options };

                """,
            "userscripts/lib.ts": """
                export type Callback = () => void;
                export function send(name: string, callback: Callback, shape: unknown): void {
                  window.webkit.messageHandlers[name].postMessage(shape === undefined);
                }

                """,
            "userscripts/shapes.ts": "export interface Shape { size: number }\nexport type { Shape as Other };\n",
        ])
        XCTAssertEqual(result.report.errorCount, 0, ReportFormat.text.render(result.report))
        XCTAssertEqual(try ModuleBundleTests.run(result, ["app.js"]), #"[{"go":true}]"#)

        let missing = try ModuleBundleTests.build([
            "userscripts/app.ts": "import { Callbak } from \"./lib\";\nconst c: Callbak = null!;\n",
            "userscripts/lib.ts": "export type Callback = () => void;\nexport const x = 1;\n",
        ])
        XCTAssertEqual(missing.report.diagnostics.filter { $0.code == .moduleError }.map(\.message),
                       ["'userscripts/lib.ts' has no export named 'Callbak'"], ReportFormat.text.render(missing.report))
    }
}

extension TypeScriptPipelineTests {
    /// `<script lang="ts">` of a Vue or Svelte component is linted as the JavaScript it stands
    /// for, at its place in the file (it was skipped: a handler used only there went unseen).
    func testTypeScriptInAComponentIsLinted() {
        let vue = """
            <template><button @click="send">Go</button></template>
            <script setup lang="ts">
            interface Payload { id: number }
            function send(): void {
              const body: Payload = { id: 1 };
              window.webkit.messageHandlers.save.postMessage(body);
            }
            </script>
            <script lang="tsx">const view = <div onClick={(): void => window.webkit.messageHandlers.tap.postMessage(null as unknown)} />;</script>

            """
        let input = ProjectInput(scripts: [], swift: [], pages: [SourceFile(path: "web/App.vue", text: vue)])
        let report = Pipeline.run(input, rendering: false).report
        // No Swift registers them: each is an error at its name, and nothing else is.
        XCTAssertEqual(report.diagnostics.map(\.code), [.unregisteredHandler, .unregisteredHandler], ReportFormat.text.render(report))
        XCTAssertEqual(
            report.handlers.flatMap(\.uses).map { "\($0.name)@\($0.location)" }.sorted(),
            ["save@web/App.vue:6:33", "tap@web/App.vue:9:89"])
    }
}

extension TypeScriptPipelineTests {
    /// A script whose assertions would regroup once erased, whose types hold non-ASCII text and
    /// which augments a module: built, it posts TypeScript's values, and a finding after a
    /// blanked `é` and after an inserted parenthesis is at its TypeScript column.
    func testAScriptThatKeepsItsMeaningBuildsAndRuns() throws {
        let result = try ModuleBundleTests.build([
            "userscripts/app.ts": """
                declare module "./lib" {
                  export interface Box<in out T> { extra: import("./lib").Box<T> }
                }
                import { scale } from "./lib";
                const label: "héllo" | "wörld" = "héllo", size: number = 1 + 1 as number * 2;
                window.webkit.messageHandlers.sizes.postMessage([size, scale(2 + 1 as any * 3), label]);

                """,
            "userscripts/lib.ts": "export interface Box<T> { value: T }\nexport const scale = (n: number): number => n satisfies number * 10;\n",
        ])
        XCTAssertEqual(result.report.errorCount, 0, ReportFormat.text.render(result.report))
        XCTAssertEqual(try ModuleBundleTests.run(result, ["app.js"]), #"[{"sizes":[4,90,"héllo"]}]"#)
        let use = try XCTUnwrap(result.report.handlers.flatMap(\.uses).first { $0.name == "sizes" })
        XCTAssertEqual(use.location.description, "userscripts/app.ts:6:31")
    }

    /// A finding on a line whose `(` was inserted (no blank before the operand) or after a
    /// blanked non-ASCII type is reported at the TypeScript source's line and byte column.
    func testFindingsAfterInsertedParenthesesAndUnicodeBlanksAreAtTheirSourceColumns() throws {
        let tail = " window.webkit.messageHandlers.kind.close();\n"
        for line in ["f(1 + 1 as any * 2);", "let s: \"é🙂\" = \"x\";"] {
            let typescript = try ModuleBundleTests.build(["userscripts/app.ts": "declare function f(x: number): void;\n" + line + tail])
            let found = typescript.report.diagnostics.filter { $0.code == .unknownHandlerMethod }.map { "\($0.location.line):\($0.location.column)" }
            XCTAssertEqual(found, ["2:\(line.utf8.count + " window.webkit.messageHandlers.kind.".utf8.count + 1)"], ReportFormat.text.render(typescript.report))
        }
    }
}

extension TypeScriptPipelineTests {
    /// After an inserted parenthesis and after erased non-ASCII types, the bundle's map leads to
    /// the token's place in the TypeScript source.
    func testTheBundleMapLeadsBackThroughInsertedParenthesesAndUnicodeBlanks() throws {
        let lib = "export const v = Math.max(1 + 1 as any * 2, 0), marker = 1;\nexport let s: \"é🙂\" = \"x\", other = marker;\n"
        let bundle = try Self.bundle(app: "import { v, other } from \"./lib\";\nwindow.webkit.messageHandlers.m.postMessage([v, other]);\n", lib: lib)
        func original(of token: String, after prefix: String) throws -> String { try Self.original(of: token, after: prefix, in: bundle) }
        func sourceColumn(_ token: String, line: Int) -> String {
            let text = String(lib.split(separator: "\n")[line - 1])
            // `original(ofLine:utf8Column:)` answers in the source's byte columns.
            let column = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: token)!.lowerBound) + 1
            return "userscripts/lib.ts:\(line):\(column)"
        }
        XCTAssertTrue(bundle.map.text.split(separator: "\n").contains { $0.contains("Math.max((1 + 1)") }, bundle.map.text)
        XCTAssertEqual(try original(of: "marker", after: "0), "), sourceColumn("marker", line: 1))
        XCTAssertEqual(try original(of: "other", after: "\"x\", "), sourceColumn("other", line: 2))
    }
}

extension TypeScriptPipelineTests {
    /// The bundle of `userscripts/app.ts` (`app`), which imports `userscripts/lib.ts` (`lib`).
    static func bundle(app: String, lib: String) throws -> ModuleBundle {
        let files = [
            SourceFile(path: "userscripts/app.ts", text: app, relativePath: "app.ts"),
            SourceFile(path: "userscripts/lib.ts", text: lib, relativePath: "lib.ts"),
        ]
        let typescript = TypeScriptSources()
        var input = ProjectInput(scripts: files, swift: [])
        input.files = InMemoryFiles(files)
        input = typescript.strip(input)
        let plan = ScanPlan(runtimeGlobal: RuntimeOptions.defaultGlobal, placeholders: [])
        let native = Pipeline.nativeStage([], runtimeGlobal: plan.runtimeGlobal, placeholders: [], cache: nil)
        let scanned = Pipeline.scanProject(input, plan: plan, native: native, bundling: true, cache: nil, typescript: typescript)
        return try XCTUnwrap(scanned.modules?.bundle(forEntry: "userscripts/app.ts"))
    }

    /// `source:line:column` that `bundle`'s map gives for the first `token` after `prefix` on the
    /// first line of the bundle that holds `prefix`.
    static func original(of token: String, after prefix: String, in bundle: ModuleBundle) throws -> String {
        let lines = bundle.map.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try XCTUnwrap(lines.firstIndex { $0.contains(prefix) }, "no line with \(prefix)")
        let line = lines[index]
        let start = try XCTUnwrap(line.range(of: prefix)).upperBound
        let found = try XCTUnwrap(line.range(of: token, range: start..<line.endIndex), "no \(token) in \(line)")
        let column = line.utf8.distance(from: line.utf8.startIndex, to: found.lowerBound) + 1
        let position = try XCTUnwrap(bundle.map.original(ofLine: index + 1, utf8Column: column))
        return "\(position.source):\(position.line):\(position.column)"
    }
}
