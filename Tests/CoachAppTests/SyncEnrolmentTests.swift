import CoachApp
import CoachKit
import CoachStore
import CoachTestSupport
import Foundation
import Testing

/// Membership writes of a synced workspace that do not go through the server's roster yet
/// are refused in one line, with nothing changed (docs/sync.md, "Not done yet").
@Suite struct SyncEnrolmentTests {
    @Test("Redeeming an enrolment code in a synced workspace is refused (73), nothing changed")
    func enrolmentInSyncedWorkspace() throws {
        let m = try SyncJoinTests.published()
        let owner = try AppSession.open(m.sandbox.signIn(as: "olivia"), environment: m.envA)
        var code = Array(
            try owner.addUserForEnrolment(Handle("pia"), role: .athlete, athlete: Handle("bert"))
                .utf8)
        owner.close()
        let pushes = m.server.state.withLock { $0.rosterPushes }
        #expect(throws: SyncFailure.enrolmentNotSynced) {
            try AppSession.enrol(
                SignIn(), environment: m.envA, handle: Handle("pia"),
                code: try Passphrase(consuming: &code),
                newPassphrase: try WorkspaceSandbox.passphrase("jane"))
        }
        #expect(SyncFailure.enrolmentNotSynced.category == .conflict)
        #expect(m.server.state.withLock { $0.rosterPushes } == pushes)
    }
}
