import CoachCrypto
import CoachKit
import Foundation
import Testing

@testable import CoachStore

/// Two replicas of one workspace in store tests: A (the owner's first machine, which
/// published) and B (a copy of the file made before publishing, the owner's second machine
/// with a device of its own, which joined), each with its own fixed clock.
struct SyncReplicas {
    let f: Fixture
    let athlete: String
    let a: Workspace
    let b: Workspace
    let ownerB: Principal
    let coach: Principal
    /// The coach's device's sealed key (certified in both files, opened by neither yet).
    let coachKey: [UInt8]
    /// A third replica C (another machine of the owner, joined as B was), when asked for.
    let c: Workspace?
    let ownerC: Principal?

    /// Each replica's clock, moved by the tests.
    let aClock = SettableClock(t0)
    let bClock = SettableClock(t0)

    static let t0 = Date(timeIntervalSince1970: 1_795_000_000)

    /// Replica C's clock.
    let cClock = SettableClock(t0)

    /// Replicas whose clocks read `t0` until a test moves them; with `third`, also C.
    init(third: Bool = false) throws {
        f = try Fixture(clock: aClock)
        athlete = try f.athlete("anna")
        try f.put(athlete, id: "r1", payload: #"{"mood":3}"#)
        let carl = try f.user("carl", role: .coach)
        coach = carl
        let keyA = try #require(
            try f.ws.ensureDevice(sealedKey: nil, name: "a", as: f.owner).sealedKey)
        let keyB = try #require(
            try f.ws.ensureDevice(sealedKey: nil, name: "b", as: f.owner).sealedKey)
        coachKey = try #require(
            try f.ws.ensureDevice(sealedKey: nil, name: "c", as: carl).sealedKey)
        let keyC =
            third ? try f.ws.ensureDevice(sealedKey: nil, name: "c2", as: f.owner).sealedKey : nil
        let pathB = f.dir.file("replica-b.sqlite")
        try f.ws.backup(to: pathB)
        let pathC = f.dir.file("replica-c.sqlite")
        if third { try f.ws.backup(to: pathC) }
        a = f.ws
        try a.useDevice(sealedKey: keyA, as: f.owner)
        try a.startSync(server: "test", registration: [], genesis: true, as: f.owner)
        b = try Workspace.open(
            at: pathB, clock: bClock,
            random: SystemRandom(), ids: .randomUUIDs)
        ownerB = try b.authenticate(handle: "olivia", passphrase: secret(Fixture.ownerPass))
        try b.useDevice(sealedKey: keyB, as: ownerB)
        try b.startSync(server: "test", registration: [], genesis: false, as: ownerB)
        if let keyC {
            let c = try Workspace.open(
                at: pathC, clock: cClock, random: SystemRandom(), ids: .randomUUIDs)
            let owner = try c.authenticate(
                handle: "olivia", passphrase: secret(Fixture.ownerPass))
            try c.useDevice(sealedKey: keyC, as: owner)
            try c.startSync(server: "test", registration: [], genesis: false, as: owner)
            (self.c, ownerC) = (c, owner)
        } else {
            (c, ownerC) = (nil, nil)
        }
    }

    /// Every replica (A, B, and C when there is one) with the owner signed in on it.
    var all: [(Workspace, Principal)] {
        var out = [(a, f.owner), (b, ownerB)]
        if let c, let ownerC { out.append((c, ownerC)) }
        return out
    }

    /// Writes a record on replica B as its owner.
    func putB(_ id: String, payload: String, day: String = "2026-11-24") throws {
        try b.write { db in
            let k = try AthleteKeyring.open(db, athleteId: athlete, principal: ownerB)
            try b.putRecord(
                db, keyring: k, id: RecordID(id), kind: .wellness, day: day,
                payload: Array(payload.utf8), actor: ownerB, action: "test.put")
        }
    }

    /// Every record of the athlete on replica B (the signed head checked in full).
    func recordsB() throws -> [String: String] {
        try b.read { db in
            let k = try AthleteKeyring.open(db, athleteId: athlete, principal: ownerB)
            return Dictionary(
                uniqueKeysWithValues: try b.fetchRecords(db, keyring: k).map {
                    ($0.id, String(decoding: $0.payload, as: UTF8.self))
                })
        }
    }
}

/// A clock tests move by hand.
final class SettableClock: Clock {
    private let instant: LockedValue<Date>

    init(_ start: Date) { instant = LockedValue(start) }

    func now() -> Date { instant.withLock { $0 } }

    /// Moves the clock to `seconds` after `SyncReplicas.t0`.
    func set(_ seconds: Double) {
        instant.withLock { $0 = SyncReplicas.t0.addingTimeInterval(seconds) }
    }
}

extension SyncReplicas {
    /// The same record edited on both machines: A sets `r1`'s mood to 1 at clock 10, then B
    /// to 5 at clock 20 (B's is the later edit, so it wins wherever the two meet).
    func editOnBoth() throws {
        aClock.set(10)
        bClock.set(20)
        try f.put(athlete, id: "r1", payload: #"{"mood":1}"#)
        try putB("r1", payload: #"{"mood":5}"#)
    }
}
