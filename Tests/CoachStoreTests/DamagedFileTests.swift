import CoachCrypto
import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// SECURITY.md test 14 in process: a truncated or byte-flipped workspace gives a clean StoreError or
/// the right data, never wrong plaintext. (CoachCLITests sweeps many more positions in child
/// processes, where a crash would show as a signal.)
@Suite struct DamagedFileTests {
    static let goal = "damaged-file-goal"

    /// A closed, checkpointed workspace file and the offset of the profile ciphertext in it.
    static func pristine() throws -> (TempDir, [UInt8], Int, String) {
        let f = try Fixture()
        let jane = try f.athlete("jane", goals: goal)
        let ct = try f.ws.read { db in
            try [UInt8](
                Data.fetchOne(db, sql: "SELECT ciphertext FROM records WHERE id = 'profile'")!)
        }
        f.ws.checkpointForTests()
        let bytes = Bytes.of(f.path)
        let offset = try #require(Bytes.offset(of: ct, in: bytes))
        return (f.dir, bytes, offset, jane)
    }

    /// Opens `bytes` as a workspace and reads jane's profile; nil means a StoreError was thrown.
    static func outcome(_ bytes: [UInt8], in dir: TempDir, athlete: String) throws -> String? {
        let path = dir.file("damaged-\(UUID().uuidString).sqlite")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        do {
            let ws = try Workspace.open(
                at: path, clock: SystemClock(), random: SystemRandom(), ids: .randomUUIDs)
            let owner = try ws.authenticate(handle: "olivia", passphrase: secret(Fixture.ownerPass))
            return try ws.profile(athleteId: AthleteID(athlete), as: owner).notes.goals
                ?? "<no goal>"
        } catch is StoreError {
            return nil
        }
    }

    enum Damage: Sendable, CustomTestStringConvertible {
        case truncate(Int)
        case truncateFraction(Double)
        case flipHeader(Int)
        case flipCiphertext(Int)
        case zeroPage(Int)
        var testDescription: String { "\(self)" }
    }

    @Test(
        "Damage yields a StoreError or the exact original data",
        arguments: [
            Damage.truncate(0), .truncate(50), .truncate(100), .truncate(4096),
            .truncateFraction(0.5), .truncateFraction(0.9),
            .flipHeader(0), .flipHeader(16), .flipHeader(18), .flipHeader(28), .flipHeader(44),
            .flipHeader(56),
            .flipCiphertext(0), .flipCiphertext(30), .flipCiphertext(-1), .zeroPage(1),
        ])
    func damaged(damage: Damage) throws {
        let (dir, original, ctOffset, jane) = try Self.pristine()
        var bytes = original
        var mustFail = false
        switch damage {
        case .truncate(let n): bytes = Array(bytes.prefix(n))
        case .truncateFraction(let f): bytes = Array(bytes.prefix(Int(Double(bytes.count) * f)))
        case .flipHeader(let i): bytes[i] ^= 0xff
        case .flipCiphertext(let i):
            let ctLength = try Workspace.open(
                at: {
                    let p = dir.file("probe.sqlite");
                    try? Data(original).write(to: URL(fileURLWithPath: p)); return p
                }(), clock: SystemClock(), random: SystemRandom(), ids: .randomUUIDs
            )
            .read { db in
                try Int.fetchOne(
                    db, sql: "SELECT length(ciphertext) FROM records WHERE id = 'profile'")!
            }
            bytes[ctOffset + (i < 0 ? ctLength + i : i)] ^= 0x01
            mustFail = true
        case .zeroPage(let page):
            let pageSize = Int(original[16]) << 8 | Int(original[17])
            for j in (page * pageSize)..<min((page + 1) * pageSize, bytes.count) { bytes[j] = 0 }
        }
        let result = try Self.outcome(bytes, in: dir, athlete: jane)
        #expect(result == nil || result == Self.goal, "wrong plaintext: \(result ?? "")")
        if mustFail { #expect(result == nil, "an edited ciphertext must not decrypt") }
        #expect(
            try Self.outcome(original, in: dir, athlete: jane) == Self.goal,
            "the undamaged copy reads fine")
    }

    @Test("A file that is not SQLite is refused as not a workspace")
    func notSQLite() throws {
        let dir = try TempDir()
        let path = dir.file("random.sqlite")
        try Data((0..<8192).map { _ in UInt8.random(in: 0...255) }).write(
            to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.notAWorkspace(path)) {
            try Workspace.open(
                at: path, clock: SystemClock(), random: SystemRandom(), ids: .randomUUIDs)
        }
    }

    @Test("A SQLite file of another program is refused as not a workspace")
    func foreignSQLite() throws {
        let dir = try TempDir()
        let path = dir.file("other.sqlite")
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE t (x)") }
        #expect(throws: StoreError.notAWorkspace(path)) {
            try Workspace.open(
                at: path, clock: SystemClock(), random: SystemRandom(), ids: .randomUUIDs)
        }
    }
}
