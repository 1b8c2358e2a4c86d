import Foundation
import XCTest
@testable import HawserCore

final class SwiftStringLiteralTests: XCTestCase {
    // MARK: - Shapes

    func testSingleLineShapes() {
        XCTAssertEqual(SwiftStringLiteral.make(""), #""""#)
        XCTAssertEqual(SwiftStringLiteral.make("document.title"), #""document.title""#)
        XCTAssertEqual(SwiftStringLiteral.make("a#b 😀 e\u{301}"), "\"a#b 😀 e\u{301}\"")
        XCTAssertEqual(SwiftStringLiteral.make("tab\there\0\u{1}\u{7F}"), #""tab\there\0\u{1}\u{7F}""#)
        XCTAssertEqual(SwiftStringLiteral.make("\u{FEFF}x\u{2028}\u{A0}"), #""\u{FEFF}x\u{2028}\u{A0}""#)
        // Quotes and backslashes make it raw, written as they are.
        XCTAssertEqual(SwiftStringLiteral.make(#"a["x"] = "\n" + \(y)"#), ##"#"a["x"] = "\n" + \(y)"#"##)
        // One `#` more than the longest run after a quote or a backslash.
        XCTAssertEqual(SwiftStringLiteral.make(##"say "#hi" \#(x) ###"##), ###"##"say "#hi" \#(x) ###"##"###)
        XCTAssertEqual(SwiftStringLiteral.make(###""##"###), ####"###""##"###"####)
        // Escapes in a raw literal carry its `#`s.
        XCTAssertEqual(SwiftStringLiteral.make("\"\t\0\u{2029}"), ##"#""\#t\#0\#u{2029}"#"##)
        // A leading `""` is escaped so the literal does not open with `#"""`.
        XCTAssertEqual(SwiftStringLiteral.make("\"\""), ##"#"\#"""#"##)
        XCTAssertEqual(SwiftStringLiteral.make("\"\"x"), ##"#"\#""x"#"##)
        XCTAssertEqual(SwiftStringLiteral.make("\""), ##"#"\#""#"##)
        XCTAssertEqual(SwiftStringLiteral.make("\"x"), ##"#""x"#"##)
        // The indentation only matters to multi-line literals.
        XCTAssertEqual(SwiftStringLiteral.make("x", indent: "    "), #""x""#)
    }

    func testMultiLineScript() {
        let script = "(function () {\n  let s = \"\\(x)\" + '\\n';\n  if (a) {\n\n    b();\n  }\n})();\n"
        XCTAssertEqual(SwiftStringLiteral.make(script, indent: "    "), ##"""
            #"""
                (function () {
                  let s = "\(x)" + '\n';
                  if (a) {

                    b();
                  }
                })();

                """#
            """##)
        // Without the 1-argument form's indentation, and without a final line break.
        XCTAssertEqual(SwiftStringLiteral.make("a\nb"), "#\"\"\"\na\nb\n\"\"\"#")
        XCTAssertEqual(SwiftStringLiteral.make("\n"), "#\"\"\"\n\n\n\"\"\"#")
        XCTAssertEqual(SwiftStringLiteral.make("\n", indent: "  "), "#\"\"\"\n\n\n  \"\"\"#")
    }

    func testMultiLineEscapes() {
        // CRLF, lone CR (escape plus line continuation), trailing space and tab, U+2028, a
        // `"""#` that needs two `#`s, a line ending in a backslash, a tab inside a line.
        let value = "a \r\nb\rc\t\n\u{2028}\"\"\"#\nx\\\n\ty\tz  \n\r\n\u{0}"
        XCTAssertEqual(SwiftStringLiteral.make(value, indent: "\t"), """
            ##\"""
            \ta \\##r
            \tb\\##r\\##
            \tc\\##t
            \t\\##u{2028}\"""#
            \tx\\
            \t\ty\tz \\##u{20}
            \t\\##r
            \t\\##0
            \t\"""##
            """)
        XCTAssertEqual(SwiftStringLiteral.make("\u{FEFF}😀e\u{301}\n", indent: "  "), "#\"\"\"\n  \\#u{FEFF}😀e\u{301}\n\n  \"\"\"#")
        // Combining marks that would combine with the indentation, a quote or an escape.
        XCTAssertEqual(SwiftStringLiteral.make("\u{301}x\n\u{301}\r\u{301}", indent: "  "), "#\"\"\"\n  \\#u{301}x\n  \\#u{301}\\#r\\#\n  \\#u{301}\n  \"\"\"#")
        XCTAssertEqual(SwiftStringLiteral.make("\u{301}"), #""\u{301}""#)
        XCTAssertEqual(SwiftStringLiteral.make(" \u{301}\t\u{301}"), "\" \u{301}\\t\\u{301}\"")
        // A line of blanks keeps all but its last blank as they are.
        XCTAssertEqual(SwiftStringLiteral.make("  \n\t"), "#\"\"\"\n \\#u{20}\n\\#t\n\"\"\"#")
    }

    // MARK: - Round trip through swiftc

    /// Thousands of random nasty strings plus the real scripts, compiled into one program in
    /// Swift 6 and Swift 5 modes with warnings as errors; the program prints every value's
    /// UTF-8 bytes, which must be the input's.
    func testRoundTripThroughCompiler() throws {
        guard let swiftc = Golden.which("swiftc") else { throw XCTSkip("swiftc is not on PATH") }

        var values: [String] = []
        var random = SplitMix64(seed: 0x4841_5753_4552_2101)
        for _ in 0 ..< 3000 { values.append(Self.randomValue(&random)) }
        let corpus = try Self.corpusScripts()
        XCTAssertGreaterThanOrEqual(corpus.count, 9, "the output/*.js corpus is missing")
        values += corpus
        values += ["", "\n", "\r", "\r\n", "\"", "\"\"", "\"\"\"", "\\", "#", "\u{0}", " ", "\t", "\n\n", "\u{301}", "\"#\n", "x\\"]

        let indents = ["", "    ", "\t", "  \t "]
        var program = "import Foundation\n\nlet values: [String] = [\n"
        for (index, value) in values.enumerated() {
            let indent = indents[index % indents.count]
            let literal = SwiftStringLiteral.make(value, indent: indent)
            Self.assertTidy(literal, indent: indent, value: value)
            program += "    " + literal + ",\n"
        }
        program += """
            ]

            var output: [UInt8] = []
            for value in values {
                let bytes = Array(value.utf8)
                let count = UInt32(bytes.count)
                for shift in [0, 8, 16, 24] as [UInt32] { output.append(UInt8(truncatingIfNeeded: count >> shift)) }
                output += bytes
            }
            FileHandle.standardOutput.write(Data(output))

            """

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hawser-literal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("main.swift")
        try Data(program.utf8).write(to: source)

        // Both language modes, compiled side by side.
        let modes = ["6", "5"]
        let compilations = try modes.map { mode in
            try Run(swiftc, ["-swift-version", mode, "-warnings-as-errors", source.path, "-o", folder.appendingPathComponent("values\(mode)").path], in: folder)
        }
        for (mode, compilation) in zip(modes, compilations) {
            let result = try compilation.wait()
            guard result.status == 0 else {
                XCTFail("swiftc -swift-version \(mode) failed:\n\(String(decoding: result.stderr.prefix(4000), as: UTF8.self))")
                continue
            }
            let run = try Run(folder.appendingPathComponent("values\(mode)").path, [], in: folder).wait()
            XCTAssertEqual(run.status, 0, "the Swift \(mode) program failed")
            let decoded = Self.decode(run.stdout)
            XCTAssertEqual(decoded.count, values.count, "Swift \(mode): value count")
            var mismatches = 0
            for (index, value) in values.enumerated() where index < decoded.count && decoded[index] != Array(value.utf8) {
                mismatches += 1
                if mismatches <= 5 {
                    XCTFail("Swift \(mode): value \(index) differs\nvalue: \(value.debugDescription)\nliteral:\n\(SwiftStringLiteral.make(value, indent: indents[index % indents.count]))\ngot: \(String(decoding: decoded[index], as: UTF8.self).debugDescription)")
                }
            }
            XCTAssertEqual(mismatches, 0, "Swift \(mode): values that did not round-trip")
        }
    }

    // MARK: - Helpers

    /// The generated source has LF line endings only, no trailing blanks, no control or
    /// separator characters other than tabs inside lines, and every non-empty line after the
    /// opening delimiter starts with the indentation.
    private static func assertTidy(_ literal: String, indent: String, value: String, file: StaticString = #filePath, line: UInt = #line) {
        let lines = literal.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, text) in lines.enumerated() {
            if let last = text.unicodeScalars.last, last == " " || last == "\t" {
                XCTFail("trailing blank in the literal for \(value.debugDescription)", file: file, line: line)
            }
            for scalar in text.unicodeScalars where scalar != "\t" && scalar != " " {
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator:
                    XCTFail("U+\(String(scalar.value, radix: 16)) written as it is in the literal for \(value.debugDescription)", file: file, line: line)
                default: break
                }
            }
            if number > 0, !text.isEmpty, !text.unicodeScalars.starts(with: indent.unicodeScalars) {
                XCTFail("unindented line in the literal for \(value.debugDescription)", file: file, line: line)
            }
        }
    }

    private static func decode(_ data: Data) -> [[UInt8]] {
        let bytes = [UInt8](data)
        var values: [[UInt8]] = []
        var index = 0
        while index + 4 <= bytes.count {
            let count = Int(bytes[index]) | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2]) << 16 | Int(bytes[index + 3]) << 24
            index += 4
            guard index + count <= bytes.count else { break }
            values.append(Array(bytes[index ..< index + count]))
            index += count
        }
        return values
    }

    /// The emitted scripts of the repository (output/*.js and the fixtures' golden output).
    private static func corpusScripts() throws -> [String] {
        var scripts: [String] = []
        let manager = FileManager.default
        let output = Golden.packageRoot.appendingPathComponent("output")
        for name in try manager.contentsOfDirectory(atPath: output.path).sorted() where name.hasSuffix(".js") {
            scripts.append(try script(at: output.appendingPathComponent(name)))
        }
        if let enumerator = manager.enumerator(atPath: Golden.fixtures.path) {
            var paths: [String] = []
            while let path = enumerator.nextObject() as? String {
                if path.hasSuffix(".js") { paths.append(path) }
            }
            for path in paths.sorted() { scripts.append(try script(at: Golden.fixtures.appendingPathComponent(path))) }
        }
        return scripts
    }

    private static func script(at url: URL) throws -> String {
        let data = try Data(contentsOf: url)
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertEqual(Array(text.utf8), [UInt8](data), "\(url.path) is not UTF-8")
        return text
    }

    private static let palette: [String] = [
        "\"", "\"\"\"", "\"#", "\"\"\"##", "#", "##", "\\", "\\(", "\\#(", "\\##(x)", "\\#", "\\u{41}", "\\n",
        "\n", "\n", "\n", "\r\n", "\r", "\u{2028}", "\u{2029}", "\0", "\u{1}", "\u{1B}", "\u{7F}", "\u{85}",
        "\t", " ", "  ", " \t", "😀", "👨‍👩‍👧", "e\u{301}", "\u{301}", "\u{FEFF}", "\u{200B}", "\u{202E}", "\u{A0}",
        "\u{3000}", "\u{FFFD}", "\u{10FFFF}", "é", "中文",
        "let", "x", "function f() {", "}", "return a;", "// comment", "/* block */", "'single'", "`tpl ${x}`",
        "/re\\/gex/g", "    ", "\"\"", "\\\\",
    ]

    private static func randomValue(_ random: inout SplitMix64) -> String {
        var value = ""
        let pieces = Int(random.next(below: 14))
        for _ in 0 ..< pieces {
            switch random.next(below: 20) {
            case 0:
                // A long line of words.
                let words = ["var", "item", "=", "document", ".querySelector(", "'a[href]'", ");", "&&", "||"]
                for _ in 0 ..< 20 + Int(random.next(below: 60)) {
                    value += words[Int(random.next(below: UInt64(words.count)))] + " "
                }
            case 1:
                // A run of `#`s after a quote or a backslash.
                value += (random.next(below: 2) == 0 ? "\"" : "\\") + String(repeating: "#", count: Int(random.next(below: 6)))
            default:
                value += palette[Int(random.next(below: UInt64(palette.count)))]
            }
        }
        return value
    }
}

/// A deterministic generator (SplitMix64), so every run tests the same values.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0 ..< bound` (the modulo bias does not matter here).
    mutating func next(below bound: UInt64) -> UInt64 { next() % bound }
}

/// A child process whose standard output and error go to files, so the bytes come back
/// exactly and neither can fill a pipe.
private final class Run {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: Data
    }

    private let process = Process()
    private let outURL: URL
    private let errURL: URL

    init(_ executable: String, _ arguments: [String], in directory: URL) throws {
        let stem = directory.appendingPathComponent("run-\(UUID().uuidString)")
        outURL = stem.appendingPathExtension("out")
        errURL = stem.appendingPathExtension("err")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
    }

    func wait() throws -> Result {
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: try Data(contentsOf: outURL), stderr: try Data(contentsOf: errURL))
    }
}
