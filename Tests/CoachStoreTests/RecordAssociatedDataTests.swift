import CoachCrypto
import Testing

@testable import CoachStore

/// The record codec writes its associated data by hand; it must stay byte for byte what the
/// general builder writes, or every stored record would stop opening.
@Suite struct RecordAssociatedDataTests {
    struct Case: Sendable {
        let athleteId: String, id: String, kind: String, day: String, epoch: Int, version: Int
    }

    static let cases = [
        Case(
            athleteId: "a-1", id: "i0123456789abcdef01234567", kind: "biometric",
            day: "2024-03-10", epoch: 1, version: 1),
        Case(
            athleteId: "athlete", id: "steps-2024-11-03", kind: "steps", day: "2024-11-03",
            epoch: 7, version: 42),
        Case(athleteId: "", id: "", kind: "", day: "", epoch: 0, version: 0),
        Case(
            athleteId: "ü", id: "id with \"quotes\" and ü", kind: "food", day: "1999-12-31",
            epoch: Int.max, version: -1),
    ]

    @Test("The record associated data equals the general builder's bytes", arguments: cases)
    func matchesGeneralBuilder(_ c: Case) {
        let general = AssociatedData("coach/1/record")
            .with(c.athleteId, c.id, c.kind, c.day, c.epoch, c.version).bytes
        let fast = RecordCodec.ad(
            athleteId: c.athleteId, id: c.id, kind: c.kind, day: c.day, epoch: c.epoch,
            version: c.version)
        #expect(fast == general)
    }
}
