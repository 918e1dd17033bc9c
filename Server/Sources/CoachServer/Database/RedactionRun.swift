import CoachTrust

/// One stored run of a stream read for a redaction: where it ends, how many changes it holds,
/// and each change's bytes as served.
struct RedactionRun {
    /// The stream sequence of the run's last change (its key in `runs`).
    let last: Int64
    let count: Int
    let changes: [[UInt8]]

    /// What a redaction of a whole stream rewrites.
    struct Plan {
        /// Each run to store again, by its last sequence, with its new body.
        var rewritten: [(last: Int64, body: [UInt8])] = []
        /// The sequences of the changes redacted, in order.
        var redacted: [Int64] = []
        /// How many changes were redacted already.
        var already = 0
    }

    /// The runs of one stream (in order) with the bodies of its superseded changes dropped: a
    /// change followed later in the stream by a change of the same object at a higher epoch,
    /// or, when `removed`, every change. A delete's empty body stays as it is, and a run
    /// holding a change that does not read is left alone (a client names that damage).
    static func plan(_ runs: [RedactionRun], removed: Bool) -> Plan {
        let decoded = runs.map { run in run.changes.map { try? ChangeEnvelope.decode($0) } }
        // The highest epoch of each object's changes after each change, walking backwards.
        var later: [String: Int64] = [:]
        var superseded = decoded.map { $0.map { _ in false } }
        for index in decoded.indices.reversed() {
            for offset in decoded[index].indices.reversed() {
                guard let envelope = decoded[index][offset] else { continue }
                superseded[index][offset] =
                    removed || (later[envelope.object] ?? 0) > envelope.epoch
                later[envelope.object] = max(later[envelope.object] ?? 0, envelope.epoch)
            }
        }
        var plan = Plan()
        for (index, run) in runs.enumerated() {
            let first = run.last - Int64(run.changes.count) + 1
            plan.already += decoded[index].filter { $0?.isRedacted == true }.count
            let envelopes = decoded[index].compactMap { $0 }
            guard envelopes.count == run.changes.count, run.changes.count == run.count else {
                continue
            }
            var changed = false
            var kept = envelopes
            var bytes = run.changes
            for offset in envelopes.indices where superseded[index][offset] {
                let envelope = envelopes[offset]
                guard !envelope.isRedacted, !envelope.body.isEmpty else { continue }
                kept[offset] = envelope.redacted()
                bytes[offset] = kept[offset].encoded()
                plan.redacted.append(first + Int64(offset))
                changed = true
            }
            if changed {
                plan.rewritten.append((run.last, ChangeRun.pack(kept, encoded: bytes)))
            }
        }
        return plan
    }
}
