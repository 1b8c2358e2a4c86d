/// A spelling the scanner tests tokens against: a keyword or contextual name, a punctuation or
/// operator symbol, or a directive. The lexer interns it into each `SwiftCompactToken` once,
/// so the scanner compares one byte instead of a String per test.
///
/// A token has a word only when its whole text is that spelling and its kind fits: an
/// identifier spelling for an unbackticked identifier (`` `if` `` is `.other`), a symbol for a
/// punctuation or operator token (`==` is `.equalEqual`, never `.assign` twice), a directive
/// for a directive. `t.word == .let` is exactly `isKeyword("let")`, `t.word == .leftParen`
/// exactly `isSymbol("(")`. Anything else is `.other`. The raw value is the spelling.
enum SwiftWord: String, CaseIterable {
    case other = ""

    // Punctuation and operators.
    case leftParen = "(", rightParen = ")", leftBrace = "{", rightBrace = "}", leftBracket = "[", rightBracket = "]"
    case comma = ",", colon = ":", semicolon = ";", dot = "."
    case assign = "=", equalEqual = "==", notEqual = "!=", plusAssign = "+=", arrow = "->"
    case question = "?", bang = "!", less = "<", greater = ">", ampersand = "&"

    // Directives.
    case hashElse = "#else", hashElseIf = "#elseif"

    // Keywords, contextual keywords, and names the scanner looks for (raw value: the case name).
    case `if`, `else`, `guard`, `catch`, `switch`, `case`, `default`, `where`, `while`, `repeat`, `for`, `in`
    case `return`, `throw`, `try`, `await`, `is`, `as`, some, any, `inout`
    case `func`, `init`, `deinit`, `subscript`, `let`, `var`
    case `struct`, `class`, `enum`, actor, `protocol`, `extension`
    case `static`, `private`, `fileprivate`, `internal`, `public`, open, package, final, lazy, `override`, weak
    case unowned, nonisolated, dynamic, mutating, nonmutating, required, convenience, unsafe
    case get, set, willSet, didSet, _read, _modify
    case `self`, name, forEach, add, addScriptMessageHandler, WKUserScript, replacingOccurrences, WKScriptMessage
    case evaluateJavaScript, callAsyncJavaScript
    case append, insert, contentsOf, formUnion, updateValue
    case map, compactMap, flatMap, filter, reduce, `do`, `defer`

    /// The identifier spellings: an identifier's bytes looked up here give its word.
    static let identifiers = Table(allCases.filter { $0.rawValue.first.map { $0.isLetter || $0 == "_" } ?? false })
    /// The directive spellings (`#else`).
    static let directives = Table(allCases.filter { $0.rawValue.hasPrefix("#") })

    /// The word of a punctuation or operator token of one or two bytes.
    static func symbol(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> SwiftWord {
        let first = bytes[range.lowerBound]
        switch range.count {
        case 1:
            switch first {
            case UInt8(ascii: "("): return .leftParen
            case UInt8(ascii: ")"): return .rightParen
            case UInt8(ascii: "{"): return .leftBrace
            case UInt8(ascii: "}"): return .rightBrace
            case UInt8(ascii: "["): return .leftBracket
            case UInt8(ascii: "]"): return .rightBracket
            case UInt8(ascii: ","): return .comma
            case UInt8(ascii: ":"): return .colon
            case UInt8(ascii: ";"): return .semicolon
            case UInt8(ascii: "."): return .dot
            case UInt8(ascii: "="): return .assign
            case UInt8(ascii: "?"): return .question
            case UInt8(ascii: "!"): return .bang
            case UInt8(ascii: "<"): return .less
            case UInt8(ascii: ">"): return .greater
            case UInt8(ascii: "&"): return .ampersand
            default: return .other
            }
        case 2:
            let second = bytes[range.lowerBound + 1]
            switch (first, second) {
            case (UInt8(ascii: "="), UInt8(ascii: "=")): return .equalEqual
            case (UInt8(ascii: "!"), UInt8(ascii: "=")): return .notEqual
            case (UInt8(ascii: "+"), UInt8(ascii: "=")): return .plusAssign
            case (UInt8(ascii: "-"), UInt8(ascii: ">")): return .arrow
            default: return .other
            }
        default:
            return .other
        }
    }
}

extension SwiftWord {
    /// An open-addressing table from spellings to words, keyed by a word's first eight bytes
    /// and its length, so that looking up an identifier costs a multiply and a compare or two
    /// rather than a String and a hash of it. Spellings longer than eight bytes are checked in
    /// full. The lexer keeps its own copy, so a lookup touches no global.
    struct Table {
        private static let slotBits = 8
        private var heads: [UInt64]
        /// 0 for an empty slot (no spelling is empty).
        private var lengths: [Int]
        private var words: [SwiftWord]
        private var spellings: [[UInt8]]
        private let maxLength: Int
        /// Bit b set when some spelling starts with byte b (all are ASCII): most names (types,
        /// say) are ruled out by their first byte before the table is probed.
        private var firstBytes: (low: UInt64, high: UInt64) = (0, 0)

        init(_ entries: [SwiftWord]) {
            let size = 1 << Self.slotBits
            precondition(entries.count * 2 < size, "the word table is too full")
            heads = Array(repeating: 0, count: size)
            lengths = Array(repeating: 0, count: size)
            words = Array(repeating: .other, count: size)
            spellings = Array(repeating: [], count: size)
            maxLength = entries.map(\.rawValue.utf8.count).max() ?? 0
            for word in entries {
                let bytes = Array(word.rawValue.utf8)
                let head = bytes.withUnsafeBufferPointer { Self.head($0, 0..<bytes.count) }
                var slot = Self.slot(head, bytes.count)
                while lengths[slot] != 0 { slot = (slot + 1) & (size - 1) }
                heads[slot] = head
                if bytes[0] < 0x40 { firstBytes.low |= 1 << UInt64(bytes[0]) } else { firstBytes.high |= 1 << UInt64(bytes[0] & 0x3F) }
                lengths[slot] = bytes.count
                words[slot] = word
                spellings[slot] = bytes
            }
        }

        func word(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> SwiftWord {
            let length = range.count
            guard length <= maxLength, length > 0 else { return .other }
            let first = bytes[range.lowerBound]
            guard first < 0x80, ((first < 0x40 ? firstBytes.low : firstBytes.high) >> UInt64(first & 0x3F)) & 1 != 0 else {
                return .other
            }
            let head = Self.head(bytes, range)
            var slot = Self.slot(head, length)
            while lengths[slot] != 0 {
                if lengths[slot] == length, heads[slot] == head, length <= 8 || tail(bytes, range, matches: slot) {
                    return words[slot]
                }
                slot = (slot + 1) & ((1 << Self.slotBits) - 1)
            }
            return .other
        }

        private func tail(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, matches slot: Int) -> Bool {
            let spelling = spellings[slot]
            for k in 8..<range.count where bytes[range.lowerBound + k] != spelling[k] { return false }
            return true
        }

        /// Up to the first eight bytes, little-endian, zero-padded: one unaligned load when eight
        /// bytes are there to read, else byte by byte.
        private static func head(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
            let count = min(range.count, 8)
            if range.lowerBound + 8 <= bytes.count, let base = bytes.baseAddress {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + range.lowerBound).loadUnaligned(as: UInt64.self))
                return count == 8 ? word : word & ((1 << (8 * UInt64(count))) - 1)
            }
            var value: UInt64 = 0
            for k in 0..<count { value |= UInt64(bytes[range.lowerBound + k]) << (8 * UInt64(k)) }
            return value
        }

        private static func slot(_ head: UInt64, _ length: Int) -> Int {
            Int(truncatingIfNeeded: ((head ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - slotBits))
        }
    }
}
