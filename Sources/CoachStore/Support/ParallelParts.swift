import Foundation

/// Runs one job per part on every core and returns the answers in part order.
///
/// For work whose parts share nothing until they are joined: each answer is handed over only
/// after `concurrentPerform` has returned, so it is read by one thread after the one that made
/// it has finished with it.
final class ParallelParts<T>: @unchecked Sendable {
    // @unchecked Sendable: `slots` and `failure` are only touched while holding `lock`, and an
    // answer (which may hold non-Sendable keyrings) is read only after every job has returned.
    private let lock = NSLock()
    private var slots: [T?]
    private var failure: (index: Int, error: any Error)?

    private init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// `job(i)` for every `i` in `0..<count`, in order.
    ///
    /// - Throws: the error of the lowest failing part.
    static func map(_ count: Int, _ job: @Sendable (Int) throws -> T) throws -> [T] {
        let box = ParallelParts(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            do {
                let value = try job(i)
                box.lock.withLock { box.slots[i] = value }
            } catch {
                box.lock.withLock {
                    if box.failure.map({ i < $0.index }) ?? true { box.failure = (i, error) }
                }
            }
        }
        return try box.lock.withLock {
            if let failure = box.failure { throw failure.error }
            return box.slots.map { $0! }
        }
    }
}
