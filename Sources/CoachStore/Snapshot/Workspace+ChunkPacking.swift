import CoachCodec
import CoachCrypto
import CoachKit
import Foundation
import GRDB

/// Writing chunk rows so that they fill the file's pages.
///
/// Chunks are a few hundred bytes to a few kilobytes once compressed, and SQLite appends each
/// new row of a table to its last page or, when it does not fit, to a fresh page, leaving the
/// rest of the old one empty. Written in the order they come, a whole snapshot's chunks leave
/// about a quarter of their pages empty. So a whole snapshot is sealed first and its rows are
/// written in first-fit-decreasing order: each row goes to the first page-sized bin with room
/// for it, and the bins are written one after the other. Single writes update their row in place.
extension Workspace {
    /// Compresses, pads and seals one chunk under the newest epoch (not written yet).
    func sealedChunk(
        _ db: Database, keyring: AthleteKeyring, _ key: ChunkKey, _ plain: [UInt8]
    ) throws -> SealedPayload {
        let epoch = keyring.currentEpoch
        return try AEAD.seal(
            Padding.pad(try ChunkCompression.compress(plain), blockSize: Self.chunkPadBlock),
            ad: Self.chunkAD(
                athleteId: keyring.athleteId, section: key.section.rawValue, period: key.period,
                epoch: epoch),
            key: try keyring.snapshotKey(epoch: epoch, db), random: random)
    }

    /// Writes one sealed chunk (inserted, or replacing the chunk of the same key).
    ///
    /// - Returns: the digest the manifest keeps for it.
    func storeChunk(
        _ db: Database, keyring: AthleteKeyring, _ key: ChunkKey, _ sealed: SealedPayload
    ) throws -> [UInt8] {
        try db.execute(
            sql: """
                INSERT INTO snapshot_chunks (athlete_id, section, period, epoch, nonce, ciphertext)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (athlete_id, section, period) DO UPDATE SET epoch = excluded.epoch,
                    nonce = excluded.nonce, ciphertext = excluded.ciphertext
                """,
            arguments: [
                keyring.athleteId, key.section.rawValue, key.period, keyring.currentEpoch,
                Data(sealed.nonce), Data(sealed.ciphertext),
            ])
        return Self.chunkDigest(nonce: sealed.nonce, ciphertext: sealed.ciphertext)
    }

    /// Seals and writes every chunk of a whole snapshot, packed into pages.
    ///
    /// - Returns: the manifest entries of the chunks.
    func storeChunks(
        _ db: Database, keyring: AthleteKeyring, _ parts: [ChunkKey: AthleteDataset]
    ) throws -> [ChunkKey: SnapshotManifest.Entry] {
        var sealed: [(key: ChunkKey, count: Int, row: SealedPayload)] = []
        for (key, var part) in parts.sorted(by: { $0.key < $1.key }) {
            part.sort(key.section)
            sealed.append(
                (
                    key, part.count(of: key.section),
                    try sealedChunk(
                        db, keyring: keyring, key, try SnapshotCoding.encode(key.section, of: part))
                ))
        }
        let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
        let overhead = 40 + keyring.athleteId.utf8.count
        let order = Self.packingOrder(
            sizes: sealed.map {
                overhead + $0.key.section.rawValue.utf8.count + $0.row.nonce.count
                    + $0.row.ciphertext.count
            },
            capacity: pageSize - 8)
        var entries: [ChunkKey: SnapshotManifest.Entry] = [:]
        for i in order {
            let s = sealed[i]
            entries[s.key] = .init(
                count: s.count, digest: try storeChunk(db, keyring: keyring, s.key, s.row))
        }
        return entries
    }

    /// Indices of `sizes` in first-fit-decreasing bin order for bins of `capacity`.
    static func packingOrder(sizes: [Int], capacity: Int) -> [Int] {
        var bins: [(free: Int, items: [Int])] = []
        for i in sizes.indices.sorted(by: { (sizes[$0], $1) > (sizes[$1], $0) }) {
            if let b = bins.firstIndex(where: { $0.free >= sizes[i] }) {
                bins[b].free -= sizes[i]
                bins[b].items.append(i)
            } else {
                bins.append((capacity - sizes[i], [i]))
            }
        }
        return bins.flatMap(\.items)
    }
}
