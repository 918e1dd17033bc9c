import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachCrypto
@testable import CoachStore

/// SECURITY.md tests 5 and 6: wrong passphrase and unknown user look the same, write nothing and cost
/// a full derivation; the KDF parameters in the users row are bound and range-checked before hashing.
@Suite struct AuthenticationTests {
    static func fileState(_ f: Fixture) -> [UInt8] {
        Bytes.of(f.path) + Bytes.of(f.path + "-wal")
    }

    static func time(_ body: () throws -> Void) -> Duration {
        let start = ContinuousClock.now
        _ = try? body()
        return ContinuousClock.now - start
    }

    @Test("Wrong passphrase and unknown user fail with the same error and message, writing nothing")
    func sameErrorNothingWritten() throws {
        let f = try Fixture()
        try f.athlete("jane")
        f.ws.checkpointForTests()
        let before = Self.fileState(f)
        let auditBefore = try f.auditCount()
        var errors: [StoreError] = []
        for (handle, pass) in [
            ("olivia", "wrong passphrase!"), ("nobody", "wrong passphrase!"),
            ("nobody", Fixture.ownerPass),
        ] {
            do {
                _ = try f.ws.authenticate(handle: Handle(handle), passphrase: secret(pass))
                Issue.record("\(handle) authenticated with a wrong passphrase")
            } catch let e as StoreError { errors.append(e) }
        }
        #expect(errors == [.authenticationFailed, .authenticationFailed, .authenticationFailed])
        #expect(Set(errors.map(\.localizedDescription)).count == 1)
        #expect(
            !errors[0].localizedDescription.contains("nobody")
                && !errors[0].localizedDescription.contains("olivia"))
        #expect(Self.fileState(f) == before, "database and WAL bytes are unchanged")
        #expect(try f.auditCount() == auditBefore)
        #expect(throws: StoreError.authenticationFailed) {
            try f.ws.unlock(
                handle: "nobody", passphrase: secret("wrong passphrase!"), ttlSeconds: 600)
        }
        #expect(
            try f.ws.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sessions") } == 0)
    }

    @Test("An unknown user costs a full Argon2id derivation, like a wrong passphrase")
    func equalCost() throws {
        let f = try Fixture()
        var wrong: [Duration] = [], unknown: [Duration] = []
        for _ in 0..<3 {
            wrong.append(
                Self.time {
                    _ = try f.ws.authenticate(
                        handle: "olivia", passphrase: secret("not the passphrase"))
                })
            unknown.append(
                Self.time {
                    _ = try f.ws.authenticate(
                        handle: "ghost", passphrase: secret("not the passphrase"))
                })
        }
        let w = wrong.min()!, u = unknown.min()!
        // Generous bounds: a skipped derivation would be ~1000× faster, not 3×.
        #expect(u * 3 > w, "unknown user \(u) vs wrong passphrase \(w)")
        #expect(u < w * 3, "unknown user \(u) vs wrong passphrase \(w)")
        #expect(w > .milliseconds(20), "an interactive derivation was actually paid (\(w))")
    }

    @Test("Lowered KDF parameters in the users row (moderate → interactive) are tampering")
    func loweredParameters() throws {
        let dir = try TempDir()
        let path = dir.file("w.sqlite")
        let ws = try Workspace.create(
            at: path, owner: "olivia", passphrase: secret(Fixture.ownerPass), preset: .moderate,
            clock: SystemClock(), random: SystemRandom(), ids: .randomUUIDs)
        let interactive = KDFParameters.Preset.interactive.limits
        let q = try DatabaseQueue(path: path)
        try q.write { db in
            try db.execute(
                sql: "UPDATE users SET kdf_ops = ?, kdf_mem = ?",
                arguments: [Int64(interactive.ops), Int64(interactive.mem)])
        }
        // Below the certified floor: tampering (issue 31), not a wrong passphrase.
        #expect {
            _ = try ws.authenticate(handle: "olivia", passphrase: secret(Fixture.ownerPass))
        } throws: { isTampered($0) }
    }

    @Test(
        "Out-of-range KDF parameters in the users row are refused before hashing",
        arguments: [
            "kdf_ops = 1", "kdf_mem = 1024", "kdf_ops = 1000000", "kdf_mem = 1099511627776",
            "kdf_alg = 'argon2i13'",
            "kdf_salt = x'00'",
        ])
    func outOfRange(edit: String) throws {
        let f = try Fixture()
        try f.raw { db in try db.execute(sql: "UPDATE users SET \(edit) WHERE handle = 'olivia'") }
        let start = ContinuousClock.now
        #expect {
            _ = try f.ws.authenticate(handle: "olivia", passphrase: secret(Fixture.ownerPass))
        } throws: { isTampered($0) }
        #expect(
            ContinuousClock.now - start < .milliseconds(50), "rejected without running Argon2id")
    }

    @Test(
        "Edited identity columns bound into the key AD make the right passphrase fail",
        arguments: [
            "role = 'owner'", "handle = 'carla'", "athlete_id = 'x'", "kdf_salt = randomblob(16)",
            "key_nonce = randomblob(24)",
        ])
    func boundColumns(edit: String) throws {
        let f = try Fixture()
        _ = try f.user("carl", role: .coach)
        let handle = edit.hasPrefix("handle") ? "carla" : "carl"
        try f.raw { db in try db.execute(sql: "UPDATE users SET \(edit) WHERE handle = 'carl'") }
        // A certified column edited is named as tampering (issue 31); a salt or nonce, which no
        // certificate covers, fails like a wrong passphrase.
        let certified = !edit.hasPrefix("kdf_salt") && !edit.hasPrefix("key_nonce")
        #expect {
            _ = try f.ws.authenticate(handle: Handle(handle), passphrase: secret(Fixture.coachPass))
        } throws: { certified ? isTampered($0) : ($0 as? StoreError) == .authenticationFailed }
    }

    @Test("Swapping two users' public keys makes both fail to open, as tampering")
    func swappedPublicKeys() throws {
        let f = try Fixture()
        _ = try f.user("carl", role: .coach)
        try f.raw { db in
            let carl = try Data.fetchOne(db, sql: "SELECT box_pk FROM users WHERE handle = 'carl'")!
            let olivia = try Data.fetchOne(
                db, sql: "SELECT box_pk FROM users WHERE handle = 'olivia'")!
            try db.execute(
                sql: "UPDATE users SET box_pk = ? WHERE handle = 'carl'", arguments: [olivia])
            try db.execute(
                sql: "UPDATE users SET box_pk = ? WHERE handle = 'olivia'", arguments: [carl])
        }
        // The certified keys no longer match the rows: tampering (issue 31), not a wrong
        // passphrase.
        #expect {
            _ = try f.ws.authenticate(handle: "carl", passphrase: secret(Fixture.coachPass))
        } throws: { isTampered($0) }
        #expect {
            _ = try f.ws.authenticate(handle: "olivia", passphrase: secret(Fixture.ownerPass))
        } throws: { isTampered($0) }
    }

    @Test(
        "Short passphrases are refused; a disabled user is refused only after a correct passphrase")
    func weakAndDisabled() throws {
        let f = try Fixture()
        _ = try f.user("carl", role: .coach)
        #expect(throws: StoreError.weakPassphrase) {
            try f.ws.changePassphrase(as: f.owner, to: secret("short"))
        }
        try f.ws.disableUser(handle: "carl", as: f.owner)
        #expect(throws: StoreError.userDisabled("carl")) {
            try f.ws.authenticate(handle: "carl", passphrase: secret(Fixture.coachPass))
        }
        #expect(throws: StoreError.authenticationFailed) {
            try f.ws.authenticate(handle: "carl", passphrase: secret("wrong passphrase"))
        }
    }
}

extension Workspace {
    /// Moves the WAL into the main file so byte comparisons see one stable state.
    func checkpointForTests() { try? finishCheckpoint() }
}
