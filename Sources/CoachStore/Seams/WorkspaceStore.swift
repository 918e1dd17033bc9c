import CoachCrypto
import CoachKit
import CoachLocal
import Foundation

// The storage seam: what the application layer needs from a workspace, in words that say
// nothing about SQLite. `Workspace` (one SQLite file) is the only implementation today; a server
// database later is a second conformance, not a rewrite of the use cases.
//
// Every operation on one athlete's data takes the `AthleteAccess` the command opened once
// (`openAthlete`): the acting user comes with it, and the store works through its keys rather
// than verifying the grant again. Operations on many athletes, or none, name the actor.

/// Users, sign-in and sessions.
public protocol UserStore: AnyObject {
    /// Where the workspace lives, for people to read (a path, later perhaps a URL).
    var path: String { get }
    func authenticate(handle: Handle, passphrase: SecretKey) throws -> Principal
    func unlock(handle: Handle, passphrase: SecretKey, ttlSeconds: Int) throws -> SessionToken
    func resume(_ token: SessionToken) throws -> Principal
    func lock(_ token: SessionToken) throws
    func sessionExpiry(_ token: SessionToken) throws -> Date?
    func addUser(
        handle: Handle, role: Role, athleteHandle: Handle?, passphrase: SecretKey,
        as actor: Principal) throws
    func listUsers(as actor: Principal) throws -> [UserSummary]
    func changePassphrase(as actor: Principal, to newPassphrase: SecretKey) throws
    func disableUser(handle: Handle, as actor: Principal) throws
    func addUserForEnrolment(
        handle: Handle, role: Role, athleteHandle: Handle?, as actor: Principal
    ) throws -> EnrolmentCode
    func resetUser(handle: Handle, as actor: Principal) throws -> EnrolmentCode
}

/// Athletes: creating, finding and opening them, and their profiles.
public protocol AthleteStore: AnyObject {
    func addAthlete(_ profile: AthleteProfile, as actor: Principal) throws -> AthleteID
    func addAthletes(_ profiles: [AthleteProfile], as actor: Principal) throws -> [AthleteID]
    func openAthlete(_ handle: Handle?, as actor: Principal) throws -> AthleteAccess
    func openAthlete(id: AthleteID, as actor: Principal) throws -> AthleteAccess
    func resolveAthlete(_ handle: Handle, as actor: Principal) throws -> AthleteID
    func listAthletes(as actor: Principal) throws -> [AthleteSummary]
    func heldAthleteIds(as actor: Principal) throws -> [AthleteID]
    func updateProfile(
        _ athlete: AthleteAccess, action: String, _ change: (inout AthleteProfile) throws -> Void
    ) throws -> AthleteProfile
    func removeAthlete(_ athlete: AthleteAccess) throws
}

/// Who holds which athlete's key.
public protocol AccessStore: AnyObject {
    func grantAccess(_ athlete: AthleteAccess, to userHandle: Handle) throws
    func revokeAccess(_ athlete: AthleteAccess, from userHandle: Handle) throws
    func listAccess(of athlete: AthleteAccess?, as actor: Principal) throws -> [AccessEntry]
    func rekey(_ athlete: AthleteAccess) throws -> Int
}

/// An athlete's logged data, whole or entry by entry.
public protocol AthleteDataStore: AnyObject {
    func dataset(of athlete: AthleteAccess) throws -> AthleteDataset
    func records(of athlete: AthleteAccess, monthsFrom from: LocalDay, through: LocalDay)
        throws -> AthleteDataset
    func forEachDataset(as actor: Principal, _ body: (AthleteID, AthleteDataset) throws -> Void)
        throws
    func window(of athlete: AthleteAccess, from firstDay: LocalDay, plan: CarryPlan) throws
        -> AthleteWindow
    func forEachWindow(
        as actor: Principal, plan: CarryPlan, parallelism: Int,
        firstDay: @Sendable (AthleteProfile) throws -> LocalDay,
        _ body: @Sendable (AthleteID, AthleteWindow) throws -> Void
    ) throws
    func importDataset(
        _ dataset: AthleteDataset, handle: Handle?, create: Bool,
        as actor: Principal
    ) throws -> ImportSummary
    func previewImport(
        _ dataset: AthleteDataset, handle: Handle?, create: Bool, as actor: Principal
    ) throws -> ImportSummary
    func importDataset(_ dataset: AthleteDataset, into athlete: AthleteAccess) throws
        -> ImportSummary
    func previewImport(_ dataset: AthleteDataset, into athlete: AthleteAccess) throws
        -> ImportSummary
    func putLog<T: Encodable>(
        _ value: T, id: RecordID, kind: RecordKind, day: LocalDay, for athlete: AthleteAccess
    ) throws
    func logEntries(
        of athlete: AthleteAccess, kinds: [RecordKind], from: LocalDay, through: LocalDay
    ) throws -> [LogEntry]
    func editLog(id: RecordID, of athlete: AthleteAccess, patch: LogPatch, now: Date) throws
        -> LogEntry
    func removeLog(id: RecordID, of athlete: AthleteAccess) throws
    func importIdMaker(for athlete: AthleteAccess) throws -> ImportIdMaker
    func writeDeviceBatch(_ records: [DeviceRecord], for athlete: AthleteAccess) throws
        -> [DeviceWriteOutcome]
    func removeDeviceRecords(ids: [RecordID], for athlete: AthleteAccess) throws
    func finishDeviceImport(for athlete: AthleteAccess) throws
    func hasImportJournal(for athlete: AthleteAccess) throws -> Bool
    @discardableResult func rollBackInterruptedImport(for athlete: AthleteAccess) throws -> Int
    func previewDeviceBatch(_ records: [DeviceRecord], for athlete: AthleteAccess) throws
        -> [DeviceWriteOutcome]
}

/// An athlete's program: weeks and planned sessions.
public protocol PlanStore: AnyObject {
    func planSnapshot(of athlete: AthleteAccess) throws -> PlanSnapshot
    func saveWeek(for athlete: AthleteAccess, monday: LocalDay, title: String?, notes: String?)
        throws -> ProgramWeek
    func removeWeek(for athlete: AthleteAccess, monday: LocalDay) throws
    func moveWeek(for athlete: AthleteAccess, from: LocalDay, to: LocalDay) throws -> ProgramWeek
    func copyWeek(
        for athlete: AthleteAccess, from: LocalDay, to: LocalDay, targets: [AthleteAccess],
        replace: Bool
    ) throws -> [ProgramWeek]
    func importPlan(
        _ weeks: [ProgramWeek], into athlete: AthleteAccess, dryRun: Bool, replace: Bool
    ) throws -> PlanImportSummary
    func applyPlan(
        _ weeks: [ProgramWeek], to athlete: AthleteAccess, action: String, target: String
    ) throws -> PlanImportSummary
    func addSession(
        _ session: PlannedSession, week: LocalDay?, order: Int?, for athlete: AthleteAccess
    ) throws -> PlannedSession
    func editSession(id: PlannedSessionID, patch: SessionPatch, for athlete: AthleteAccess)
        throws -> PlannedSession
    func removeSession(id: PlannedSessionID, for athlete: AthleteAccess) throws
    func moveSession(
        id: PlannedSessionID, to date: LocalDay, order: Int?, for athlete: AthleteAccess
    ) throws -> PlannedSession
}

/// The audit trail and the workspace's own health.
public protocol MaintenanceStore: AnyObject {
    func auditEntries(athleteId: AthleteID?, as actor: Principal) throws -> [AuditEntry]
    func recordEvent(action: String, for athlete: AthleteAccess, target: String) throws
    func verifyAudit() throws -> AuditVerification
    func auditSyncedChanges(as actor: Principal) throws -> SyncAudit?
    func countersignAudit(as actor: Principal) throws
    func auditRoleViolation(as actor: Principal) throws -> (seq: Int64, action: String)?
    func verifyMembership(as actor: Principal) throws -> PublicVerification
    func doctor(as actor: Principal?) throws -> [DoctorCheck]
    func checkSnapshots(as actor: Principal, repair: Bool) throws -> DoctorCheck
    func finishCheckpoint() throws
    func backup(to destination: String) throws
}

/// The metric plugins the owner added, and the per-plugin athlete reference key.
public protocol PluginStore: AnyObject {
    func addPlugin(_ entry: PluginEntry, as actor: Principal) throws
    func removePlugin(id: String, as actor: Principal) throws
    func plugins(as actor: Principal) throws -> [PluginEntry]
    func pluginReferenceKey(pluginID: String, as actor: Principal) throws -> SecretKey
}

/// Everything the use cases reach storage through.
public typealias WorkspaceStore = UserStore & AthleteStore & AccessStore & AthleteDataStore
    & PlanStore
    & MaintenanceStore & PluginStore & DeviceStore & SyncStore & RosterSyncStore
    & CheckinStore & LogResetStore & RedactionStore

extension Workspace: UserStore, AthleteStore, AccessStore, AthleteDataStore, PlanStore,
    MaintenanceStore, PluginStore
{}
