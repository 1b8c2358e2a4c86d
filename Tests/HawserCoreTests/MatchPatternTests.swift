import Foundation
@testable import HawserCore
import XCTest

final class MatchPatternTests: XCTestCase {
    /// (pattern, url, expected)
    static let table: [(String, String, Bool)] = [
        // schemes
        ("*://example.com/*", "http://example.com/", true),
        ("*://example.com/*", "https://example.com/a", true),
        ("*://example.com/*", "ftp://example.com/", false),
        ("*://example.com/*", "ws://example.com/", false),
        ("*://example.com/*", "httpx://example.com/", false),
        ("http://example.com/*", "https://example.com/", false),
        ("https://example.com/*", "https://example.com/", true),
        ("wss://example.com/*", "wss://example.com/socket", true),
        ("ws://example.com/*", "wss://example.com/socket", false),
        ("ftp://example.com/*", "ftp://example.com/file.txt", true),
        ("myapp://*/*", "myapp://settings/page", true),
        ("myapp://*/*", "myapp://settings", true),
        ("myapp://*/*", "otherapp://settings/page", false),
        ("my-app+x.v2://host/*", "my-app+x.v2://host/p", true),
        ("myapp://settings/", "myapp://settings", true),
        ("myapp://settings/", "myapp://settings?x", false),
        ("myapp:///*", "myapp:///local", true),
        ("myapp:///*", "myapp://host/local", false),
        // hosts
        ("*://*/*", "https://anything.test/x", true),
        ("*://*/*", "https://[::1]:8443/x", true),
        ("*://*/*", "https://user:pw@host/x", true),
        ("*://*.example.com/*", "https://example.com/", true),
        ("*://*.example.com/*", "https://www.example.com/", true),
        ("*://*.example.com/*", "https://a.b.example.com/", true),
        ("*://*.example.com/*", "https://notexample.com/", false),
        ("*://*.example.com/*", "https://example.com.evil.test/", false),
        ("*://*.example.com/*", "https://.example.com/", false),
        ("*://example.com/*", "https://www.example.com/", false),
        ("*://example.com/*", "https://evil.test/?u=https://example.com/", false),
        ("*://example.com/*", "https://example.com@evil.test/", false),
        ("*://evil.test/*", "https://example.com@evil.test/", true),
        ("*://example.com/*", "https://EXAMPLE.COM/", true),
        ("*://*.Example.com/*", "https://WWW.example.COM/", true),
        ("*://[::1]/*", "http://[::1]:3000/", true),
        ("*://[::1]/*", "http://[::2]/", false),
        ("*://127.0.0.1/*", "http://127.0.0.1/x", true),
        // ports
        ("*://example.com/*", "https://example.com:8443/", true),
        ("*://example.com:8443/*", "https://example.com:8443/", true),
        ("*://example.com:8443/*", "https://example.com/", false),
        ("*://example.com:8443/*", "https://example.com:443/", false),
        ("*://*:8080/*", "http://localhost:8080/", true),
        ("*://*:8080/*", "http://localhost:8081/", false),
        ("*://*.example.com:80/*", "http://a.example.com:80/", true),
        // paths, queries, fragments
        ("*://example.com/", "https://example.com/", true),
        ("*://example.com/", "https://example.com", true),
        ("*://example.com/", "https://example.com/a", false),
        ("*://example.com/", "https://example.com/?q=1", false),
        ("*://example.com/", "https://example.com/#top", true),
        ("*://example.com/*", "https://example.com?q=1", true),
        ("*://example.com/a/*", "https://example.com/a/", true),
        ("*://example.com/a/*", "https://example.com/a", false),
        ("*://example.com/a/*", "https://example.com/a/b/c?d#e", true),
        ("*://example.com/a*b", "https://example.com/ab", true),
        ("*://example.com/a*b", "https://example.com/axxb", true),
        ("*://example.com/a*b", "https://example.com/axxb/", false),
        ("*://example.com/a*b", "https://example.com/a#b", false),
        ("*://example.com/a*b", "https://example.com/a?x=b", true),
        ("*://example.com/a*b", "https://example.com/a?x=b#frag", true),
        ("*://example.com/*/edit", "https://example.com/docs/1/edit", true),
        ("*://example.com/*/edit", "https://example.com/docs/1/edit/", false),
        ("*://example.com/**x", "https://example.com/yyx", true),
        ("*://example.com/search?q=*", "https://example.com/search?q=swift", true),
        ("*://example.com/search?q=*", "https://example.com/search", false),
        ("*://example.com/search?q=*", "https://example.com/searchXq=1", false),
        ("*://example.com/a.b", "https://example.com/aXb", false),
        ("*://example.com/a.b", "https://example.com/a.b", true),
        ("*://example.com/(x)+[y]{1}$^|\\", "https://example.com/(x)+[y]{1}$^|\\", true),
        ("*://example.com/Path", "https://example.com/path", false),
        ("*://example.com/%E2%82%AC", "https://example.com/%E2%82%AC", true),
        ("*://example.com/€", "https://example.com/€", true),
        ("*://example.com/a*", "https://example.com/a\nb", true),
        // file
        ("file:///*", "file:///Users/me/index.html", true),
        ("file:///Users/*", "file:///Users/me/index.html", true),
        ("file:///Users/*", "file:///tmp/index.html", false),
        ("file:///*", "file://server/share", false),
        ("file:///*", "http://example.com/", false),
        // <all_urls>
        ("<all_urls>", "https://example.com/", true),
        ("<all_urls>", "file:///tmp/x", true),
        ("<all_urls>", "myapp://x", true),
        ("<all_urls>", "about:blank", true),
        ("<all_urls>", "data:text/html,hi", true),
        ("<all_urls>", "not a url", false),
        ("<all_urls>", "", false),
        ("<all_urls>", "1http://x/", false),
        // malformed URLs never match
        ("*://*/*", "https:/example.com/", false),
        ("*://*/*", "https://example.com:80x/", false),
        ("*://*/*", "https://[::1/", false),
        ("*://*/*", "https://a[b/", false),
        ("*://example.com/*", "", false),
    ]

    func pattern(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> MatchPattern? {
        switch MatchPattern.parse(text) {
        case .success(let p): return p
        case .failure(let e):
            XCTFail("\(text) did not parse: \(e.message)", file: file, line: line)
            return nil
        }
    }

    func testTable() {
        XCTAssertGreaterThanOrEqual(Self.table.count, 40)
        for (text, url, expected) in Self.table {
            guard let p = pattern(text) else { continue }
            XCTAssertEqual(p.matches(url), expected, "\(text) vs \(url)")
        }
    }

    func testInvalidPatterns() {
        let cases: [(String, String)] = [
            ("", "empty match pattern"),
            ("example.com", "missing scheme separator '://'"),
            ("https:/example.com/*", "missing scheme separator '://'"),
            ("://example.com/*", "missing scheme before '://'"),
            ("HTTPS://example.com/*", "invalid scheme 'HTTPS': expected '*' or a lowercase scheme such as 'https' (a letter, then letters, digits, '+', '.' or '-')"),
            ("1x://example.com/*", "invalid scheme '1x': expected '*' or a lowercase scheme such as 'https' (a letter, then letters, digits, '+', '.' or '-')"),
            ("ht*p://example.com/*", "invalid scheme 'ht*p': expected '*' or a lowercase scheme such as 'https' (a letter, then letters, digits, '+', '.' or '-')"),
            ("https://example.com", "missing path: add '/' or '/*' after the host"),
            ("https://*example.com/*", "'*' in the host must be alone or lead '*.'"),
            ("https://www.*.com/*", "'*' in the host must be alone or lead '*.'"),
            ("https://*.*.com/*", "'*' in the host must be alone or lead '*.'"),
            ("https://**/*", "'*' in the host must be alone or lead '*.'"),
            ("https://*./*", "missing domain after '*.'"),
            ("https:///*", "missing host"),
            ("*:///*", "missing host"),
            ("https://example.com:/*", "invalid port '': expected a number from 0 to 65535"),
            ("https://example.com:*/*", "invalid port '*': expected a number from 0 to 65535"),
            ("https://example.com:65536/*", "invalid port '65536': expected a number from 0 to 65535"),
            ("https://example.com:8a/*", "invalid port '8a': expected a number from 0 to 65535"),
            ("https://exa mple.com/*", "a match pattern cannot contain whitespace"),
            ("https://a.com/* https://b.com/*", "a match pattern cannot contain whitespace"),
            ("https://exa?mple.com/*", "invalid character '?' in the host 'exa?mple.com'"),
            ("https://bücher.de/*", "invalid character 'ü' in the host 'bücher.de' (write an internationalized domain in its 'xn--' form)"),
            ("https://[::1/*", "unclosed '[' in the host"),
            ("https://[zz]/*", "invalid IPv6 host '[zz]'"),
            ("file://host/*", "a 'file' pattern has no host: write 'file:///path'"),
            ("file://*/*", "a 'file' pattern has no host: write 'file:///path'"),
            ("https://example.com/page#top", "'#' in the path never matches: the fragment is ignored"),
        ]
        for (text, message) in cases {
            switch MatchPattern.parse(text) {
            case .success: XCTFail("\(text) parsed")
            case .failure(let e):
                XCTAssertEqual(e.message, message, text)
                XCTAssertEqual(e.pattern, text)
            }
        }
        XCTAssertThrowsError(try MatchPattern(parsing: "nope"))
    }

    func testRegexLiterals() throws {
        XCTAssertEqual(pattern("<all_urls>")?.javaScriptRegex, #"/^[a-zA-Z][a-zA-Z0-9+.\-]*:/"#)
        XCTAssertEqual(
            pattern("*://*.ex-a.com/*")?.javaScriptRegex,
            #"/^[hH][tT][tT][pP][sS]?:\/\/(?:[^\/?#]*@)?(?:[^\/?#@:\[\]]+\.)?[eE][xX]-[aA]\.[cC][oO][mM](?::\d*)?(?:\/|(?=[?#]|$))[\s\S]*$/"#)
        XCTAssertEqual(
            pattern("https://a.io:8080/x*.js")?.javaScriptRegex,
            #"/^[hH][tT][tT][pP][sS]:\/\/(?:[^\/?#]*@)?[aA]\.[iI][oO]:8080(?:\/|(?=[?#]|$))x[^#]*\.js(?:#[\s\S]*)?$/"#)
        // Non-ASCII and control characters are escaped, so the literal is ASCII on one line.
        let odd = try XCTUnwrap(pattern("myapp://h/\u{7}é"))
        XCTAssertEqual(odd.javaScriptRegex.hasSuffix(#"\u0007\u00E9(?:#[\s\S]*)?$/"#), true, odd.javaScriptRegex)
    }

    func testLocationGuard() throws {
        let a = try MatchPattern(parsing: "https://a.com/*")
        let b = try MatchPattern(parsing: "https://b.com/*")
        let x = try MatchPattern(parsing: "https://a.com/private/*")
        XCTAssertNil(LocationGuard.condition(match: [], excludeMatch: []))
        XCTAssertEqual(LocationGuard.condition(match: [a], excludeMatch: []), "\(a.javaScriptRegex).test(location.href)")
        XCTAssertEqual(
            LocationGuard.condition(match: [a, b, a], excludeMatch: [x]),
            "(\(a.javaScriptRegex).test(location.href) || \(b.javaScriptRegex).test(location.href)) && !\(x.javaScriptRegex).test(location.href)")
        XCTAssertEqual(LocationGuard.condition(match: [], excludeMatch: [x, b]),
                       "!\(x.javaScriptRegex).test(location.href) && !\(b.javaScriptRegex).test(location.href)")
        XCTAssertFalse(LocationGuard.condition(match: [a, b], excludeMatch: [x])!.contains("\n"))
    }

    /// Runs every table row's regex in node and checks it agrees with `matches(_:)`; also
    /// evaluates a `LocationGuard` condition against a fake `location`.
    func testJavaScriptRegexAgreesWithMatches() throws {
        guard Self.nodePath() != nil else { throw XCTSkip("node is not installed") }
        var rows: [String] = []
        for (text, url, _) in Self.table {
            guard let p = pattern(text) else { continue }
            rows.append("[\(p.javaScriptRegex), \(jsString(url)), \(p.matches(url)), \(jsString(text))]")
        }
        // Extra URLs run against every pattern, to cover pairs the table does not list.
        let extraURLs = Array(Set(Self.table.map(\.1)))
        var cross: [String] = []
        for text in Set(Self.table.map(\.0)).sorted() {
            guard let p = pattern(text) else { continue }
            for url in extraURLs.sorted() {
                cross.append("[\(p.javaScriptRegex), \(jsString(url)), \(p.matches(url)), \(jsString(text))]")
            }
        }
        let guardCondition = LocationGuard.condition(
            match: [try MatchPattern(parsing: "https://*.a.com/*"), try MatchPattern(parsing: "myapp://x/*")],
            excludeMatch: [try MatchPattern(parsing: "*://*/private*")])!
        let script = """
            const rows = [
            \(rows.joined(separator: ",\n"))
            ].concat([
            \(cross.joined(separator: ",\n"))
            ]);
            let bad = 0;
            for (const [re, url, expected, source] of rows) {
              if (re.test(url) !== expected) { bad++; console.log(`MISMATCH ${source} ${JSON.stringify(url)} swift=${expected}`); }
            }
            function guardFor(href) { const location = { href }; return \(guardCondition); }
            const guards = [["https://a.com/x", true], ["https://b.a.com/", true], ["myapp://x/y", true],
                            ["https://a.com/private/1", false], ["https://b.com/", false]];
            for (const [href, expected] of guards) {
              if (guardFor(href) !== expected) { bad++; console.log(`GUARD ${href}`); }
            }
            console.log(`checked ${rows.length}`);
            process.exit(bad === 0 ? 0 : 1);
            """
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hawser-matchpattern-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("check.js")
        try script.write(to: file, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["node", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, output)
        XCTAssertTrue(output.contains("checked \(rows.count + cross.count)"), output)
    }

    static func nodePath() -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for dir in paths {
            let candidate = "\(dir)/node"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// A JavaScript string literal (JSON is a subset, bar U+2028/2029 in old engines).
    func jsString(_ s: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [s], options: [.fragmentsAllowed])
        let json = String(decoding: data, as: UTF8.self)
        return String(json.dropFirst().dropLast())
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }
}
