import HawserCore

/// The options every command that reads a project shares: `--config`, `--scripts`, `--swift`.
struct CommonOptions {
    var config: String?
    var scripts: [String] = []
    var swift: [String] = []

    /// Consumes `flag` if it is a common option. Returns whether it was.
    mutating func consume(_ flag: String, inline: String?, from scanner: inout ArgumentScanner) throws -> Bool {
        switch flag {
        case "--config": config = try scanner.value(for: flag, inline: inline)
        case "--scripts": scripts.append(try scanner.value(for: flag, inline: inline))
        case "--swift": swift.append(try scanner.value(for: flag, inline: inline))
        default: return false
        }
        return true
    }

    /// Reads a command's arguments: the common options, `-h`/`--help` (then it returns false),
    /// and the command's own options through `own`, which returns whether it knew the flag.
    /// Anything else is a usage error.
    mutating func parse(
        _ arguments: [String], own: (_ flag: String, _ inline: String?, _ scanner: inout ArgumentScanner) throws -> Bool
    ) throws -> Bool {
        var scanner = ArgumentScanner(arguments)
        while let (flag, inline) = scanner.next() {
            if try consume(flag, inline: inline, from: &scanner) { continue }
            if flag == "-h" || flag == "--help" { return false }
            guard try own(flag, inline, &scanner) else {
                throw UsageError(message: Self.unknownArgumentMessage(flag), showUsage: true)
            }
        }
        return true
    }

    /// A flag without a value: true, or a usage error for `--flag=value`.
    static func flag(_ flag: String, _ inline: String?) throws -> Bool {
        try rejectValue(flag, inline)
        return true
    }

    static func format(_ value: String) throws -> ReportFormat {
        guard let format = ReportFormat(rawValue: value) else {
            throw UsageError(message: "unknown format '\(value)' for '--format' (expected text, json, sarif or github)", showUsage: true)
        }
        return format
    }

    static func rejectValue(_ flag: String, _ inline: String?) throws {
        if inline != nil { throw UsageError(message: "'\(flag)' takes no value", showUsage: true) }
    }

    static func unknownArgumentMessage(_ argument: String) -> String {
        argument.hasPrefix("-") ? "unknown option '\(argument)'" : "unexpected argument '\(argument)'"
    }
}
