import Foundation
@testable import HawserCore
import XCTest

/// The hand-written SHA-256 the cache keys by: the standard's vectors, and `sha256sum` on data
/// of every length around the block and padding boundaries, fed whole and in pieces.
final class SHA256Tests: XCTestCase {
    func hex(_ bytes: [UInt8]) -> String { SHA256.hex(SHA256.hash(bytes)) }

    func testKnownVectors() {
        XCTAssertEqual(hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testMatchesSha256sum() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum") else { throw XCTSkip("no sha256sum") }
        let folder = try TemporaryProject()
        var generator = SystemRandomNumberGenerator()
        let lengths = Array(0...130) + [183, 191, 192, 255, 256, 1000, 4095, 4096, 65_537]
        var expected: [String] = []
        for length in lengths {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try Data(bytes).write(to: folder.url.appendingPathComponent("\(length)"))
            // In pieces of changing sizes too: the result must not depend on how it was fed.
            var hasher = SHA256()
            var offset = 0, piece = 1
            while offset < bytes.count {
                let end = min(bytes.count, offset + piece)
                hasher.update(Array(bytes[offset..<end]))
                offset = end
                piece = piece * 3 % 97 + 1
            }
            let pieces = SHA256.hex(hasher.finalize())
            XCTAssertEqual(pieces, hex(bytes), "length \(length)")
            expected.append("\(pieces)  \(length)")
        }
        let result = try Subprocess.run("/usr/bin/sha256sum", lengths.map(String.init), in: folder.url)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, expected.joined(separator: "\n") + "\n")
    }
}
