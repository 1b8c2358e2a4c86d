import Foundation
@testable import HawserCore
import XCTest

/// Every folder under Tests/Fixtures/modules (the projects `Tests/Modules/compare_bundlers.py`
/// runs in node beside esbuild) built by the `hawser` executable, in a temporary copy, and its
/// result compared byte for byte with the fixture's `expected-bundle.txt`:
///
/// - a build that succeeds: every script it emits from the user's sources (the entries, in the
///   manifest's order), as `hawser build` writes it, except that the inline source map's
///   base64 line is replaced by the map decoded (`render(map:)`): its sources, and its mappings
///   line by line, with the lines that are a copy of an original line shown as one range;
/// - a build that fails (the `error-*` cases): its exit status and output, the temporary folder's
///   path written `<fixture>`.
///
/// A `debian-<package>` case gets Debian's `/usr/share/nodejs/<package>` copied (links resolved)
/// into its `node_modules/`, as compare_bundlers.py does, and is skipped when that is absent; a
/// CommonJS module copied from there byte for byte is shown as one line naming it (the test
/// checks the bytes), since its text is Debian's, not the repository's.
///
/// `UPDATE_GOLDENS=1 swift test --skip-build --filter ModuleFixtureGoldenTests` rewrites them;
/// `HAWSER_FIXTURE=cycle` runs one case. A file named `expected-bundle*` that no case produces
/// fails.
final class ModuleFixtureGoldenTests: XCTestCase {
    static let root = Fixtures.root(.modules)
    static let goldenName = "expected-bundle.txt"
    static let debianNodeJS = URL(fileURLWithPath: "/usr/share/nodejs")

    func testEveryFixtureBundle() throws {
        let cases = try Fixtures.selected(.modules)
        if !Fixtures.isFiltered { XCTAssertGreaterThanOrEqual(cases.count, 10) }
        for name in cases {
            let folder = Self.root.appendingPathComponent(name)
            let golden = folder.appendingPathComponent(Self.goldenName)
            for stray in try FileManager.default.contentsOfDirectory(atPath: folder.path)
            where stray.hasPrefix("expected-bundle") && stray != Self.goldenName {
                XCTFail("Tests/Fixtures/modules/\(name)/\(stray) is a golden that no test produces; delete it")
            }
            guard let text = try Self.buildText(name) else {
                // A Debian package that is not installed: the case is skipped, its golden kept.
                print("ModuleFixtureGoldenTests: skipping \(name): \(Self.debianPackage(name) ?? "") is not installed in /usr/share/nodejs")
                continue
            }
            Golden.assert(text, matches: golden)
        }
    }

    /// The Debian package a `debian-<package>` case uses.
    static func debianPackage(_ name: String) -> String? {
        name.hasPrefix("debian-") ? String(name.dropFirst("debian-".count)) : nil
    }

    /// The golden text of one case, or nil when it needs a Debian package that is absent.
    static func buildText(_ name: String) throws -> String? {
        let fileManager = FileManager.default
        let work = fileManager.temporaryDirectory.appendingPathComponent("hawser-module-golden-\(UUID().uuidString)")
        defer { try? fileManager.removeItem(at: work) }
        let project = work.appendingPathComponent(name)
        try fileManager.createDirectory(at: work, withIntermediateDirectories: true)
        try fileManager.copyItem(at: root.appendingPathComponent(name), to: project)
        for leftover in ["out", ".build", goldenName] { try? fileManager.removeItem(at: project.appendingPathComponent(leftover)) }
        var copied: [String: [UInt8]] = [:]
        if let package = debianPackage(name) {
            let source = debianNodeJS.appendingPathComponent(package)
            guard fileManager.fileExists(atPath: source.appendingPathComponent("package.json").path) else { return nil }
            let target = project.appendingPathComponent("node_modules/\(package)")
            try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            // -L: Debian links some files to other packages; copy what they point to.
            let copy = try Subprocess.run("/bin/cp", ["-RL", source.resolvingSymlinksInPath().path, target.path])
            XCTAssertEqual(copy.status, 0, copy.stderr)
            if let enumerator = fileManager.enumerator(atPath: target.path) {
                while let path = enumerator.nextObject() as? String {
                    if let data = fileManager.contents(atPath: target.appendingPathComponent(path).path) {
                        copied["node_modules/\(package)/\(path)"] = Array(data)
                    }
                }
            }
        }
        let result = try HawserBinary.run(["build", "--directory", project.path], in: project)
        func machineIndependent(_ text: String) -> String {
            text.replacingOccurrences(of: project.path, with: "<fixture>").replacingOccurrences(of: project.resolvingSymlinksInPath().path, with: "<fixture>")
        }
        guard result.status == 0 else {
            return "# `hawser build` of Tests/Fixtures/modules/\(name) fails (exit status \(result.status)).\n"
                + "==== standard output ====\n" + machineIndependent(result.stdout)
                + "==== standard error ====\n" + machineIndependent(result.stderr)
        }
        let config = try JSONSerialization.jsonObject(with: Data(contentsOf: project.appendingPathComponent("hawser.json"))) as? [String: Any]
        let output = project.appendingPathComponent(config?["output"] as? String ?? "output")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("manifest.json"))) as? [String: Any]
        let scripts = try XCTUnwrap(manifest?["scripts"] as? [[String: Any]], "\(name): manifest.json has no scripts")
        var text = "# `hawser build` of Tests/Fixtures/modules/\(name): each script emitted from the user's sources, as written,\n"
        text += "# its inline source map decoded after it (ModuleFixtureGoldenTests). UPDATE_GOLDENS=1 rewrites this file.\n"
        for script in scripts {
            guard let file = script["file"] as? String, let source = script["source"] as? String else { continue }
            let bytes = Array(try Data(contentsOf: output.appendingPathComponent(file)))
            text += "\n==== \(file) (from \(source)) ====\n"
            text += try render(script: String(decoding: bytes, as: UTF8.self), named: "\(name)/\(file)", copied: copied)
        }
        return text
    }

    static let mapPrefix = "//# sourceMappingURL=data:application/json;charset=utf-8;base64,"

    /// The script with its map line replaced by the decoded map, and the bodies copied from
    /// Debian's files elided.
    static func render(script: String, named name: String, copied: [String: [UInt8]]) throws -> String {
        var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let mapIndex = lines.lastIndex(where: { $0.hasPrefix(mapPrefix) }),
              let data = Data(base64Encoded: String(lines[mapIndex].dropFirst(mapPrefix.count))),
              let map = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            XCTFail("\(name): no inline source map")
            return script
        }
        let sources = map["sources"] as? [String] ?? []
        let contents = map["sourcesContent"] as? [String?] ?? []
        let decoded = try decode(mappings: map["mappings"] as? String ?? "")
        lines[mapIndex] = mapPrefix + "… (decoded below)"
        // The 1-based generated lines of each elided copy: (first, last, path).
        var elided: [(first: Int, last: Int, path: String)] = []
        for (path, bytes) in copied.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".js") || path.hasSuffix(".cjs") {
            guard let header = lines.firstIndex(where: { $0.hasPrefix("__hawser_modules.define(") && $0.hasSuffix("\"cjs\", function (module, exports, require) { // \(path)") })
            else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            let count = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            let body = lines[(header + 1)..<min(lines.count, header + 1 + count)].joined(separator: "\n") + (text.hasSuffix("\n") ? "\n" : "")
            XCTAssertEqual(body, text, "\(name): the module \(path) is not its file byte for byte")
            if body == text { elided.append((header + 2, header + 1 + count, path)) }
        }
        var out = ""
        var line = 1
        while line <= lines.count {
            if let copy = elided.first(where: { $0.first == line }) {
                out += "… the \(copy.last - copy.first + 1) lines of \(copy.path), Debian's file byte for byte (checked, not shown) …\n"
                line = copy.last + 1
                continue
            }
            out += lines[line - 1] + (line < lines.count ? "\n" : "")
            line += 1
        }
        out += "==== \(name): source map ====\n"
        out += "file: \(map["file"] as? String ?? "(none)")\n"
        for (index, source) in sources.enumerated() {
            let content = index < contents.count ? contents[index] : nil
            out += "source \(index): \(source) (sourcesContent: \(content.map { "\($0.utf8.count) bytes" } ?? "none"))\n"
        }
        out += "mappings, by generated line (lines 1-based, columns 0-based UTF-16): `S:L at c→o` maps column c to line L of S,\n"
        out += "column o; `c1…c2→o1…o2` is a run of segments (c1 to c2, o1 to o2, as far apart) of one line's copied text;\n"
        out += "`copy of S:A–B` is a run of lines that are lines A to B of S, each mapped column for column:\n"
        let originals = contents.map { content in (content ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        out += renderMappings(decoded, sources: sources, generated: script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), originals: originals)
        return out
    }

    struct Segment: Equatable {
        var column: Int
        var source: Int?
        var line = 0
        var originalColumn = 0
        var name: Int?
    }

    /// Decodes a version 3 `mappings` string: one array of segments per generated line.
    static func decode(mappings: String) throws -> [[Segment]] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var digit: [UInt8: Int] = [:]
        for (index, byte) in alphabet.enumerated() { digit[byte] = index }
        var result: [[Segment]] = []
        var source = 0, line = 0, column = 0, name = 0
        for text in mappings.split(separator: ";", omittingEmptySubsequences: false) {
            var segments: [Segment] = []
            var generated = 0
            for piece in text.split(separator: ",") {
                var values: [Int] = []
                var value = 0, shift = 0
                for byte in piece.utf8 {
                    guard let bits = digit[byte] else { throw Malformed(description: "mappings: '\(piece)' is not Base64 VLQ") }
                    value += (bits & 31) << shift
                    if bits & 32 != 0 { shift += 5; continue }
                    values.append(value & 1 == 1 ? -(value >> 1) : value >> 1)
                    value = 0
                    shift = 0
                }
                guard [1, 4, 5].contains(values.count) else { throw Malformed(description: "mappings: segment '\(piece)' has \(values.count) fields") }
                generated += values[0]
                var segment = Segment(column: generated)
                if values.count >= 4 {
                    source += values[1]; line += values[2]; column += values[3]
                    segment.source = source; segment.line = line; segment.originalColumn = column
                }
                if values.count == 5 { name += values[4]; segment.name = name }
                segments.append(segment)
            }
            result.append(segments)
        }
        return result
    }

    struct Malformed: Error, CustomStringConvertible { var description: String }

    /// One line per generated line that has mappings, runs of copied lines as one line.
    /// `generated`: the script's lines; `originals`: each source's lines.
    static func renderMappings(_ lines: [[Segment]], sources: [String], generated: [String], originals: [[String]]) -> String {
        func sourceName(_ index: Int?) -> String { index.flatMap { $0 < sources.count ? sources[$0] : nil } ?? "?" }
        // A line that copies one original line: the same text, and every segment of that source
        // and line, at the original's column.
        func copiedLine(_ index: Int) -> (source: Int, line: Int)? {
            let segments = lines[index]
            guard let first = segments.first, let source = first.source, first.column == 0, index < generated.count,
                  source < originals.count, first.line < originals[source].count, generated[index] == originals[source][first.line]
            else { return nil }
            for segment in segments where segment.source != source || segment.line != first.line || segment.column != segment.originalColumn || segment.name != nil {
                return nil
            }
            return (source, first.line)
        }
        // Segments in runs: consecutive ones of one source and line, each as far from the
        // previous in the original as in the generated text (copied text between edits), are
        // written `first…last→first…last`; one source and line for the whole generated line is
        // named once, before the columns.
        func describe(_ segments: [Segment]) -> String {
            var runs: [[Segment]] = []
            for segment in segments {
                if let last = runs.last?.last, last.source != nil, segment.source == last.source, segment.line == last.line, segment.name == nil, last.name == nil,
                   segment.column - last.column == segment.originalColumn - last.originalColumn {
                    runs[runs.count - 1].append(segment)
                } else {
                    runs.append([segment])
                }
            }
            let places = Set(segments.map { "\($0.source.map(String.init) ?? "-"):\($0.line)" })
            let oneSource = places.count == 1 && segments[0].source != nil
            func place(_ segment: Segment) -> String {
                guard segment.source != nil else { return "" }
                return oneSource ? "\(segment.originalColumn)" : "\(sourceName(segment.source)):\(segment.line + 1):\(segment.originalColumn)"
            }
            let text = runs.map { run -> String in
                let first = run[0], last = run[run.count - 1]
                guard first.source != nil else { return run.map { "\($0.column)" }.joined(separator: " ") }
                let name = first.name.map { " (name \($0))" } ?? ""
                if run.count == 1 { return "\(first.column)→\(place(first))\(name)" }
                return "\(first.column)…\(last.column)→\(place(first))…\(last.originalColumn)"
            }.joined(separator: ", ")
            return oneSource ? "\(sourceName(segments[0].source)):\(segments[0].line + 1) at " + text : text
        }
        var out = ""
        var index = 0
        while index < lines.count {
            if let copy = copiedLine(index) {
                var end = index
                while end + 1 < lines.count, let next = copiedLine(end + 1), next.source == copy.source, next.line == copy.line + (end + 1 - index) { end += 1 }
                let range = index == end ? "\(index + 1)" : "\(index + 1)–\(end + 1)"
                let original = index == end ? "\(copy.line + 1)" : "\(copy.line + 1)–\(copy.line + 1 + end - index)"
                out += "\(range): copy of \(sourceName(copy.source)):\(original)\n"
                index = end + 1
                continue
            }
            if !lines[index].isEmpty {
                out += "\(index + 1): " + describe(lines[index]) + "\n"
            }
            index += 1
        }
        return out
    }
}
