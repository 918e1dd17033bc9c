import CoachApp
import CoachKit
import CoachStore
import CoachSync
import CoachTestSupport
import Foundation
import Testing

/// A passphrase change in a synced workspace reaches the server's roster as the user's new
/// sealed key row (a key-row entry signed by the user, its counter one above their last), so a
/// join on a new machine takes the new passphrase, and the other replicas follow it.
@Suite struct SyncPassphraseTests {
    static let newPassphrase = "carl's new passphrase, long enough"

    static func passphrase(_ text: String) throws -> Passphrase {
        var bytes = Array(text.utf8)
        return try Passphrase(consuming: &bytes)
    }

    /// Carl's passphrase changed on machine A (the owner's published file).
    static func changed(_ m: SyncJoinTests.Machines, to text: String = newPassphrase) throws {
        let carl = try AppSession.open(m.sandbox.signIn(as: "carl"), environment: m.envA)
        defer { carl.close() }
        try carl.changePassphrase(to: try passphrase(text))
    }

    /// The key rows on the server's roster, in order.
    static func keyRows(_ server: FakeSyncServer) -> [RosterKeyRow] {
        server.state.withLock { s in
            s.roster.compactMap {
                guard case .keyRow(let row) = $0 else { return nil }
                return row
            }
        }
    }

    /// Whether `handle` signs in on `env`'s file with `text`, with no kept session.
    static func signsIn(_ env: AppEnvironment, _ handle: String, with text: String) throws -> Bool {
        env.tokens(for: env.workspacePath(explicit: nil)).remove(handle: handle)
        do {
            let s = try AppSession.open(
                SignIn(user: Handle(handle), passphrase: { try passphrase(text) }),
                environment: env)
            s.close()
            return true
        } catch StoreError.authenticationFailed {
            return false
        }
    }

    @Test("After a passphrase change a join takes the new passphrase; the old one is refused")
    func joinTakesNewPassphrase() throws {
        let m = try SyncJoinTests.published()
        try Self.changed(m)
        let rows = Self.keyRows(m.server)
        #expect(rows.map(\.counter) == [1])
        let carl = m.server.state.withLock { s in
            s.roster.compactMap { entry -> UserID? in
                guard case .user(let u) = entry, u.handle == "carl" else { return nil }
                return u.userId
            }.last
        }
        #expect(rows.first?.userId == carl)
        #expect(throws: StoreError.authenticationFailed) {
            _ = try m.join("carl", passphrase: WorkspaceSandbox.passphrases["carl"]!)
        }
        #expect(m.leftovers.isEmpty, "\(m.leftovers)")
        #expect(try m.join("carl", passphrase: Self.newPassphrase).role == "coach")
    }

    @Test("Offline, a passphrase change is refused (exit 73) and the old passphrase still opens")
    func offlineRefused() throws {
        let m = try SyncJoinTests.published()
        let carl = try AppSession.open(m.sandbox.signIn(as: "carl"), environment: m.envA)
        let before = m.server.state.withLock { $0.roster }
        m.server.state.withLock { $0.down = true }
        #expect(throws: SyncFailure.membershipOffline(server: SyncJoinTests.server)) {
            try carl.changePassphrase(to: try Self.passphrase(Self.newPassphrase))
        }
        carl.close()
        m.server.state.withLock { $0.down = false }
        #expect(m.server.state.withLock { $0.roster } == before)
        #expect(try Self.signsIn(m.envA, "carl", with: WorkspaceSandbox.passphrases["carl"]!))
        #expect(try !Self.signsIn(m.envA, "carl", with: Self.newPassphrase))
    }

    @Test("A second change counts on; the replica that pulls it takes the user's newest row")
    func otherReplicaFollows() throws {
        let m = try SyncJoinTests.published()
        _ = try m.join("carl")
        let b = try AppSession.open(SignIn(), environment: m.envB)
        try b.changePassphrase(to: try Self.passphrase("carl's first new passphrase"))
        b.close()
        let again = try AppSession.open(
            SignIn(
                user: Handle("carl"),
                passphrase: {
                    try Self.passphrase("carl's first new passphrase")
                }), environment: m.envB)
        try again.changePassphrase(to: try Self.passphrase(Self.newPassphrase))
        again.close()
        #expect(Self.keyRows(m.server).map(\.counter) == [1, 2])
        let a = try AppSession.open(m.sandbox.signIn(as: "olivia"), environment: m.envA)
        _ = try a.sync()
        a.close()
        #expect(try Self.signsIn(m.envA, "carl", with: Self.newPassphrase))
        #expect(try !Self.signsIn(m.envA, "carl", with: WorkspaceSandbox.passphrases["carl"]!))
    }

    @Test("A replica that has not pulled a user's new key row refuses a membership change")
    func behindReplicaRefused() throws {
        let m = try SyncJoinTests.published()
        _ = try m.join("carl")
        let b = try AppSession.open(SignIn(), environment: m.envB)
        try b.changePassphrase(to: try Self.passphrase(Self.newPassphrase))
        b.close()
        let owner = try AppSession.open(m.sandbox.signIn(as: "olivia"), environment: m.envA)
        defer { owner.close() }
        #expect {
            try owner.grantAccess(athlete: Handle("bert"), to: Handle("carl"))
        } throws: { error in
            guard case SyncFailure.membershipRefused(let reason) = error else { return false }
            return reason.contains("newer sealed key row")
        }
        _ = try owner.sync()
        try owner.grantAccess(athlete: Handle("bert"), to: Handle("carl"))
        // The owner's push carried no key row: carl's newest is still the one he pushed.
        #expect(Self.keyRows(m.server).map(\.counter) == [1])
    }

    /// Ways a server can hand out a key row carl did not push last.
    enum Attack: String, CaseIterable, Sendable {
        /// His first new row, appended again after his second.
        case replayedOlder
        /// His newest row with the signature of another sealed row.
        case forgedSignature
    }

    @Test(
        "A key row replayed or not signed by its user is tampering (exit 74) on pull",
        arguments: Attack.allCases)
    func attackRefused(_ attack: Attack) throws {
        let m = try SyncJoinTests.published()
        try Self.changed(m, to: "carl's first new passphrase")
        let carl = try AppSession.open(
            SignIn(
                user: Handle("carl"),
                passphrase: {
                    try Self.passphrase("carl's first new passphrase")
                }), environment: m.envA)
        try carl.changePassphrase(to: try Self.passphrase(Self.newPassphrase))
        carl.close()
        let rows = Self.keyRows(m.server)
        try #require(rows.count == 2)
        var planted = rows[0]
        if attack == .forgedSignature {
            planted.counter = 3
            planted.version = rows[1].version
        }
        m.server.state.withLock { $0.roster.append(.keyRow(planted)) }
        let owner = try AppSession.open(m.sandbox.signIn(as: "olivia"), environment: m.envA)
        defer { owner.close() }
        #expect {
            _ = try owner.sync()
        } throws: { error in
            guard case StoreError.tampered = error else { return false }
            return (error as? any CoachFailure)?.category == .corrupt
        }
        // The row here is still carl's newest.
        #expect(try Self.signsIn(m.envA, "carl", with: Self.newPassphrase))
    }

    @Test("A join refuses a roster whose key row was replayed (exit 74) and leaves no file")
    func joinRefusesReplay() throws {
        let m = try SyncJoinTests.published()
        try Self.changed(m)
        let first = try #require(Self.keyRows(m.server).first)
        m.server.state.withLock { $0.roster.append(.keyRow(first)) }
        #expect {
            _ = try m.join("carl", passphrase: Self.newPassphrase)
        } throws: { error in
            if case StoreError.tampered = error { return true }
            return false
        }
        #expect(m.leftovers.isEmpty, "\(m.leftovers)")
    }
}
