import Foundation
import HawserCore

/// `hawser strip FILE`: prints the JavaScript `hawser build` makes of one TypeScript file, types
/// replaced by spaces, so an engineer can see what is injected and compare it with `tsc`.
enum StripCommand: Subcommand {
    static let name = CommandName.strip
    static let abstract = "Print the JavaScript that hawser build makes of a TypeScript file (types stripped to spaces)."
    static let discussion = """
        FILE is a .ts, .mts, .cts or .tsx file. Every token keeps its line and (UTF-16) column,
        and no line ends in blanks; only an enum, a constructor's parameter properties,
        `import x = require(…)` and `export =` are compiled, and an assertion whose erasure would
        regroup its expression gets tsc's parentheses. Syntax Hawser refuses is reported on
        standard error, and nothing is printed.

        """
    static let exitStatus = "0 printed; 1 the file has errors; 2 usage or I/O problem."

    struct Options {
        var file: String
        var output: String?
    }

    static func options(from arguments: ParsedArguments) throws -> Options {
        guard arguments.files.count == 1, let file = arguments.files.first else {
            throw UsageError(message: arguments.files.isEmpty ? "missing FILE" : "one FILE at a time", help: .strip)
        }
        return Options(file: file, output: arguments.value(Option.strippedFile))
    }

    static func execute(_ options: Options, io: StandardStreams) throws -> ExitStatus {
        guard SourceFile.isTypeScript(options.file) else {
            throw UsageError(message: "'\(options.file)' is not a TypeScript file (.ts, .mts, .cts, .tsx; not .d.ts)", help: .strip)
        }
        let bytes: [UInt8]
        switch FileSystem.read(options.file) {
        case .success(let read): bytes = read
        case .failure(let failure): throw UsageError(message: "cannot read '\(options.file)': \(failure.reason)")
        }
        let (javascript, diagnostics) = Pipeline.stripTypeScript(SourceFile(path: options.file, bytes: bytes))
        if !diagnostics.isEmpty { io.err(Pipeline.textLines(diagnostics)) }
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return .findings }
        if let output = options.output {
            guard FileManager.default.createFile(atPath: output, contents: Data(javascript)) else {
                throw UsageError(message: "cannot write '\(output)'")
            }
        } else {
            io.out(String(decoding: javascript, as: UTF8.self))
        }
        return .success
    }
}
