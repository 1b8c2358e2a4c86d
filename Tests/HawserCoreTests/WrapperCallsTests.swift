import XCTest
@testable import HawserCore

/// `WrapperCalls.keepingCallsOfWrappers`: the calls the analysis keeps are exactly those
/// `WrapperCalls.resolve` can match, and resolving what is kept finds what resolving everything finds.
final class WrapperCallsTests: XCTestCase {
    private func facts(_ source: String, file: String) -> JavaScriptFacts {
        JavaScriptFrontEnd.analyze(script: Array(source.utf8), file: file)
    }

    private var scripts: [JavaScriptFacts] {
        [
            facts("""
                function send(name, body) { window.webkit.messageHandlers[name].postMessage(body); }
                function relay(handler, body) { console.log(handler); send(handler, body); }
                """, file: "bridge.js"),
            facts("""
                relay("save", { id: 1 });
                send("load", [1, 2]);
                console.log("not a wrapper", { big: true });
                Math.max(1, 2);
                """, file: "app.js"),
        ]
    }

    func testOnlyCallsOfWrappersAndOfTheFunctionsForwardingToThemAreKept() {
        let kept = WrapperCalls.keepingCallsOfWrappers(scripts)
        XCTAssertEqual(kept.map { $0.calls.map(\.callee) }, [["send"], ["relay", "send"]])
        XCTAssertGreaterThan(scripts[1].calls.count, kept[1].calls.count, "the calls of console.log and Math.max are recorded, then dropped")
    }

    func testResolvingTheKeptCallsFindsTheSameUses() {
        let all = WrapperCalls.resolve(scripts, placeholders: [])
        let kept = WrapperCalls.resolve(WrapperCalls.keepingCallsOfWrappers(scripts), placeholders: [])
        XCTAssertEqual(kept.map(\.uses), all.map(\.uses))
        XCTAssertEqual(kept.map(\.diagnostics), all.map(\.diagnostics))
        XCTAssertEqual(Set(kept.flatMap(\.uses).map(\.name)), ["save", "load"])
    }

    func testWithoutWrappersNoCallIsKept() {
        let kept = WrapperCalls.keepingCallsOfWrappers([facts("console.log(1); f(2);", file: "a.js")])
        XCTAssertEqual(kept[0].calls, [])
    }
}
