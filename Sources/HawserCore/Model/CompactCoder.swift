/// The fact cache's encoding: a compact binary form of any `Codable` value, read without
/// parsing text. Decoding a cached file's facts with `JSONDecoder` was two thirds of a lint
/// with one file changed (`make bench`'s generated corpus): every `SourceLocation` a keyed
/// object whose keys and numbers were text.
///
/// Every value starts with a tag byte:
/// - nil `0`, false `1`, true `2`;
/// - an integer `3` and its zigzag LEB128, a `Double` or `Float` `4` and the 8 bytes of its
///   bit pattern (little-endian), a string `5`, the LEB128 of its UTF-8 length and the bytes;
/// - a keyed container `6`, the 4-byte length of its entries, then each entry: its key as a
///   string without the tag, then the value;
/// - an unkeyed container `7`, the 4-byte length of what follows, the 4-byte count, the values;
/// - a value whose `encode(to:)` wrote nothing `8`; an unsigned integer above `Int64.max` `9`
///   and its LEB128.
///
/// A keyed container's entries are sorted by key when it is closed, so a value (a dictionary's
/// too, whatever its iteration order) always has the same bytes. Decoding finds a key by
/// walking the entries from where the last one was found: synthesized `init(from:)` asks for
/// the keys in the order of the declaration, so most lookups take a step or two. Anything
/// malformed throws, and the cache treats that as a miss.
enum CompactCoder {
    static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let writer = CompactWriter()
        try writer.encodeValue(value)
        return writer.bytes
    }

    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let reader = CompactReader(bytes)
        let decoder = CompactValueDecoder(reader: reader, offset: 0, codingPath: [])
        let end = try reader.end(ofValueAt: 0)
        guard end == bytes.count else { throw CompactReader.malformed("trailing bytes") }
        return try T(from: decoder)
    }

    enum Tag: UInt8 {
        case null = 0, no, yes, integer, float, string, keyed, unkeyed, empty, largeUnsigned
    }
}

// MARK: - Encoding

/// The bytes being written, and the containers still open (where their length goes).
final class CompactWriter {
    var bytes: [UInt8] = []
    /// Open containers: the tag's offset.
    var open: [Int] = []

    func tag(_ tag: CompactCoder.Tag) { bytes.append(tag.rawValue) }

    func leb128(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    func integer(_ value: Int64) {
        tag(.integer)
        leb128(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    func unsigned(_ value: UInt64) {
        // As a signed value where it fits, so both decode as any integer type that holds it.
        if value <= UInt64(Int64.max) { integer(Int64(value)); return }
        tag(.largeUnsigned)
        leb128(value)
    }

    func float(_ value: Double) {
        tag(.float)
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    func rawString(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            leb128(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    func string(_ value: String) {
        tag(.string)
        rawString(value)
    }

    func uint32(_ value: Int, at offset: Int) {
        for k in 0..<4 { bytes[offset + k] = UInt8(truncatingIfNeeded: value >> (8 * k)) }
    }

    /// Opens a container at the end: its tag and a placeholder for its length (and count).
    /// Returns the tag's offset.
    @discardableResult
    func openContainer(_ tag: CompactCoder.Tag) -> Int {
        let start = bytes.count
        open.append(start)
        self.tag(tag)
        bytes.append(contentsOf: tag == .unkeyed ? [0, 0, 0, 0, 0, 0, 0, 0] : [0, 0, 0, 0])
        return start
    }

    /// Closes the containers opened after `depth`, innermost first.
    func close(to depth: Int) {
        while open.count > depth {
            let start = open.removeLast()
            let body = start + 5
            uint32(bytes.count - body, at: start + 1)
            if bytes[start] == CompactCoder.Tag.keyed.rawValue { sortEntries(from: body) }
        }
    }

    /// Count of the unkeyed container whose tag is at `start`.
    func setCount(_ count: Int, ofContainerAt start: Int) { uint32(count, at: start + 5) }

    /// A closed keyed container's entries in key order (bytes of the key, shorter first on a tie).
    private func sortEntries(from body: Int) {
        /// The entries as (key, whole entry) ranges, or nil when they are in order already. The
        /// reader is gone before `bytes` changes, so the change copies nothing.
        func unsortedEntries() -> [(key: Range<Int>, entry: Range<Int>)]? {
            let reader = CompactReader(bytes)
            var entries: [(key: Range<Int>, entry: Range<Int>)] = []
            var offset = body
            var sorted = true
            while offset < bytes.count {
                guard let (key, valueStart) = try? reader.rawString(at: offset), let end = try? reader.end(ofValueAt: valueStart) else { return nil }
                if let last = entries.last, !bytes[last.key].lexicographicallyPrecedes(bytes[key]) { sorted = false }
                entries.append((key, offset..<end))
                offset = end
            }
            return sorted ? nil : entries
        }
        guard var entries = unsortedEntries() else { return }
        entries.sort { bytes[$0.key].lexicographicallyPrecedes(bytes[$1.key]) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count - body)
        for entry in entries { out.append(contentsOf: bytes[entry.entry]) }
        bytes.replaceSubrange(body..., with: out)
    }

    /// A value, closing whatever containers its `encode(to:)` opened.
    func encodeValue<T: Encodable>(_ value: T, codingPath: [any CodingKey] = []) throws {
        let depth = open.count
        let start = bytes.count
        try value.encode(to: CompactValueEncoder(writer: self, codingPath: codingPath))
        close(to: depth)
        if bytes.count == start { tag(.empty) }
    }
}

struct CompactValueEncoder: Encoder {
    let writer: CompactWriter
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        writer.openContainer(.keyed)
        return KeyedEncodingContainer(CompactKeyedEncoder<Key>(writer: writer, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        CompactUnkeyedEncoder(writer: writer, codingPath: codingPath, start: writer.openContainer(.unkeyed))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        CompactSingleEncoder(writer: writer, codingPath: codingPath)
    }
}

/// What every container writes a scalar or a value with.
private protocol CompactScalarWriting {
    var writer: CompactWriter { get }
    var codingPath: [any CodingKey] { get }
}

extension CompactScalarWriting {
    func put(_ value: Bool) { writer.tag(value ? .yes : .no) }
    func put(_ value: String) { writer.string(value) }
    func put<I: SignedInteger>(_ value: I) { writer.integer(Int64(value)) }
    func putUnsigned<I: UnsignedInteger>(_ value: I) { writer.unsigned(UInt64(value)) }
    func put<T: Encodable>(_ value: T, key: (any CodingKey)?) throws {
        switch value {
        case let v as String: writer.string(v)
        case let v as Int: writer.integer(Int64(v))
        case let v as Bool: writer.tag(v ? .yes : .no)
        case let v as Double: writer.float(v)
        default: try writer.encodeValue(value, codingPath: codingPath + (key.map { [$0] } ?? []))
        }
    }
}

private struct CompactKeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol, CompactScalarWriting {
    let writer: CompactWriter
    var codingPath: [any CodingKey]
    /// The open containers while this one is the innermost: an entry closes any nested one
    /// an earlier entry opened.
    let depth: Int

    init(writer: CompactWriter, codingPath: [any CodingKey]) {
        self.writer = writer
        self.codingPath = codingPath
        self.depth = writer.open.count
    }

    private func key(_ key: Key) {
        writer.close(to: depth)
        writer.rawString(key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws { self.key(key); writer.tag(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { self.key(key); put(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { self.key(key); put(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { self.key(key); writer.float(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { self.key(key); writer.float(Double(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { self.key(key); put(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { self.key(key); put(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { self.key(key); put(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { self.key(key); put(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { self.key(key); put(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { self.key(key); putUnsigned(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { self.key(key); putUnsigned(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { self.key(key); putUnsigned(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { self.key(key); putUnsigned(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { self.key(key); putUnsigned(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { self.key(key); try put(value, key: key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        self.key(key)
        writer.openContainer(.keyed)
        return KeyedEncodingContainer(CompactKeyedEncoder<NestedKey>(writer: writer, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        self.key(key)
        return CompactUnkeyedEncoder(writer: writer, codingPath: codingPath + [key], start: writer.openContainer(.unkeyed))
    }

    mutating func superEncoder() -> any Encoder { CompactSuperEncoder(writer: writer, codingPath: codingPath, key: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { CompactSuperEncoder(writer: writer, codingPath: codingPath, key: key.stringValue) }
}

/// An encoder for a keyed entry written by `superEncoder()`: its key first.
private struct CompactSuperEncoder: Encoder {
    let writer: CompactWriter
    var codingPath: [any CodingKey]
    let key: String
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private var inner: CompactValueEncoder {
        writer.rawString(key)
        return CompactValueEncoder(writer: writer, codingPath: codingPath)
    }
    func container<K: CodingKey>(keyedBy type: K.Type) -> KeyedEncodingContainer<K> { inner.container(keyedBy: type) }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
    func singleValueContainer() -> any SingleValueEncodingContainer { inner.singleValueContainer() }
}

private struct CompactUnkeyedEncoder: UnkeyedEncodingContainer, CompactScalarWriting {
    let writer: CompactWriter
    var codingPath: [any CodingKey]
    let start: Int
    /// As the keyed encoder's.
    let depth: Int
    private(set) var count = 0

    init(writer: CompactWriter, codingPath: [any CodingKey], start: Int) {
        self.writer = writer
        self.codingPath = codingPath
        self.start = start
        self.depth = writer.open.count
    }

    /// Starts an element: closes what an earlier one left open, and counts this one.
    private mutating func counted() {
        writer.close(to: depth)
        count += 1
        writer.setCount(count, ofContainerAt: start)
    }

    mutating func encodeNil() throws { counted(); writer.tag(.null) }
    mutating func encode(_ value: Bool) throws { counted(); put(value) }
    mutating func encode(_ value: String) throws { counted(); put(value) }
    mutating func encode(_ value: Double) throws { counted(); writer.float(value) }
    mutating func encode(_ value: Float) throws { counted(); writer.float(Double(value)) }
    mutating func encode(_ value: Int) throws { counted(); put(value) }
    mutating func encode(_ value: Int8) throws { counted(); put(value) }
    mutating func encode(_ value: Int16) throws { counted(); put(value) }
    mutating func encode(_ value: Int32) throws { counted(); put(value) }
    mutating func encode(_ value: Int64) throws { counted(); put(value) }
    mutating func encode(_ value: UInt) throws { counted(); putUnsigned(value) }
    mutating func encode(_ value: UInt8) throws { counted(); putUnsigned(value) }
    mutating func encode(_ value: UInt16) throws { counted(); putUnsigned(value) }
    mutating func encode(_ value: UInt32) throws { counted(); putUnsigned(value) }
    mutating func encode(_ value: UInt64) throws { counted(); putUnsigned(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { counted(); try put(value, key: nil) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        counted()
        writer.openContainer(.keyed)
        return KeyedEncodingContainer(CompactKeyedEncoder<NestedKey>(writer: writer, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        counted()
        return CompactUnkeyedEncoder(writer: writer, codingPath: codingPath, start: writer.openContainer(.unkeyed))
    }

    mutating func superEncoder() -> any Encoder {
        counted()
        return CompactValueEncoder(writer: writer, codingPath: codingPath)
    }
}

private struct CompactSingleEncoder: SingleValueEncodingContainer, CompactScalarWriting {
    let writer: CompactWriter
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { writer.tag(.null) }
    mutating func encode(_ value: Bool) throws { put(value) }
    mutating func encode(_ value: String) throws { put(value) }
    mutating func encode(_ value: Double) throws { writer.float(value) }
    mutating func encode(_ value: Float) throws { writer.float(Double(value)) }
    mutating func encode(_ value: Int) throws { put(value) }
    mutating func encode(_ value: Int8) throws { put(value) }
    mutating func encode(_ value: Int16) throws { put(value) }
    mutating func encode(_ value: Int32) throws { put(value) }
    mutating func encode(_ value: Int64) throws { put(value) }
    mutating func encode(_ value: UInt) throws { putUnsigned(value) }
    mutating func encode(_ value: UInt8) throws { putUnsigned(value) }
    mutating func encode(_ value: UInt16) throws { putUnsigned(value) }
    mutating func encode(_ value: UInt32) throws { putUnsigned(value) }
    mutating func encode(_ value: UInt64) throws { putUnsigned(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try put(value, key: nil) }
}

// MARK: - Decoding

/// Reads the bytes; every step checks its bounds and throws on what it does not expect.
final class CompactReader {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func malformed(_ what: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "compact form: " + what))
    }

    func byte(at offset: Int) throws(DecodingError) -> UInt8 {
        guard offset >= 0, offset < bytes.count else { throw Self.malformed("unexpected end") }
        return bytes[offset]
    }

    func leb128(at offset: Int) throws(DecodingError) -> (value: UInt64, end: Int) {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        var k = offset
        while true {
            let b = try byte(at: k)
            k += 1
            guard shift < 64 else { throw Self.malformed("integer too long") }
            value |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return (value, k) }
            shift += 7
        }
    }

    func uint32(at offset: Int) throws(DecodingError) -> Int {
        guard offset >= 0, offset + 4 <= bytes.count else { throw Self.malformed("unexpected end") }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }

    /// A string's UTF-8 bytes (without a tag) at `offset`, and where it ends: for a keyed
    /// entry, its key and where its value starts.
    func rawString(at offset: Int) throws(DecodingError) -> (range: Range<Int>, end: Int) {
        let (length, start) = try leb128(at: offset)
        guard length <= UInt64(bytes.count - start) else { throw Self.malformed("string past the end") }
        let end = start + Int(length)
        return (start..<end, end)
    }

    /// Where the value whose tag is at `offset` ends.
    func end(ofValueAt offset: Int) throws(DecodingError) -> Int {
        guard let tag = CompactCoder.Tag(rawValue: try byte(at: offset)) else { throw Self.malformed("unknown tag") }
        switch tag {
        case .null, .no, .yes, .empty: return offset + 1
        case .integer, .largeUnsigned: return try leb128(at: offset + 1).end
        case .float:
            guard offset + 9 <= bytes.count else { throw Self.malformed("unexpected end") }
            return offset + 9
        case .string: return try rawString(at: offset + 1).end
        case .keyed, .unkeyed:
            let length = try uint32(at: offset + 1)
            guard offset + 5 + length <= bytes.count else { throw Self.malformed("container past the end") }
            return offset + 5 + length
        }
    }

    func tag(at offset: Int) throws(DecodingError) -> CompactCoder.Tag {
        guard let tag = CompactCoder.Tag(rawValue: try byte(at: offset)) else { throw Self.malformed("unknown tag") }
        return tag
    }

    func bool(at offset: Int) throws(DecodingError) -> Bool {
        switch try tag(at: offset) {
        case .yes: return true
        case .no: return false
        default: throw Self.malformed("not a Bool")
        }
    }

    func string(at offset: Int) throws(DecodingError) -> String {
        guard try tag(at: offset) == .string else { throw Self.malformed("not a string") }
        let (range, _) = try rawString(at: offset + 1)
        return String(decoding: bytes[range], as: UTF8.self)
    }

    func signed(at offset: Int) throws(DecodingError) -> Int64 {
        guard try tag(at: offset) == .integer else { throw Self.malformed("not a signed integer") }
        let raw = try leb128(at: offset + 1).value
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    func unsigned(at offset: Int) throws(DecodingError) -> UInt64 {
        if try tag(at: offset) == .largeUnsigned { return try leb128(at: offset + 1).value }
        let value = try signed(at: offset)
        guard value >= 0 else { throw Self.malformed("a negative value for an unsigned integer") }
        return UInt64(value)
    }

    func double(at offset: Int) throws(DecodingError) -> Double {
        guard try tag(at: offset) == .float, offset + 9 <= bytes.count else { throw Self.malformed("not a floating-point number") }
        var bits: UInt64 = 0
        for k in 0..<8 { bits |= UInt64(bytes[offset + 1 + k]) << UInt64(8 * k) }
        return Double(bitPattern: bits)
    }

    func integer<I: FixedWidthInteger>(_ type: I.Type, at offset: Int) throws -> I {
        if I.isSigned {
            guard let value = I(exactly: try signed(at: offset)) else { throw Self.malformed("integer out of range") }
            return value
        }
        guard let value = I(exactly: try unsigned(at: offset)) else { throw Self.malformed("integer out of range") }
        return value
    }

    /// The value at `offset` as `T`: scalars read directly, anything else through its `init(from:)`.
    func value<T: Decodable>(_ type: T.Type, at offset: Int, codingPath: [any CodingKey]) throws -> T {
        switch type {
        case is String.Type: return try string(at: offset) as! T
        case is Int.Type: return try integer(Int.self, at: offset) as! T
        case is Bool.Type: return try bool(at: offset) as! T
        default: return try T(from: CompactValueDecoder(reader: self, offset: offset, codingPath: codingPath))
        }
    }
}

struct CompactValueDecoder: Decoder {
    let reader: CompactReader
    let offset: Int
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let tag = try reader.tag(at: offset)
        guard tag == .keyed || tag == .empty else { throw CompactReader.malformed("not a keyed container") }
        let body = tag == .empty ? offset + 1 : offset + 5
        let end = try reader.end(ofValueAt: offset)
        return KeyedDecodingContainer(CompactKeyedDecoder<Key>(reader: reader, body: body, end: end, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let tag = try reader.tag(at: offset)
        if tag == .empty { return CompactUnkeyedDecoder(reader: reader, next: offset + 1, end: offset + 1, count: 0, codingPath: codingPath) }
        guard tag == .unkeyed else { throw CompactReader.malformed("not an unkeyed container") }
        let end = try reader.end(ofValueAt: offset)
        let count = try reader.uint32(at: offset + 5)
        return CompactUnkeyedDecoder(reader: reader, next: offset + 9, end: end, count: count, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        CompactSingleDecoder(reader: reader, offset: offset, codingPath: codingPath)
    }
}

private final class CompactKeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: CompactReader
    let body: Int
    let end: Int
    var codingPath: [any CodingKey]
    /// Where the search for the next key starts: after the entry found last.
    private var cursor: Int

    init(reader: CompactReader, body: Int, end: Int, codingPath: [any CodingKey]) {
        self.reader = reader
        self.body = body
        self.end = end
        self.codingPath = codingPath
        self.cursor = body
    }

    var allKeys: [Key] {
        var keys: [Key] = []
        var offset = body
        while offset < end, let (key, value) = try? reader.rawString(at: offset), let next = try? reader.end(ofValueAt: value) {
            if let k = Key(stringValue: String(decoding: reader.bytes[key], as: UTF8.self)) { keys.append(k) }
            offset = next
        }
        return keys
    }

    /// The offset of `key`'s value, or nil when the container has no such entry.
    private func find(_ key: Key) throws -> Int? {
        var name = key.stringValue
        return try name.withUTF8 { wanted throws -> Int? in
            var offset = cursor
            var wrapped = false
            while true {
                if offset >= end {
                    if wrapped || cursor == body { return nil }
                    wrapped = true
                    offset = body
                }
                if wrapped && offset >= cursor { return nil }
                let (range, value) = try reader.rawString(at: offset)
                let next = try reader.end(ofValueAt: value)
                if range.count == wanted.count, reader.bytes[range].elementsEqual(wanted) {
                    cursor = next
                    return value
                }
                offset = next
            }
        }
    }

    private func located(_ key: Key) throws -> Int {
        guard let offset = try find(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "no entry"))
        }
        return offset
    }

    func contains(_ key: Key) -> Bool { (try? find(key)) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let offset = try find(key) else { return true }
        return try reader.tag(at: offset) == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try reader.bool(at: located(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try reader.string(at: located(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try reader.double(at: located(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try reader.double(at: located(key))) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try reader.integer(type, at: located(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try reader.integer(type, at: located(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try reader.integer(type, at: located(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try reader.integer(type, at: located(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try reader.integer(type, at: located(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try reader.integer(type, at: located(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try reader.integer(type, at: located(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try reader.integer(type, at: located(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try reader.integer(type, at: located(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try reader.integer(type, at: located(key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try reader.value(type, at: located(key), codingPath: codingPath + [key])
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let offset = try find(key), try reader.tag(at: offset) != .null else { return nil }
        return try reader.value(type, at: offset, codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try CompactValueDecoder(reader: reader, offset: located(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try CompactValueDecoder(reader: reader, offset: located(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let key = Key(stringValue: "super") else { throw CompactReader.malformed("no super key") }
        return try superDecoder(forKey: key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        CompactValueDecoder(reader: reader, offset: try located(key), codingPath: codingPath + [key])
    }
}

private struct CompactUnkeyedDecoder: UnkeyedDecodingContainer {
    let reader: CompactReader
    var next: Int
    let end: Int
    let total: Int
    var codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(reader: CompactReader, next: Int, end: Int, count: Int, codingPath: [any CodingKey]) {
        self.reader = reader
        self.next = next
        self.end = end
        self.total = count
        self.codingPath = codingPath
    }

    var count: Int? { total }
    var isAtEnd: Bool { currentIndex >= total }

    /// The next element's offset, moving past it.
    private mutating func advance() throws -> Int {
        guard !isAtEnd, next < end else { throw CompactReader.malformed("past the last element") }
        let offset = next
        next = try reader.end(ofValueAt: offset)
        guard next <= end else { throw CompactReader.malformed("element past its container") }
        currentIndex += 1
        return offset
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw CompactReader.malformed("past the last element") }
        if try reader.tag(at: next) == .null { _ = try advance(); return true }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try reader.bool(at: advance()) }
    mutating func decode(_ type: String.Type) throws -> String { try reader.string(at: advance()) }
    mutating func decode(_ type: Double.Type) throws -> Double { try reader.double(at: advance()) }
    mutating func decode(_ type: Float.Type) throws -> Float { Float(try reader.double(at: advance())) }
    mutating func decode(_ type: Int.Type) throws -> Int { try reader.integer(type, at: advance()) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try reader.integer(type, at: advance()) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try reader.integer(type, at: advance()) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try reader.integer(type, at: advance()) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try reader.integer(type, at: advance()) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try reader.integer(type, at: advance()) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try reader.integer(type, at: advance()) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try reader.integer(type, at: advance()) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try reader.integer(type, at: advance()) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try reader.integer(type, at: advance()) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let index = currentIndex
        return try reader.value(type, at: advance(), codingPath: codingPath + [CompactIndexKey(index)])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try CompactValueDecoder(reader: reader, offset: advance(), codingPath: codingPath).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try CompactValueDecoder(reader: reader, offset: advance(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        CompactValueDecoder(reader: reader, offset: try advance(), codingPath: codingPath)
    }
}

private struct CompactIndexKey: CodingKey {
    var stringValue: String { String(index) }
    var intValue: Int? { index }
    let index: Int
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { guard let index = Int(stringValue) else { return nil }; self.index = index }
    init?(intValue: Int) { self.index = intValue }
}

private struct CompactSingleDecoder: SingleValueDecodingContainer {
    let reader: CompactReader
    let offset: Int
    var codingPath: [any CodingKey]

    func decodeNil() -> Bool { (try? reader.tag(at: offset)) == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try reader.bool(at: offset) }
    func decode(_ type: String.Type) throws -> String { try reader.string(at: offset) }
    func decode(_ type: Double.Type) throws -> Double { try reader.double(at: offset) }
    func decode(_ type: Float.Type) throws -> Float { Float(try reader.double(at: offset)) }
    func decode(_ type: Int.Type) throws -> Int { try reader.integer(type, at: offset) }
    func decode(_ type: Int8.Type) throws -> Int8 { try reader.integer(type, at: offset) }
    func decode(_ type: Int16.Type) throws -> Int16 { try reader.integer(type, at: offset) }
    func decode(_ type: Int32.Type) throws -> Int32 { try reader.integer(type, at: offset) }
    func decode(_ type: Int64.Type) throws -> Int64 { try reader.integer(type, at: offset) }
    func decode(_ type: UInt.Type) throws -> UInt { try reader.integer(type, at: offset) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try reader.integer(type, at: offset) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try reader.integer(type, at: offset) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try reader.integer(type, at: offset) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try reader.integer(type, at: offset) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try reader.value(type, at: offset, codingPath: codingPath) }
}
