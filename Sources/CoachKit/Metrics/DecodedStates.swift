/// The decoded states of one `CarriedState` value, each decoded once.
///
/// Only value-type states are kept, so every caller gets its own copy of what was decoded.
final class DecodedStates: Sendable {
    private let values = LockedValue<[String: Any]>([:])

    /// The state decoded for `id` as `T`, if any.
    func value<T>(for id: String, as _: T.Type) -> T? { values.withLock { $0[id] as? T } }

    /// Keeps a decoded state (a class instance is not kept: callers could share and change it).
    func store<T>(_ value: T, for id: String) {
        guard !(T.self is AnyClass) else { return }
        values.withLock { $0[id] = value }
    }
}
