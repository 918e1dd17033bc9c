import Foundation
import Testing

@testable import CoachCrypto

@Suite struct PaddingTests {
    @Test(
        "Padding round-trips and hides the exact length within a block",
        arguments: [
            (0, 64), (1, 64), (63, 64), (64, 64), (65, 64), (127, 128), (128, 128), (1000, 128),
            (5, 16),
        ])
    func roundTrip(length: Int, block: Int) throws {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 7 + 1) }
        let padded = Padding.pad(bytes, blockSize: block)
        #expect(padded.count % block == 0)
        #expect(padded.count > length && padded.count <= length + block)
        #expect(Array(padded.prefix(length)) == bytes)
        #expect(try Padding.unpad(padded, blockSize: block) == bytes)
    }

    @Test("Payloads of different lengths in one block pad to the same size")
    func sizeClass() {
        #expect(
            Padding.pad(Array(repeating: 1, count: 3), blockSize: 64).count
                == Padding.pad(Array(repeating: 1, count: 60), blockSize: 64).count)
    }

    @Test(
        "Malformed padding is rejected",
        arguments: [
            "empty", "all-zero", "no-marker", "wrong-block",
        ])
    func malformed(kind: String) {
        let bytes: [UInt8]
        switch kind {
        case "empty": bytes = []
        case "all-zero": bytes = Array(repeating: 0, count: 64)
        case "no-marker": bytes = Array(repeating: 0x41, count: 64)
        default: bytes = Array(Padding.pad([1, 2, 3], blockSize: 64).prefix(32))
        }
        #expect(throws: CryptoError.badPadding) { try Padding.unpad(bytes, blockSize: 64) }
    }
}
