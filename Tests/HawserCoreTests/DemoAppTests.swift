import Foundation
import XCTest

/// The demo app's handlers implement the demo's generated protocol: `output/Bridge.swift` and
/// `Examples/DemoApp/Sources/DemoHandlers.swift` compile together without warnings in Swift 6,
/// and real message bodies dispatched through the generated bridge reach the handlers.
final class DemoAppTests: XCTestCase {
    func testDemoHandlersImplementTheGeneratedBridge() throws {
        guard let swiftc = Golden.which("swiftc") else { throw XCTSkip("swiftc is not on PATH") }
        let root = Golden.packageRoot
        let project = try TemporaryProject(["documents/notes/today.txt": "Buy milk\n", "secret.txt": "no"])
        let sources = [
            root.appendingPathComponent("output/Bridge.swift").path,
            root.appendingPathComponent("Examples/DemoApp/Sources/DemoHandlers.swift").path,
            root.appendingPathComponent("Tests/Support/DemoApp/main.swift").path,
        ]
        let compile = try Subprocess.run(swiftc, ["-swift-version", "6", "-warnings-as-errors", "-o", "demo"] + sources, in: project.url)
        XCTAssertEqual(compile.status, 0, compile.stdout + compile.stderr)
        XCTAssertEqual(compile.stdout + compile.stderr, "")
        guard compile.status == 0 else { return }

        let run = try Subprocess.run(project.url.appendingPathComponent("demo").path, [project.url.appendingPathComponent("documents").path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, """
            readFile => reply(demo.Bridge.JSONValue.string("Buy milk\\n"))
            readFile outside => failure("../secret.txt is outside the documents folder")
            readFile missing => failure("cannot read nope.txt")
            readFile renamed key => failure("readFile: payload: missing key \\'path\\'")
            observer => delivered
            imageChanged => delivered
            hashChanged => delivered
            stateSync => delivered
            log => signed up: Ada <ada@example.com>
            log => image changed: loaded
            log => hash #top in a frame
            log => state: object(["theme": demo.Bridge.JSONValue.string("dark")])
            handlers => hashChanged,imageChanged,observer,pageReady,readFile,stateSync
            scripts => hawser-runtime,hawser-native-feel,form-observer,frame-hash,hide-header,image-events,read-file,native-calls,state-sync

            """)
    }
}
