/// SARIF 2.1.0, for code-scanning services. Columns are converted to UTF-16 code units,
/// SARIF's default `columnKind`.
enum SARIFReporter {
    static func render(_ report: Report) -> String {
        let rules = DiagnosticCode.allCases
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        return JSON.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("hawser")),
                    ("version", .string(Hawser.version)),
                    ("rules", .array(rules.map(rule))),
                ]))])),
                ("columnKind", .string("utf16CodeUnits")),
                ("results", .array(report.diagnostics.map { diagnostic in
                    var result: [(String, JSON)] = [
                        ("ruleId", .string(diagnostic.code.rawValue)),
                        ("ruleIndex", .int(ruleIndex[diagnostic.code] ?? 0)),
                        ("level", .string(level(diagnostic.severity))),
                        ("message", .object([("text", .string(diagnostic.message))])),
                        ("locations", .array([.object([("physicalLocation", .object([
                            ("artifactLocation", .object([("uri", .string(uri(diagnostic.location.file)))])),
                            ("region", .object([
                                ("startLine", .int(diagnostic.location.line)),
                                ("startColumn", .int(report.utf16Column(of: diagnostic.location))),
                            ])),
                        ]))])])),
                    ]
                    if let handler = diagnostic.handler {
                        var properties: [(String, JSON)] = [("handler", .string(handler))]
                        if let suggestion = diagnostic.suggestion { properties.append(("suggestion", .string(suggestion))) }
                        result.append(("properties", .object(properties)))
                    }
                    return .object(result)
                })),
            ])])),
        ]).rendered()
    }

    private static func rule(_ code: DiagnosticCode) -> JSON {
        .object([
            ("id", .string(code.rawValue)),
            ("shortDescription", .object([("text", .string(code.summary))])),
            ("defaultConfiguration", .object([("level", .string(level(code.defaultSeverity)))])),
        ])
    }

    private static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    /// A relative URI reference: path separators kept, everything outside RFC 3986's
    /// unreserved set percent-encoded.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
