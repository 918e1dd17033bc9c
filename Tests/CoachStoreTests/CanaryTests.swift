import CoachCrypto
import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// SECURITY.md test 16 (and promise 1): a canary written into a note is absent from every file of
/// the workspace (db, -wal, -shm), also while a connection is open and the WAL holds the write.
@Suite struct CanaryTests {
    static let canary = "CANARY-7f3a9c-left-knee-meniscus"

    static func workspaceFiles(_ f: Fixture) throws -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: f.dir.path) {
            out[name] = Bytes.of(f.dir.file(name))
        }
        return out
    }

    static func assertAbsent(_ f: Fixture, _ needles: [String]) throws {
        let files = try workspaceFiles(f)
        #expect(files.keys.contains("workspace.sqlite"))
        for (name, bytes) in files {
            for n in needles {
                #expect(!Bytes.contains(bytes, Array(n.utf8)), "'\(n)' found in \(name)")
                #expect(
                    !Bytes.contains(
                        bytes, Array(n.utf16).flatMap { [UInt8($0 & 0xff), UInt8($0 >> 8)] }),
                    "UTF-16 '\(n)' in \(name)")
            }
        }
    }

    @Test("Canary in a note, a name and a record is in no workspace file while the WAL is live")
    func whileOpen() throws {
        let f = try Fixture()
        let jane = try f.athlete("canary-jane", goals: Self.canary)
        _ = try f.ws.updateProfile(try f.ws.openAthlete(id: AthleteID(jane), as: f.owner)) {
            $0.name = "Canarella Secretname"; $0.notes.schedule = Self.canary
        }
        try f.put(jane, id: "w1", payload: #"{"notes":"\#(Self.canary)"}"#)
        let wal = Bytes.of(f.path + "-wal")
        #expect(wal.count > 0, "the write is still in the WAL")
        #expect(FileManager.default.fileExists(atPath: f.path + "-shm"))
        try Self.assertAbsent(f, [Self.canary, "Canarella", "Secretname", "canary-jane"])
        // The canary really was stored: it decrypts.
        #expect(
            try f.ws.profile(athleteId: AthleteID(jane), as: f.owner).notes.goals == Self.canary)
    }

    @Test("After checkpoint, edit and removal the canary is still in no file")
    func afterCheckpointAndRemoval() throws {
        let f = try Fixture()
        let jane = try f.athlete("canary-jane", goals: Self.canary)
        _ = try f.ws.updateProfile(try f.ws.openAthlete(id: AthleteID(jane), as: f.owner)) {
            $0.notes.goals = "replaced"
        }
        f.ws.checkpointForTests()
        try Self.assertAbsent(f, [Self.canary, "canary-jane"])
        try f.ws.removeAthlete(try f.ws.openAthlete(id: AthleteID(jane), as: f.owner))
        try Self.assertAbsent(f, [Self.canary, "canary-jane"])
    }

    @Test("A backup copy holds no canary either, and restores to readable data")
    func backup() throws {
        let f = try Fixture()
        let jane = try f.athlete("canary-jane", goals: Self.canary)
        let out = f.dir.file("backup.sqlite")
        try f.ws.backup(to: out)
        #expect(!Bytes.contains(Bytes.of(out), Array(Self.canary.utf8)))
        let mode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let restored = f.dir.file("restored.sqlite")
        try Workspace.restore(from: out, to: restored)
        let ws2 = try Workspace.open(
            at: restored, clock: SystemClock(), random: SystemRandom(), ids: .randomUUIDs)
        let owner = try ws2.authenticate(handle: "olivia", passphrase: secret(Fixture.ownerPass))
        #expect(try ws2.profile(athleteId: AthleteID(jane), as: owner).notes.goals == Self.canary)
        #expect(throws: StoreError.workspaceExists(out)) { try f.ws.backup(to: out) }
    }
}
