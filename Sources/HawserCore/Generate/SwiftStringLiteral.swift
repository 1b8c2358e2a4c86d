/// Swift source for a string literal that evaluates to exactly the given string, every
/// Unicode scalar and line ending included, written to stay readable.
///
/// Three shapes:
///
/// - A value without line breaks and without `"` or `\` becomes a plain single-line
///   literal: `"document.title"`.
/// - A value without line breaks that contains `"` or `\` becomes a raw single-line
///   literal: `#"a["x"] = "\n""#`.
/// - A value with a line break (LF, CRLF or lone CR) becomes a multi-line raw literal whose
///   content lines are the value's lines as they are, each prefixed with `indent`, the
///   closing delimiter's indentation:
///
///       #"""
///       <indent>line one
///       <indent>line two
///       <indent>"""#
///
/// Raw literals use one `#` more than the longest run of `#` that follows a `"` or a `\`
/// in the value, so no `"#…`, `"""#…` or `\#…` in the value can close the literal or start
/// an escape: every `"` and `\` of the value is written as it is. The only escapes are
/// added by this function (`\#r` for the `#` count of the literal, here one):
///
/// - line endings: LF is a line break; CRLF is `\#r` then a line break; a lone CR is
///   `\#r` followed by a line continuation `\#` and a line break (the source file itself
///   has LF line endings only, and a multi-line literal would turn CR and CRLF into LF);
/// - NUL (`\#0`), other control characters, Unicode format characters (the BOM, bidi
///   controls, zero-width characters), U+2028, U+2029 and space separators other than the
///   ASCII space (`\#u{2028}`); a tab is written as it is in multi-line literals and as
///   `\#t` in single-line ones, where Swift does not allow it;
/// - the last character of a line that ends in a space or tab (`\#u{20}`, `\#t`), so the
///   generated file has no trailing whitespace for an editor or formatter to strip.
/// - a combining mark that would otherwise combine with a quote, an escape or the
///   indentation rather than with a character of the value (`\#u{301}`).
///
/// A value ending in LF gets an empty last content line; a value whose last line has no
/// line ending gets none, since Swift drops the line break before the closing delimiter.
/// Empty content lines are written without indentation (Swift allows that), everything
/// else carries `indent` exactly.
enum SwiftStringLiteral {
    /// The literal for `value`. `indent` (spaces and tabs only) is the indentation of the
    /// closing delimiter and of every non-empty content line of a multi-line literal: the
    /// caller writes the returned text at any column of a line (the opening delimiter
    /// comes first) and the following lines are already indented. Single-line literals
    /// ignore it.
    static func make(_ value: String, indent: String = "") -> String {
        precondition(indent.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" }, "the indentation of a string literal must be spaces and tabs")
        let scalars = Array(value.unicodeScalars)
        if scalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
            return multiLine(scalars, indent: indent)
        }
        if scalars.contains(where: { $0 == "\"" || $0 == "\\" }) {
            return rawSingleLine(scalars)
        }
        var out = "\""
        var afterVerbatim = false
        for scalar in scalars {
            let escaped = escape(scalar, delimiter: "", inMultiLine: false, afterVerbatim: afterVerbatim)
            out += escaped ?? String(scalar)
            afterVerbatim = escaped == nil
        }
        return out + "\""
    }

    /// The number of `#` a raw literal for `scalars` needs: one more than the longest run of
    /// `#` right after a `"` or a `\`.
    private static func delimiterLength(_ scalars: [Unicode.Scalar]) -> Int {
        var longest = 0
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\"" || scalars[index] == "\\" {
                var run = 0
                while index + 1 + run < scalars.count, scalars[index + 1 + run] == "#" { run += 1 }
                longest = max(longest, run)
                index += 1 + run
            } else {
                index += 1
            }
        }
        return longest + 1
    }

    private static func rawSingleLine(_ scalars: [Unicode.Scalar]) -> String {
        let delimiter = String(repeating: "#", count: delimiterLength(scalars))
        var out = delimiter + "\""
        var afterVerbatim = false
        for (index, scalar) in scalars.enumerated() {
            if index == 0, scalar == "\"", scalars.count == 1 || scalars[1] == "\"" {
                // `#"""` would read as the opening of a multi-line literal.
                out += "\\" + delimiter + "\""
                afterVerbatim = false
            } else {
                let escaped = escape(scalar, delimiter: delimiter, inMultiLine: false, afterVerbatim: afterVerbatim)
                out += escaped ?? String(scalar)
                afterVerbatim = escaped == nil
            }
        }
        return out + "\"" + delimiter
    }

    private static func multiLine(_ scalars: [Unicode.Scalar], indent: String) -> String {
        // Written as UTF-8 bytes, a run of printable ASCII (most of a script) in one copy: a
        // scalar at a time into a `String` was half of a build with one module changed.
        let delimiter = String(repeating: "#", count: delimiterLength(scalars))
        let escapePrefix = Array(("\\" + delimiter).utf8)
        let indentBytes = Array(indent.utf8)
        var out = Array((delimiter + "\"\"\"\n").utf8)
        out.reserveCapacity(scalars.count + scalars.count / 8 + 64)
        var line: [UInt8] = []
        var lineIsEmpty = true
        // Whether the line so far ends with a character of the value written as it is
        // (not the indentation or an escape), which a combining mark can follow as it is.
        var lineEndsVerbatim = false
        // The pending run of spaces and tabs at the end of the line so far: only its last
        // character is escaped, and only if the line ends there.
        var trailing: [UInt8] = []

        func flushTrailing(escapingLast: Bool) {
            guard !trailing.isEmpty else { return }
            if escapingLast {
                line += trailing.dropLast()
                line += escapePrefix
                line += trailing.last == UInt8(ascii: "\t") ? Array("t".utf8) : Array("u{20}".utf8)
            } else {
                line += trailing
            }
            trailing.removeAll(keepingCapacity: true)
        }
        func endLine(with ending: [UInt8]) {
            flushTrailing(escapingLast: ending.isEmpty)
            if !lineIsEmpty || !ending.isEmpty {
                out += indentBytes
                out += line
                out += ending
            }
            out.append(UInt8(ascii: "\n"))
            line.removeAll(keepingCapacity: true)
            lineIsEmpty = true
            lineEndsVerbatim = false
        }
        func isPrintableASCII(_ scalar: Unicode.Scalar) -> Bool { (0x21...0x7E).contains(scalar.value) }

        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\n":
                endLine(with: [])
            case "\r":
                if index < scalars.count, scalars[index] == "\n" {
                    index += 1
                    endLine(with: escapePrefix + Array("r".utf8))
                } else {
                    endLine(with: escapePrefix + Array("r".utf8) + escapePrefix)
                }
            case " ", "\t":
                trailing.append(UInt8(truncatingIfNeeded: scalar.value))
                lineIsEmpty = false
            case _ where isPrintableASCII(scalar):
                flushTrailing(escapingLast: false)
                line.append(UInt8(truncatingIfNeeded: scalar.value))
                while index < scalars.count, isPrintableASCII(scalars[index]) {
                    line.append(UInt8(truncatingIfNeeded: scalars[index].value))
                    index += 1
                }
                lineEndsVerbatim = true
                lineIsEmpty = false
            default:
                // Pending blanks are about to be written as they are.
                let afterVerbatim = !trailing.isEmpty || lineEndsVerbatim
                flushTrailing(escapingLast: false)
                let escaped = escape(scalar, delimiter: delimiter, inMultiLine: true, afterVerbatim: afterVerbatim)
                if let escaped { line += Array(escaped.utf8) } else { line += Array(String(scalar).utf8) }
                lineEndsVerbatim = escaped == nil
                lineIsEmpty = false
            }
        }
        endLine(with: [])
        out += indentBytes
        out += Array(("\"\"\"" + delimiter).utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// The escape for a scalar that a literal cannot or should not hold as it is, or nil.
    /// Line breaks, spaces and tabs at the end of lines are the callers' business. A
    /// combining mark is escaped unless it follows a character of the value written as it
    /// is, so it never combines with a quote, an escape or the indentation.
    private static func escape(_ scalar: Unicode.Scalar, delimiter: String, inMultiLine: Bool, afterVerbatim: Bool) -> String? {
        // Printable ASCII other than the space is written as it is (the delimiter keeps quotes
        // and backslashes literal): most of a script, decided without Unicode properties.
        if (0x21...0x7E).contains(scalar.value) { return nil }
        let prefix = "\\" + delimiter
        switch scalar {
        case "\0": return prefix + "0"
        case "\t": return inMultiLine ? nil : prefix + "t"
        case "\r": return prefix + "r"
        case "\n": return prefix + "n"
        case " ": return nil
        default: break
        }
        let hex = prefix + "u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator:
            return hex
        default:
            return !afterVerbatim && scalar.properties.isGraphemeExtend ? hex : nil
        }
    }
}
