import CoachApp
import CoachCrypto
import CoachKit
import CoachSync
import CoachTestSupport
import CoachTrust
import Foundation
import Testing

@testable import CoachStore

/// A server operator plants or replays removal and plugin entries on the roster: each is
/// tampering on pull (exit 74), and nothing of the pull is applied.
@Suite struct SyncRosterAttackTests {
    /// Pulls on `session` and expects tampering.
    static func expectTampered(_ session: AppSession, _ comment: Comment) {
        do {
            _ = try session.sync()
            Issue.record(comment)
        } catch let failure as any CoachFailure {
            #expect(failure.category == .corrupt, comment)
        } catch {
            Issue.record("\(comment): \(error)")
        }
    }

    static func plant(_ server: FakeSyncServer, _ entry: RosterEntry) {
        server.state.withLock { $0.roster.append(entry) }
    }

    /// A plugin entry whose record the owner signed as a plugin row, following `previous` (the
    /// plugin's entry before it; none for its first), the entry signed by `entrySigner` (the
    /// owner unless given).
    static func pluginEntry(
        owner: Principal, sha256: String, addedAt: String, after previous: RosterPlugin? = nil,
        entrySigner: Principal? = nil, rowSignature: [UInt8]? = nil
    ) throws -> RosterPlugin {
        let ws = owner.anchor.workspaceId
        let granted = "weight"
        let message = Workspace.pluginMessage(
            workspaceId: ws, id: "vo2", path: "/opt/vo2", sha256: sha256, manifest: "{}",
            granted: granted, addedBy: owner.userId.rawValue, addedAt: addedAt)
        let record = RosterPluginRecord(
            id: "vo2", path: "/opt/vo2", sha256: sha256, manifest: "{}", granted: granted,
            addedBy: owner.userId, addedAt: addedAt,
            signature: rowSignature ?? owner.signKeys.sign(message))
        let signer = entrySigner ?? owner
        var entry = RosterPlugin(
            pluginId: "vo2", record: try record.bytes(), signerId: signer.userId,
            previous: previous.map { RosterEntry.plugin($0).hash } ?? [])
        entry.sign(by: signer.signKeys, workspaceId: ws)
        return entry
    }

    static func pluginHashes(_ session: AppSession) throws -> [String] {
        try session.workspace.plugins(as: session.principal).map(\.sha256)
    }

    @Test("A removal on one machine reaches the other, verified, with an audit entry there")
    func genuineRemoval() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let a = try m.session(m.envA)
        let bert = try a.athlete(Handle("bert")).id
        try a.removeAthlete(Handle("bert"))
        a.close()
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()
        #expect(throws: (any Error).self) { try b.athlete(Handle("bert")) }
        let pulled = try b.auditEntries(athlete: nil).filter {
            $0.action == Workspace.pulledRemovalAction
        }
        #expect(pulled.map(\.athleteId) == [bert.rawValue])
    }

    @Test("An unsigned removal planted on the roster is exit 74 and the athlete stays")
    func unsignedRemovalRefused() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let b = try m.session(m.envB)
        defer { b.close() }
        let before = try m.export(m.envB)
        let jane = try b.athlete(Handle("jane")).id
        Self.plant(
            server,
            .removal(RosterRemoval(athleteId: jane, removedBy: "anything", removedAt: 1)))
        Self.expectTampered(b, "the unsigned removal was applied")
        #expect(try m.export(m.envB) == before)
    }

    @Test("A removal signed by an athlete user is exit 74 and the athlete stays")
    func athleteSignedRemovalRefused() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let a = try m.session(m.envA)
        try a.addUser(
            Handle("jen"), role: .athlete, athlete: Handle("jane"),
            passphrase: try WorkspaceSandbox.passphrase("jen"))
        let jane = try a.athlete(Handle("jane")).id
        a.close()
        let jen = try AppSession.open(m.sandbox.signIn(as: "jen"), environment: m.envA)
        var removal = RosterRemoval(
            athleteId: jane, removedBy: jen.principal.userId, removedAt: 1)
        removal.sign(by: jen.principal.signKeys, workspaceId: jen.principal.anchor.workspaceId)
        jen.close()
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()  // jen's certificate
        let before = try m.export(m.envB)
        Self.plant(server, .removal(removal))
        Self.expectTampered(b, "the athlete user's removal was applied")
        #expect(try m.export(m.envB) == before)
    }

    @Test("Plugin entries: forged removal, forged entry, forged row, replayed record are 74")
    func pluginForgeriesRefused() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let a = try m.session(m.envA)
        let owner = a.principal
        let carl = try AppSession.open(m.sandbox.signIn(as: "carl"), environment: m.envA)
        let older = try Self.pluginEntry(
            owner: owner, sha256: "aa", addedAt: "2026-01-01T00:00:00Z")
        let newer = try Self.pluginEntry(
            owner: owner, sha256: "bb", addedAt: "2026-02-01T00:00:00Z", after: older)
        let onNewer = RosterEntry.plugin(newer).hash
        let attacks: [(String, RosterPlugin)] = [
            (
                "a removal signed by a coach",
                {
                    var e = RosterPlugin(
                        pluginId: "vo2", record: [], signerId: owner.userId, previous: onNewer)
                    e.sign(by: carl.principal.signKeys, workspaceId: owner.anchor.workspaceId)
                    return e
                }()
            ),
            (
                "an unsigned removal",
                RosterPlugin(
                    pluginId: "vo2", record: [], signerId: owner.userId, previous: onNewer)
            ),
            (
                "a record whose entry a coach signed",
                try Self.pluginEntry(
                    owner: owner, sha256: "cc", addedAt: "2026-03-01T00:00:00Z",
                    after: newer, entrySigner: carl.principal)
            ),
            (
                "a record whose row signature is forged",
                try Self.pluginEntry(
                    owner: owner, sha256: "cc", addedAt: "2026-03-01T00:00:00Z",
                    after: newer, rowSignature: Array(repeating: 7, count: 64))
            ),
            ("an older genuine record replayed", older),
        ]
        carl.close()
        a.close()
        Self.plant(server, .plugin(older))
        Self.plant(server, .plugin(newer))
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()
        #expect(try Self.pluginHashes(b) == ["bb"])
        let genuine = server.state.withLock { $0.roster }
        for (what, entry) in attacks {
            server.state.withLock { $0.roster = genuine + [.plugin(entry)] }
            Self.expectTampered(b, "\(what) was applied")
            #expect(try Self.pluginHashes(b) == ["bb"], "\(what)")
        }
    }

    @Test("A genuine record of a plugin since removed, replayed, is 74 and revives nothing")
    func removedPluginReplayRefused() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let a = try m.session(m.envA)
        let owner = a.principal
        a.close()
        let older = try Self.pluginEntry(
            owner: owner, sha256: "aa", addedAt: "2026-01-01T00:00:00Z")
        let newer = try Self.pluginEntry(
            owner: owner, sha256: "bb", addedAt: "2026-02-01T00:00:00Z", after: older)
        let removal = Self.pluginRemoval(owner: owner, of: newer)
        for entry in [older, newer, removal] { Self.plant(server, .plugin(entry)) }
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()
        #expect(try Self.pluginHashes(b).isEmpty)
        Self.plant(server, .plugin(older))
        Self.expectTampered(b, "the removed plugin's older record was applied")
        #expect(try Self.pluginHashes(b).isEmpty)
    }

    /// The owner's removal of plugin vo2, naming `record` as the plugin's previous entry (none
    /// when nil).
    static func pluginRemoval(owner: Principal, of record: RosterPlugin?) -> RosterPlugin {
        var removal = RosterPlugin(
            pluginId: "vo2", record: [], signerId: owner.userId,
            previous: record.map { RosterEntry.plugin($0).hash } ?? [])
        removal.sign(by: owner.signKeys, workspaceId: owner.anchor.workspaceId)
        return removal
    }

    @Test("A removal replayed after a re-add, or naming no record, is 74 and turns nothing off")
    func replayedRemovalRefused() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let a = try m.session(m.envA)
        let owner = a.principal
        a.close()
        let first = try Self.pluginEntry(
            owner: owner, sha256: "aa", addedAt: "2026-01-01T00:00:00Z")
        let removal = Self.pluginRemoval(owner: owner, of: first)
        let again = try Self.pluginEntry(
            owner: owner, sha256: "bb", addedAt: "2026-02-01T00:00:00Z", after: removal)
        for entry in [first, removal, again] { Self.plant(server, .plugin(entry)) }
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()
        #expect(try Self.pluginHashes(b) == ["bb"])
        let genuine = server.state.withLock { $0.roster }
        for (what, entry) in [
            ("the first removal replayed", removal),
            ("a removal naming no record", Self.pluginRemoval(owner: owner, of: nil)),
        ] {
            server.state.withLock { $0.roster = genuine + [.plugin(entry)] }
            Self.expectTampered(b, "\(what) was applied")
            #expect(try Self.pluginHashes(b) == ["bb"], "\(what)")
        }
        // The removal of the record held now is genuine and applies.
        server.state.withLock {
            $0.roster = genuine + [.plugin(Self.pluginRemoval(owner: owner, of: again))]
        }
        _ = try b.sync()
        #expect(try Self.pluginHashes(b).isEmpty)
    }

    @Test("A plugin updated on the roster pulls again and again without a refusal")
    func updatedPluginPullsAgain() throws {
        let server = FakeSyncServer()
        let m = try SyncTwoMachinesTests.machines(server)
        let a = try m.session(m.envA)
        let owner = a.principal
        a.close()
        var previous: RosterPlugin?
        for (hash, at) in [("aa", "2026-01-01T00:00:00Z"), ("bb", "2026-02-01T00:00:00Z")] {
            let entry = try Self.pluginEntry(
                owner: owner, sha256: hash, addedAt: at, after: previous)
            Self.plant(server, .plugin(entry))
            previous = entry
        }
        let b = try m.session(m.envB)
        defer { b.close() }
        _ = try b.sync()
        _ = try b.sync()
        #expect(try Self.pluginHashes(b) == ["bb"])
    }
}
