import Foundation

/// Where coach reads the current time.
///
/// Core code never calls `Date()` itself; it asks a clock, so tests can fix "now" and
/// replay any day.
public protocol Clock: Sendable {
    /// The current instant.
    func now() -> Date
}

/// The machine's clock.
public struct SystemClock: Clock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that always reads the same instant.
public struct FixedClock: Clock {
    public let instant: Date
    public init(_ instant: Date) { self.instant = instant }
    public func now() -> Date { instant }
}
