import Foundation
import GRDB

/// The columns of a user row that `Workspace.sealedKeys` joins into one opaque value, read
/// back: the KDF's name, cost and salt, the keys sealed under the passphrase, the sealed
/// index key.
struct SealedKeyFields {
    var algorithm: String
    var ops: Int64
    var mem: Int64
    var salt: [UInt8]
    var nonce: [UInt8]
    var ciphertext: [UInt8]
    var indexKey: [UInt8]

    /// The fields of `bytes`; nil unless they are exactly a sealed key row.
    init?(_ bytes: [UInt8]) {
        var fields: [[UInt8]] = []
        var at = 0
        while at < bytes.count {
            guard at + 4 <= bytes.count else { return nil }
            let n = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            at += 4
            guard n <= bytes.count - at else { return nil }
            fields.append(Array(bytes[at..<at + n]))
            at += n
        }
        guard fields.count == 8, fields[0] == Array("coach/1/sealed-user-keys".utf8),
            fields[2].count == 8, fields[3].count == 8,
            let algorithm = String(bytes: fields[1], encoding: .utf8)
        else { return nil }
        func int(_ b: [UInt8]) -> Int64 {
            Int64(bitPattern: b.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        }
        self.algorithm = algorithm
        ops = int(fields[2])
        mem = int(fields[3])
        salt = fields[4]
        nonce = fields[5]
        ciphertext = fields[6]
        indexKey = fields[7]
    }

    /// Replaces a user row's sealed key columns with these fields.
    ///
    /// - Parameters:
    ///   - db: the open write.
    ///   - id: the user whose row changes.
    /// - Throws: the database's error.
    func store(_ db: Database, user id: String) throws {
        try db.execute(
            sql: """
                UPDATE users SET kdf_alg = ?, kdf_ops = ?, kdf_mem = ?, kdf_salt = ?,
                    key_nonce = ?, key_ciphertext = ?, index_key_sealed = ?
                WHERE id = ?
                """,
            arguments: [
                algorithm, ops, mem, Data(salt), Data(nonce), Data(ciphertext), Data(indexKey), id,
            ])
    }
}
