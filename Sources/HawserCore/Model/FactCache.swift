import Foundation

/// Where cache entries live: bytes looked up and stored by a key (64 lower-case hex digits, a
/// SHA-256 digest). The CLI passes one that keeps them in a folder; the core never touches the
/// file system. A store may lose, refuse or garble entries: `FactCache` verifies every entry it
/// reads, so a store only has to be fast, not trustworthy.
public protocol CacheStore: Sendable {
    /// The bytes stored under `key`, or nil.
    func load(_ key: String) -> [UInt8]?
    /// Stores `bytes` under `key`; failing is allowed (the entry is then simply not there).
    func store(_ key: String, _ bytes: [UInt8])
}

/// A `CacheStore` in memory, for tests and for tools that keep the core in one process.
public final class MemoryCacheStore: CacheStore, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: [UInt8]] = [:]

    public init() {}

    public func load(_ key: String) -> [UInt8]? { lock.withLock { entries[key] } }
    public func store(_ key: String, _ bytes: [UInt8]) { lock.withLock { entries[key] = bytes } }

    /// The keys stored, sorted.
    public var keys: [String] { lock.withLock { entries.keys.sorted() } }

}

/// A content-addressed cache of what the stages extract, over a `CacheStore`. Every key is a
/// SHA-256 digest of Hawser's version, `formatVersion`, the entry's kind, and everything its
/// value is a function of; every entry is framed with a header (`magic`, `formatVersion`, the
/// full key, the payload's length and its checksum) that is checked on every read, so a
/// truncated, corrupt or foreign entry is a miss, never trusted, and is rewritten after the
/// value is computed anew.
public struct FactCache: Sendable {
    public let store: any CacheStore

    /// Bump whenever the encoded form of a cached value changes (a field added to a fact type,
    /// a meaning changed): entries of other versions are then misses.
    public static let formatVersion: UInt32 = 19
    static let magic = Array("HAWSERC\n".utf8)
    /// magic, format version, key, payload length, payload checksum.
    static let headerSize = 8 + 4 + 32 + 8 + 8

    /// Mixed into every key: the identity of the program that computes the values. Hawser's
    /// version alone does not tell two builds of the same version apart (a checkout of main
    /// updated in place, a development build with a changed template or front end), and their
    /// entries must not be each other's. The CLI passes its executable's identity; empty, only
    /// the version separates them.
    public let salt: [UInt8]

    public init(store: any CacheStore, salt: [UInt8] = []) {
        self.store = store
        self.salt = salt
    }

    /// `key` as stored: with the salt mixed in, when there is one.
    func salted(_ key: [UInt8]) -> [UInt8] {
        guard !salt.isEmpty else { return key }
        var hasher = SHA256()
        hasher.field(salt)
        hasher.field(key)
        return hasher.finalize()
    }

    /// The key of an entry of `kind`, from the fields `build` hashes.
    public static func key(_ kind: String, _ build: (inout SHA256) -> Void) -> [UInt8] {
        var hasher = SHA256()
        hasher.field("hawser-cache")
        hasher.field(Hawser.version)
        hasher.update(Int(formatVersion))
        hasher.field(kind)
        build(&hasher)
        return hasher.finalize()
    }

    /// The payload stored under `key`, when its entry is whole and is this key's.
    public func bytes(_ key: [UInt8]) -> [UInt8]? {
        let key = salted(key)
        return store.load(SHA256.hex(key)).flatMap { Self.unframe($0, key: key) }
    }

    public func setBytes(_ payload: [UInt8], for key: [UInt8]) {
        let key = salted(key)
        store.store(SHA256.hex(key), Self.frame(payload, key: key))
    }

    /// The value stored under `key`; nil when missing, not whole, or not decodable.
    func value<T: Decodable>(_ type: T.Type, _ key: [UInt8]) -> T? {
        guard let payload = bytes(key) else { return nil }
        return try? CompactCoder.decode(T.self, from: payload)
    }

    func setValue<T: Encodable>(_ value: T, for key: [UInt8]) {
        guard let bytes = try? CompactCoder.encode(value) else { return }
        setBytes(bytes, for: key)
    }

    /// Sorted keys: the same value is always the same bytes.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    /// The cached value under `key`, or `compute()`'s, stored for next time.
    func value<T: Codable>(_ key: [UInt8], _ compute: () -> T) -> T {
        if let cached = value(T.self, key) { return cached }
        let value = compute()
        setValue(value, for: key)
        return value
    }

    public static func frame(_ payload: [UInt8], key: [UInt8]) -> [UInt8] {
        var bytes = magic
        bytes.reserveCapacity(headerSize + payload.count)
        bytes += bigEndian(UInt64(formatVersion)).suffix(4)
        bytes += key
        bytes += bigEndian(UInt64(payload.count))
        bytes += bigEndian(checksum(payload))
        bytes += payload
        return bytes
    }

    /// The payload of an entry, or nil when its header is not this format's and this key's,
    /// or its payload is not the length and digest the header says.
    public static func unframe(_ bytes: [UInt8], key: [UInt8]) -> [UInt8]? {
        guard bytes.count >= headerSize, Array(bytes[0..<8]) == magic,
              Array(bytes[8..<12]) == Array(bigEndian(UInt64(formatVersion)).suffix(4)),
              Array(bytes[12..<44]) == key,
              Array(bytes[44..<52]) == bigEndian(UInt64(bytes.count - headerSize))
        else { return nil }
        let payload = Array(bytes[headerSize...])
        guard Array(bytes[52..<60]) == bigEndian(checksum(payload)) else { return nil }
        return payload
    }

    /// A 64-bit checksum of an entry's payload, eight bytes a step: it tells a damaged entry
    /// from a whole one (the key, a SHA-256 digest, says what the entry is). A SHA-256 of every
    /// payload read was a tenth of a lint with one file changed.
    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ (UInt64(bytes.count) &* multiplier)
        func mix(_ word: UInt64) {
            hash = (hash ^ (word &* multiplier)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
        }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= raw.count {
                mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            var tail: UInt64 = 0
            for k in offset..<raw.count { tail |= UInt64(raw[k]) << UInt64(8 * (k - offset)) }
            mix(tail ^ 0x8000_0000_0000_0000)
        }
        hash ^= hash >> 29
        return hash &* 0x94D0_49BB_1331_11EB ^ (hash >> 32)
    }

    private static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> UInt64(56 - 8 * $0)) }
    }
}
