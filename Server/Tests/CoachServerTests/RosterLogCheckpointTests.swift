import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Testing

@testable import CoachServer

/// The roster's rule for owner checkpoints, in process (`ServerRoster`): the owner's
/// signature over a head the current log key signed, no smaller or older than the last.
@Suite struct RosterLogCheckpointTests {
    let fixture: ClubFixture
    let server: SigningKeyPair

    init() throws {
        fixture = try ClubFixture()
        server = try SigningKeyPair.generate()
    }

    /// A roster holding the owner's certificate of `server`'s key.
    func roster() throws -> ServerRoster {
        var cert = LogKeyCertificate(
            workspaceId: ClubFixture.workspace, serverPK: server.publicKey, created: 1_000,
            fromSize: 0)
        cert.sign(by: fixture.owner)
        var roster = ServerRoster(registration: fixture.registration)
        try roster.apply(.logKey(RosterLogKey(cert)))
        return roster
    }

    /// A checkpoint of a head of `size` at `time`, signed by `headSigner` and `signer`.
    func entry(
        size: UInt64, time: Int64 = 5, headSigner: SigningKeyPair? = nil,
        signer: SigningKeyPair? = nil
    ) -> RosterEntry {
        var head = SignedTreeHead(
            workspaceId: ClubFixture.workspace,
            keyId: LogKeyCertificate.keyId(of: server.publicKey), size: size,
            root: Array(repeating: UInt8(size), count: 32), time: time)
        head.sign(by: headSigner ?? server)
        var checkpoint = TreeHeadCountersignature(head: head)
        checkpoint.sign(by: signer ?? fixture.owner)
        return .logCheckpoint(RosterLogCheckpoint(checkpoint))
    }

    @Test("The owner's checkpoint of a head the log key signed is taken, a larger one follows")
    func ownersTaken() throws {
        var roster = try roster()
        try roster.apply(entry(size: 3))
        try roster.apply(entry(size: 5, time: 6))
        #expect(roster.logCheckpoint?.head.size == 5)
    }

    @Test("A coach's checkpoint, a forged head, a smaller log or one before any key is refused")
    func refused() throws {
        var roster = try roster()
        try roster.apply(entry(size: 4))
        let forger = try SigningKeyPair.generate()
        #expect(throws: RosterRefusal.self) {
            try roster.apply(entry(size: 5, signer: fixture.coach))
        }
        #expect(throws: RosterRefusal.self) { try roster.apply(entry(size: 5, headSigner: forger)) }
        #expect(throws: RosterRefusal.self) { try roster.apply(entry(size: 3, time: 9)) }
        var bare = ServerRoster(registration: fixture.registration)
        #expect(throws: RosterRefusal.self) { try bare.apply(entry(size: 1)) }
        #expect(roster.logCheckpoint?.head.size == 4)
    }
}
