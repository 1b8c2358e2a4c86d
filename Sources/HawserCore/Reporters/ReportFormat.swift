/// The output formats of `hawser lint --format`.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github

    /// Renders `report` in this format; `style` applies to the text format only, the others are
    /// read by tools.
    public func render(_ report: Report, style: TextStyle = .plain) -> String {
        switch self {
        case .text: return TextReporter.render(report, style: style)
        case .json: return JSONReporter.render(report)
        case .sarif: return SARIFReporter.render(report)
        case .github: return GitHubReporter.render(report)
        }
    }
}
