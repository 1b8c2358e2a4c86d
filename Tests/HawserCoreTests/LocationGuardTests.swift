import Foundation
@testable import HawserCore
import XCTest

/// Runs the emitted scripts of the match-guards fixture under node with a fake `location`, and
/// checks which of them run on which URL.
final class LocationGuardTests: XCTestCase {
    static let table: [(url: String, runs: [String])] = [
        ("https://www.example.com/page", ["all-urls", "everywhere", "example-only"]),
        ("https://example.com/", ["all-urls", "everywhere", "example-only"]),
        ("https://EXAMPLE.com/Path?q=1#frag", ["all-urls", "everywhere", "example-only"]),
        ("https://admin.example.com/settings", ["all-urls", "everywhere"]),
        ("http://www.example.com/page", ["all-urls", "everywhere"]),
        ("https://example.com.evil.net/", ["all-urls", "everywhere"]),
        ("http://evil.net/?next=https://www.example.com/", ["all-urls", "everywhere"]),
        ("https://docs.example.org/guide/intro", ["all-urls", "everywhere", "two-hosts"]),
        ("https://docs.example.org/api", ["all-urls", "everywhere"]),
        ("http://localhost:8080/app", ["all-urls", "everywhere", "two-hosts"]),
        ("http://localhost:3000/app", ["all-urls", "everywhere"]),
        ("https://www.example.com/private/notes", ["everywhere", "example-only"]),
        ("file:///Users/me/index.html", ["all-urls", "everywhere"]),
    ]

    func testGuardsAgainstURLs() throws {
        guard let node = Golden.which("node") else { throw XCTSkip("node is not installed") }
        let result = try BuildFixtureTests.build("match-guards")
        let scripts = result.scripts.filter { $0.origin == .javaScript }
        XCTAssertEqual(scripts.map(\.name).sorted(), ["all-urls", "everywhere", "example-only", "two-hosts"])

        // A driver that runs every script for every URL in a fresh context and prints what ran.
        let driver = """
            const vm = require("vm");
            const scripts = \(JSON.array(scripts.map { JSON.string($0.text) }).rendered());
            const urls = \(JSON.array(Self.table.map { JSON.string($0.url) }).rendered());
            const out = urls.map((href) => {
              const context = vm.createContext({ location: { href }, ran: [], console });
              for (const source of scripts) vm.runInContext(source, context);
              return context.ran.slice().sort();
            });
            console.log(JSON.stringify(out));
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hawser-guards-\(UUID().uuidString).js")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(driver.utf8).write(to: url)
        let run = try Subprocess.run(node, [url.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let ran = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String]]
        XCTAssertEqual(ran?.count, Self.table.count)
        for (index, row) in Self.table.enumerated() {
            XCTAssertEqual(ran?[index], row.runs, row.url)
        }
    }
}
