import CoachKit
import CoachStore
import Dispatch

/// Writes an import's batches on a thread of its own, so that reading and encoding the next
/// batch overlaps sealing and writing this one.
///
/// At most one batch is in flight: `submit` first waits for the previous batch and hands back
/// its outcomes, so batches are written in order, each in its own transaction, exactly as when
/// they were written in line. Holds the batch in flight, hence a class.
final class BatchWriter {
    /// A written batch: its records and what writing each did.
    typealias Written = (records: [DeviceRecord], outcomes: [DeviceWriteOutcome])

    /// What the writing thread uses. `@unchecked Sendable` because the workspace and the athlete
    /// access are classes without a Sendable conformance; they are used by one thread at a
    /// time: the writing thread while a batch is in flight, the importing thread only after
    /// `wait()` has returned (the dispatch group orders the two).
    private struct Target: @unchecked Sendable {
        let workspace: any WorkspaceStore
        let athlete: AthleteAccess
    }

    /// The batch in flight and, once written, its outcome (set by the writing thread before
    /// it leaves the dispatch group, read by the importing thread after waiting on it).
    private final class Flight: Sendable {
        let records: [DeviceRecord]
        let result = LockedValue<Result<[DeviceWriteOutcome], any Error>?>(nil)
        init(_ records: [DeviceRecord]) { self.records = records }
    }

    private let target: Target
    private let queue = DispatchQueue(label: "coach.import.writer")
    private let group = DispatchGroup()
    private var flight: Flight?

    init(workspace: any WorkspaceStore, athlete: AthleteAccess) {
        target = Target(workspace: workspace, athlete: athlete)
    }

    /// Starts writing `records` as one transaction once the batch in flight is written.
    ///
    /// - Returns: the batch that was in flight, written, or `nil` when there was none.
    /// - Throws: what writing the batch in flight threw; `records` is then not started.
    func submit(_ records: [DeviceRecord]) throws -> Written? {
        let previous = try wait()
        let next = Flight(records)
        let target = target
        queue.async(group: group) {
            let outcome = Result {
                try target.workspace.writeDeviceBatch(next.records, for: target.athlete)
            }
            next.result.withLock { $0 = outcome }
        }
        flight = next
        return previous
    }

    /// Waits until the batch in flight is written.
    ///
    /// - Returns: that batch, or `nil` when none was in flight.
    /// - Throws: what writing it threw.
    func wait() throws -> Written? {
        guard let done = flight else { return nil }
        group.wait()
        flight = nil
        guard let result = done.result.withLock({ $0 }) else { return nil }
        return (done.records, try result.get())
    }
}
