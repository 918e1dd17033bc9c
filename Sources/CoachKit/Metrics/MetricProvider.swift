import Foundation

/// A metric: a function from one athlete-day of data to a scored, explained result.
///
/// The host sees only this protocol, so a provider may be a built-in value or an adapter for an
/// out-of-process plugin whose descriptor arrives at run time. `evaluate` must not read the clock,
/// the disk or the network: everything it may use arrives in the `MetricInput`, and the same input
/// always gives the same result. It throws only when the provider itself failed (a plugin that
/// crashed or answered nonsense); missing data is a result with a status, not an error.
public protocol MetricProvider: Sendable {
    /// What the provider is called, what it reads and how its score is scaled.
    var descriptor: MetricDescriptor { get }

    /// Scores one athlete on one day.
    ///
    /// - Parameter input: the day, the athlete context and the declared data kinds.
    /// - Returns: a result; when data is missing the status says so and the score is `nil`.
    /// - Throws: when the provider could not produce a result at all.
    func evaluate(_ input: MetricInput) throws -> MetricResult
}

extension MetricProvider {
    /// The provider's stable id (e.g. `readiness`).
    public var id: String { descriptor.id }
}

/// A provider compiled into coach: a value type whose descriptor is known at compile time.
///
/// Built-ins carry no configuration, so a registry can create them from their type, and their
/// evaluation cannot fail.
public protocol BuiltinMetricProvider: MetricProvider {
    /// The descriptor of every value of this type.
    static var descriptor: MetricDescriptor { get }

    /// Creates the provider.
    init()

    /// Scores one athlete on one day; a built-in never fails.
    func evaluate(_ input: MetricInput) -> MetricResult
}

extension BuiltinMetricProvider {
    /// The descriptor of this provider's type.
    public var descriptor: MetricDescriptor { Self.descriptor }
}
