import CoachKit
import Foundation
import Testing

@testable import CoachApp

/// The hand-written biometric JSON equals the general encoder's output byte for byte.
@Suite struct FastPayloadTests {
    static let samples: [BiometricSample] = [
        BiometricSample(
            id: "i0123456789abcdef01234567", time: Instant("2023-11-05T01:30:00-07:00")!,
            type: .heart_rate, value: 61, source: "Jane's Apple Watch"),
        BiometricSample(
            id: "x", time: Instant("2023-11-05T01:30:00-08:00")!, type: .hrv_sdnn, value: 48.25),
        BiometricSample(
            id: "q\"uote\\", time: Instant("2024-02-29T23:59:59Z")!, type: .spo2, value: 97.5,
            source: "Withings/Health Mate\t\u{1}é"),
        BiometricSample(
            id: "n", time: Instant("2024-01-01T00:00:00+05:30")!, type: .wrist_temp, value: -0.12),
    ]

    @Test("FastPayload.biometric writes what JSONEncoder writes", arguments: samples)
    func sameBytes(sample: BiometricSample) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let general = [UInt8](try encoder.encode(sample))
        #expect(
            String(decoding: FastPayload.biometric(sample), as: UTF8.self)
                == String(decoding: general, as: UTF8.self))
    }
}
