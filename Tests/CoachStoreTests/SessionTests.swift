import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachCrypto
@testable import CoachLocal
@testable import CoachStore

/// SECURITY.md test 9: expired, locked or pre-passphrase-change session tokens fail and their rows
/// are gone; one half of a session (row or token) opens nothing.
@Suite struct SessionTests {
    static let start = Date(timeIntervalSince1970: 1_795_500_000)

    static func sessionRows(_ f: Fixture, _ id: String? = nil) throws -> Int {
        try f.ws.read { db in
            try id.map {
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM sessions WHERE id = ?", arguments: [$0]) ?? 0
            }
                ?? Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sessions") ?? 0
        }
    }

    /// The fixture's file opened with a view clock at `view` and a system clock at `wall`.
    static func opened(_ f: Fixture, view: Date, wall: Date) -> Workspace {
        Workspace(
            path: f.path, pool: f.ws.pool, clock: FixedClock(view), random: SystemRandom(),
            ids: .randomUUIDs,
            wallClock: FixedClock(wall))
    }

    @Test("A live session resumes to the same user without a passphrase")
    func resumes() throws {
        let f = try Fixture(clock: FixedClock(Self.start))
        let ws = Self.opened(f, view: Self.start, wall: Self.start)
        let token = try ws.unlock(
            handle: "olivia", passphrase: secret(Fixture.ownerPass), ttlSeconds: 3600)
        let me = try ws.resume(token)
        #expect(me.userId == f.owner.userId && me.role == .owner)
        #expect(try ws.sessionExpiry(token) == Self.start.addingTimeInterval(3600))
    }

    @Test(
        "An expired token fails and its row is deleted (system clock)",
        arguments: [3600, 3601, 86_400 * 30])
    func expired(secondsLater: Int) throws {
        let f = try Fixture(clock: FixedClock(Self.start))
        let token = try Self.opened(f, view: Self.start, wall: Self.start).unlock(
            handle: "olivia", passphrase: secret(Fixture.ownerPass), ttlSeconds: 3600)
        let later = Self.opened(
            f, view: Self.start, wall: Self.start.addingTimeInterval(Double(secondsLater)))
        #expect(throws: StoreError.sessionExpired) { try later.resume(token) }
        #expect(try Self.sessionRows(f, token.id) == 0)
        // Even with the original clock, the token is now useless.
        #expect(throws: StoreError.sessionExpired) {
            try Self.opened(f, view: Self.start, wall: Self.start).resume(token)
        }
    }

    @Test(
        "A later view clock neither ends nor deletes a session, in either order with the system clock",
        arguments: [false, true])
    func viewClockLeavesSessions(laterFirst: Bool) throws {
        let f = try Fixture(clock: FixedClock(Self.start))
        let atStart = Self.opened(f, view: Self.start, wall: Self.start)
        let token = try atStart.unlock(
            handle: "olivia", passphrase: secret(Fixture.ownerPass), ttlSeconds: 3600)
        // Ten minutes on in real time: one command replays a "now" two days on (an hour past
        // the session's lifetime on that clock), another runs on the system clock alone.
        let tenMinutes = Self.start.addingTimeInterval(600)
        let twoDaysOn = Self.start.addingTimeInterval(2 * 86_400)
        let replayed = Self.opened(f, view: twoDaysOn, wall: tenMinutes)
        let real = Self.opened(f, view: tenMinutes, wall: tenMinutes)
        for ws in laterFirst ? [replayed, real] : [real, replayed] {
            #expect(try ws.resume(token).userId == f.owner.userId)
            #expect(try Self.sessionRows(f, token.id) == 1)
        }
        // And the session still ends on time: the view clock held in the past does not save it.
        let over = Self.opened(f, view: Self.start, wall: Self.start.addingTimeInterval(3600))
        #expect(throws: StoreError.sessionExpired) { try over.resume(token) }
        #expect(try Self.sessionRows(f, token.id) == 0)
    }

    @Test("A session opened at a far-future view clock ends within its lifetime in real time")
    func futureViewClockUnlock() throws {
        let f = try Fixture(clock: FixedClock(Self.start))
        let future = Date(timeIntervalSince1970: 1_924_992_000)  // 2031-01-01
        let ws = Self.opened(f, view: future, wall: Self.start)
        let token = try ws.unlock(
            handle: "olivia", passphrase: secret(Fixture.ownerPass), ttlSeconds: 86_400)
        #expect(try ws.sessionExpiry(token) == Self.start.addingTimeInterval(86_400))
        let dayOn = Self.opened(f, view: future, wall: Self.start.addingTimeInterval(86_400))
        #expect(throws: StoreError.sessionExpired) { try dayOn.resume(token) }
    }

    @Test(
        "A view clock held in the past does not stretch a session past its lifetime in real time")
    func wallClockCaps() throws {
        let f = try Fixture(clock: FixedClock(Self.start))
        let token = try f.ws.unlock(
            handle: "olivia", passphrase: secret(Fixture.ownerPass), ttlSeconds: 3600)
        let opened = try Workspace.open(
            at: f.path, clock: FixedClock(Self.start), random: SystemRandom(), ids: .randomUUIDs)
        // The same file and the same frozen view clock, but two hours later on the system clock.
        let twoHoursOn = Workspace(
            path: f.path, pool: opened.pool, clock: FixedClock(Self.start),
            random: SystemRandom(), ids: .randomUUIDs,
            wallClock: FixedClock(Date().addingTimeInterval(7200)))
        #expect(throws: StoreError.sessionExpired) { try twoHoursOn.resume(token) }
        #expect(try Self.sessionRows(f, token.id) == 0)
    }

    @Test("A locked token fails and its row is gone")
    func locked() throws {
        let f = try Fixture()
        let token = try f.ws.unlock(
            handle: "olivia", passphrase: secret(Fixture.ownerPass), ttlSeconds: 600)
        try f.ws.lock(token)
        #expect(try Self.sessionRows(f, token.id) == 0)
        #expect(throws: StoreError.sessionExpired) { try f.ws.resume(token) }
    }

    @Test("Changing the passphrase ends every session of that user, and only of that user")
    func passphraseChange() throws {
        let f = try Fixture()
        let carl = try f.user("carl", role: .coach)
        let t1 = try f.ws.unlock(
            handle: "olivia", passphrase: secret(Fixture.ownerPass), ttlSeconds: 600)
        let t2 = try f.ws.unlock(
            handle: "olivia", passphrase: secret(Fixture.ownerPass), ttlSeconds: 600)
        let tc = try f.ws.unlock(
            handle: "carl", passphrase: secret(Fixture.coachPass), ttlSeconds: 600)
        try f.ws.changePassphrase(as: f.owner, to: secret("a brand new passphrase"))
        for t in [t1, t2] {
            #expect(throws: StoreError.sessionExpired) { try f.ws.resume(t) }
            #expect(try Self.sessionRows(f, t.id) == 0)
        }
        #expect(try f.ws.resume(tc).userId == carl.userId)
        #expect(throws: StoreError.authenticationFailed) {
            try f.ws.authenticate(handle: "olivia", passphrase: secret(Fixture.ownerPass))
        }
        #expect(
            try f.ws.authenticate(handle: "olivia", passphrase: secret("a brand new passphrase"))
                .userId == f.owner.userId)
    }

    @Test(
        "A token with the wrong key, wrong handle or unknown id opens nothing",
        arguments: ["key", "handle", "id"])
    func halves(part: String) throws {
        let f = try Fixture()
        _ = try f.user("carl", role: .coach)
        let t = try f.ws.unlock(
            handle: "olivia", passphrase: secret(Fixture.ownerPass), ttlSeconds: 600)
        let forged =
            switch part {
            case "key": SessionToken(id: t.id, key: try SecretKey.random(), handle: t.handle)
            case "handle": SessionToken(id: t.id, key: t.key, handle: "carl")
            default: SessionToken(id: UUID().uuidString.lowercased(), key: t.key, handle: t.handle)
            }
        #expect(throws: StoreError.sessionExpired) { try f.ws.resume(forged) }
    }

    @Test("An edited expiry in the session row fails to open (it is bound in the AD)")
    func extendedExpiry() throws {
        let f = try Fixture()
        let t = try f.ws.unlock(
            handle: "olivia", passphrase: secret(Fixture.ownerPass), ttlSeconds: 600)
        try f.raw { db in try db.execute(sql: "UPDATE sessions SET expires_at = expires_at + 86400")
        }
        #expect(throws: StoreError.sessionExpired) { try f.ws.resume(t) }
    }

    @Test("Session lifetimes outside 1 minute … 24 hours are refused", arguments: [0, 59, 86_401])
    func ttlBounds(ttl: Int) throws {
        let f = try Fixture()
        #expect(throws: StoreError.self) {
            try f.ws.unlock(
                handle: "olivia", passphrase: secret(Fixture.ownerPass), ttlSeconds: ttl)
        }
        #expect(try Self.sessionRows(f) == 0)
    }

    @Test("Token files are 0600 in a 0700 folder and parse back to the same token")
    func tokenFiles() throws {
        let f = try Fixture()
        let run = f.dir.file("run")
        let store = SessionTokenStore(workspacePath: f.path, environment: ["XDG_RUNTIME_DIR": run])
        let t = try f.ws.unlock(
            handle: "olivia", passphrase: secret(Fixture.ownerPass), ttlSeconds: 600)
        try store.save(t)
        let loaded = try #require(try store.load(handle: nil))
        #expect(
            loaded.id == t.id && loaded.handle == "olivia"
                && loaded.key.exportBytes() == t.key.exportBytes())
        let dirMode =
            try FileManager.default.attributesOfItem(atPath: store.directory)[.posixPermissions]
            as? Int
        let fileMode =
            try FileManager.default.attributesOfItem(atPath: store.path(for: "olivia"))[
                .posixPermissions] as? Int
        #expect(dirMode == 0o700 && fileMode == 0o600)
        #expect(
            String(decoding: t.serialized(), as: UTF8.self)
                == "coach-session/1\nolivia\n\(t.id)\n\(Hashing.hex(t.key.exportBytes()))\n")
        store.remove(handle: "olivia")
        #expect(try store.load(handle: nil) == nil)
    }
}
