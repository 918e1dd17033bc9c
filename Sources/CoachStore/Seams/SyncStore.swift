import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust

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
    func applyPulled(_ changes: [ReceivedChange], as actor: Principal) throws -> ApplyReport
    func applyPulled(
        _ changes: [ReceivedChange], as actor: Principal, afterEach: (Int) throws -> Void
    ) throws -> ApplyReport
    func pendingBatch(limit: Int) throws -> (batchSeq: Int64, changes: [OutboxEntry])
    func outboxWaits(as actor: Principal) throws -> [OutboxWait]
    func mergeOverwrittenQueue(as actor: Principal) throws -> Int
    func acknowledgeBatch(_ batchSeq: Int64, sequences: [Int64]) throws
    func streamCursors() throws -> [AthleteID: Int64]
    func noteSynced() throws
    func syncConflicts(as actor: Principal) throws -> [SyncConflict]
    func withDeviceKey<T>(_ body: (DeviceID, SigningKeyPair) throws -> T) throws -> T
    func syncWorkspaceId() throws -> String
    func syncRegistration(as actor: Principal) throws -> WorkspaceRegistration
    func publication(as actor: Principal) throws -> RegistrationRequest
    func rosterDeviceEntries(as actor: Principal) throws -> [RosterEntry]
    @discardableResult
    func applyRosterDevices(_ entries: [RosterEntry], as actor: Principal) throws -> Int
    func rosterMark() throws -> RosterMark?
    func noteRosterMark(_ mark: RosterMark?) throws
}

extension Workspace: SyncStore {}

/// The roster side of sync: membership changes made final by the server, and the server's
/// roster brought into the replica.
public protocol RosterSyncStore: AnyObject {
    func useRosterGate(_ gate: RosterGate)
    @discardableResult
    func applyRoster(_ entries: [RosterEntry], as actor: Principal) throws -> Int
    func prepareOutbox(as actor: Principal) throws -> [AthleteID: Int]
    func queuedWithoutAccess(as actor: Principal) throws -> [AthleteID: Int]
    func missingInboxKeys(besides roster: [RosterEntry], as actor: Principal) throws
        -> [RosterEntry]
    func logKeyFingerprint(as actor: Principal) throws -> String?
    func logSize(as actor: Principal) throws -> Int64?
    func verifiedLogHead(as actor: Principal) throws -> ServerTreeHead?
    func verifyLogHead(
        _ served: ServerTreeHead?, consistency: [SyncBytes]?, as actor: Principal
    ) throws -> ServerTreeHead?
    func keepLogHead(_ head: ServerTreeHead, as actor: Principal) throws
    func newestLogEvidence() throws -> (kind: String, json: String)?
    func seenClaims(
        _ changes: [ReceivedChange], under served: ServerTreeHead?, as actor: Principal
    ) throws -> [SeenClaim]
    func verifySeen(
        _ claims: [SeenClaim], proofs: [LogProofsResponse.Consistency],
        under served: ServerTreeHead?, as actor: Principal) throws
    func verifyLogInclusions(
        _ changes: [ReceivedChange], _ inclusions: [LogInclusion]?, under served: ServerTreeHead?,
        as actor: Principal
    ) throws
    func logKeyEntry(serverPK: [UInt8], fromSize: UInt64, as actor: Principal) throws
        -> RosterLogKey
    func heldStreamHeads() throws -> [AthleteID: HeldStreamHead]
    func requireHeldStreamHead(_ served: ReceivedChange?, athlete: AthleteID) throws
    // Owner checkpoints (issue 27).
    func logCheckpoint(as actor: Principal) throws -> TreeHeadCountersignature?
    func checkpointEntry(as actor: Principal) throws -> RosterLogCheckpoint?
    func logKeyCreated(as actor: Principal) throws -> Int64?
    func checkpointProofSizes(
        since before: TreeHeadCountersignature?, as actor: Principal
    ) throws -> (from: UInt64, to: UInt64)?
    func verifyCheckpoint(
        since before: TreeHeadCountersignature?, proof: [[UInt8]], as actor: Principal
    ) throws
}

extension Workspace: RosterSyncStore {}
