import Foundation
import XCTest
@testable import HawserCore

/// The case folders of `Tests/Fixtures/<suite>/`, and the `HAWSER_FIXTURE` filter that runs some
/// of them alone.
///
/// `HAWSER_FIXTURE` is a comma-separated list of case names (`typed-bridge`) or suite-qualified
/// names (`build/typed-bridge`), each of which may use the wildcards `*` and `?`. Every fixture
/// suite (lint, build, generate) runs only the cases it selects and skips itself when it selects
/// none of that suite's; a filter that selects no case of any suite fails every fixture test.
enum Fixtures {
    enum Suite: String, CaseIterable {
        case lint, build, generate, modules
    }

    static let variable = "HAWSER_FIXTURE"

    static func root(_ suite: Suite) -> URL {
        Golden.fixtures.appendingPathComponent(suite.rawValue)
    }

    /// Every case folder of the suite, sorted.
    static func all(_ suite: Suite) throws -> [String] {
        let root = root(suite)
        return try FileManager.default.contentsOfDirectory(atPath: root.path).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }.sorted()
    }

    /// The filter's patterns, or nil when `HAWSER_FIXTURE` is unset or empty.
    static var patterns: [String]? {
        guard let value = ProcessInfo.processInfo.environment[variable] else { return nil }
        let patterns = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return patterns.isEmpty ? nil : patterns
    }

    static var isFiltered: Bool { patterns != nil }

    /// Whether the filter selects the case (every case without a filter).
    static func isSelected(_ suite: Suite, _ name: String) -> Bool {
        guard let patterns else { return true }
        return patterns.contains { glob($0, matches: name) || glob($0, matches: "\(suite.rawValue)/\(name)") }
    }

    /// The suite's cases that the filter selects: all of them without a filter. Skips the test
    /// when the filter selects only other suites' cases; throws when it selects no case at all.
    static func selected(_ suite: Suite) throws -> [String] {
        let names = try all(suite).filter { isSelected(suite, $0) }
        if names.isEmpty, let patterns {
            try requireSomeMatch(patterns)
            throw XCTSkip("\(variable)=\(patterns.joined(separator: ",")) selects no \(suite.rawValue) fixture")
        }
        return names
    }

    /// Skips the test unless the filter selects this one case; throws when it selects no case at all.
    static func require(_ suite: Suite, _ name: String) throws {
        guard let patterns, !isSelected(suite, name) else { return }
        try requireSomeMatch(patterns)
        throw XCTSkip("\(variable)=\(patterns.joined(separator: ",")) does not select \(suite.rawValue)/\(name)")
    }

    struct NoMatch: Error, CustomStringConvertible {
        var description: String
    }

    /// Throws unless the patterns select a case of some suite: a misspelt filter fails, never
    /// passes by running nothing.
    private static func requireSomeMatch(_ patterns: [String]) throws {
        var known: [String] = []
        for suite in Suite.allCases {
            let names = (try? all(suite)) ?? []
            if names.contains(where: { isSelected(suite, $0) }) { return }
            known += names.map { "\(suite.rawValue)/\($0)" }
        }
        throw NoMatch(description: "\(variable)=\(patterns.joined(separator: ",")) matches no fixture under Tests/Fixtures; the fixtures are: \(known.joined(separator: ", "))")
    }

    /// Whether `text` matches `pattern`, where `*` stands for any run of characters (`/`
    /// included) and `?` for any one character.
    static func glob(_ pattern: String, matches text: String) -> Bool {
        PathPattern.glob(pattern, matches: text)
    }
}
