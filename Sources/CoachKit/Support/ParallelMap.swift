import Foundation

/// Runs one independent job per index on every core and returns the answers in index order.
///
/// The order of the answers never depends on scheduling, so output built from them is the same
/// on every run. The answers need not be `Sendable`: each is handed over only after
/// `concurrentPerform` has returned, so it is read by one thread after the one that made it has
/// finished with it.
public enum ParallelMap {
    /// `job(i)` for every `i` in `0..<count`, in order.
    ///
    /// - Parameters:
    ///   - count: the number of jobs.
    ///   - job: the work for one index; jobs run concurrently and share nothing.
    /// - Returns: the answers, the one of index `i` at position `i`.
    /// - Throws: the error of the lowest failing index.
    public static func map<T>(_ count: Int, _ job: @Sendable (Int) throws -> T) throws -> [T] {
        let box = LockedValue(Slots<T>(count: count))
        DispatchQueue.concurrentPerform(iterations: count) { i in
            do {
                let value = try job(i)
                box.withLock { $0.slots[i] = value }
            } catch {
                box.withLock {
                    if $0.failure.map({ i < $0.index }) ?? true { $0.failure = (i, error) }
                }
            }
        }
        return try box.withLock {
            if let failure = $0.failure { throw failure.error }
            return $0.slots.map { $0! }
        }
    }

    /// The answers and the lowest failure, shared by the jobs of one `map` (an answer is read
    /// only after every job has returned).
    private struct Slots<T> {
        var slots: [T?]
        var failure: (index: Int, error: any Error)?

        init(count: Int) { slots = Array(repeating: nil, count: count) }
    }
}
