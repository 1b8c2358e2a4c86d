/// The byte offsets where the lines of a text start, and the 1-based line and byte column of an
/// offset. A line ends after `\n`, after `\r\n`, and after a `\r` not followed by `\n` (as the
/// Swift and Objective-C lexers count lines).
///
/// Lookups remember where the last one ended, so a run of offsets read forwards (as a lexer
/// reads them) costs time linear in the text; an offset before the last one is found by a
/// binary search.
struct LineTable {
    /// Byte offset of the first byte of each line.
    let starts: [Int]
    /// The entry the last lookup ended at.
    private var cursor = 0

    init(_ bytes: [UInt8]) {
        var starts = [0]
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") {
                starts.append(i + 1)
            } else if b == UInt8(ascii: "\r"), i + 1 >= bytes.count || bytes[i + 1] != UInt8(ascii: "\n") {
                starts.append(i + 1)
            }
            i += 1
        }
        self.starts = starts
    }

    /// The 1-based line and byte column of `offset`.
    mutating func position(of offset: Int) -> (line: Int, column: Int) {
        if starts[cursor] > offset {
            // Backwards (rare): binary search.
            var low = 0
            var high = cursor
            while low < high {
                let mid = (low + high + 1) / 2
                if starts[mid] <= offset { low = mid } else { high = mid - 1 }
            }
            cursor = low
        }
        while cursor + 1 < starts.count, starts[cursor + 1] <= offset { cursor += 1 }
        return (cursor + 1, offset - starts[cursor] + 1)
    }

    /// The byte offset of a 1-based line and byte column of `bytes`, lines ending as in a
    /// LineTable, found by a scan from the start (for the few positions a script reports). A line
    /// past the end is the end; the column is not checked against the line's length.
    static func offset(ofLine line: Int, column: Int, in bytes: [UInt8]) -> Int {
        var currentLine = 1
        var offset = 0
        while offset < bytes.count, currentLine < line {
            let byte = bytes[offset]
            offset += 1
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (offset == bytes.count || bytes[offset] != UInt8(ascii: "\n"))) {
                currentLine += 1
            }
        }
        return offset + column - 1
    }
}
