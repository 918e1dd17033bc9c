import CoachCodec
import CoachCrypto
import CoachKit
import Foundation
import GRDB

/// Encrypts and decrypts record rows.
///
/// The associated data binds every plaintext column of the row (format, athlete, id, kind,
/// day, epoch, version), so moving, swapping or editing a row makes it fail to open. It binds
/// the athlete's and the record's text ids, not the integer key and the bytes the row holds
/// (`RecordIdColumn`): editing those makes the row fail to open in the same way. The sealed
/// plaintext is the payload in compact form when that gives the same JSON back
/// (`RecordPayload`), padded to 64-byte blocks either way.
enum RecordCodec {
    static let format = 1

    /// Writes one sealed record row, replacing the row of the same athlete and id: the one
    /// statement every write path (a log entry, a dataset import, a device batch) uses.
    static let upsert = """
        INSERT INTO records (athlete_num, id, kind, day, fmt, epoch, version, nonce, ciphertext)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (athlete_num, id) DO UPDATE SET day = excluded.day,
            fmt = excluded.fmt, epoch = excluded.epoch, version = excluded.version,
            nonce = excluded.nonce, ciphertext = excluded.ciphertext
        """
    static let padBlock = 64

    static func ad(
        athleteId: String, id: String, kind: String, day: String, epoch: Int, version: Int
    ) -> [UInt8] {
        // The bytes of `AssociatedData("coach/1/record").with(athleteId, id, kind, day, epoch,
        // version)`, written without the general builder's copies: every stored record is
        // sealed and opened with one (a test compares the two).
        var out: [UInt8] = []
        out.reserveCapacity(96 + athleteId.utf8.count + id.utf8.count)
        func field<C: Collection<UInt8>>(_ bytes: C) {
            let n = UInt32(bytes.count)
            out += [UInt8(n >> 24), UInt8(n >> 16 & 0xff), UInt8(n >> 8 & 0xff), UInt8(n & 0xff)]
            out += bytes
        }
        func number(_ v: Int) {
            field(withUnsafeBytes(of: Int64(v).bigEndian) { [UInt8]($0) })
        }
        field("coach/1/record".utf8)
        field(athleteId.utf8); field(id.utf8); field(kind.utf8); field(day.utf8)
        number(epoch); number(version)
        return out
    }

    static func seal(
        _ payload: [UInt8], athleteId: String, id: String, kind: RecordKind, day: String,
        epoch: Int,
        version: Int, key: SecretKey, random: RandomSource
    ) throws -> SealedPayload {
        try seal(
            plaintext: RecordPayload.pack(payload, kind: kind, id: id), athleteId: athleteId,
            id: id, kind: kind, day: day, epoch: epoch, version: version, key: key, random: random)
    }

    /// Seals a record given as the plaintext `RecordPayload` makes of its payload.
    static func seal(
        plaintext: [UInt8], athleteId: String, id: String, kind: RecordKind, day: String,
        epoch: Int, version: Int, key: SecretKey, random: RandomSource
    ) throws -> SealedPayload {
        try AEAD.seal(
            Padding.pad(plaintext, blockSize: padBlock),
            ad: ad(
                athleteId: athleteId, id: id, kind: kind.rawValue, day: day, epoch: epoch,
                version: version),
            key: key, random: random)
    }

    static func open(row: Row, athleteId: String, keyring: AthleteKeyring, _ db: Database) throws
        -> StoredRecord
    {
        let fmt: Int = row["fmt"]
        guard fmt == format else { throw StoreError.newerFormat("a record") }
        guard let id = RecordIdColumn.id(row["id"]) else { throw StoreError.tampered("a record") }
        let kindRaw: String = row["kind"], day: String = row["day"]
        let epoch: Int = row["epoch"], version: Int = row["version"]
        guard let kind = RecordKind(rawValue: kindRaw) else {
            throw StoreError.tampered("record \(id)")
        }
        let key = try keyring.recordKey(epoch: epoch, db)
        let sealed = SealedPayload(
            nonce: [UInt8](row["nonce"] as Data), ciphertext: [UInt8](row["ciphertext"] as Data))
        do {
            let padded = try AEAD.open(
                sealed,
                ad: ad(
                    athleteId: athleteId, id: id, kind: kindRaw, day: day,
                    epoch: epoch, version: version), key: key)
            let plain = try Padding.unpad(padded, blockSize: padBlock)
            return StoredRecord(
                id: id, kind: kind, day: day, version: version,
                payload: try RecordPayload.unpack(plain, kind: kind, id: id))
        } catch {
            throw StoreError.tampered("record \(id)")
        }
    }
}
