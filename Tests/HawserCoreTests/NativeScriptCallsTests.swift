@testable import HawserCore
import XCTest

/// The calls native code evaluates in the page (`NativeScriptCalls`), the definitions the
/// JavaScript front end records for them, and the literals the native front ends read.
final class NativeScriptCallsTests: XCTestCase {
    private func definitions(_ source: String) -> [String] {
        JavaScriptFrontEnd.analyze(script: Array(source.utf8), file: "a.js").definitions.map {
            "\($0.name):\($0.place.rawValue)\($0.isFunction ? "()" : "")@\($0.location.line)"
        }
    }

    func testDefinitionsByPlace() {
        let source = """
            function a() {}
            var b = function () {}, { c, d: [e] } = {};
            let f = () => 1;
            class G {}
            if (x) { function h() {} var i = 1; let j = () => {}; }
            (function () {
                function k() {}
                var l = () => {};
                window.m = function () {};
                globalThis["n"] = k;
                self.o = 1;
                Object.assign(window, { p, q: () => {}, r() {} });
            })();
            function shadow(window) { window.s = 1; }
            export const t = function () {};
            """
        XCTAssertEqual(definitions(source), [
            "a:topLevel()@1", "b:topLevel()@2", "c:topLevel@2", "e:topLevel@2", "f:topLevel()@3", "G:topLevel@4",
            "h:topLevel()@5", "i:topLevel@5", "j:block()@5",
            "k:function()@7", "l:function()@8", "m:global()@9", "n:global()@10", "o:global@11",
            "p:global()@12", "q:global()@12", "r:global()@12",
            "shadow:topLevel()@14", "t:topLevel()@15",
        ])
    }

    func testSwiftReadsEveryEvaluatedScript() {
        let a = """
            enum Scripts { static let reload = "reloadArticle()" }
            final class C {
                let webView = WKWebView()
                func evaluateJavaScript(_ script: String) {}
                func go() async throws {
                    webView.evaluateJavaScript("one()")
                    webView.evaluateJavaScript("two()") { _, _ in }
                    webView.evaluateJavaScript("three()", in: nil, in: .page) { _ in }
                    _ = try await webView.evaluateJavaScript("four()")
                    _ = try await webView.callAsyncJavaScript("five()", arguments: [:], in: nil, in: .page)
                    let user = WKUserScript(source: "six()", injectionTime: .atDocumentEnd, forMainFrameOnly: true)
                    webView.evaluateJavaScript(Other.script)
                    let ignored = "seven()"
                    webView.evaluateJavaScript("" + ignored)
                }
            }
            """
        let b = "enum Other { static let script = \"eight()\" }\n"
        let facts = SwiftFrontEnd.analyze([SourceFile(path: "A.swift", text: a), SourceFile(path: "B.swift", text: b)])
        let scripts = facts.embeddedScripts.map { "\($0.file):\(String(decoding: $0.bytes, as: UTF8.self)):\($0.isEvaluated)" }
        XCTAssertEqual(scripts, [
            "A.swift:one():true", "A.swift:two():true", "A.swift:three():true", "A.swift:four():true", "A.swift:five():true",
            "A.swift:six():true", "B.swift:eight():true",
        ])
    }

    func testSwiftScriptsThatOnlyMentionHandlersAreNotEvaluated() {
        let source = "let s = \"window.webkit.messageHandlers.a.postMessage(1)\"\nweb.evaluateJavaScript(\"window.webkit.messageHandlers.b.postMessage(2)\")\n"
        let facts = SwiftFrontEnd.analyze([SourceFile(path: "A.swift", text: source)])
        XCTAssertEqual(facts.embeddedScripts.map(\.isEvaluated), [false, true])
    }

    func testObjectiveCReadsEvaluatedScripts() {
        let source = """
            static NSString *const kScript = @"constant()";
            @implementation C
            - (void)go:(NSString *)x {
                [self.webView evaluateJavaScript:@"literal()" completionHandler:nil];
                [self.webView evaluateJavaScript:kScript completionHandler:nil];
                [self.webView evaluateJavaScript:[NSString stringWithFormat:@"format(%@)", x] completionHandler:nil];
                [self.webView callAsyncJavaScript:@"body()" arguments:@{} inFrame:nil inContentWorld:WKContentWorld.pageWorld completionHandler:nil];
                WKUserScript *s = [[WKUserScript alloc] initWithSource:@"injected()" injectionTime:WKUserScriptInjectionTimeAtDocumentEnd forMainFrameOnly:YES];
                NSLog(@"logged()");
            }
            @end
            """
        let facts = ObjCFrontEnd.analyze([SourceFile(path: "A.m", text: source)])
        let scripts = facts.embeddedScripts.map { "\(String(decoding: $0.bytes, as: UTF8.self)):\($0.isEvaluated)" }
        XCTAssertEqual(scripts, [
            "constant():true", "literal():true", "format(__hawser_interpolation_0):true", "body():true", "injected():true",
        ])
    }

    private func lint(scripts: [(String, String)], pages: [(String, String)] = [], swift: String) -> [String] {
        let input = ProjectInput(
            scripts: scripts.map { SourceFile(path: $0.0, text: $0.1, relativePath: String($0.0.split(separator: "/").last!)) },
            swift: [SourceFile(path: "App.swift", text: swift)],
            pages: pages.map { SourceFile(path: $0.0, text: $0.1) })
        return Pipeline.run(input, rendering: false).report.diagnostics
            .filter { $0.code == .unreachableScriptFunction || $0.code == .unknownScriptFunction }
            .map { "\($0.location.line):\($0.location.column) \($0.code.rawValue) \($0.suggestion ?? "-")" }
    }

    func testPrecision() {
        let script = """
            function renderArticle() {}
            (function () { function hidden() {} })();
            """
        let swift = """
            web.evaluateJavaScript("renderArticel()")
            web.evaluateJavaScript("pageOnly(); document.renderArticel(); app.hidden(); scrollTo(0, 0)")
            web.evaluateJavaScript("function renderArticle2() {} renderArticle2(); hidden()")
            web.evaluateJavaScript("\\(name)(); hiden()")
            web.evaluateJavaScript("window.hidden()")
            """
        XCTAssertEqual(lint(scripts: [("userscripts/a.js", script)], swift: swift), [
            "1:25 unknown-script-function renderArticle",
            "3:72 unreachable-script-function -",
            "5:25 unreachable-script-function -",
        ])
    }

    func testModulesAndPages() {
        let swift = """
            web.evaluateJavaScript("helper(); entry(); pageDefined(); injected()")
            web.addUserScript(WKUserScript(source: "function injected() {}", injectionTime: .atDocumentEnd, forMainFrameOnly: true))
            """
        let found = lint(
            scripts: [
                ("userscripts/main.js", "import { helper } from \"./helper.js\";\nexport function entry() { helper(); }\n"),
                ("userscripts/helper.js", "export function helper() {}\n"),
            ],
            pages: [("Web/index.html", "<script>function pageDefined() {}</script>\n")],
            swift: swift)
        XCTAssertEqual(found, ["1:25 unreachable-script-function -", "1:35 unreachable-script-function -"])
    }
}
