import CoachCrypto
import CoachKit
import Testing

@testable import CoachSync

/// What a join sends for a code (its proof) and the invitation's owner binding: the proof is
/// a code-shaped one-way hash, the binding a MAC that holds only for the registration and
/// the code it was made for.
@Suite struct JoinCodeBindingTests {
    @Test(
        "a proof is base32 of SHA-256's first 15 bytes (vectors from Python's hashlib)",
        arguments: [
            ("ABCDEFGHIJKLMNOPQRSTUVWX", "RZSDD4VA6V2HWULFQS36KI3X"),
            ("AAAAAAAAAAAAAAAAAAAAAAAA", "NXHUUOYJ3NLDUVCLB4LHYOUM"),
            ("MZXW6YTBOJTG633CMFZGM33P", "XW3C7HVHEQKGCMAELSBS3UEN"),
        ])
    func proof(_ code: String, _ expected: String) {
        let proof = JoinCode.proof(of: code)
        #expect(proof == expected)
        #expect(JoinCode.normalized(proof) == proof)
    }

    @Test("the binding holds for its registration, roster head and code only")
    func binding() throws {
        let fixture = try SyncFixture()
        let genuine = fixture.registration
        let code = "ABCDEFGHIJKLMNOPQRSTUVWX"
        let key = try JoinCode.bindingKey(
            workspace: SyncFixture.workspace, user: "u-jane", code: code)
        let head = RosterHead(count: 7, hash: [UInt8](repeating: 3, count: 32))
        let tag = JoinCode.binding(of: genuine, head: head, key: key)
        #expect(tag.count == JoinCode.bindingLength)
        #expect(JoinCode.boundHead(tag, of: genuine, key: key) == head)
        // Another owner key, signed by it: not bound.
        let mallory = try SigningKeyPair.generate()
        var forged = genuine
        forged.ownerSignPK = SyncBytes(mallory.publicKey)
        forged.sign(by: mallory)
        #expect(JoinCode.boundHead(tag, of: forged, key: key) == nil)
        // The same registration under the key of another code, user or workspace: not bound.
        let others = [
            try JoinCode.bindingKey(
                workspace: SyncFixture.workspace, user: "u-jane",
                code: "ABCDEFGHIJKLMNOPQRSTUVWY"),
            try JoinCode.bindingKey(workspace: SyncFixture.workspace, user: "u-carl", code: code),
            try JoinCode.bindingKey(workspace: "another", user: "u-jane", code: code),
        ]
        for other in others { #expect(JoinCode.boundHead(tag, of: genuine, key: other) == nil) }
        // A head of the server's making (an older count, another hash) under the same MAC.
        for at in [7, 8 + 5] {
            var altered = tag
            altered[at] ^= 1
            #expect(JoinCode.boundHead(altered, of: genuine, key: key) == nil)
        }
        // Neither empty nor truncated.
        #expect(JoinCode.boundHead([], of: genuine, key: key) == nil)
        #expect(JoinCode.boundHead(Array(tag.prefix(71)), of: genuine, key: key) == nil)
    }

    @Test(
        "a head is extended only by rosters whose first entries chain to it",
        arguments: [(3, 3, true), (3, 5, true), (3, 2, false), (0, 0, true), (0, 4, true)]
            as [(Int, Int, Bool)])
    func extended(_ count: Int, _ served: Int, _ extends: Bool) throws {
        let entries = (0..<6).map {
            RosterEntry.athlete(RosterAthlete(athleteId: AthleteID("a-\($0)"), handleTag: [1]))
        }
        let head = RosterHead.empty.appending(contentsOf: Array(entries.prefix(count)))
        #expect(head.isExtended(by: Array(entries.prefix(served))) == extends)
        // The same count with an entry of it left out and another put in its place: no.
        if count > 0 {
            var rewritten = Array(entries.prefix(max(count, served)))
            rewritten[0] = entries[5]
            #expect(!head.isExtended(by: rewritten))
        }
    }
}
