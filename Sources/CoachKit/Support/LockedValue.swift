import Foundation

/// A value shared between threads, reachable only while holding its lock.
///
/// The one checked box the project uses instead of hand-written lock-and-unchecked-Sendable
/// classes: the value can be read or changed only inside `withLock`, so no path forgets the
/// lock.
public final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A box holding `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    ///
    /// - Parameter body: reads or changes the value; must not call back into this box.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws (the lock is released either way).
    @discardableResult
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
