import Foundation
@testable import HawserCore
import XCTest

/// Module graphs built in memory (`InMemoryFiles`), bundled by `Pipeline.run`, and run in node's
/// `vm` as the classic scripts WebKit injects. Tests/Modules/compare_bundlers.py runs the
/// fixture projects of Tests/Fixtures/modules through the binary and esbuild.
final class ModuleBundleTests: XCTestCase {
    static let config = "{\"scripts\": [\"userscripts\"], \"output\": \"out\", \"registration\": \"generated\"}"

    /// A project of `files` (path → text): the `.js` files under `userscripts/` are its scripts;
    /// every file is readable through the graph's `FileProvider`.
    static func build(_ files: [String: String]) throws -> PipelineResult {
        let config = try HawserConfig.parse(Array(config.utf8), file: "hawser.json")
        let all = files.map { SourceFile(path: $0.key, text: $0.value, relativePath: String($0.key.dropFirst("userscripts/".count))) }
        var input = ProjectInput(scripts: all.filter { $0.path.hasPrefix("userscripts/") && !$0.path.hasSuffix(".json") }, swift: [], config: config)
        input.files = InMemoryFiles(all)
        return Pipeline.run(input)
    }

    /// Runs the emitted `scripts` (output paths) in one node `vm` context, each as a
    /// `vm.Script` (a classic script), and returns what they posted to any handler.
    static func run(_ result: PipelineResult, _ scripts: [String]) throws -> String {
        guard let node = Golden.which("node") else { throw XCTSkip("node is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hawser-modules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for script in scripts {
            let url = folder.appendingPathComponent(script.replacingOccurrences(of: "/", with: "_"))
            try Data(try XCTUnwrap(result.files[script], "no output \(script)")).write(to: url)
            paths.append(url.path)
        }
        let driver = """
            const vm = require("vm"), fs = require("fs");
            const posted = [];
            const context = { console: { log() {}, error: (...args) => posted.push({ error: args.map(String).join(" ") }) } };
            context.window = context;
            context.webkit = { messageHandlers: new Proxy({}, { get: (_, name) => ({ postMessage: (body) => posted.push({ [name]: body }) }) }) };
            vm.createContext(context);
            for (const file of process.argv.slice(1)) new vm.Script(fs.readFileSync(file, "utf8"), { filename: file }).runInContext(context);
            setTimeout(() => process.stdout.write(JSON.stringify(posted)), 20);
            """
        let output = try Subprocess.run(node, ["-e", driver] + paths)
        XCTAssertEqual(output.status, 0, output.stderr)
        return output.stdout
    }

    func testAnImportedScriptIsAModuleNotAnEntry() throws {
        let result = try Self.build([
            "userscripts/lib/util.js": "export function send(name, body) { window.webkit.messageHandlers[name].postMessage(body); }\n",
            "userscripts/app.js": "import { send } from \"./lib/util.js\";\nsend(\"ready\", { ok: true });\n",
        ])
        XCTAssertEqual(result.report.errorCount, 0, ReportFormat.text.render(result.report))
        XCTAssertNotNil(result.files["app.js"])
        XCTAssertNil(result.files["lib/util.js"], "a module is never injected on its own")
        XCTAssertEqual(try Self.run(result, ["app.js"]), #"[{"ready":{"ok":true}}]"#)
        let manifest = String(decoding: try XCTUnwrap(result.files["manifest.json"]), as: UTF8.self)
        XCTAssertTrue(manifest.contains("\"modules\": [\n        \"userscripts/lib/util.js\"\n      ]"), manifest)
    }

    func testMetadataInAModuleIsAWarning() throws {
        let result = try Self.build([
            "userscripts/lib.js": "// ==UserScript==\n// @run-at document-start\n// ==/UserScript==\nexport const x = 1;\n",
            "userscripts/app.js": "import { x } from \"./lib.js\";\nwindow.webkit.messageHandlers.x.postMessage(x);\n",
        ])
        XCTAssertEqual(
            ReportFormat.text.render(result.report).split(separator: "\n").first.map(String.init),
            "userscripts/lib.js:1:1: warning: this script is imported by another, so it is a module of that entry and never injected on its own: its metadata block is ignored [ignored-metadata]")
        XCTAssertEqual(try Self.run(result, ["app.js"]), #"[{"x":1}]"#)
    }

    /// Live bindings, hoisting across a cycle in the spec's order, default and namespace imports,
    /// `export * as`, renamed re-exports, `this` undefined, a module evaluated once.
    func testModuleSemantics() throws {
        let result = try Self.build([
            "userscripts/counter.js": "export let count = 0;\nexport function bump() { count++; }\nexport default function () { return 'anonymous'; }\n",
            "userscripts/a.js": "import { b } from './b.js';\nexport function a() { return 'a'; }\nexport const seen = typeof b;\nlog.push('a');\nimport { log } from './log.js';\n",
            "userscripts/b.js": "import { a } from './a.js';\nexport function b() { return a() + 'b'; }\nlog.push('b:' + typeof a);\nimport { log } from './log.js';\n",
            "userscripts/log.js": "export const log = [];\n",
            "userscripts/re.js": "export * as counter from './counter.js';\nexport { bump as increment, default as anonymous } from './counter.js';\n",
            "userscripts/app.js": """
                import anonymous, { count, bump } from './counter.js';
                import * as ns from './counter.js';
                import { counter, increment } from './re.js';
                import { a } from './a.js';
                import { log } from './log.js';
                bump(); increment();
                window.webkit.messageHandlers.result.postMessage({
                  count, nsCount: ns.count, viaStar: counter.count, keys: Object.keys(ns), tag: Object.prototype.toString.call(ns),
                  name: anonymous.name, value: anonymous(), log, a: a(), top: this === undefined, same: counter === ns,
                });

                """,
        ])
        XCTAssertEqual(result.report.errorCount, 0, ReportFormat.text.render(result.report))
        XCTAssertEqual(
            try Self.run(result, ["app.js"]),
            #"[{"result":{"count":2,"nsCount":2,"viaStar":2,"keys":["bump","count","default"],"tag":"[object Module]","name":"default","value":"anonymous","log":["b:function","a"],"a":"a","top":true,"same":true}}]"#)
    }

    /// `require`, `module.exports` and `exports.x`, both ways: `import x from` a CommonJS module
    /// is its `module.exports`, `require` of an ES module its namespace; a JSON file is data.
    func testCommonJSInterop() throws {
        let result = try Self.build([
            "node_modules/legacy/package.json": #"{"name": "legacy", "main": "lib/index.js"}"#,
            "node_modules/legacy/lib/index.js": "exports.named = 'N';\nexports.twice = function (x) { return require('./helper').twice(x); };\n",
            "node_modules/legacy/lib/helper.js": "module.exports = { twice: (x) => x * 2 };\n",
            "userscripts/esm.js": "export const fromESM = 'E';\nexport default 'D';\n",
            "userscripts/data.json": #"{"list": [1, 2]}"#,
            "userscripts/app.js": """
                import legacy, { named } from 'legacy';
                import data from './data.json';
                const esm = require('./esm.js');
                window.webkit.messageHandlers.result.postMessage({ named, whole: Object.keys(legacy), twice: legacy.twice(21), esm: [esm.fromESM, esm.default], data });

                """,
        ])
        XCTAssertEqual(result.report.errorCount, 0, ReportFormat.text.render(result.report))
        XCTAssertEqual(
            try Self.run(result, ["app.js"]),
            #"[{"result":{"named":"N","whole":["named","twice"],"twice":42,"esm":["E","D"],"data":{"list":[1,2]}}}]"#)
    }

    /// Packages resolve through `exports` with the browser's conditions, in the package's order.
    func testPackageExportsConditions() throws {
        let result = try Self.build([
            "node_modules/pick/package.json": #"{"name": "pick", "main": "main.js", "exports": {".": {"node": "./node.js", "browser": {"require": "./browser.cjs", "import": "./browser.mjs"}, "default": "./default.js"}, "./feature/*": "./features/*.js"}}"#,
            "node_modules/pick/browser.mjs": "export default 'browser-import';\n",
            "node_modules/pick/browser.cjs": "module.exports = 'browser-require';\n",
            "node_modules/pick/node.js": "module.exports = 'node';\n",
            "node_modules/pick/features/x.js": "export const feature = 'x';\n",
            "userscripts/app.js": """
                import imported from 'pick';
                import { feature } from 'pick/feature/x';
                window.webkit.messageHandlers.result.postMessage([imported, require('pick'), feature]);

                """,
        ])
        XCTAssertEqual(result.report.errorCount, 0, ReportFormat.text.render(result.report))
        XCTAssertEqual(try Self.run(result, ["app.js"]), #"[{"result":["browser-import","browser-require","x"]}]"#)
    }

    /// Each error at the position that causes it, in the file that has it.
    func testModuleErrorsAtTheirPositions() throws {
        let result = try Self.build([
            "node_modules/usesfs/package.json": #"{"name": "usesfs"}"#,
            "node_modules/usesfs/index.js": "const fs = require('fs');\n",
            "userscripts/p.js": "export const dup = 1;\n",
            "userscripts/q.js": "export const dup = 2;\n",
            "userscripts/star.js": "export * from './p.js';\nexport * from './q.js';\n",
            "userscripts/lib.js": "export const value = 1;\n",
            "userscripts/style.css": "body { color: red; }\n",
            "userscripts/app.js": """
                import './style.css';
                import { valu } from './lib.js';
                import { dup } from './star.js';
                import './nope.js';
                import 'usesfs';
                import('./lib.js');
                import.meta.url;
                export { undeclared };

                """,
        ])
        XCTAssertTrue(result.files.isEmpty)
        XCTAssertEqual(ReportFormat.text.render(result.report), """
            node_modules/usesfs/index.js:1:20: error: 'fs' is a node built-in module, which a browser does not have; imported through userscripts/app.js → node_modules/usesfs/index.js [unresolved-import]
            userscripts/app.js:1:8: error: './style.css' is 'userscripts/style.css', which is not JavaScript, TypeScript or JSON: only those are bundled (a style sheet in a scripts folder is injected as its own script) [unresolved-import]
            userscripts/app.js:2:10: error: 'userscripts/lib.js' has no export named 'valu'; did you mean 'value'? [module-error]
            userscripts/app.js:3:10: error: 'dup' is ambiguous in 'userscripts/star.js': two of its export * statements provide different bindings of that name [module-error]
            userscripts/app.js:4:8: error: cannot find './nope.js' from 'userscripts/app.js' (tried nope.js, nope.js.js, nope.js.mjs, nope.js.cjs, nope.js.json, nope.js.ts, …) [unresolved-import]
            userscripts/app.js:6:1: error: import() cannot load a module in an injected script (a classic script has no module loader); import it with an import declaration [module-error]
            userscripts/app.js:7:1: error: import.meta has no value in an injected script, which is a classic script with no module URL [module-error]
            userscripts/app.js:8:10: error: export 'undeclared': 'undeclared' is not declared in this module [module-error]

            """)
    }

    /// An imported module that awaits at its top level and has no other module syntax (test262's
    /// dfs-invariant-async fixture) still makes its entry's functions async.
    func testTopLevelAwaitInAModuleWithoutModuleSyntax() throws {
        let result = try Self.build([
            "userscripts/wait.js": "await Promise.resolve();\nglobalThis.order = (globalThis.order || '') + 'wait;';\n",
            "userscripts/app.js": "import './wait.js';\nwindow.webkit.messageHandlers.result.postMessage(globalThis.order);\n",
        ])
        XCTAssertEqual(result.report.errorCount, 0, ReportFormat.text.render(result.report))
        XCTAssertEqual(try Self.run(result, ["app.js"]), #"[{"result":"wait;"}]"#)
    }

    /// An entry awaits at its top level, and so does a module it imports: each module finishes
    /// before the one that imports it starts its own code.
    func testTopLevelAwaitInAnEntryAndAModule() throws {
        let result = try Self.build([
            "userscripts/lib.js": "export const seven = await Promise.resolve(7);\nexport const later = () => Promise.resolve(seven);\n",
            "userscripts/app.js": "import { later } from './lib.js';\nconst value = await later();\nwindow.webkit.messageHandlers.result.postMessage(value);\n",
        ])
        XCTAssertEqual(result.report.errorCount, 0, ReportFormat.text.render(result.report))
        XCTAssertTrue(String(decoding: try XCTUnwrap(result.files["app.js"]), as: UTF8.self).contains("(async function () {"))
        XCTAssertEqual(try Self.run(result, ["app.js"]), #"[{"result":7}]"#)
    }

    /// An exception in a module is reported under the entry's name, and its stack's position maps
    /// back through the inline source map to the module's own file, line and column (node's
    /// `module.SourceMap`).
    func testSourceMapLeadsBackToTheModule() throws {
        guard let node = Golden.which("node") else { throw XCTSkip("node is not installed") }
        let result = try Self.build([
            "userscripts/lib/deep.js": "// a comment\nexport function fail() {\n  const value =   undefinedName.property; return value;\n}\n",
            "userscripts/app.js": "import { fail } from './lib/deep.js';\n\nfail();\n",
        ])
        XCTAssertEqual(result.report.errorCount, 0, ReportFormat.text.render(result.report))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hawser-map-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("app.js")
        try Data(try XCTUnwrap(result.files["app.js"])).write(to: script)
        let driver = """
            const vm = require("vm"), fs = require("fs"), { SourceMap } = require("module");
            const code = fs.readFileSync(process.argv[1], "utf8");
            const data = /sourceMappingURL=data:application\\/json;charset=utf-8;base64,(.*)/.exec(code)[1];
            const map = new SourceMap(JSON.parse(Buffer.from(data, "base64").toString()));
            let reported;
            const context = { console: { error: (message, error) => { reported = [message, error]; } } };
            new vm.Script(code, { filename: "app.js" }).runInNewContext(context);
            const frame = /app\\.js:(\\d+):(\\d+)/.exec(reported[1].stack);
            const entry = map.findEntry(Number(frame[1]) - 1, Number(frame[2]) - 1);
            process.stdout.write([reported[0], reported[1].name, entry.originalSource, entry.originalLine + 1, entry.originalColumn + 1].join(" "));
            """
        let output = try Subprocess.run(node, ["-e", driver, script.path])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, "[hawser] user script \"app\" failed: ReferenceError lib/deep.js 3 19")
    }

    /// Lint follows the graph: a module outside the scripts folders is linted at its own
    /// positions, once, and a wrapper is followed through its import binding whatever name it is
    /// imported under; a package's code is bundled, never linted.
    func testLintFollowsTheGraph() throws {
        let config = try HawserConfig.parse(Array(#"{"scripts": ["userscripts"], "registered": ["ready", "saved"]}"#.utf8), file: "hawser.json")
        let files = [
            SourceFile(path: "src/bridge.js", text: "export function send(name, body) {\n  window.webkit.messageHandlers[name].postMessage(body);\n}\nsend('redy', 1);\n"),
            SourceFile(path: "node_modules/pkg/index.js", text: "window.webkit.messageHandlers.packageOwn.postMessage(1);\n"),
            SourceFile(path: "userscripts/a.js", text: "import { send as post } from '../src/bridge.js';\nimport 'pkg';\npost('ready', 1);\npost('saevd', 2);\n"),
            SourceFile(path: "userscripts/b.js", text: "import * as bridge from '../src/bridge.js';\nbridge.send('saved', 3);\nbridge.send('rady', 4);\n"),
        ]
        var input = ProjectInput(scripts: files.filter { $0.path.hasPrefix("userscripts/") }, swift: [], config: config)
        input.files = InMemoryFiles(files)
        let report = Pipeline.run(input, rendering: false).report
        XCTAssertEqual(ReportFormat.text.render(report), """
            src/bridge.js:4:6: error: no message handler named 'redy' is registered in Swift; did you mean 'ready'? [unregistered-handler]
            userscripts/a.js:4:6: error: no message handler named 'saevd' is registered in Swift; did you mean 'saved'? [unregistered-handler]
            userscripts/b.js:3:13: error: no message handler named 'rady' is registered in Swift; did you mean 'ready'? [unregistered-handler]

            """)
        XCTAssertEqual(report.fileCount, 3)
    }

    /// A script without module syntax is compiled exactly as before: no loader, no map.
    func testAClassicScriptStaysAsItWas() throws {
        let result = try Self.build(["userscripts/plain.js": "window.webkit.messageHandlers.x.postMessage(1);\n"])
        let text = String(decoding: try XCTUnwrap(result.files["plain.js"]), as: UTF8.self)
        XCTAssertFalse(text.contains("__hawser_modules"))
        XCTAssertFalse(text.contains("sourceMappingURL"))
    }

    /// The same graph gives the same bytes.
    func testDeterministic() throws {
        let files = [
            "userscripts/a.js": "import { b } from './b.js';\nexport const a = 1;\n",
            "userscripts/b.js": "import { a } from './a.js';\nexport const b = () => a;\n",
            "userscripts/c.js": "import { b } from './b.js';\nimport { a } from './a.js';\nb(a);\n",
        ]
        XCTAssertEqual(try Self.build(files).files, try Self.build(files).files)
    }

    /// Broken and hostile module text never crashes the build: each gives output or errors,
    /// and whatever is emitted parses as a classic script.
    func testBrokenModulesGiveErrorsNeverACrash() throws {
        let snippets = [
            "import {", "import { a as } from './x.js';", "export default", "export {", "export * from", "import x from",
            "export { a as 'b' } from './x.js';", "import * as from './x.js';", "export * as 'x' from './x.js';",
            "import './a.js'; export * from './a.js';", "import {'\u{0}': x} from './x.js';", "export default function* () { yield 1 }",
            "export default async () => {};", "export default (class { static name() { return 1; } });", "require()", "require(1)",
            "module.exports = module.exports = 1; exports.x = require('./x.js');", "export let [a, {b, c: [d]}] = [1, {}];",
            "import x from ''; import y from '.'; import z from '..'; import w from '/';", "import q from 'node:fs';",
            "import e from '@scope'; import f from '@'; import g from 'pkg/../../x';", "await import('./x.js');",
            String(repeating: "export const a = 1;\n", count: 3), "export {}\nexport//\n{}",
        ]
        for snippet in snippets {
            let result = try Self.build(["userscripts/x.js": "export const x = 1;\n", "userscripts/a.js": "import './x.js';\n", "userscripts/app.js": snippet + "\n"])
            if !result.hasErrors { XCTAssertFalse(result.files.isEmpty, snippet) }
            XCTAssertTrue(result.hasErrors || result.report.diagnostics.allSatisfy { $0.severity != .error }, snippet)
        }
    }

    /// The invariant: module syntax or a syntax error left in an emitted script is an error at
    /// the source position that caused it, whatever the script's form.
    func testClassicScriptCheckFindsModuleSyntax() {
        let wrapped = ScriptTemplates.wrap(source: "let a = 1;\nconsole.log(import.meta.url);\n", name: "a", sourcePath: "s/a.js", guardCondition: nil)
        let findings = ClassicScriptCheck.check(wrapped, file: "s/a.js") { SourceLocation(file: "s/a.js", line: $0.line - 2, column: $0.column) }
        XCTAssertEqual(findings.map(\.location.description), ["s/a.js:2:13"])
        XCTAssertEqual(findings.map(\.code), [.notAClassicScript])
        for (text, column) in [
            ("import x from 'y';", 1), ("export const a = 1;", 1), ("export default 1;", 1), ("export * from 'z';", 1),
            ("if (a) { import.meta; }", 10), ("let x = 1 +;", 12), ("export//-\n{};", 1),
        ] {
            let findings = ClassicScriptCheck.check("// header\n" + text + "\n", file: "f.js") { SourceLocation(file: "f.js", line: $0.line - 1, column: $0.column) }
            XCTAssertEqual(findings.first?.location.description, "f.js:1:\(column)", text)
        }
        XCTAssertEqual(ClassicScriptCheck.check("(function () { return 1; })();\n", file: "f.js") { _ in nil }, [])
    }
}
