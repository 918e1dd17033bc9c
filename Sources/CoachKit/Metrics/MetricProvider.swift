import Foundation

/// A metric: a pure function from one athlete-day of data to a scored, explained result.
///
/// Providers are value types with an empty initialiser, so a registry can create and hold them,
/// a plugin host can serve them over a pipe, and tests can call them directly. `evaluate` must not
/// read the clock, the disk or the network: everything it may use arrives in the `MetricInput`,
/// and the same input always gives the same result.
public protocol MetricProvider: Sendable {
    /// What the provider is called, what it reads and how its score is scaled.
    static var descriptor: MetricDescriptor { get }

    /// Creates the provider; providers carry no configuration of their own.
    init()

    /// Scores one athlete on one day.
    ///
    /// - Parameter input: the day, the athlete context and the declared data kinds.
    /// - Returns: a result; when data is missing the status says so and the score is `nil`.
    func evaluate(_ input: MetricInput) -> MetricResult
}

extension MetricProvider {
    /// The descriptor of this provider's type.
    public var descriptor: MetricDescriptor { Self.descriptor }

    /// The provider's stable id (e.g. `readiness`).
    public var id: String { Self.descriptor.id }
}
