import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Testing

/// The owner's log reset on the roster: its JSON form, whose statement it takes, and the rule
/// that numbers resets from 1 without a gap.
@Suite struct RosterLogResetTests {
    static func statement(_ counter: UInt64, by signer: SigningKeyPair) -> LogResetStatement {
        var reset = LogResetStatement(
            workspaceId: SyncFixture.workspace, counter: counter, restoredSize: 10,
            restoredRoot: [UInt8](repeating: 1, count: 32),
            restoredRosterHead: [UInt8](repeating: 2, count: 32), lostSize: 13,
            lostRoot: [UInt8](repeating: 3, count: 32), time: 1_764_100_000_000)
        reset.sign(by: signer)
        return reset
    }

    @Test("a log_reset entry round-trips as JSON and carries the statement's byte form")
    func wire() throws {
        let fixture = try SyncFixture()
        let entry = RosterEntry.logReset(RosterLogReset(Self.statement(1, by: fixture.owner)))
        let json = try SyncJSON.encode(entry)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("\"type\":\"log_reset\""))
        #expect(try SyncJSON.decode(RosterEntry.self, from: json) == entry)
        #expect(entry.type == "log_reset")
        let other = RosterEntry.logReset(RosterLogReset(Self.statement(2, by: fixture.owner)))
        #expect(entry.hash != other.hash)
    }

    @Test("only the owner's statement verifies; a damaged one does not read")
    func verified() throws {
        let fixture = try SyncFixture()
        let anchor = TrustAnchor(
            workspaceId: SyncFixture.workspace, ownerSignPK: fixture.owner.publicKey)
        let owners = RosterLogReset(Self.statement(1, by: fixture.owner))
        #expect(owners.verified(anchor: anchor)?.counter == 1)
        let someone = RosterLogReset(Self.statement(1, by: try SigningKeyPair.generate()))
        #expect(someone.verified(anchor: anchor) == nil)
        var damaged = owners
        damaged.statement = SyncBytes(Array(owners.statement.bytes.dropLast()))
        #expect(damaged.decoded == nil)
    }

    @Test(
        "a reset follows the last only numbered one more",
        arguments: [(0, 1, true), (0, 2, false), (1, 1, false), (1, 2, true), (3, 2, false)]
            as [(UInt64, UInt64, Bool)])
    func follows(last: UInt64, counter: UInt64, expected: Bool) throws {
        let fixture = try SyncFixture()
        let reset = Self.statement(counter, by: fixture.owner)
        #expect(RosterLogReset.follows(last, with: reset) == expected)
    }
}
