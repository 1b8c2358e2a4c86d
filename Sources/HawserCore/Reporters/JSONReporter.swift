/// The JSON report, version 1. Other tools read it: fields are only ever added.
enum JSONReporter {
    static func render(_ report: Report) -> String {
        var members: [(String, JSON)] = [
            ("version", .int(1)),
            ("diagnostics", .array(report.diagnostics.map(diagnostic))),
            ("handlers", .array(report.handlers.map {
                handler($0, contract: report.contract.handler(named: $0.name), payloadCheck: report.payloadChecks[$0.name])
            })),
        ]
        // Only when there are some, so that reports of projects without templates stay as they were.
        if !report.templatedUses.isEmpty {
            members.append(("templatedUses", .array(report.templatedUses.map(templatedUse))))
        }
        return JSON.object(members).rendered()
    }

    /// A use's position and what it does; `template` only for a templated use.
    static func use(_ use: HandlerUse) -> [(String, JSON)] {
        var members: [(String, JSON)] = [
            ("file", .string(use.location.file)),
            ("line", .int(use.location.line)),
            ("column", .int(use.location.column)),
            ("resultUsed", .bool(use.resultUsed)),
            ("form", .string(use.form.rawValue)),
        ]
        if let template = use.template { members.append(("template", .string(template.written))) }
        return members
    }

    /// A templated use: its template, where it is, and the names it is paired with.
    static func templatedUse(_ templated: TemplatePairing.Templated) -> JSON {
        let use = templated.use
        return .object([
            ("template", .string(use.template?.written ?? use.name)),
            ("file", .string(use.location.file)),
            ("line", .int(use.location.line)),
            ("column", .int(use.location.column)),
            ("resultUsed", .bool(use.resultUsed)),
            ("form", .string(use.form.rawValue)),
            ("names", .array(templated.names.map(JSON.string))),
        ])
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

    static func handler(_ h: HandlerSummary, contract: ContractHandler?, payloadCheck: NativePayloadChecker.Status? = nil) -> JSON {
        var members: [(String, JSON)] = [
            ("name", .string(h.name)),
            ("kind", .optional(contract?.kind.rawValue)),
            ("transport", .optional(contract?.transport?.rawValue)),
            ("uses", .array(h.uses.map { .object(use($0)) })),
            ("registrations", .array(h.registrations.map { registration in
                var fields: [(String, JSON)] = [
                    ("file", .string(registration.location.file)),
                    ("line", .int(registration.location.line)),
                    ("column", .int(registration.location.column)),
                    ("reply", .bool(registration.reply)),
                    ("world", .optional(registration.world)),
                ]
                // Only on names of the config's `registered` and on names a receiver lists for a
                // framework to register (with that type), so other registrations keep their shape.
                if registration.isDeclared { fields.append(("declared", .bool(true))) }
                if registration.isListedByReceiver, let type = registration.receiverTypes.first { fields.append(("listedBy", .string(type))) }
                return .object(fields)
            })),
        ]
        // Only on handlers that scripts post to and native code registers by hand.
        if let payloadCheck {
            var check: [(String, JSON)] = [("status", .string(payloadCheck.name))]
            if let reason = payloadCheck.reason { check.append(("reason", .string(reason))) }
            members.append(("payloadCheck", .object(check)))
        }
        return .object(members)
    }
}
