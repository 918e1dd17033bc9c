import Foundation

/// A list of metric providers, looked up by id.
///
/// A value type: build it from the built-ins (`CoachMetrics`) and add plugin adapters to a copy.
/// Ids are unique; registering a second provider with an id already present is refused.
public struct ProviderRegistry: Sendable {
    /// Why a provider could not be registered.
    public enum RegistrationError: Error, Equatable, Sendable, LocalizedError {
        case duplicateID(String)
        case invalidID(String)

        public var errorDescription: String? {
            switch self {
            case .duplicateID(let id): "a metric provider with id '\(id)' is already registered"
            case .invalidID(let id):
                "'\(id)' is not a valid provider id; use lowercase letters, digits and dashes"
            }
        }
    }

    /// The providers, in registration order.
    public private(set) var providers: [any MetricProvider]

    /// An empty registry.
    public init() { providers = [] }

    /// A registry holding `providers`, in order.
    ///
    /// - Throws: `RegistrationError` for a duplicate or malformed id.
    public init(_ providers: [any MetricProvider]) throws {
        self.providers = []
        for p in providers { try register(p) }
    }

    /// Adds `provider` at the end.
    ///
    /// - Throws: `RegistrationError` for a duplicate or malformed id.
    public mutating func register(_ provider: any MetricProvider) throws {
        let id = provider.id
        guard MetricDescriptor.isValidID(id) else { throw RegistrationError.invalidID(id) }
        guard self.provider(id: id) == nil else { throw RegistrationError.duplicateID(id) }
        providers.append(provider)
    }

    /// The ids, in registration order.
    public var ids: [String] { providers.map(\.id) }

    /// The descriptors, in registration order.
    public var descriptors: [MetricDescriptor] { providers.map(\.descriptor) }

    /// The provider with `id`, if registered.
    public func provider(id: String) -> (any MetricProvider)? {
        providers.first { $0.id == id }
    }

    /// Evaluates the provider with `id` on `input`.
    ///
    /// - Returns: the result, or `nil` when no provider has that id.
    /// - Throws: whatever the provider throws when it fails.
    public func evaluate(id: String, _ input: MetricInput) throws -> MetricResult? {
        try provider(id: id)?.evaluate(input)
    }
}
