import CoachCrypto
import CoachKit
import CoachStore
import CoachSync
import CoachTrust
import Foundation

extension AppSession {
    /// Approves the phone that answered the web pairing waiting on this machine: reads its
    /// request from the server, checks the request's MAC under the kept code (only the holder
    /// of the link could make it), has the user compare the key's six words with the phone's,
    /// then signs its `checkin_device` roster entry, pushes it onto the server's roster by
    /// compare-and-swap and applies it here. The kept pairing is then forgotten.
    ///
    /// - Parameters:
    ///   - given: the words the phone shows, when given up front (compared without case).
    ///   - confirm: asks the user whether the phone shows these words (with the phone's name),
    ///     when no words were given; nil when nobody can be asked.
    /// - Returns: the approved phone.
    /// - Throws: `PairingFailure` (`wordsNeeded` before anything is read; `noPairing`,
    ///   `expired`, `noRequest`; `wrongMAC` for a request not made with the code;
    ///   `wordsMismatch`); `SyncFailure.membershipRefused` when the roster refuses the entry;
    ///   `SyncRemoteFailure` for other refusals and an unreachable server.
    public func approveWebDevice(
        words given: [String]?, confirm: (([String], String) -> Bool)?
    ) throws -> WebApprovalReport {
        guard given != nil || confirm != nil else { throw PairingFailure.wordsNeeded }
        let status = try workspace.syncStatus()
        guard let server = URL(string: status.server) else { throw SyncFailure.notSynced }
        let workspaceId = try workspace.syncWorkspaceId()
        let (device, keys) = try workspace.withDeviceKey { ($0, $1) }
        let binding = KeptSyncSession.Binding(
            server: server.absoluteString, workspace: workspaceId, device: device)
        let store = environment.pairings(for: workspace.path)
        guard let sealed = try StoreError.local({ try store.load(deviceId: device.rawValue) }),
            let kept = KeptPairing.open(sealed, with: keys, binding: binding)
        else { throw PairingFailure.noPairing }
        let nowMs = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        guard nowMs < kept.expiresAt else {
            store.remove(deviceId: device.rawValue)
            throw PairingFailure.expired(expiresAt: Self.isoInstant(kept.expiresAt))
        }
        var client = SyncClient(server: server, transport: environment.syncTransport)
        let report = try withSyncSession(&client, workspace: workspaceId) { client in
            let request: PairingRequest
            do {
                request = try Self.pairingRequest(client, workspace: workspaceId, kept: kept)
            } catch PairingFailure.expired(let at) {
                store.remove(deviceId: device.rawValue)
                throw PairingFailure.expired(expiresAt: at)
            }
            let words = FingerprintWords.words(signingKey: request.signPK.bytes)
            let same =
                given.map { $0.map { $0.lowercased() } == words }
                ?? confirm?(words, request.name) ?? false
            guard same else { throw PairingFailure.wordsMismatch(expected: words) }
            let certificate = principal.approveCheckinDevice(
                signPK: request.signPK.bytes, athlete: kept.athlete, name: request.name,
                createdAt: nowMs)
            let entry = RosterEntry.checkinDevice(RosterCheckinDevice(certificate))
            let roster = try Self.roster(of: workspaceId, from: client)
            do {
                _ = try client.pushRoster(workspace: workspaceId, [entry], on: roster.head)
                // The replica holds it at once, verified as a pulled one (a sync would bring
                // it in the same way).
                _ = try workspace.applyRosterDevices([entry], as: principal)
            } catch SyncRemoteFailure.refused(let problem)
                where problem.reason == .rosterRejected
            {
                throw SyncFailure.membershipRefused(reason: problem.message)
            }
            return WebApprovalReport(
                device: request.device.rawValue, name: request.name, athlete: kept.handle,
                words: words)
        }
        store.remove(deviceId: device.rawValue)
        return report
    }

    /// The phone's request to the pairing `kept`, checked: its device id is its key's and its
    /// MAC is the pairing code's over the request bound to the workspace and athlete.
    ///
    /// - Throws: `PairingFailure.expired` when the server no longer has the pairing,
    ///   `.noRequest` before the phone asked, `.wrongMAC` for a request not made with the code.
    static func pairingRequest(_ client: SyncClient, workspace: String, kept: KeptPairing)
        throws -> PairingRequest
    {
        let answer: PairingStatus
        do {
            answer = try client.call(
                "GET", SyncPath.pairing(workspace, proof: kept.proof(workspace: workspace)),
                nil as [UInt8]?, as: PairingStatus.self)
        } catch SyncRemoteFailure.refused(let problem) where problem.reason == .notFound {
            throw PairingFailure.expired(expiresAt: isoInstant(kept.expiresAt))
        }
        guard let request = answer.request else { throw PairingFailure.noRequest }
        let key = CheckinBytes.pairMACKey(
            workspace: workspace, athlete: kept.athlete, code: kept.code)
        let expected = Hashing.hmacSHA256(
            CheckinBytes.pairRequest(
                workspace: workspace, athlete: kept.athlete, device: request.device,
                signPK: request.signPK.bytes, name: request.name),
            key: key)
        guard answer.athlete == kept.athlete,
            request.device == CheckinDeviceCertificate.deviceId(signPK: request.signPK.bytes),
            Sodium.constantTimeEqual(expected, request.mac.bytes)
        else { throw PairingFailure.wrongMAC(device: request.device.rawValue) }
        return request
    }
}
