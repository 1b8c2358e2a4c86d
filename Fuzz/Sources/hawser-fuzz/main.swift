import CFuzzer
#if canImport(Glibc)
import Glibc
#endif
@testable import HawserCore

// One program, one fuzz target per front end or reader: `hawser-fuzz TARGET [libFuzzer options]
// [corpus folders]`. Every target checks invariants, not only that nothing crashes:
// - each diagnostic is at a 1-based line and column inside its file (the column may be one past
//   the line's last byte, where an end-of-input error sits);
// - the same input gives the same output twice;
// - the lexers' tokens cover the input exactly: in order, without overlap, each token's text is
//   its bytes and its line and column are where its first byte is, and only whitespace is
//   between tokens.
// A broken invariant is reported and aborts, so libFuzzer saves the input as a crash.

/// Stops the run with what broke: libFuzzer catches the abort and writes the input out.
func fail(_ message: String) -> Never {
    FileHandleWriter.standardError("hawser-fuzz: invariant broken: \(message)\n")
    abort()
}

enum FileHandleWriter {
    static func standardError(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}

/// The length in bytes of each line of `bytes` (CR, LF and CRLF end lines), as diagnostics count them.
func lineLengths(_ bytes: [UInt8]) -> [Int] {
    var lengths: [Int] = []
    var start = 0, i = 0
    while i < bytes.count {
        if bytes[i] == 0x0A || bytes[i] == 0x0D {
            lengths.append(i - start)
            if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
            start = i + 1
        }
        i += 1
    }
    lengths.append(bytes.count - start)
    return lengths
}

/// The bytes positions count in: a text file without its UTF-8 byte order mark, as the pipeline
/// reads it; a file that is not text as it is.
func positionBytes(_ bytes: [UInt8]) -> [UInt8] {
    if case .text(let text) = SourceText.check(bytes) { return text }
    return bytes
}

func checkPositions(_ diagnostics: [Diagnostic], files: [String: [UInt8]]) {
    for diagnostic in diagnostics {
        let location = diagnostic.location
        guard let bytes = files[location.file] else { fail("diagnostic in an unknown file: \(diagnostic)") }
        let lengths = lineLengths(positionBytes(bytes))
        guard location.line >= 1, location.line <= lengths.count else {
            fail("line \(location.line) outside 1...\(lengths.count): \(diagnostic)")
        }
        guard location.column >= 1, location.column <= lengths[location.line - 1] + 1 else {
            fail("column \(location.column) outside 1...\(lengths[location.line - 1] + 1) on line \(location.line): \(diagnostic)")
        }
    }
}

/// A whole run of the pipeline, rendered: the report in every format and every output file.
func rendered(_ input: ProjectInput) -> (text: String, diagnostics: [Diagnostic]) {
    let result = Pipeline.run(input)
    var text = ReportFormat.allCases.map { $0.render(result.report) }.joined(separator: "\u{0}")
    for path in result.files.keys.sorted() {
        text += "\u{0}" + path + "\u{0}" + String(decoding: result.files[path]!, as: UTF8.self)
    }
    for format in ReportFormat.allCases where format != .json && format != .sarif {
        let output = format.render(result.report)
        if output.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" }) {
            fail("a raw control character in the \(format) report")
        }
    }
    return (text, result.report.diagnostics)
}

func checkPipeline(_ input: ProjectInput) {
    let first = rendered(input)
    let second = rendered(input)
    guard first.text == second.text else { fail("two runs of the same input differ") }
    var files: [String: [UInt8]] = [:]
    for file in input.scripts + input.pages + input.swift + input.schemas { files[file.path] = file.bytes }
    checkPositions(first.diagnostics, files: files)
}

let registering = SourceFile(path: "App.swift", text: """
    func install(_ c: WKUserContentController, _ h: H) {
        c.add(h, name: "observer")
        c.addScriptMessageHandler(h, contentWorld: .page, name: "readFile")
    }

    """)

/// Checks a lexer's tokens against the input: `tokens` as (byte range, text, line, column).
func checkCoverage(_ bytes: [UInt8], _ tokens: [(range: Range<Int>, text: String, line: Int, column: Int)], lexer: String) {
    var offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var line = 1, lineStart = 0, scanned = 0
    func advance(to target: Int) {
        while scanned < target {
            let byte = bytes[scanned]
            scanned += 1
            if byte == 0x0A || (byte == 0x0D && !(scanned < bytes.count && bytes[scanned] == 0x0A)) {
                line += 1
                lineStart = scanned
            }
        }
    }
    let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0x00]
    /// Between tokens: whitespace, and in Objective-C a backslash that splices two lines.
    func checkGap(_ gap: Range<Int>, before: String) {
        for i in gap where !whitespace.contains(bytes[i]) {
            let splice = lexer == "objc" && bytes[i] == 0x5C && i + 1 < bytes.count && (bytes[i + 1] == 0x0A || bytes[i + 1] == 0x0D)
            if !splice { fail("\(lexer): byte \(bytes[i]) at \(i), before \(before), is in no token") }
        }
    }
    for token in tokens {
        guard token.range.lowerBound >= offset, token.range.upperBound <= bytes.count, !token.range.isEmpty || bytes.isEmpty else {
            fail("\(lexer): token \(token.range) out of order or out of bounds (at \(offset), \(bytes.count) bytes)")
        }
        checkGap(offset..<token.range.lowerBound, before: "\(token.range)")
        guard token.text == String(decoding: bytes[token.range], as: UTF8.self) else {
            fail("\(lexer): token text \(token.text.debugDescription) is not its bytes \(token.range)")
        }
        advance(to: token.range.lowerBound)
        guard token.line == line, token.column == token.range.lowerBound - lineStart + 1 else {
            fail("\(lexer): token at \(token.range) says \(token.line):\(token.column), is \(line):\(token.range.lowerBound - lineStart + 1)")
        }
        offset = token.range.upperBound
    }
    checkGap(offset..<bytes.count, before: "the end")
}

let targets: [String: ([UInt8]) -> Void] = [
    // A user script (metadata block included) with a Swift file that registers handlers.
    "javascript": { bytes in
        checkPipeline(ProjectInput(scripts: [SourceFile(path: "userscripts/fuzz.js", bytes: bytes)], swift: [registering]))
    },
    // Inline scripts and event attributes: each script's origin is inside the document and a
    // script copied without decoding is the document's bytes there; then the whole page.
    "html": { bytes in
        let scripts = HTMLScriptExtractor.scripts(in: bytes)
        guard scripts.map(\.bytes) == HTMLScriptExtractor.scripts(in: bytes).map(\.bytes) else { fail("two extractions differ") }
        let lengths = lineLengths(bytes)
        for script in scripts {
            let origin = script.origin
            guard origin.line >= 1, origin.line <= lengths.count, origin.column >= 1, origin.column <= lengths[origin.line - 1] + 1 else {
                fail("script origin \(origin.line):\(origin.column) outside the document")
            }
        }
        checkPipeline(ProjectInput(scripts: [], swift: [registering], pages: [SourceFile(path: "web/fuzz.html", bytes: bytes)]))
    },
    "swift-lexer": { bytes in
        let tokens = SwiftLexer.tokenize(bytes)
        guard tokens == SwiftLexer.tokenize(bytes) else { fail("two lexings differ") }
        checkCoverage(bytes, tokens.map { ($0.range, $0.text, $0.line, $0.column) }, lexer: "swift")
    },
    "objc-lexer": { bytes in
        let tokens = ObjCLexer.tokenize(bytes)
        guard tokens == ObjCLexer.tokenize(bytes) else { fail("two lexings differ") }
        checkCoverage(bytes, tokens.map { ($0.range, $0.text, $0.line, $0.column) }, lexer: "objc")
    },
    // The scanners, through the pipeline: registrations, dispatch names, embedded scripts.
    "swift-scan": { bytes in
        checkPipeline(ProjectInput(scripts: [SourceFile(path: "userscripts/uses.js", text: "webkit.messageHandlers.observer.postMessage({a: 1})\n")],
                                   swift: [SourceFile(path: "Sources/Fuzz.swift", bytes: bytes)]))
    },
    "objc-scan": { bytes in
        checkPipeline(ProjectInput(scripts: [SourceFile(path: "userscripts/uses.js", text: "webkit.messageHandlers.observer.postMessage({a: 1})\n")],
                                   swift: [SourceFile(path: "Sources/Fuzz.m", bytes: bytes)]))
    },
    // hawser.json: a config or one error, the same twice, a position inside the file.
    "config": { bytes in
        // Compared as values: a dictionary's printed order differs between two equal instances.
        func parse() -> Result<HawserConfig, ConfigError> {
            Result(catching: { () throws(ConfigError) in try HawserConfig.parse(bytes, file: "hawser.json") })
        }
        guard parse() == parse() else { fail("two parses differ") }
        switch parse() {
        case .success(let config):
            checkPipeline(ProjectInput(scripts: [SourceFile(path: "userscripts/a.js", text: "webkit.messageHandlers.observer.postMessage(1)\n")],
                                       swift: [registering], config: config))
        case .failure(let error):
            if let location = error.location {
                checkPositions([Diagnostic(.invalidMetadata, error.reason, at: location)], files: ["hawser.json": bytes])
            }
        }
    },
    // A schema file for a handler a script uses: the reader, then the whole pipeline.
    "schema": { bytes in
        if let json = try? JSON.parse(bytes) {
            func read() -> Result<PayloadType, SchemaError> {
                Result(catching: { () throws(SchemaError) in try JSONSchemaReader.read(json, path: "payload") })
            }
            guard read() == read() else { fail("two reads differ") }
        }
        checkPipeline(ProjectInput(
            scripts: [SourceFile(path: "userscripts/a.js", text: "webkit.messageHandlers.readFile.postMessage({path: \"a\", n: 1})\n")],
            swift: [registering], schemas: [SourceFile(path: "userscripts/schemas/readFile.json", bytes: bytes)]))
    },
]

var arguments = CommandLine.arguments
guard arguments.count >= 2, let chosen = targets[arguments[1]] else {
    FileHandleWriter.standardError("usage: hawser-fuzz TARGET [libFuzzer options] [corpus…]\ntargets: \(targets.keys.sorted().joined(separator: ", "))\n")
    exit(2)
}
nonisolated(unsafe) let target = chosen
arguments.remove(at: 1)
var argc = Int32(arguments.count)
var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
let status = cArguments.withUnsafeMutableBufferPointer { buffer -> Int32 in
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        target(bytes)
        return 0
    }
}
exit(status)
