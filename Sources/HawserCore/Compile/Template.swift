/// A text file of the package, embedded in the binary at compile time (`resources:
/// [.embedInCode(…)]` in Package.swift, read through the generated `PackageResources`), with
/// named placeholders. The runtime and the native-feel presets are such files
/// (`Compile/Templates/*.js`), valid JavaScript that editors and `node --check` read as they
/// are, and so are the static parts of the generated Swift (`Generate/Templates/*.swift.txt`).
///
/// A template file starts with notes: `//` lines up to the first empty line, which say what the
/// file is and which placeholders it has. They are not part of the rendered text.
///
/// A placeholder is a comment-marked value: `/*@name*/` (a name of ASCII letters and digits)
/// directly followed by a default, which rendering replaces together with the marker. The
/// default is one of
/// - a string literal without `"`, `\` or line breaks inside: `/*@global*/"hawser"`;
/// - a whole number: `/*@timeoutMs*/30000`;
/// - `{}` or `[]`: `/*@contract*/{}`;
/// - an identifier: `/*@name*/Bridge`;
/// - nothing, when the marker ends its line.
///
/// Anything else after a marker is a malformed placeholder. Rendering is strict: every
/// placeholder must get a value and every value must have a placeholder (`problems(filling:)`
/// lists what is wrong; the tests check it for every template and the values its renderer
/// passes).
struct Template: Sendable {
    /// The file name, for messages.
    let file: String
    /// The `//` lines before the first empty line, which are not rendered.
    let notes: String
    /// The text after the notes, placeholders included.
    let body: String
    /// `body` split at its placeholders.
    private let parts: [Part]
    /// Malformed placeholders and notes, found when the file was read.
    private let malformed: [String]

    private enum Part: Sendable {
        case text(Substring)
        case placeholder(String)
    }

    init(file: String, bytes: [UInt8]) {
        self.init(file: file, text: String(decoding: bytes, as: UTF8.self))
    }

    init(file: String, text: String) {
        self.file = file
        var malformed: [String] = []
        if let end = text.range(of: "\n\n") {
            notes = String(text[..<end.lowerBound])
            body = String(text[end.upperBound...])
        } else {
            notes = ""
            body = text
        }
        if notes.isEmpty || notes.split(separator: "\n", omittingEmptySubsequences: false).contains(where: { !$0.hasPrefix("//") }) {
            malformed.append("\(file): the file must start with notes: '//' lines, then an empty line")
        }
        var parts: [Part] = []
        var rest = body[...]
        while let marker = rest.range(of: "/*@") {
            parts.append(.text(rest[..<marker.lowerBound]))
            let afterMarker = rest[marker.upperBound...]
            guard let close = afterMarker.range(of: "*/"),
                  case let name = afterMarker[..<close.lowerBound],
                  let first = name.unicodeScalars.first, Self.isLetter(first),
                  name.unicodeScalars.allSatisfy({ Self.isLetter($0) || Self.isDigit($0) })
            else {
                let line = body[..<marker.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count
                malformed.append("\(file): body line \(line): '/*@' does not start a placeholder '/*@name*/'")
                parts.append(.text(rest[marker]))
                rest = afterMarker
                continue
            }
            let afterName = afterMarker[close.upperBound...]
            guard let defaultEnd = Self.endOfDefault(afterName) else {
                let line = body[..<marker.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count
                malformed.append("\(file): body line \(line): placeholder '\(name)' is not followed by a default value")
                parts.append(.text(rest[marker.lowerBound..<close.upperBound]))
                rest = afterName
                continue
            }
            parts.append(.placeholder(String(name)))
            rest = afterName[defaultEnd...]
        }
        parts.append(.text(rest))
        self.parts = parts
        self.malformed = malformed
    }

    /// The names of the placeholders, each once, in the order they first appear.
    var placeholderNames: [String] {
        var names: [String] = []
        for case .placeholder(let name) in parts where !names.contains(name) { names.append(name) }
        return names
    }

    /// What is wrong with filling this template with values for `names`: malformed
    /// placeholders or notes, placeholders without a value, and values without a placeholder.
    /// Empty when rendering with those names is sound.
    func problems(filling names: some Sequence<String>) -> [String] {
        let given = Set(names)
        let used = placeholderNames
        var problems = malformed
        for name in used where !given.contains(name) {
            problems.append("\(file): placeholder '\(name)' gets no value")
        }
        for name in given.sorted() where !used.contains(name) {
            problems.append("\(file): has no placeholder '\(name)' for the value given")
        }
        return problems
    }

    /// The body with every placeholder and its default replaced by `values[name]`, in one pass:
    /// text a value holds is never read for placeholders. Traps when `problems(filling:)` is not
    /// empty, which the tests rule out for every template and its renderer.
    func render(_ values: [String: String]) -> String {
        let problems = problems(filling: values.keys)
        precondition(problems.isEmpty, problems.joined(separator: "; "))
        var out = ""
        out.reserveCapacity(body.utf8.count)
        for part in parts {
            switch part {
            case .text(let text): out += text
            case .placeholder(let name): out += values[name]!
            }
        }
        return out
    }

    /// Where the default after a marker ends, or nil when the text there is not a default.
    private static func endOfDefault(_ text: Substring) -> Substring.Index? {
        guard let first = text.unicodeScalars.first else { return text.startIndex }
        let scalars = text.unicodeScalars
        switch first {
        case "\n", "\r":
            return text.startIndex
        case "\"":
            guard let close = scalars.dropFirst().firstIndex(where: { $0 == "\"" || $0 == "\\" || $0 == "\n" || $0 == "\r" }),
                  scalars[close] == "\"" else { return nil }
            return scalars.index(after: close)
        case "{", "[":
            let closing: Unicode.Scalar = first == "{" ? "}" : "]"
            let second = scalars.index(after: scalars.startIndex)
            guard second < scalars.endIndex, scalars[second] == closing else { return nil }
            return scalars.index(after: second)
        default:
            if isDigit(first) {
                return scalars.firstIndex(where: { !isDigit($0) }) ?? text.endIndex
            }
            if isLetter(first) || first == "_" || first == "$" {
                return scalars.firstIndex(where: { !(isLetter($0) || isDigit($0) || $0 == "_" || $0 == "$") }) ?? text.endIndex
            }
            return nil
        }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar >= "0" && scalar <= "9"
    }
}
