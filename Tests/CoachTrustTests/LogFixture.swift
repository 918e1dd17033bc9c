import CoachCrypto
import CoachKit
import CoachTrust

/// A club server's log key, certified by the owner of a workspace, and the signed log values
/// built on it: tree heads, an owner checkpoint and a log-reset statement. Plain values with
/// real keys; no database, no server.
struct LogFixture {
    static let workspaceId = "0f8e7d6c-5b4a-4938-8271-605f4e3d2c1b"
    static let time: Int64 = 1_764_000_000_000

    let owner: SigningKeyPair
    let server: SigningKeyPair
    let certificate: LogKeyCertificate

    var anchor: TrustAnchor {
        TrustAnchor(workspaceId: Self.workspaceId, ownerSignPK: owner.publicKey)
    }

    init() throws {
        try Sodium.initialize()
        owner = try SigningKeyPair.generate()
        server = try SigningKeyPair.generate()
        certificate = Self.certify(server, by: owner)
    }

    /// The owner's certificate of `key` from log size `fromSize`.
    static func certify(
        _ key: SigningKeyPair, by owner: SigningKeyPair, fromSize: UInt64 = 0,
        workspaceId: String = workspaceId
    ) -> LogKeyCertificate {
        var certificate = LogKeyCertificate(
            workspaceId: workspaceId, serverPK: key.publicKey, created: time, fromSize: fromSize)
        certificate.sign(by: owner)
        return certificate
    }

    /// A tree head of `size` and `root`, signed by `key` (the fixture's server key by default).
    func head(
        size: UInt64, root: [UInt8], key: SigningKeyPair? = nil, time: Int64 = Self.time,
        workspaceId: String = Self.workspaceId
    ) -> SignedTreeHead {
        let signer = key ?? server
        var head = SignedTreeHead(
            workspaceId: workspaceId, keyId: LogKeyCertificate.keyId(of: signer.publicKey),
            size: size, root: root, time: time)
        head.sign(by: signer)
        return head
    }

    /// The owner's checkpoint of `head`.
    func checkpoint(_ head: SignedTreeHead) -> TreeHeadCountersignature {
        var checkpoint = TreeHeadCountersignature(head: head)
        checkpoint.sign(by: owner)
        return checkpoint
    }

    /// An owner-signed reset to a log of 1,100 entries from one of 1,234.
    func reset(counter: UInt64 = 1) -> LogResetStatement {
        var reset = LogResetStatement(
            workspaceId: Self.workspaceId, counter: counter, restoredSize: 1_100,
            restoredRoot: Self.hash(1), restoredRosterHead: Self.hash(2), lostSize: 1_234,
            lostRoot: Self.hash(3), time: Self.time + 60_000)
        reset.sign(by: owner)
        return reset
    }

    /// A 32-byte value standing for a hash, all bytes `byte`.
    static func hash(_ byte: UInt8) -> [UInt8] { [UInt8](repeating: byte, count: 32) }
}
