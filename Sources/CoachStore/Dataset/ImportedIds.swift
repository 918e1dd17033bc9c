import CoachCodec
import CoachCrypto
import CoachKit
import Foundation
import GRDB

/// The ids a JSON import stores: a written id that could say something about the athlete (an id
/// like `ACL-tear-2025`) is stored as a keyed hash of it under the athlete's current key, as
/// device imports store theirs, so the file never holds it.
///
/// Ids of the shapes coach itself gives records are kept as written, so an exported file
/// re-imported finds its records: a lowercase UUID (random), an import id (`i` and 24 hex
/// digits, already a keyed hash), a week's `w` and 8 letters of `PlanID` (random), a demo id
/// (16 hex digits, a hash) and a steps day's `steps-YYYY-MM-DD` (the day is the row's
/// plaintext day anyway). The same written id gives the same stored id on every import, so
/// importing a file twice adds nothing; its ids under earlier keys, and the written id itself
/// (as versions before this one stored it), are its aliases.
struct ImportedIds {
    let maker: ImportIdMaker

    /// What the keyed hash covers: the written id in its own namespace (device dedupe keys
    /// never start with `json:`).
    private static func key(_ written: String) -> String { "json:" + written }

    /// Whether `id` is stored as written.
    static func keeps(_ id: String) -> Bool {
        if CompactIdentifier.uuidBytes(id) != nil || RecordIdColumn.importHash(id) != nil {
            return true
        }
        let utf8 = Array(id.utf8)
        let hex = { (c: UInt8) in (0x30...0x39).contains(c) || (0x61...0x66).contains(c) }
        if utf8.count == 16, utf8.allSatisfy(hex) { return true }
        if utf8.count == 9, id.first == "w", id.dropFirst().allSatisfy(PlanID.alphabet.contains) {
            return true
        }
        return id.hasPrefix("steps-") && LocalDay(String(id.dropFirst(6))) != nil
    }

    /// The id `written` is stored under.
    func stored(_ written: String) -> String {
        Self.keeps(written) ? written : maker.id(for: Self.key(written))
    }

    /// The ids the record written as `written` may already be stored under: under the
    /// athlete's earlier keys, and as written by earlier versions.
    func aliases(_ written: String) -> [String] {
        Self.keeps(written) ? [] : maker.aliases(for: Self.key(written)) + [written]
    }

    /// `dataset` with every record id as stored and each planned session's `linked_workout`
    /// pointing at its workout's stored id.
    ///
    /// - Returns: the dataset and, by stored id, the aliases of each record whose id changed.
    func storing(_ dataset: AthleteDataset) -> (AthleteDataset, aliases: [String: [String]]) {
        var d = dataset
        var aliases: [String: [String]] = [:]
        func map(_ id: inout String) {
            let written = id
            id = stored(written)
            if id != written { aliases[id] = self.aliases(written) }
        }
        for i in d.weeks.indices {
            map(&d.weeks[i].id)
            for j in d.weeks[i].sessions.indices {
                if let link = d.weeks[i].sessions[j].linkedWorkout {
                    d.weeks[i].sessions[j].linkedWorkout = stored(link)
                }
            }
        }
        for i in d.wellness.indices { map(&d.wellness[i].id) }
        for i in d.workouts.indices { map(&d.workouts[i].id) }
        for i in d.biometrics.indices { map(&d.biometrics[i].id) }
        for i in d.sleep.indices { map(&d.sleep[i].id) }
        for i in d.food.indices { map(&d.food[i].id) }
        for i in d.weight.indices { map(&d.weight[i].id) }
        return (d, aliases)
    }
}

extension Workspace {
    /// The ids a JSON import into the athlete of `keyring` stores, in the open transaction
    /// (the athlete may have been created in it).
    func importedIds(_ db: Database, keyring: AthleteKeyring) throws -> ImportedIds {
        let keys = try (1...keyring.currentEpoch).reversed().map { epoch in
            SecretKeyBox(
                key: try Hashing.deriveSubkey(
                    id: 4, context: "importid", from: try keyring.dataKey(epoch: epoch, db)))
        }
        return ImportedIds(maker: ImportIdMaker(keys: keys))
    }
}

extension ImportIdMaker {
    /// Whether an id a file writes may be stored as written: only the shapes coach gives
    /// records itself (`ImportedIds`); any other could say something about the athlete.
    public static func keepsWrittenId(_ id: String) -> Bool { ImportedIds.keeps(id) }
}
