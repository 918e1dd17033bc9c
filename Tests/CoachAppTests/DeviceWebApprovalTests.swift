import CoachCrypto
import CoachKit
import CoachStore
import CoachSync
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachApp

/// `device approve` as a use case: the phone's request must carry the pairing code's MAC
/// (else someone else answered the link: tampering), the words must be the key's, and only
/// then is a `checkin_device` entry signed by the approver pushed onto the roster.
@Suite struct DeviceWebApprovalTests {
    typealias Pairing = DeviceWebPairingTests

    /// The owner's pairing for jane, answered by a phone holding the link's code (or `code`).
    static func answered(code: String? = nil) throws
        -> (PairingSyncServer, WorkspaceSandbox, AppEnvironment, SigningKeyPair, String)
    {
        let (server, sandbox, environment, f) = try Pairing.paired()
        let phone = try SigningKeyPair.generate()
        let ws = try #require(f["w"])
        let linkCode = try #require(f["c"])
        let proof = Base64URL.encode(CheckinBytes.pairProof(workspace: ws, code: linkCode))
        server.answer(proof: proof, workspace: ws, code: code ?? linkCode, keys: phone)
        return (server, sandbox, environment, phone, ws)
    }

    @Test("the words of the phone's key approve it: a checkin_device entry signed by the approver")
    func approves() throws {
        let (server, sandbox, environment, phone, ws) = try Self.answered()
        let session = try Pairing.session(sandbox, environment)
        defer { session.close() }
        let words = FingerprintWords.words(signingKey: phone.publicKey)
        let report = try session.approveWebDevice(
            words: words.map { $0.uppercased() }, confirm: nil)
        #expect(report.words == words)
        #expect(report.athlete == "jane")
        let entry = try #require(server.checkinDevices.first)
        let owner = try session.workspace.publication(as: session.principal).registration
        let jane = try session.workspace.resolveAthlete(Handle("jane"), as: session.principal)
        #expect(entry.signPK.bytes == phone.publicKey)
        #expect(entry.athlete == jane)
        #expect(entry.approver == session.principal.userId)
        #expect(entry.device == CheckinDeviceCertificate.deviceId(signPK: phone.publicKey))
        #expect(
            entry.certificate.signatureValid(
                approverPK: owner.ownerSignPK.bytes, workspaceId: ws))
        // This replica lists it at once, as a web device of jane approved by the owner.
        let listed = try #require(
            try session.devices().first { $0.id.rawValue == entry.device.rawValue })
        #expect(listed.kind == .web)
        #expect(["jane", entry.athlete.rawValue].contains(listed.athlete ?? ""))
        #expect(listed.user == session.principal.handle)
        // The pairing is used up here: a second approval has nothing to approve.
        #expect(throws: PairingFailure.noPairing) {
            try session.approveWebDevice(words: words, confirm: nil)
        }
    }

    @Test("the words are asked for when none are given, and a no approves nothing")
    func asks() throws {
        let (server, sandbox, environment, phone, _) = try Self.answered()
        let session = try Pairing.session(sandbox, environment)
        defer { session.close() }
        let shown = LockedValue<[String]>([])
        #expect(throws: PairingFailure.self) {
            try session.approveWebDevice(words: nil) { words, _ in
                shown.withLock { $0 = words }
                return false
            }
        }
        #expect(shown.withLock { $0 } == FingerprintWords.words(signingKey: phone.publicKey))
        #expect(server.checkinDevices.isEmpty)
        _ = try session.approveWebDevice(words: nil) { _, _ in true }
        #expect(server.checkinDevices.count == 1)
    }

    @Test("a request not MACed with the link's code is tampering (exit 74) and approves nothing")
    func wrongMAC() throws {
        let (server, sandbox, environment, phone, _) = try Self.answered(
            code: "AAAAAAAAAAAAAAAAAAAAAAAA")
        let session = try Pairing.session(sandbox, environment)
        defer { session.close() }
        let words = FingerprintWords.words(signingKey: phone.publicKey)
        let device = CheckinDeviceCertificate.deviceId(signPK: phone.publicKey)
        let failure = #expect(throws: PairingFailure.wrongMAC(device: device.rawValue)) {
            try session.approveWebDevice(words: words, confirm: nil)
        }
        #expect(failure?.category == .corrupt)
        #expect(server.checkinDevices.isEmpty)
    }

    @Test("a key swapped after the phone's MAC (the server's attack) is refused as tampering")
    func swappedKey() throws {
        let (server, sandbox, environment, _, _) = try Self.answered()
        let other = try SigningKeyPair.generate()
        server.pairings.withLock { all in
            for (proof, var pairing) in all {
                pairing.request?.signPK = SyncBytes(other.publicKey)
                pairing.request?.device = CheckinDeviceCertificate.deviceId(
                    signPK: other.publicKey)
                all[proof] = pairing
            }
        }
        let session = try Pairing.session(sandbox, environment)
        defer { session.close() }
        #expect(throws: PairingFailure.self) {
            try session.approveWebDevice(
                words: FingerprintWords.words(signingKey: other.publicKey), confirm: nil)
        }
        #expect(server.checkinDevices.isEmpty)
    }

    @Test("words that are not the key's are refused (exit 77) and approve nothing")
    func wordsMismatch() throws {
        let (server, sandbox, environment, phone, _) = try Self.answered()
        let session = try Pairing.session(sandbox, environment)
        defer { session.close() }
        var words = FingerprintWords.words(signingKey: phone.publicKey)
        words.swapAt(0, 2)
        let failure = #expect(throws: PairingFailure.self) {
            try session.approveWebDevice(words: words, confirm: nil)
        }
        #expect(failure?.category == .permission)
        #expect(server.checkinDevices.isEmpty)
    }

    @Test("without words and nobody to ask, nothing is read or approved")
    func wordsNeeded() throws {
        let (server, sandbox, environment, _, _) = try Self.answered()
        let session = try Pairing.session(sandbox, environment)
        defer { session.close() }
        let before = server.requests.withLock { $0.count }
        #expect(throws: PairingFailure.wordsNeeded) {
            try session.approveWebDevice(words: nil, confirm: nil)
        }
        #expect(server.requests.withLock { $0.count } == before)
    }

    @Test("before the phone asks there is nothing to approve, and the pairing stays kept")
    func noRequestYet() throws {
        let (server, sandbox, environment, _) = try Pairing.paired()
        let session = try Pairing.session(sandbox, environment)
        defer { session.close() }
        #expect(throws: PairingFailure.noRequest) {
            try session.approveWebDevice(words: Array(repeating: "x", count: 6), confirm: nil)
        }
        #expect(server.checkinDevices.isEmpty)
        #expect(throws: PairingFailure.noRequest) {
            try session.approveWebDevice(words: Array(repeating: "x", count: 6), confirm: nil)
        }
    }

    @Test("a pairing the server no longer has is reported expired and forgotten here")
    func expired() throws {
        let (server, sandbox, environment, phone, _) = try Self.answered()
        server.pairings.withLock { $0 = [:] }
        let session = try Pairing.session(sandbox, environment)
        defer { session.close() }
        let words = FingerprintWords.words(signingKey: phone.publicKey)
        let failure = #expect(throws: PairingFailure.self) {
            try session.approveWebDevice(words: words, confirm: nil)
        }
        #expect(failure?.category == .notFound)
        #expect(server.checkinDevices.isEmpty)
        #expect(throws: PairingFailure.noPairing) {
            try session.approveWebDevice(words: words, confirm: nil)
        }
    }
}
