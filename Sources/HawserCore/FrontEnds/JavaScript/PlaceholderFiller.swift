/// Fills in the placeholders of a script template (`placeholders` in `hawser.json`) with
/// identifiers of the same byte length before parsing, so that the template parses as
/// JavaScript and every position stays exactly where it is written.
///
/// Each occurrence, prefix + name + suffix, becomes `_` repeated for the length of the prefix
/// and suffix, followed by the name: `%message_handler%` → `__message_handler`,
/// `$<id>` → `___id`. That is an identifier wherever the template has code
/// (`webkit.messageHandlers.$<h>.postMessage`, `if (!%allow%)`), and stays the content of a
/// string, template literal, regular expression or comment, with its length, where it has one.
enum PlaceholderFiller {
    /// The text the parser reads instead of `script`, and the occurrences it fills in; nil when
    /// `script` has none.
    static func standIn(for script: [UInt8], forms: [PlaceholderForm]) -> (bytes: [UInt8], occurrences: [PlaceholderOccurrence])? {
        let occurrences = PlaceholderForm.occurrences(in: script, forms: forms)
        guard !occurrences.isEmpty else { return nil }
        var bytes = script
        for occurrence in occurrences {
            bytes.replaceSubrange(occurrence.range, with: filler(for: occurrence))
        }
        return (bytes, occurrences)
    }

    /// The identifier that stands for one occurrence: `_` padding, then the name.
    static func filler(for occurrence: PlaceholderOccurrence) -> [UInt8] {
        let name = Array(occurrence.name.utf8)
        return [UInt8](repeating: UInt8(ascii: "_"), count: occurrence.range.count - name.count) + name
    }
}
