import CoachKit
import CoachSync
import CoachTrust
import GRDB

extension Workspace {
    /// Every device of the workspace as roster entries, each verified against `actor`'s trust
    /// anchor: its certificate, followed by its revocation when it has one.
    ///
    /// Sync compares them with the server's roster and pushes what the server lacks, so a
    /// device made, or revoked, after the workspace was published reaches the server.
    /// - Throws: `StoreError.tampered` naming a device whose certificate or revocation does not
    ///   verify.
    public func rosterDeviceEntries(as actor: Principal) throws -> [RosterEntry] {
        try read { db in
            var entries: [RosterEntry] = []
            for row in try Row.fetchAll(db, sql: DevicesTable.all) {
                let device = try verify(db, row, as: actor)
                entries.append(.device(RosterDevice(device.certificate)))
                if let revocation = device.revocation {
                    entries.append(.deviceRevocation(RosterDeviceRevocation(revocation)))
                }
            }
            return entries
        }
    }
}
