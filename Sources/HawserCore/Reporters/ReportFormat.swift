/// The output formats of `hawser lint --format`.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github

    /// Renders `report` in this format.
    public func render(_ report: Report) -> String {
        switch self {
        case .text: return TextReporter.render(report)
        case .json: return JSONReporter.render(report)
        case .sarif: return SARIFReporter.render(report)
        case .github: return GitHubReporter.render(report)
        }
    }
}
