import CoachKit
import CoachStore
import CoachSync
import Foundation

extension AppSession {
    /// Signs in as this machine's device; a device the server's roster does not hold yet (made
    /// on this machine after the workspace was published or joined) first enrols itself with
    /// its certificate, which needs no session (docs/sync-api.md, "Enrolling a device").
    func signInEnrolling(_ client: inout SyncClient, workspace id: String, device: DeviceID)
        throws
    {
        let sign: ([UInt8]) throws -> [UInt8] = { message in
            try self.workspace.withDeviceKey { _, key in key.sign(message) }
        }
        do {
            try client.signIn(workspace: id, device: device, sign: sign)
        } catch SyncRemoteFailure.refused(let problem) where problem.reason == .notFound {
            let own = try workspace.rosterDeviceEntries(as: principal).filter {
                if case .device(let d) = $0 { return d.deviceId == device }
                return false
            }
            guard !own.isEmpty else { throw SyncRemoteFailure.refused(problem) }
            // The head is learnt from the refusal of a push on the empty roster.
            _ = try client.pushRoster(workspace: id, own, on: .empty)
            try client.signIn(workspace: id, device: device, sign: sign)
        }
    }

    /// Brings in the device entries of the server's `roster` (as read at the start of this
    /// sync) that this replica lacks (verified), then pushes the
    /// device certificates and revocations of this replica that the server's roster lacks,
    /// so a device made or revoked here after publishing reaches the server (a revoked device
    /// is then refused at sign-in), and, for the owner, the inbox key of each athlete's newest
    /// epoch that the roster lacks (after an athlete's creation or a rotation). Devices of a user the server's roster does not hold yet
    /// wait for that user's entry.
    ///
    /// - Returns: how many entries were pushed, and the roster's head after them when it is
    ///   the read head with them on it (else the read head).
    /// - Throws: `SyncRemoteFailure` (`roster_rejected` when the server's checks refuse one).
    func pushDeviceEntries(
        _ client: SyncClient, workspace id: String,
        roster: (entries: [RosterEntry], head: RosterHead)
    ) throws -> (pushed: Int, head: RosterHead) {
        let (entries, head) = roster
        // Other machines' devices first, so that their changes can be checked here.
        try workspace.applyRosterDevices(entries, as: principal)
        let local = try workspace.rosterDeviceEntries(as: principal)
        var users: Set<UserID> = []
        var known: Set<DeviceID> = []
        var revoked: Set<DeviceID> = []
        for entry in entries {
            switch entry {
            case .user(let user): users.insert(user.userId)
            case .device(let device): known.insert(device.deviceId)
            case .checkinDevice(let device): known.insert(device.device)
            case .deviceRevocation(let revocation): revoked.insert(revocation.deviceId)
            default: break
            }
        }
        var missing: [RosterEntry] = []
        for entry in local {
            switch entry {
            case .device(let device)
            where !known.contains(device.deviceId) && users.contains(device.userId):
                missing.append(entry)
                known.insert(device.deviceId)
            case .deviceRevocation(let revocation)
            where !revoked.contains(revocation.deviceId) && known.contains(revocation.deviceId):
                missing.append(entry)
            default: break
            }
        }
        // The owner publishes the inbox key of each athlete's newest epoch a phone seals to.
        let inboxKeys = try workspace.missingInboxKeys(besides: entries, as: principal)
        missing += inboxKeys
        guard !missing.isEmpty else { return (0, head) }
        let after = try client.pushRoster(workspace: id, missing, on: head)
        try workspace.applyRosterDevices(inboxKeys, as: principal)
        // Only a head this replica can vouch for (it becomes the mark every later roster must
        // extend): the read head with its own entries on it; after entries it has not read
        // (the roster moved meanwhile), the read head.
        return (missing.count, after == head.appending(contentsOf: missing) ? after : head)
    }
}
