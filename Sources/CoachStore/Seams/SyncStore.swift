import CoachKit

/// The replica side of sync: whether the workspace syncs, this machine's signing device, the
/// outbox, applying pulled changes and the conflicts they resolved.
public protocol SyncStore: AnyObject {
    func isSynced() throws -> Bool
    @discardableResult
    func useDevice(sealedKey: [UInt8], as actor: Principal) throws -> DeviceID
    @discardableResult
    func startSync(server: String, registration: [UInt8], genesis: Bool, as actor: Principal)
        throws -> Int
    func syncStatus() throws -> SyncStatus
    func outbox() throws -> [OutboxEntry]
}

extension Workspace: SyncStore {}
