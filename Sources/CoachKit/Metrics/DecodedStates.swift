import Foundation

/// The decoded states of one `CarriedState` value, each decoded once.
final class DecodedStates: @unchecked Sendable {
    // @unchecked Sendable: `values` is only read and written while holding `lock`, and only
    // value-type states are kept, so every caller gets its own copy of what was decoded.
    private let lock = NSLock()
    private var values: [String: Any] = [:]

    /// The state decoded for `id` as `T`, if any.
    func value<T>(for id: String, as _: T.Type) -> T? { lock.withLock { values[id] as? T } }

    /// Keeps a decoded state (a class instance is not kept: callers could share and change it).
    func store<T>(_ value: T, for id: String) {
        guard !(T.self is AnyClass) else { return }
        lock.withLock { values[id] = value }
    }
}
