import Foundation
import GRDB
import Testing

@testable import CoachStore

/// The roster form of a user's sealed key row, read back as a replica that pulls a new user
/// stores it.
@Suite struct RosterPullTests {
    @Test("A user's sealed key row read back from its roster form gives the same columns")
    func sealedKeysRoundTrip() throws {
        let (f, _) = try OutboxTests.synced()
        let rows = try f.ws.read { db in try Row.fetchAll(db, sql: "SELECT * FROM users") }
        #expect(!rows.isEmpty)
        for row in rows {
            let fields = try #require(SealedKeyFields(Workspace.sealedKeys(row)))
            #expect(fields.algorithm == row["kdf_alg"] as String)
            #expect(fields.ops == row["kdf_ops"] as Int64)
            #expect(fields.mem == row["kdf_mem"] as Int64)
            #expect(fields.salt == [UInt8](row["kdf_salt"] as Data))
            #expect(fields.nonce == [UInt8](row["key_nonce"] as Data))
            #expect(fields.ciphertext == [UInt8](row["key_ciphertext"] as Data))
            #expect(fields.indexKey == [UInt8](row["index_key_sealed"] as Data))
        }
    }

    static let notRows: [[UInt8]] = [
        [], [0, 0, 0, 9, 1], [0, 0, 0, 1, 65], Array("coach/1/sealed-user-keys".utf8),
    ]

    @Test("Bytes that are not a sealed key row read as nothing", arguments: notRows)
    func notSealedKeys(_ bytes: [UInt8]) {
        #expect(SealedKeyFields(bytes) == nil)
    }
}
