import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachCrypto
@testable import CoachStore

/// A temporary folder removed when the value is released.
final class TempDir: @unchecked Sendable {
    let path: String
    init() throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "coach-store-\(UUID().uuidString)"
            ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
}

/// Passphrases as `SecretKey`s.
func secret(_ text: String) throws -> SecretKey {
    var bytes = Array(text.utf8)
    return try SecretKey(consuming: &bytes)
}

/// A workspace with an owner (and helpers to add people and records), built with the interactive KDF.
struct Fixture {
    static let ownerPass = "owner passphrase 1"
    static let coachPass = "coach passphrase 2"
    static let athletePass = "athlete passphrase 3"

    let dir: TempDir
    let path: String
    let ws: Workspace
    let owner: Principal

    init(clock: any Clock = SystemClock()) throws {
        dir = try TempDir()
        path = dir.file("workspace.sqlite")
        ws = try Workspace.create(
            at: path, owner: "olivia", passphrase: secret(Self.ownerPass), preset: .interactive,
            clock: clock, random: SystemRandom(), ids: .randomUUIDs)
        owner = try ws.authenticate(handle: "olivia", passphrase: secret(Self.ownerPass))
    }

    /// Adds an athlete with the given note as the owner (or `actor`); returns its id.
    @discardableResult
    func athlete(_ handle: String, goals: String? = nil, as actor: Principal? = nil) throws
        -> String
    {
        var p = AthleteProfile(handle: handle, name: "Name of \(handle)", timeZone: "Europe/Berlin")
        p.notes.goals = goals
        return try ws.addAthlete(p, as: actor ?? owner).rawValue
    }

    /// Adds a user and returns their principal.
    func user(
        _ handle: String, role: Role, athlete: String? = nil, pass: String = Fixture.coachPass,
        as actor: Principal? = nil
    ) throws -> Principal {
        try ws.addUser(
            handle: Handle(handle), role: role, athleteHandle: athlete.map(Handle.init),
            passphrase: secret(pass), as: actor ?? owner)
        return try ws.authenticate(handle: Handle(handle), passphrase: secret(pass))
    }

    func keyring(_ athleteId: String, _ who: Principal) throws -> AthleteKeyring {
        try ws.read { db in try AthleteKeyring.open(db, athleteId: athleteId, principal: who) }
    }

    /// Writes a record with `payload` for the athlete through the real store path.
    func put(
        _ athleteId: String, id: String, kind: RecordKind = .wellness, day: String = "2026-11-24",
        payload: String, as who: Principal? = nil
    ) throws {
        let actor = who ?? owner
        try ws.write { db in
            let k = try AthleteKeyring.open(db, athleteId: athleteId, principal: actor)
            try ws.putRecord(
                db, keyring: k, id: RecordID(id), kind: kind, day: day,
                payload: Array(payload.utf8),
                actor: actor,
                action: "test.put")
        }
    }

    /// Decrypts every record of the athlete as `who`, as (id → payload text).
    func records(_ athleteId: String, as who: Principal? = nil) throws -> [String: String] {
        try ws.read { db in
            let k = try AthleteKeyring.open(db, athleteId: athleteId, principal: who ?? owner)
            return Dictionary(
                uniqueKeysWithValues: try ws.fetchRecords(db, keyring: k).map {
                    ($0.id, String(decoding: $0.payload, as: UTF8.self))
                })
        }
    }

    /// Raw SQL against the file, bypassing the store (an attacker with write access).
    func raw<T>(_ body: (Database) throws -> T) throws -> T {
        let q = try DatabaseQueue(path: path)
        return try q.write(body)
    }

    func auditCount() throws -> Int {
        try ws.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM audit") ?? 0 }
    }
}

/// The SQL condition for one athlete's record rows, with the athlete's text id as its argument:
/// rows name their athlete by `athletes.num` (migration v12).
let ofAthlete = "athlete_num = (SELECT num FROM athletes WHERE id = ?)"

/// Raw file helpers.
enum Bytes {
    static func of(_ path: String) -> [UInt8] {
        FileManager.default.contents(atPath: path).map([UInt8].init) ?? []
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        let first = needle[0]
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first && Array(haystack[i..<(i + needle.count)]) == needle {
                return true
            }
            i += 1
        }
        return false
    }

    static func offset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }
}

/// Whether `error` is a StoreError of the given category-defining case name.
func isTampered(_ error: any Error) -> Bool {
    if case StoreError.tampered = error { return true }
    return false
}
