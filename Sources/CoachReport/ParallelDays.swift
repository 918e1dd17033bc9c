import Foundation

/// Runs one independent job per index on every core and returns the answers in index order.
///
/// The order of the answers never depends on scheduling, so output built from them is the same
/// on every run.
final class ParallelDays<T: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `slots` and `failure` are only touched while holding `lock`; the
    // closure is only called, never stored beyond `run`.
    private let lock = NSLock()
    private var slots: [T?]
    private var failure: (any Error)?

    private init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// `job(i)` for every `i` in `0..<count`, in order.
    ///
    /// - Throws: the error of the lowest failing index.
    static func map(_ count: Int, _ job: @Sendable (Int) throws -> T) throws -> [T] {
        let box = ParallelDays(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            do {
                let value = try job(i)
                box.lock.withLock { box.slots[i] = value }
            } catch {
                box.lock.withLock { if box.failure == nil { box.failure = error } }
            }
        }
        return try box.lock.withLock {
            if let failure = box.failure { throw failure }
            return box.slots.map { $0! }
        }
    }
}
