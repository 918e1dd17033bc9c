import CoachCrypto
import CoachKit
import CoachLocal
import Foundation

// The storage seam: what the application layer needs from a workspace, in words that say
// nothing about SQLite. `Workspace` (one SQLite file) is the only implementation today; a server
// database later is a second conformance, not a rewrite of the use cases.

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
    func updateProfile(
        athleteId: AthleteID, as actor: Principal, action: String,
        _ change: (inout AthleteProfile) throws -> Void
    ) throws -> AthleteProfile
    func removeAthlete(athleteId: AthleteID, as actor: Principal) throws
}

/// Who holds which athlete's key.
public protocol AccessStore: AnyObject {
    func grantAccess(athleteId: AthleteID, to userHandle: Handle, as actor: Principal) throws
    func revokeAccess(athleteId: AthleteID, from userHandle: Handle, as actor: Principal) throws
    func listAccess(athleteId: AthleteID?, as actor: Principal) throws -> [AccessEntry]
    func rekey(athleteId: AthleteID, as actor: Principal) throws -> Int
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
    func putLog<T: Encodable>(
        _ value: T, id: String, kind: RecordKind, day: LocalDay,
        for athlete: AthleteAccess, as actor: Principal) throws
    func logEntries(
        athleteId: AthleteID, kinds: [RecordKind], from: LocalDay, through: LocalDay,
        as actor: Principal
    ) throws -> [LogEntry]
    func editLog(
        id: RecordID, athleteId: AthleteID, patch: LogPatch, now: Date,
        as actor: Principal
    ) throws -> LogEntry
    func removeLog(id: RecordID, athleteId: AthleteID, as actor: Principal) throws
    func importIdMaker(for athlete: AthleteAccess) throws -> ImportIdMaker
    func writeDeviceBatch(
        _ records: [DeviceRecord], for athlete: AthleteAccess, as actor: Principal
    ) throws -> [DeviceWriteOutcome]
    func removeDeviceRecords(ids: [String], for athlete: AthleteAccess, as actor: Principal)
        throws
}

/// An athlete's program: weeks and planned sessions.
public protocol PlanStore: AnyObject {
    func planSnapshot(athleteId: AthleteID, as actor: Principal) throws -> PlanSnapshot
    func saveWeek(
        athleteId: AthleteID, monday: LocalDay, title: String?, notes: String?,
        as actor: Principal
    ) throws -> ProgramWeek
    func removeWeek(athleteId: AthleteID, monday: LocalDay, as actor: Principal) throws
    func moveWeek(athleteId: AthleteID, from: LocalDay, to: LocalDay, as actor: Principal) throws
        -> ProgramWeek
    func copyWeek(
        athleteId: AthleteID, from: LocalDay, to: LocalDay, targets: [AthleteID], replace: Bool,
        as actor: Principal
    ) throws -> [ProgramWeek]
    func importPlan(
        _ weeks: [ProgramWeek], athleteId: AthleteID, dryRun: Bool, replace: Bool,
        as actor: Principal
    ) throws -> PlanImportSummary
    func applyPlan(
        _ weeks: [ProgramWeek], athleteId: AthleteID, action: String, target: String,
        as actor: Principal
    ) throws -> PlanImportSummary
    func addSession(
        _ session: PlannedSession, week: LocalDay?, order: Int?, athleteId: AthleteID,
        as actor: Principal
    ) throws -> PlannedSession
    func editSession(
        id: PlannedSessionID, patch: SessionPatch, athleteId: AthleteID,
        as actor: Principal
    ) throws -> PlannedSession
    func removeSession(id: PlannedSessionID, athleteId: AthleteID, as actor: Principal) throws
    func moveSession(
        id: PlannedSessionID, to date: LocalDay, order: Int?, athleteId: AthleteID,
        as actor: Principal
    ) throws -> PlannedSession
}

/// The audit trail and the workspace's own health.
public protocol MaintenanceStore: AnyObject {
    func auditEntries(athleteId: AthleteID?, as actor: Principal) throws -> [AuditEntry]
    func recordEvent(action: String, athleteId: AthleteID, target: String, as actor: Principal)
        throws
    func verifyAudit() throws -> AuditVerification
    func countersignAudit(as actor: Principal) throws
    func auditRoleViolation(as actor: Principal) throws -> (seq: Int64, action: String)?
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
    & MaintenanceStore & PluginStore

extension Workspace: UserStore, AthleteStore, AccessStore, AthleteDataStore, PlanStore,
    MaintenanceStore, PluginStore
{}
