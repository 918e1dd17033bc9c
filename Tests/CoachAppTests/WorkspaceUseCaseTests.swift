import CoachApp
import CoachKit
import CoachStore
import CoachTestSupport
import Foundation
import Testing

/// The session-less use cases in process, through `AppWorkspace`: create, unlock, whoami and
/// lock; backup and restore; doctor and the audit check on a clean workspace.
@Suite struct WorkspaceUseCaseTests {
    @Test("create → unlock → whoami → lock: the token signs in until the lock ends it")
    func sessionLifecycle() throws {
        let folder = try TempFolder(prefix: "coach-app")
        let env = try TestEnvironment.make(root: folder.path)
        let workspace = AppWorkspace(SignIn(), environment: env)
        #expect(!workspace.exists)
        try workspace.create(
            owner: Handle("olivia"), passphrase: WorkspaceSandbox.passphrase("olivia"),
            strength: .interactive)
        #expect(workspace.exists)
        #expect(throws: StoreError.noSession) { try AppSession.open(SignIn(), environment: env) }
        try workspace.unlock(
            Handle("olivia"), passphrase: WorkspaceSandbox.passphrase("olivia"), seconds: 3600)
        let me = try AppSession.open(SignIn(), environment: env).identity()
        #expect(me.handle == Handle("olivia") && me.role == .owner && me.athlete == nil)
        #expect(me.workspace == workspace.path)
        // Session lifetimes follow the system clock, not COACH_NOW: only that there is one.
        #expect(me.sessionExpires != nil)
        #expect(try workspace.lock(nil) == Handle("olivia"))
        #expect(try workspace.lock(nil) == nil)
        #expect(throws: StoreError.noSession) { try AppSession.open(SignIn(), environment: env) }
    }

    @Test("A wrong passphrase, a second create and a passphrase without a user are typed")
    func refusals() throws {
        let s = try WorkspaceSandbox()
        let wrong = #expect(throws: StoreError.authenticationFailed) {
            try s.workspace.unlock(
                Handle("olivia"), passphrase: WorkspaceSandbox.passphrase("carl"), seconds: 60)
        }
        #expect(wrong?.category == .auth)
        let again = #expect(throws: StoreError.self) {
            try s.workspace.create(
                owner: Handle("olivia"), passphrase: WorkspaceSandbox.passphrase("olivia"),
                strength: .interactive)
        }
        #expect(again == .workspaceExists(s.path))
        let nobody = SignIn(passphrase: { try WorkspaceSandbox.passphrase("olivia") })
        #expect(throws: AppError.userRequired) {
            try AppSession.open(nobody, environment: s.environment)
        }
    }

    @Test("backup → restore brings back the athletes and data of the backup")
    func backupRestore() throws {
        let s = try WorkspaceSandbox()
        let backup = s.folder.file("backup.sqlite")
        try s.workspace.backup(to: backup)
        #expect(throws: StoreError.fileExists(backup)) { try s.workspace.backup(to: backup) }
        let owner = try s.session()
        try owner.addAthlete(AthleteProfile(handle: "late", name: "Late", timeZone: "UTC"))
        #expect(try owner.listAthletes().map(\.profile.handle) == ["bert", "jane", "late"])
        owner.close()
        try s.workspace.restore(from: backup)
        #expect(try s.session().listAthletes().map(\.profile.handle) == ["bert", "jane"])
        #expect(try s.workspace.verifyAudit().ok)
        let missing = s.folder.file("no-such-backup.sqlite")
        let error = #expect(throws: AppError.backupMissing(missing)) {
            try s.workspace.restore(from: missing)
        }
        #expect(error?.category == .notFound)
        let junk = s.folder.file("junk.txt")
        try Data("not a workspace".utf8).write(to: URL(fileURLWithPath: junk))
        let notABackup = #expect(throws: (any Error).self) {
            try s.workspace.restore(from: junk)
        }
        #expect((notABackup as? any CoachFailure)?.category == .invalidData)
    }

    @Test("doctor and the audit check pass on a clean workspace")
    func doctorClean() throws {
        let s = try WorkspaceSandbox()
        let checks = try s.workspace.doctor()
        #expect(!checks.isEmpty)
        let failed = checks.filter { !$0.ok }
        #expect(failed.isEmpty, "\(failed)")
        let audit = try s.workspace.verifyAudit()
        #expect(audit.ok && audit.failedSeq == nil && audit.entries > 0)
    }
}
