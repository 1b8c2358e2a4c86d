/// The JSON report, version 1. Other tools read it: fields are only ever added.
enum JSONReporter {
    static func render(_ report: Report) -> String {
        JSON.object([
            ("version", .int(1)),
            ("diagnostics", .array(report.diagnostics.map(diagnostic))),
            ("handlers", .array(report.handlers.map { handler($0, contract: report.contract.handler(named: $0.name)) })),
        ]).rendered()
    }

    static func diagnostic(_ d: Diagnostic) -> JSON {
        .object([
            ("severity", .string(d.severity.rawValue)),
            ("code", .string(d.code.rawValue)),
            ("message", .string(d.message)),
            ("file", .string(d.location.file)),
            ("line", .int(d.location.line)),
            ("column", .int(d.location.column)),
            ("handler", .optional(d.handler)),
            ("suggestion", .optional(d.suggestion)),
        ])
    }

    static func handler(_ h: HandlerSummary, contract: ContractHandler?) -> JSON {
        .object([
            ("name", .string(h.name)),
            ("kind", .optional(contract?.kind.rawValue)),
            ("transport", .optional(contract?.transport?.rawValue)),
            ("uses", .array(h.uses.map { use in
                .object([
                    ("file", .string(use.location.file)),
                    ("line", .int(use.location.line)),
                    ("column", .int(use.location.column)),
                    ("resultUsed", .bool(use.resultUsed)),
                    ("form", .string(use.form.rawValue)),
                ])
            })),
            ("registrations", .array(h.registrations.map { registration in
                var fields: [(String, JSON)] = [
                    ("file", .string(registration.location.file)),
                    ("line", .int(registration.location.line)),
                    ("column", .int(registration.location.column)),
                    ("reply", .bool(registration.reply)),
                    ("world", .optional(registration.world)),
                ]
                // Only on names of the config's `registered`, so other registrations keep their shape.
                if registration.isDeclared { fields.append(("declared", .bool(true))) }
                return .object(fields)
            })),
        ])
    }
}
