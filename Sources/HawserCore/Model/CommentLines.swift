/// The text of one of Hawser's own JavaScript templates without the lines that hold nothing but
/// a comment: `//` lines, and `/* … */` blocks that start and end a line of their own (JSDoc).
/// Their explanations are for the people who read the templates, and every emitted script would
/// otherwise carry them into every frame. Only for Hawser's own files (the runtime, the module
/// registry), whose lines never start inside a string, template or regular expression; a
/// test checks each template renders to the same tokens without them.
enum CommentLines {
    static func removed(from text: String) -> String {
        var kept: [Substring] = []
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if inBlock {
                if trimmed.hasSuffix("*/") { inBlock = false }
                continue
            }
            if trimmed.hasPrefix("//") { continue }
            if trimmed.hasPrefix("/*"), !trimmed.hasPrefix("/*@") {
                // A block on its line alone; one that goes on with code is kept whole.
                if let close = trimmed.range(of: "*/") {
                    if close.upperBound == trimmed.endIndex { continue }
                } else {
                    inBlock = true
                    continue
                }
            }
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }
}
