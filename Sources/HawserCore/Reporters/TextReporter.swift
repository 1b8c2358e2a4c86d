/// `path:line:column: error: message [code]`, the form swiftc prints and Xcode parses. The path
/// and the message are `PrintableText`: a control character or a bidirectional override quoted
/// from an input is printed as an escape, never raw.
enum TextReporter {
    static func render(_ report: Report) -> String {
        report.diagnostics.map(line).joined()
    }

    static func line(_ diagnostic: Diagnostic) -> String {
        "\(PrintableText.escape(diagnostic.location.description)): \(diagnostic.severity.rawValue): \(PrintableText.escape(diagnostic.message)) [\(diagnostic.code.rawValue)]\n"
    }
}
