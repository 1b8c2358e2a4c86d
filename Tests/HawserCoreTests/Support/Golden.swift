import Foundation
import XCTest

/// Golden-file comparison. `UPDATE_GOLDENS=1 make test` rewrites the goldens instead of
/// comparing; a mismatch fails with a unified diff of expected against actual.
enum Golden {
    static var isUpdating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" }

    /// The package's root folder.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures")

    /// Compares `actual` with the golden file at `url`, or writes it when updating.
    static func assert(_ actual: String, matches url: URL, file: StaticString = #filePath, line: UInt = #line) {
        if isUpdating {
            let existing = try? String(contentsOf: url, encoding: .utf8)
            if existing != actual {
                try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                XCTAssertNoThrow(try Data(actual.utf8).write(to: url), file: file, line: line)
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            XCTFail("missing golden \(relative(url)); run UPDATE_GOLDENS=1 make test", file: file, line: line)
            return
        }
        if expected != actual {
            XCTFail("\(relative(url)) differs (UPDATE_GOLDENS=1 make test rewrites it):\n\(diff(expected: expected, actual: actual, name: relative(url)))", file: file, line: line)
        }
    }

    /// Compares the outputs a build fixture lists in its `goldens` file with its golden folder.
    ///
    /// The listing holds one output path per line; `*` (any run of characters, `/` included) and
    /// `?` are wildcards, so a line `*` lists every output. Blank lines and lines starting with
    /// `#` are ignored. A line that matches no output of the build fails, updating or not. A
    /// golden in the folder that the listing does not select fails (updating deletes it). A build
    /// that produces files needs a listing; without one, the fixture expects no golden folder.
    static func assertListedOutputs(_ files: [String: [UInt8]], listedIn listing: URL, matches folder: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        var listed: [String: [UInt8]] = [:]
        if let text = try? String(contentsOf: listing, encoding: .utf8) {
            for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let pattern = raw.trimmingCharacters(in: .whitespaces)
                if pattern.isEmpty || pattern.hasPrefix("#") { continue }
                let matches = files.keys.filter { Fixtures.glob(pattern, matches: $0) }
                if matches.isEmpty {
                    let produced = files.isEmpty ? "it produces no files" : "it produces \(files.keys.sorted().joined(separator: ", "))"
                    XCTFail("\(relative(listing)):\(index + 1): '\(pattern)' is listed, but the build produces no such output (\(produced))", file: file, line: line)
                }
                for path in matches { listed[path] = files[path] }
            }
        } else if !files.isEmpty {
            XCTFail("\(relative(listing)) is missing: list the outputs this fixture is about, one per line (`*` for all of them); the build produces \(files.keys.sorted().joined(separator: ", "))", file: file, line: line)
            return
        }
        try assertFolder(listed, matches: folder, produced: Set(files.keys), listing: listing, file: file, line: line)
    }

    /// Compares a set of files with a golden folder: same names, same bytes. Updating rewrites
    /// the folder, removing files no longer expected. An empty set expects no folder. `produced`
    /// and `listing` only word the failure for a golden that `files` does not hold: one the build
    /// still produces but the listing does not select, or one it no longer produces.
    static func assertFolder(_ files: [String: [UInt8]], matches folder: URL, produced: Set<String>? = nil, listing: URL? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let fileManager = FileManager.default
        var existing: [String] = []
        if let enumerator = fileManager.enumerator(atPath: folder.path) {
            while let path = enumerator.nextObject() as? String {
                var isDirectory: ObjCBool = false
                if fileManager.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    existing.append(path)
                }
            }
        }
        if isUpdating {
            if files.isEmpty {
                try? fileManager.removeItem(at: folder)
                return
            }
            for path in existing where files[path] == nil {
                try fileManager.removeItem(at: folder.appendingPathComponent(path))
                // Folders that held only leftovers go too.
                var parent = (path as NSString).deletingLastPathComponent
                while !parent.isEmpty, let left = try? fileManager.contentsOfDirectory(atPath: folder.appendingPathComponent(parent).path), left.isEmpty {
                    try fileManager.removeItem(at: folder.appendingPathComponent(parent))
                    parent = (parent as NSString).deletingLastPathComponent
                }
            }
            for (path, bytes) in files {
                let url = folder.appendingPathComponent(path)
                if (try? Data(contentsOf: url)) != Data(bytes) {
                    try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(bytes).write(to: url)
                }
            }
            return
        }
        for path in Set(existing).subtracting(files.keys).sorted() {
            if let produced, produced.contains(path), let listing {
                XCTFail("\(relative(folder))/\(path) is a golden that \(relative(listing)) does not list; list it, or delete it (UPDATE_GOLDENS=1 make test does)", file: file, line: line)
            } else if produced != nil {
                XCTFail("\(relative(folder))/\(path) is a golden that the build does not produce; delete it (UPDATE_GOLDENS=1 make test does)", file: file, line: line)
            } else {
                XCTFail("\(relative(folder))/\(path) is a golden that no test produces; delete it (UPDATE_GOLDENS=1 make test does)", file: file, line: line)
            }
        }
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(path)
            guard let expected = try? Data(contentsOf: url) else {
                XCTFail("missing golden \(relative(url)); run UPDATE_GOLDENS=1 make test", file: file, line: line)
                continue
            }
            if expected != Data(bytes) {
                XCTFail("\(relative(url)) differs (UPDATE_GOLDENS=1 make test rewrites it):\n\(diff(expected: String(decoding: expected, as: UTF8.self), actual: String(decoding: bytes, as: UTF8.self), name: relative(url)))", file: file, line: line)
            }
        }
    }

    /// The full path of an executable on PATH.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static func relative(_ url: URL) -> String {
        let root = packageRoot.path + "/"
        return url.path.hasPrefix(root) ? String(url.path.dropFirst(root.count)) : url.path
    }

    /// A unified diff from `git diff --no-index`, or both texts when git is unavailable.
    static func diff(expected: String, actual: String, name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hawser-golden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let expectedURL = folder.appendingPathComponent("expected")
        let actualURL = folder.appendingPathComponent("actual")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(expected.utf8).write(to: expectedURL)
            try Data(actual.utf8).write(to: actualURL)
            let result = try Subprocess.run("/usr/bin/env", ["git", "diff", "--no-index", "--no-color", "--", expectedURL.path, actualURL.path])
            if !result.stdout.isEmpty { return result.stdout }
        } catch {}
        return "--- expected\n\(expected)\n+++ actual\n\(actual)"
    }
}

/// Runs a program and captures its output.
enum Subprocess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes concurrently so neither fills up and blocks the child.
        let errData = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData.data, as: UTF8.self))
    }
}

/// Holds the bytes read on another queue; `DispatchGroup.wait` orders the accesses.
private final class DataBox: @unchecked Sendable {
    var data = Data()
}
