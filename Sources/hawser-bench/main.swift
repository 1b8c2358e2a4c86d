// `hawser-bench parse [--repeat N] FILE...`: the yardstick of `make bench`. A tight loop over
// tree-sitter's C API with the same grammar Hawser uses: read every file once, then parse each
// (and free the tree) N times, with no analysis. Prints one JSON object:
// {"files": F, "bytes": B, "seconds": S} where B counts every parsed byte (file bytes × N).
// `hawser-bench check [--repeat N] FILE...`: the same loop through WebKit's own parser
// (JavaScriptCoreSyntax, as a classic script), which is what lint and build add per script;
// its JSON also counts the files JavaScriptCore refused ("refused": R).
import CTreeSitter
import JavaScriptCoreSyntax
import Dispatch
import Foundation
import TreeSitterJavaScript

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("hawser-bench: \(message)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first, mode == "parse" || mode == "check" else { fail("usage: hawser-bench parse|check [--repeat N] FILE...") }
arguments.removeFirst()
var repeats = 1
if arguments.first == "--repeat" {
    guard arguments.count >= 2, let count = Int(arguments[1]), count > 0 else { fail("--repeat needs a positive count") }
    repeats = count
    arguments.removeFirst(2)
}
// A single argument `@LIST` reads the file names from LIST, one a line.
if arguments.count == 1, arguments[0].hasPrefix("@") {
    guard let list = try? String(contentsOfFile: String(arguments[0].dropFirst()), encoding: .utf8) else {
        fail("cannot read file list \(arguments[0].dropFirst())")
    }
    arguments = list.split(separator: "\n").map(String.init)
}
let sources: [[UInt8]] = arguments.map { path in
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    return Array(data)
}

if mode == "check" {
    var checked = 0, refused = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<repeats {
        for source in sources {
            if JavaScriptCoreSyntax.check(source, goal: .script) != nil { refused += 1 }
            checked += source.count
        }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    print("{\"files\": \(sources.count), \"bytes\": \(checked), \"seconds\": \(seconds), \"refused\": \(refused)}")
    exit(0)
}

guard let parser = ts_parser_new() else { fail("ts_parser_new failed") }
guard ts_parser_set_language(parser, tree_sitter_javascript()) else { fail("the grammar's ABI does not load") }
var parsed = 0
let start = DispatchTime.now().uptimeNanoseconds
for _ in 0..<repeats {
    for source in sources {
        let tree = source.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                ts_parser_parse_string(parser, nil, $0, UInt32(buffer.count))
            }
        }
        guard let tree else { fail("tree-sitter returned no tree") }
        ts_tree_delete(tree)
        parsed += source.count
    }
}
let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
ts_parser_delete(parser)
print("{\"files\": \(sources.count), \"bytes\": \(parsed), \"seconds\": \(seconds)}")
