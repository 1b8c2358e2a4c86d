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

    /// Compares a set of files with a golden folder: same names, same bytes. Updating rewrites
    /// the folder, removing files no longer produced. An empty set expects no folder.
    static func assertFolder(_ files: [String: [UInt8]], matches folder: URL, file: StaticString = #filePath, line: UInt = #line) throws {
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
            XCTFail("\(relative(folder))/\(path) is a golden that the build no longer produces", file: file, line: line)
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
