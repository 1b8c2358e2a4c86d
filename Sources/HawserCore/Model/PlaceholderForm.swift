/// A form of placeholder that an app fills in before injecting a script, as `hawser.json`'s
/// `placeholders` writes it: `$<NAME>`, `%NAME%`, `{{NAME}}`. `NAME` stands for the
/// placeholder's name, one or more ASCII letters, digits and underscores; the text around it is
/// constant.
struct PlaceholderForm: Hashable, Sendable {
    /// The constant text before the name.
    var prefix: String
    /// The constant text after the name.
    var suffix: String

    /// The word that stands for the name in a form.
    static let nameMarker = "NAME"

    /// The forms apps use most, recognised in a handler name without any configuration: a name
    /// that is wholly one of them is a templated use (`HandlerTemplate`).
    static let common = ["%NAME%", "$<NAME>", "{{NAME}}", "$NAME$"].compactMap(PlaceholderForm.init)

    /// The occurrence of a common form that `text` is as a whole (`%message_handler%`), if any.
    static func wholeCommonOccurrence(_ text: String) -> PlaceholderOccurrence? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "%") || first == UInt8(ascii: "$") || first == UInt8(ascii: "{"),
              let whole = occurrences(in: bytes, forms: common).first, whole.range == bytes.indices else { return nil }
        return whole
    }

    /// The form as written in `hawser.json`.
    var written: String { prefix + Self.nameMarker + suffix }

    init(prefix: String, suffix: String) {
        self.prefix = prefix
        self.suffix = suffix
    }

    /// Reads a form: `NAME` exactly once, with a non-empty prefix or suffix. Nil otherwise.
    init?(_ written: String) {
        let pieces = written.components(separatedBy: Self.nameMarker)
        guard pieces.count == 2, !(pieces[0].isEmpty && pieces[1].isEmpty) else { return nil }
        prefix = pieces[0]
        suffix = pieces[1]
    }

    /// Whether a byte may be part of a placeholder's name.
    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    /// Whether a binding keyed `key` can pair with a placeholder of one of `forms`: the key is
    /// a placeholder's bare name (name bytes only) or a whole occurrence (a form's prefix, a
    /// name, its suffix), the two keys `TemplatePairing` looks up.
    static func canPair(_ key: String, forms: [PlaceholderForm]) -> Bool {
        let bytes = Array(key.utf8)
        func isName(_ name: ArraySlice<UInt8>) -> Bool { !name.isEmpty && name.allSatisfy(isNameByte) }
        if isName(bytes[...]) { return true }
        return forms.contains { form in
            let prefix = Array(form.prefix.utf8), suffix = Array(form.suffix.utf8)
            return bytes.count > prefix.count + suffix.count && bytes.starts(with: prefix)
                && bytes.suffix(suffix.count).elementsEqual(suffix)
                && isName(bytes[prefix.count..<(bytes.count - suffix.count)])
        }
    }

    /// Every occurrence of any of `forms` in `bytes`, left to right and not overlapping. Where
    /// several forms match at one position the longest occurrence wins (the first form listed on
    /// a tie). A name is as long as it can be with the suffix still following it, and a form
    /// without a prefix matches only where a name starts (not after a name byte).
    static func occurrences(in bytes: [UInt8], forms: [PlaceholderForm]) -> [PlaceholderOccurrence] {
        guard !forms.isEmpty else { return [] }
        let patterns = forms.map { (prefix: Array($0.prefix.utf8), suffix: Array($0.suffix.utf8)) }
        // Bytes that can start an occurrence, to skip the rest quickly.
        var starts = [Bool](repeating: false, count: 256)
        for pattern in patterns {
            if let first = pattern.prefix.first {
                starts[Int(first)] = true
            } else {
                for byte in 0...255 where isNameByte(UInt8(byte)) { starts[byte] = true }
            }
        }

        func matches(_ literal: [UInt8], at offset: Int) -> Bool {
            guard offset + literal.count <= bytes.count else { return false }
            for (i, byte) in literal.enumerated() where bytes[offset + i] != byte { return false }
            return true
        }

        var result: [PlaceholderOccurrence] = []
        var index = 0
        while index < bytes.count {
            guard starts[Int(bytes[index])] else { index += 1; continue }
            var best: Range<Int>?
            var bestName: Range<Int>?
            for pattern in patterns {
                guard matches(pattern.prefix, at: index) else { continue }
                if pattern.prefix.isEmpty, index > 0, isNameByte(bytes[index - 1]) { continue }
                let nameStart = index + pattern.prefix.count
                var nameEnd = nameStart
                while nameEnd < bytes.count, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
                // The longest name the suffix follows.
                while nameEnd > nameStart, !matches(pattern.suffix, at: nameEnd) { nameEnd -= 1 }
                guard nameEnd > nameStart else { continue }
                let end = nameEnd + pattern.suffix.count
                if best == nil || end > best!.upperBound {
                    best = index..<end
                    bestName = nameStart..<nameEnd
                }
            }
            if let best, let bestName {
                result.append(PlaceholderOccurrence(
                    range: best,
                    text: String(decoding: bytes[best], as: UTF8.self),
                    name: String(decoding: bytes[bestName], as: UTF8.self)))
                index = best.upperBound
            } else {
                index += 1
            }
        }
        return result
    }
}

/// One placeholder in a text: `%message_handler%` at some byte range, named `message_handler`.
struct PlaceholderOccurrence: Hashable, Sendable, Codable {
    /// The byte range of the whole occurrence, prefix and suffix included.
    var range: Range<Int>
    /// The occurrence as written: `%message_handler%`.
    var text: String
    /// The placeholder's name: `message_handler`.
    var name: String
}
