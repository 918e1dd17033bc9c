import CoachCodec
import CoachKit
import CoachTrust
import Foundation
import GRDB

extension SyncApplier {
    /// Two puts of one record merged field by field against the version both started from.
    struct FieldMerge {
        /// The merged record (JSON).
        let payload: [UInt8]
        /// Whether the merge differs from theirs (so it is queued on top of theirs).
        let changed: Bool
        /// Whether a field of ours lost to theirs, or one of theirs to ours.
        let mineLost: Bool
        let theirsLost: Bool
    }

    /// Merges this machine's queued put and their put of the same record field by field, when
    /// both hold a JSON object and the version both started from (`base`) is held: a field only
    /// one side changed takes that side's value; a field both changed takes the later clock's
    /// (ties by device id), and the other side lost. Nil when a whole-record choice must do.
    func fieldMerge(
        base baseBytes: Data?, mine: ChangeEnvelope, theirs: ChangeEnvelope,
        theirsPayload: [UInt8]?, keyring: AthleteKeyring
    ) throws -> FieldMerge? {
        guard mine.operation == .put, theirs.operation == .put, mine.day == theirs.day,
            let theirsPayload, let baseBytes,
            let base = try? ChangeEnvelope.decode([UInt8](baseBytes)), base.operation == .put,
            let b = try object(base, keyring: keyring), let m = try object(mine, keyring: keyring),
            let t = Self.jsonObject(theirsPayload)
        else { return nil }
        let mineLater = (mine.clock, mine.device.rawValue) > (theirs.clock, theirs.device.rawValue)
        var merged = t
        var mineLost = false, theirsLost = false
        for key in Set(b.keys).union(m.keys).union(t.keys) {
            guard !Self.same(m[key], b[key]) else { continue }
            if Self.same(t[key], b[key]) {
                merged[key] = m[key]
            } else if !Self.same(m[key], t[key]) {
                if mineLater {
                    merged[key] = m[key]
                    theirsLost = true
                } else {
                    mineLost = true
                }
            }
        }
        let bytes = try JSONSerialization.data(withJSONObject: merged, options: [.sortedKeys])
        return FieldMerge(
            payload: [UInt8](bytes), changed: !Self.same(merged, t), mineLost: mineLost,
            theirsLost: theirsLost)
    }

    /// A put's record as a JSON object, opened under the athlete's key; nil when it is not one.
    func object(_ change: ChangeEnvelope, keyring: AthleteKeyring) throws -> [String: Any]? {
        guard let kind = RecordKind(rawValue: change.kind) else { return nil }
        // A body that does not open under the athlete's key is tampering, never a reason to
        // fall back quietly.
        let payload = try RecordCodec.open(
            body: change.body, athleteId: keyring.athleteId, id: change.object, kind: kind,
            day: change.day, epoch: Int(change.epoch), version: Int(change.version),
            key: try keyring.recordKey(epoch: Int(change.epoch), db))
        return Self.jsonObject(payload)
    }

    static func jsonObject(_ bytes: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }

    /// Whether two JSON values (nil: absent) are the same, compared in canonical form.
    static func same(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case (let a?, let b?):
            let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed]
            return (try? JSONSerialization.data(withJSONObject: [a], options: options))
                == (try? JSONSerialization.data(withJSONObject: [b], options: options))
        }
    }

    /// Writes the merged record on top of theirs (the version after it), queued as this
    /// machine's change, with the snapshot kept in step.
    func writeMerged(_ merge: FieldMerge, onto theirs: ChangeEnvelope, keyring: AthleteKeyring)
        throws -> ChangeEnvelope
    {
        guard let kind = RecordKind(rawValue: theirs.kind) else {
            throw StoreError.tampered("record \(theirs.object)")
        }
        try workspace.noteRecordsChanged(
            db, athleteId: keyring.athleteId, actor: actor, incremental: true)
        try workspace.writeRecordRow(
            db, keyring: keyring, id: RecordID(theirs.object), kind: kind, day: theirs.day,
            version: Int(theirs.version) + 1
        ) { RecordPayload.pack(merge.payload, kind: kind, id: theirs.object) }
        try workspace.updateSnapshot(
            db, keyring: keyring, kind: kind, remove: (theirs.object, theirs.day),
            insert: (theirs.object, theirs.day, merge.payload))
        guard
            let row = try Row.fetchOne(
                db, sql: SyncTables.recordChange, arguments: [keyring.athleteId, theirs.object])
        else { throw StoreError.recordNotFound(theirs.object) }
        return try ChangeEnvelope.decode([UInt8](row["envelope"] as Data))
    }
}
