import DemoApp
import Foundation
import XCTest

/// Message bodies as WebKit hands them to a `WKScriptMessageHandler` (`NSDictionary`, `NSNumber`,
/// `NSString`, `NSNull`; the shapes the demo's scripts post, as the real-WebKit tests record
/// them), sent through the dispatcher the plugin generated into this package, to `DemoHandlers`.
@MainActor
final class DemoHandlersTests: XCTestCase {
    private var documents = URL(fileURLWithPath: "/")
    private var handlers = DemoHandlers(documents: URL(fileURLWithPath: "/"))

    override func setUp() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-app-tests-\(UUID().uuidString)")
        documents = folder.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: documents.appendingPathComponent("notes"), withIntermediateDirectories: true)
        try "Buy milk\n".write(to: documents.appendingPathComponent("notes/today.txt"), atomically: true, encoding: .utf8)
        try "no".write(to: folder.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        handlers = DemoHandlers(documents: documents)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: documents.deletingLastPathComponent())
    }

    private func send(_ name: String, _ body: Any) async -> Bridge.DispatchOutcome {
        await Bridge.dispatch(name: name, body: body, to: handlers)
    }

    /// Sends `body` to `name` and checks the outcome.
    private func expect(
        _ name: String, _ body: Any, _ expected: Bridge.DispatchOutcome, file: StaticString = #filePath, line: UInt = #line
    ) async {
        let outcome = await send(name, body)
        XCTAssertEqual(outcome, expected, "\(name) \(body)", file: file, line: line)
    }

    // Flow B: `await hawser.call("readFile", { path })`.
    func testReadFileRepliesWithTheFileText() async {
        let outcome = await send("readFile", ["path": "notes/today.txt"] as NSDictionary)
        XCTAssertEqual(outcome, .reply(.string("Buy milk\n")))
    }

    func testReadFileRejectsPathsThatEscapeTheFolder() async {
        try? FileManager.default.createSymbolicLink(
            at: documents.appendingPathComponent("link"), withDestinationURL: documents.deletingLastPathComponent())
        for path in ["../secret.txt", "notes/../../secret.txt", "link/secret.txt"] {
            let outcome = await send("readFile", ["path": path] as NSDictionary)
            XCTAssertEqual(outcome, .failure("\(path) is outside the documents folder"), path)
        }
        await expect("readFile", ["path": "notes"] as NSDictionary, .failure("cannot read notes"))
        await expect("readFile", ["path": "nope.txt"] as NSDictionary, .failure("cannot read nope.txt"))
        // A leading slash does not leave the folder: this is documents/etc/passwd.
        await expect("readFile", ["path": "/etc/passwd"] as NSDictionary, .failure("cannot read /etc/passwd"))
    }

    func testBodiesThatDoNotMatchThePayloadTypeAreErrorsNamingTheKey() async {
        // The script sends `fileName` where the contract says `path`: the hand-written bug.
        await expect("readFile", ["fileName": "notes/today.txt"] as NSDictionary, .failure("readFile: payload: missing key 'path'"))
        await expect("readFile", ["path": NSNumber(value: 3)] as NSDictionary, .failure("readFile: payload.path: expected String"))
        await expect("readFile", NSNull(), .failure("readFile: payload: expected object"))
        await expect("readFil", ["path": "notes/today.txt"] as NSDictionary, .failure("unknown handler 'readFil'"))
    }

    // Flows A, C, D and F: messages, delivered with no reply.
    func testMessagesReachTheHandlers() async {
        await expect("observer", ["name": "Ada", "email": "ada@example.com"] as NSDictionary, .delivered)
        await expect("imageChanged", ["success": NSNumber(value: true)] as NSDictionary, .delivered)
        await expect("hashChanged", ["hash": "#top", "isMainFrame": NSNumber(value: false)] as NSDictionary, .delivered)
        await expect("stateSync", ["theme": "dark"] as NSDictionary, .delivered)
        await expect("pageReady", ["url": "https://example.com/"] as NSDictionary, .delivered)
        XCTAssertEqual(handlers.log, [
            "signed up: Ada <ada@example.com>",
            "image changed: loaded",
            "hash #top in a frame",
            #"state: object(["theme": DemoApp.Bridge.JSONValue.string("dark")])"#,
            "page ready: https://example.com/",
        ])
    }

    func testAMessageWithABadBodyIsNotDelivered() async {
        let outcome = await send("imageChanged", ["success": "yes"] as NSDictionary)
        XCTAssertEqual(outcome, .failure("imageChanged: payload.success: expected Bool"))
        XCTAssertEqual(handlers.log, [])
    }

    // The generated contract: one case per handler, the scripts in injection order.
    func testTheBridgeTheSwiftBuildGenerated() {
        XCTAssertEqual(Bridge.Handler.allCases.map(\.rawValue), ["hashChanged", "imageChanged", "observer", "pageReady", "readFile", "stateSync"])
        XCTAssertEqual(Bridge.scripts.map(\.name), [
            "hawser-runtime", "hawser-native-feel", "form-observer", "frame-hash", "hide-header", "image-events", "note-summary", "read-file",
            "native-calls", "state-sync",
        ])
    }
}
