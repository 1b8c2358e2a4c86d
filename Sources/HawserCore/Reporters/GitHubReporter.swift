/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`. The path
/// and the message are `PrintableText` first, so no raw control character reaches the log.
enum GitHubReporter {
    static func render(_ report: Report) -> String {
        report.diagnostics.map { diagnostic in
            let command: String
            switch diagnostic.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            let location = diagnostic.location
            let properties = "file=\(escapeProperty(PrintableText.escape(location.file))),line=\(location.line),col=\(location.column),title=\(escapeProperty("hawser " + diagnostic.code.rawValue))"
            return "::\(command) \(properties)::\(escapeData(PrintableText.escape(diagnostic.message) + " [" + diagnostic.code.rawValue + "]"))\n"
        }.joined()
    }

    static func escapeData(_ value: String) -> String {
        value.replacingAll(["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    static func escapeProperty(_ value: String) -> String {
        value.replacingAll(["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }
}

extension String {
    /// Replaces each scalar that is a key of `table` by its value, in one pass. Works on
    /// scalars, not characters, so that the CR of a CRLF pair is replaced too.
    func replacingAll(_ table: [Unicode.Scalar: String]) -> String {
        var out = ""
        for scalar in unicodeScalars {
            if let replacement = table[scalar] { out += replacement } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
