import CoachApp
import CoachCrypto
import CoachKit
import CoachSync
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// A phone's check-in device, its revocation and the athletes' inbox keys come down with the
/// roster, verified as the server verifies them; a forged one is tampering (exit 74).
@Suite struct SyncCheckinRosterTests {
    /// A published workspace on a fake server, signed in as the owner.
    struct Published {
        let server: FakeSyncServer
        let sandbox: WorkspaceSandbox
        let owner: AppSession
        let jane: AthleteID
    }

    static func published() throws -> Published {
        let server = FakeSyncServer()
        let sandbox = try WorkspaceSandbox()
        var environment = sandbox.environment
        environment.syncTransport = server
        let owner = try AppSession.open(sandbox.signIn(as: "olivia"), environment: environment)
        _ = try owner.publish(server: try SyncAddress.parse("http://127.0.0.1:9"))
        let jane = try owner.athlete(Handle("jane")).id
        return Published(server: server, sandbox: sandbox, owner: owner, jane: jane)
    }

    /// A phone's certificate for `athlete`, approved and signed by `approver`.
    static func phone(
        _ athlete: AthleteID, approver: Principal, name: String = "Jane's phone"
    ) throws -> (certificate: CheckinDeviceCertificate, keys: SigningKeyPair) {
        let keys = try SigningKeyPair.generate()
        var certificate = CheckinDeviceCertificate(
            deviceId: CheckinDeviceCertificate.deviceId(signPK: keys.publicKey),
            athleteId: athlete, approverId: approver.userId, signPK: keys.publicKey,
            name: name, createdAt: 1_700_000_000_000)
        certificate.sign(by: approver.signKeys, workspaceId: approver.anchor.workspaceId)
        return (certificate, keys)
    }

    static func plant(_ server: FakeSyncServer, _ entry: RosterEntry) {
        server.state.withLock { $0.roster.append(entry) }
    }

    static func expectTampered(_ session: AppSession, naming: String) {
        do {
            _ = try session.sync()
            Issue.record("a forged entry was accepted")
        } catch let failure as any CoachFailure {
            #expect(failure.category == .corrupt)
            #expect(failure.problemDescription.contains(naming), "\(failure.problemDescription)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("an approved phone is pulled, listed as a web device, its revocation reaches the server")
    func phoneListedAndRevoked() throws {
        let p = try Self.published()
        defer { p.owner.close() }
        let phone = try Self.phone(p.jane, approver: p.owner.principal)
        Self.plant(p.server, .checkinDevice(RosterCheckinDevice(phone.certificate)))
        _ = try p.owner.sync()
        let web = try p.owner.devices().filter { $0.kind == .web }
        #expect(web.count == 1)
        #expect(web.first?.id == phone.certificate.deviceId)
        #expect(web.first?.athlete == p.jane.rawValue)
        #expect(web.first?.user == Handle("olivia"))
        #expect(web.first?.revoked == false)

        let id = phone.certificate.deviceId
        let revoked = try p.owner.revokeDevice(String(id.rawValue.prefix(8)))
        #expect(revoked.revoked && revoked.kind == .web)
        _ = try p.owner.sync()
        let onServer = p.server.state.withLock { $0.roster }.filter {
            if case .deviceRevocation(let r) = $0 { return r.deviceId == id }
            return false
        }
        #expect(onServer.count == 1)
        // Nothing is pushed twice.
        let count = p.server.state.withLock { $0.roster.count }
        _ = try p.owner.sync()
        #expect(p.server.state.withLock { $0.roster.count } == count)
    }

    @Test("a phone whose certificate the approver did not sign is tampering, nothing applied")
    func forgedPhone() throws {
        let p = try Self.published()
        defer { p.owner.close() }
        var phone = try Self.phone(p.jane, approver: p.owner.principal).certificate
        phone.name = "renamed on the server"
        Self.plant(p.server, .checkinDevice(RosterCheckinDevice(phone)))
        Self.expectTampered(p.owner, naming: phone.deviceId.rawValue)
        #expect(try p.owner.devices().allSatisfy { $0.kind == .machine })
    }

    @Test("a revocation of a phone not signed by its revoker is tampering")
    func forgedRevocation() throws {
        let p = try Self.published()
        defer { p.owner.close() }
        let phone = try Self.phone(p.jane, approver: p.owner.principal).certificate
        Self.plant(p.server, .checkinDevice(RosterCheckinDevice(phone)))
        _ = try p.owner.sync()
        var revocation = DeviceRevocation(
            deviceId: phone.deviceId, revokedBy: p.owner.principal.userId, revokedAt: 5)
        // Signed as a full device's revocation: never valid for a check-in device.
        revocation.sign(
            by: p.owner.principal.signKeys, workspaceId: p.owner.principal.anchor.workspaceId,
            certificate: DeviceCertificate(
                deviceId: phone.deviceId, userId: p.owner.principal.userId,
                signPK: phone.signPK, createdAt: phone.createdAt, name: phone.name))
        Self.plant(p.server, .deviceRevocation(RosterDeviceRevocation(revocation)))
        Self.expectTampered(p.owner, naming: phone.deviceId.rawValue)
        #expect(try p.owner.devices().filter { $0.kind == .web }.map(\.revoked) == [false])
    }

    @Test("an inbox key signed by anyone but the owner is tampering")
    func inboxKeyNotTheOwners() throws {
        let p = try Self.published()
        defer { p.owner.close() }
        let coach = try AppSession.open(
            p.sandbox.signIn(as: "carl"), environment: p.owner.environment)
        defer { coach.close() }
        var statement = InboxKeyStatement(
            athleteId: p.jane, epoch: 1, publicKey: Array(repeating: 7, count: 32))
        statement.sign(
            by: coach.principal.signKeys, workspaceId: coach.principal.anchor.workspaceId)
        Self.plant(p.server, .inboxKey(RosterInboxKey(statement)))
        Self.expectTampered(p.owner, naming: "inbox key of athlete \(p.jane)")
    }
}
