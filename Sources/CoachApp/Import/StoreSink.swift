import CoachImport
import CoachKit
import CoachStore
import Foundation

/// Receives an importer's records, validates and encodes them, and writes them in batches.
///
/// Each batch is one transaction, so a kill leaves whole batches only, and re-running skips
/// what is already there (every record's id comes from its dedupe key). A full batch is written
/// by a `BatchWriter` while the importer reads on; `flush()` writes the rest and waits. When the
/// file turns out to be bad after some batches were written, `undo()` removes what this file
/// added. Holds the batch and the counts, hence a class.
final class StoreSink: ImportSink {
    let workspace: any WorkspaceStore
    let athlete: AthleteAccess
    let ids: ImportIdMaker?
    let zone: TimeZone
    let skipBad: Bool
    let file: String
    let encoder: JSONEncoder
    let batchSize: Int
    /// Count what would be written, write nothing.
    var dryRun = false
    /// Records before this day are skipped.
    var since: LocalDay?
    var onProgress: (Int, Int64) -> Void = { _, _ in }

    var pending: [DeviceRecord] = []
    var pendingLabels: [String] = []
    /// Writes full batches while the next is read (made on the first batch that is written).
    var writer: BatchWriter?
    /// The labels of the batch the writer has in flight.
    var flightLabels: [String] = []
    var counts: [String: ImportReport.TypeCounts] = [:]
    /// Ids this sink added, back to back, and where each ends (compact: an export adds millions).
    var addedIds: [UInt8] = []
    var addedEnds: [Int] = []
    var records = 0
    /// The ids a dry run counted as added so far (a later batch's same id is a duplicate).
    var previewed: Set<String> = []

    init(
        workspace: any WorkspaceStore, athlete: AthleteAccess, ids: ImportIdMaker?,
        skipBad: Bool, file: String, batchSize: Int = 16000
    ) {
        self.workspace = workspace; self.athlete = athlete; self.ids = ids
        self.zone = athlete.profile.zone; self.skipBad = skipBad; self.file = file
        self.batchSize = batchSize
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    func count(_ label: String, _ change: (inout ImportReport.TypeCounts) -> Void) {
        change(&counts[label, default: ImportReport.TypeCounts(label: label)])
    }

    func skip(_ label: String, reason: String) {
        count(label) { $0.skipped[reason, default: 0] += 1 }
    }
    func merged(_ label: String, into target: String) { count(label) { $0.merged += 1 } }
    func progress(bytesRead: Int64) { onProgress(records, bytesRead) }

    func record(_ r: ImportedRecord) throws {
        records += 1
        if let since, r.day < since {
            skip(r.label, reason: "before the first day asked for")
            return
        }
        // An id the file wrote (a CSV's id column) is kept only when of coach's own shapes; any
        // other is stored as a keyed hash, with the written id as an alias (earlier versions
        // stored it as written).
        var fixed = r.fixedId, hashedGiven: String?
        if let given = r.givenId, fixed == given, ids != nil,
            !ImportIdMaker.keepsWrittenId(given)
        {
            (fixed, hashedGiven) = (nil, given)
        }
        let id = fixed ?? ids?.id(for: r.dedupeKey) ?? r.dedupeKey
        let payload = r.payload(withId: id)
        let day: LocalDay
        do {
            day = try validatedDay(payload)
        } catch let error as CoachKitError {
            guard skipBad else {
                throw ImportError(
                    file: file, position: .file, problem: .malformed,
                    message: "a \(r.label) record of \(r.day) is out of range (\(error))")
            }
            skip(r.label, reason: "out of range")
            return
        }
        // A dry run counts; only records that will be written, or compared, are encoded.
        let bytes = dryRun && r.fixedId == nil ? [] : try encode(payload)
        let aliases =
            fixed == nil
            ? (ids?.aliases(for: r.dedupeKey) ?? []) + (hashedGiven.map { [$0] } ?? []) : []
        pending.append(
            DeviceRecord(
                id: id, kind: r.kind, day: day, payload: bytes, replaces: r.fixedId != nil,
                aliases: aliases))
        pendingLabels.append(r.label)
        if pending.count >= batchSize { try submitPending() }
        if records & 4095 == 0 { onProgress(records, -1) }
    }

    /// Validates a record and returns the athlete-local day it is filed under.
    func validatedDay(_ payload: ImportedRecord.Payload) throws -> LocalDay {
        switch payload {
        case .workout(let w): try w.validate(); return w.start.day(in: zone)
        case .biometric(let b): try b.validate(); return b.time.day(in: zone)
        case .sleep(let s): try s.validate(); return s.end.day(in: zone)
        case .food(let f): try f.validate(); return f.time.day(in: zone)
        case .weight(let w): try w.validate(); return w.time.day(in: zone)
        case .steps(let s): try s.validate(); return s.day
        case .wellness(let w): try w.validate(); return w.day
        }
    }

    /// The record's JSON, as the store keeps it.
    func encode(_ payload: ImportedRecord.Payload) throws -> [UInt8] {
        switch payload {
        case .workout(let w): return try encode(w)
        case .biometric(let b): return FastPayload.biometric(b)
        case .sleep(let s): return try encode(s)
        case .food(let f): return try encode(f)
        case .weight(let w): return try encode(w)
        case .steps(let s): return try encode(s)
        case .wellness(let w): return try encode(w)
        }
    }

    func encode<T: Encodable>(_ value: T) throws -> [UInt8] { [UInt8](try encoder.encode(value)) }

    /// Writes what is pending as one transaction and waits until every batch is written.
    func flush() throws {
        try submitPending()
        if let written = try writer?.wait() { tally(written, labels: flightLabels) }
        flightLabels = []
    }

    /// Hands what is pending to the writer (a dry run counts it), after counting the batch the
    /// writer had in flight.
    func submitPending() throws {
        guard !pending.isEmpty else { return }
        let batch = pending, labels = pendingLabels
        pending.removeAll(keepingCapacity: true)
        pendingLabels.removeAll(keepingCapacity: true)
        if dryRun {
            // Asks the store what the real run would find: ids stored already, or added by an
            // earlier batch of this run, are duplicates.
            var outcomes = try workspace.previewDeviceBatch(batch, for: athlete)
            for (i, r) in batch.enumerated() where outcomes[i] == .added {
                if !previewed.insert(r.id).inserted { outcomes[i] = .duplicate }
            }
            tally((batch, outcomes), labels: labels)
            return
        }
        let writer = self.writer ?? BatchWriter(workspace: workspace, athlete: athlete)
        self.writer = writer
        if let written = try writer.submit(batch) { tally(written, labels: flightLabels) }
        flightLabels = labels
    }

    /// Counts a written batch and remembers the ids it added.
    func tally(_ written: BatchWriter.Written, labels: [String]) {
        for (i, o) in written.outcomes.enumerated() {
            switch o {
            case .added:
                count(labels[i]) { $0.imported += 1 }
                if !dryRun {
                    addedIds += Array(written.records[i].id.utf8)
                    addedEnds.append(addedIds.count)
                }
            case .updated: count(labels[i]) { $0.updated += 1 }
            case .duplicate: count(labels[i]) { $0.duplicate += 1 }
            }
        }
    }

    /// Removes every record this sink added (the file failed after some batches).
    func undo() throws {
        // A batch still in flight commits or fails as a whole; what it added goes too.
        if let writer, let written = try? writer.wait() { tally(written, labels: flightLabels) }
        flightLabels = []
        guard !addedEnds.isEmpty else { return }
        let ids = addedEnds.indices.map { i in
            RecordID(
                String(
                    decoding: addedIds[(i == 0 ? 0 : addedEnds[i - 1])..<addedEnds[i]],
                    as: UTF8.self))
        }
        try workspace.removeDeviceRecords(ids: ids, for: athlete)
        addedIds = []
        addedEnds = []
    }
}
