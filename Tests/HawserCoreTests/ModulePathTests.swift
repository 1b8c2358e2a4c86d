import XCTest
@testable import HawserCore

/// `ModulePath.normalize` gives an already normal path back untouched (`isNormal`, its fast
/// path) and agrees with the component-by-component reading on every path.
final class ModulePathTests: XCTestCase {
    /// The reading `normalize` does when a path is not normal: drop empty and `.` components,
    /// let `..` remove the one before it (or vanish at an absolute root).
    private func reference(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if !(part == ".." && isAbsolute) {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return isAbsolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    func testExamples() {
        XCTAssertEqual(ModulePath.normalize("a/./b//c/../d.js"), "a/b/d.js")
        XCTAssertEqual(ModulePath.normalize("../../x/..."), "../../x/...")
        XCTAssertEqual(ModulePath.normalize("/../a/"), "/a")
        XCTAssertEqual(ModulePath.normalize("./"), ".")
        XCTAssertEqual(ModulePath.normalize(""), ".")
        XCTAssertTrue(ModulePath.isNormal("../a/b.js"))
        XCTAssertFalse(ModulePath.isNormal("a/../b.js"))
        XCTAssertFalse(ModulePath.isNormal("/a/"))
        XCTAssertFalse(ModulePath.isNormal("/.."))
    }

    /// Every path of up to four components from a set that holds each kind, relative and absolute.
    func testEveryShortPathAgreesWithTheReference() {
        let parts = ["a", "b.js", ".", "..", "", "...", ".x"]
        var paths: [[String]] = [[]]
        var all: [[String]] = [[]]
        for _ in 1...4 {
            paths = paths.flatMap { path in parts.map { path + [$0] } }
            all += paths
        }
        for components in all {
            for path in [components.joined(separator: "/"), "/" + components.joined(separator: "/")] {
                let normal = ModulePath.normalize(path)
                XCTAssertEqual(normal, reference(path), path)
                XCTAssertTrue(ModulePath.isNormal(normal), normal)
                XCTAssertEqual(ModulePath.isNormal(path), normal == path, path)
            }
        }
    }
}
