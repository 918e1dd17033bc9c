import CoachApp
import CoachCrypto
import CoachKit
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// A replica that refuses a server's log (it went back, or forked) keeps the evidence in a
/// transaction of its own, and writes it on request as `coach-log-evidence/1` JSON: both
/// signed heads with their fields, the owner's certificate of the key, and the proof served.
@Suite struct SyncLogEvidenceTests {
    /// The evidence B wrote after a refused sync, decoded, with the JSON as written.
    static func refusedEvidence(
        _ server: FakeSyncServer, attack: (FakeSyncServer, Int64) -> Void
    ) throws -> (LogEvidence, [String: Any], Int64, SyncTwoMachinesTests.Machines) {
        let (m, held) = try SyncLogRollbackTests.setUp(server)
        attack(server, held)
        let b = try m.session(m.envB)
        defer { b.close() }
        #expect(throws: LogFailure.self) { try b.sync() }
        let path = m.folderB.path + "/evidence.json"
        let written = try b.writeLogEvidence(to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(String(decoding: data, as: UTF8.self) == written.json + "\n")
        let evidence = try JSONDecoder().decode(LogEvidence.self, from: data)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(evidence.format == "coach-log-evidence/1")
        #expect(evidence.workspace == b.principal.anchor.workspaceId)
        #expect(evidence.server == "http://127.0.0.1:9")
        #expect(evidence.logKey.fingerprint == (try b.workspace.logKeyFingerprint(as: b.principal)))
        // Each head's byte form is the signed head its fields describe, signed by the key.
        let cert = try LogKeyCertificate.decode(try Self.bytes(evidence.logKey.certificate))
        #expect(cert.valid(anchor: b.principal.anchor))
        let verifier = LogVerifier(anchor: b.principal.anchor, certificates: [cert])
        for head in evidence.heads {
            let signed = try SignedTreeHead.decode(try Self.bytes(head.encoded))
            #expect(signed.size == head.size && Hashing.hex(signed.root) == head.root)
            try verifier.check(signed)
        }
        #expect(evidence.heads.map(\.role) == ["held", "served"])
        #expect(evidence.heads.first?.size == UInt64(held))
        return (evidence, object, held, m)
    }

    static func bytes(_ hex: String) throws -> [UInt8] {
        try #require(RosterMark.bytes(hex: hex))
    }

    @Test("A log gone back keeps its evidence: both heads, the key, the sizes, in the JSON")
    func rollback() throws {
        let (evidence, object, held, _) = try Self.refusedEvidence(FakeSyncServer()) {
            $0.rollLogBack(to: Int($1) - 1)
        }
        #expect(evidence.kind == "rollback")
        #expect(evidence.heads.last?.size == UInt64(held - 1))
        #expect(evidence.problem.contains("went back from \(held) to \(held - 1)"))
        // The keys other tools read (the fork e2e among them).
        for key in ["format", "workspace", "server", "kind", "time", "log_key", "heads", "proof"] {
            #expect(object[key] != nil, "\(key)")
        }
        let heads = try #require(object["heads"] as? [[String: Any]])
        for key in ["role", "encoded", "workspace", "key_id", "size", "root", "time", "signature"] {
            #expect(heads.allSatisfy { $0[key] != nil }, "\(key)")
        }
    }

    @Test("A forked log keeps its evidence with the consistency proof it was served")
    func fork() throws {
        let (evidence, _, held, _) = try Self.refusedEvidence(FakeSyncServer()) { server, _ in
            server.forkLog(at: 0)
        }
        #expect(evidence.kind == "fork")
        let proof = try #require(evidence.proof)
        #expect(proof.kind == "consistency" && proof.from == UInt64(held))
        #expect(proof.to == evidence.heads.last?.size && !proof.path.isEmpty)
        #expect(evidence.heads.last.map { $0.root != evidence.heads[0].root } == true)
    }

    @Test("No evidence kept is exit 66; an existing file is exit 73 and stays as it was")
    func noneOrTaken() throws {
        let (m, _) = try SyncLogRollbackTests.setUp(FakeSyncServer())
        let b = try m.session(m.envB)
        defer { b.close() }
        let path = m.folderB.path + "/evidence.json"
        #expect(throws: SyncFailure.noLogEvidence) { try b.writeLogEvidence(to: path) }
        #expect(SyncFailure.noLogEvidence.category == .notFound)
        #expect(!FileManager.default.fileExists(atPath: path))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.fileExists(path)) { try b.writeLogEvidence(to: path) }
        #expect(StoreError.fileExists(path).category == .conflict)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine")
    }

    @Test("Every rollback and fork points to the evidence; other log failures do not")
    func remedy() {
        #expect(LogFailure.rolledBack(from: 2, to: 1).remedy == .writeLogEvidence)
        #expect(LogFailure.forked(held: 2, served: 3).remedy == .writeLogEvidence)
        #expect(LogFailure.badHead("none").remedy == nil)
    }
}
