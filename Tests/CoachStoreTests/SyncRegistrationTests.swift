import CoachCrypto
import CoachKit
import CoachSync
import Foundation
import Testing

@testable import CoachStore

/// The registration a replica keeps is what an invitation binds to its code, so a copy
/// swapped in the file (by someone who can write it) must not be what a new machine is told
/// to trust: it is checked against the user's trust anchor first.
@Suite struct SyncRegistrationTests {
    /// Ways the kept registration can differ from the owner's.
    enum Swap: String, CaseIterable, Sendable {
        case anotherOwnerKey, anotherWorkspace, badSignature, notARegistration

        func kept(from genuine: WorkspaceRegistration) throws -> [UInt8] {
            var r = genuine
            switch self {
            case .anotherOwnerKey:
                let mallory = try SigningKeyPair.generate()
                r.ownerSignPK = SyncBytes(mallory.publicKey)
                r.sign(by: mallory)
            case .anotherWorkspace:
                r.workspaceId = "another-workspace"
            case .badSignature:
                var signature = r.signature.bytes
                signature[0] ^= 1
                r.signature = SyncBytes(signature)
            case .notARegistration:
                return Array("{}".utf8)
            }
            return try SyncJSON.encode(r)
        }
    }

    /// A fixture that syncs, keeping `kept` as its registration.
    static func synced(keeping kept: (WorkspaceRegistration) throws -> [UInt8]) throws
        -> Fixture
    {
        let f = try Fixture()
        let key = try #require(
            try f.ws.ensureDevice(sealedKey: nil, name: "a", as: f.owner).sealedKey)
        try f.ws.useDevice(sealedKey: key, as: f.owner)
        let genuine = try f.ws.publication(as: f.owner).registration
        try f.ws.startSync(
            server: "test", registration: try kept(genuine), genesis: true, as: f.owner)
        return f
    }

    @Test("The owner's registration as published is the one kept")
    func genuine() throws {
        let f = try Self.synced { try SyncJSON.encode($0) }
        let kept = try f.ws.syncRegistration(as: f.owner)
        #expect(kept.anchor == f.owner.anchor)
        #expect(kept.signatureValid)
    }

    @Test("A registration swapped in the file is tampering (74)", arguments: Swap.allCases)
    func swapped(_ swap: Swap) throws {
        let f = try Self.synced { try swap.kept(from: $0) }
        #expect {
            _ = try f.ws.syncRegistration(as: f.owner)
        } throws: { error in
            guard case StoreError.tampered(let what, _) = error else { return false }
            return what.contains("registration kept for sync")
        }
    }

    @Test("A workspace that never synced has no registration")
    func notSynced() throws {
        let f = try Fixture()
        #expect(throws: SyncFailure.notSynced) { _ = try f.ws.syncRegistration(as: f.owner) }
    }
}
