import XCTest
@testable import HawserCore

/// The fact cache's binary coding: every shape `Codable` synthesizes comes back equal, the
/// same value always has the same bytes, and damaged bytes throw rather than crash.
final class CompactCoderTests: XCTestCase {
    enum Shape: Codable, Equatable {
        case point
        case circle(radius: Double)
        case named(String, tags: [String]?)
        indirect case group([Shape], label: String?)
    }

    struct Record: Codable, Equatable {
        var name: String
        var count: Int
        var small: Int8
        var big: UInt64
        var negative: Int64
        var ratio: Float
        var flag: Bool
        var missing: String?
        var present: Int?
        var nested: [[Int]]
        var empty: [String]
        var byName: [String: [Int]]
        var byNumber: [Int: String]
        var shapes: [Shape]
        var location: SourceLocation
        var kind: Kind
        var optionalNil: [Int?]

        enum Kind: String, Codable { case a, b }
    }

    private func sample() -> Record {
        Record(
            name: "héllo \u{1F600} \"quoted\" \n", count: -42, small: -128, big: UInt64.max, negative: Int64.min, ratio: 1.5,
            flag: true, missing: nil, present: 7, nested: [[], [1, 2], [Int.max, Int.min]], empty: [],
            byName: ["b": [2], "a": [1], "": []], byNumber: [3: "three", -1: "minus one"],
            shapes: [.point, .circle(radius: 0.25), .named("x", tags: nil), .named("y", tags: ["t"]), .group([.point, .group([], label: nil)], label: "g")],
            location: SourceLocation(file: "a/b.js", line: 12, column: 3), kind: .b, optionalNil: [nil, 1, nil])
    }

    func testRoundTrip() throws {
        let value = sample()
        let bytes = try CompactCoder.encode(value)
        XCTAssertEqual(try CompactCoder.decode(Record.self, from: bytes), value)
        XCTAssertEqual(try CompactCoder.decode([Shape].self, from: CompactCoder.encode(value.shapes)), value.shapes)
        XCTAssertEqual(try CompactCoder.decode(String.self, from: CompactCoder.encode("top")), "top")
        XCTAssertEqual(try CompactCoder.decode([String: Int].self, from: CompactCoder.encode([String: Int]())), [:])
    }

    func testSameValueSameBytes() throws {
        // Dictionaries built in different orders iterate differently; their bytes may not.
        var a: [String: Int] = [:]
        var b: [String: Int] = [:]
        for k in 0..<200 { a["k\(k)"] = k }
        for k in (0..<200).reversed() { b["k\(k)"] = k }
        XCTAssertEqual(try CompactCoder.encode(a), try CompactCoder.encode(b))
        XCTAssertEqual(try CompactCoder.encode(sample()), try CompactCoder.encode(sample()))
    }

    func testDamagedBytesThrow() throws {
        let bytes = try CompactCoder.encode(sample())
        XCTAssertThrowsError(try CompactCoder.decode(Record.self, from: []))
        XCTAssertThrowsError(try CompactCoder.decode(Record.self, from: bytes + [0]))
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            XCTAssertThrowsError(try CompactCoder.decode(Record.self, from: Array(bytes[..<cut])))
        }
        // Every byte changed in turn: a throw or a value, never a crash.
        for k in bytes.indices {
            var damaged = bytes
            damaged[k] ^= 0xA5
            _ = try? CompactCoder.decode(Record.self, from: damaged)
        }
        // A value of another type does not decode as this one.
        XCTAssertThrowsError(try CompactCoder.decode(Record.self, from: CompactCoder.encode(["name": "x"])))
    }
}
