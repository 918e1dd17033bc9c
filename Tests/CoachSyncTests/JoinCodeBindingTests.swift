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

    @Test("the binding holds for its registration and code only")
    func binding() throws {
        let fixture = try SyncFixture()
        let genuine = fixture.registration
        let code = "ABCDEFGHIJKLMNOPQRSTUVWX"
        let key = try JoinCode.bindingKey(
            workspace: SyncFixture.workspace, user: "u-jane", code: code)
        let tag = JoinCode.binding(of: genuine, key: key)
        #expect(JoinCode.bindingValid(tag, of: genuine, key: key))
        // Another owner key, signed by it: not bound.
        let mallory = try SigningKeyPair.generate()
        var forged = genuine
        forged.ownerSignPK = SyncBytes(mallory.publicKey)
        forged.sign(by: mallory)
        #expect(!JoinCode.bindingValid(tag, of: forged, key: key))
        // The same registration under the key of another code, user or workspace: not bound.
        let others = [
            try JoinCode.bindingKey(
                workspace: SyncFixture.workspace, user: "u-jane",
                code: "ABCDEFGHIJKLMNOPQRSTUVWY"),
            try JoinCode.bindingKey(workspace: SyncFixture.workspace, user: "u-carl", code: code),
            try JoinCode.bindingKey(workspace: "another", user: "u-jane", code: code),
        ]
        for other in others { #expect(!JoinCode.bindingValid(tag, of: genuine, key: other)) }
        // Neither empty nor truncated.
        #expect(!JoinCode.bindingValid([], of: genuine, key: key))
        #expect(!JoinCode.bindingValid(Array(tag.prefix(31)), of: genuine, key: key))
    }
}
