/// `path:line:column: error: message [code]`, the form swiftc prints and Xcode parses.
enum TextReporter {
    static func render(_ report: Report) -> String {
        report.diagnostics.map(line).joined()
    }

    static func line(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code.rawValue)]\n"
    }
}
