import Foundation

/// What providers carry from the days before a window: each provider's state as of one day.
///
/// A provider whose answer depends on the whole history (CTL/ATL, a step streak, smoothing) can
/// summarise the days up to `asOf` in a small state; evaluating a later day then reads the state
/// plus the records from `asOf + 1 − lookBack` on (see `CarriedDeclaration`), never the whole
/// history. The bytes of each state belong to their provider (keyed by provider id); a provider
/// that had nothing to carry on `asOf` (no history yet) has no entry, which means the window
/// holds its whole history.
public struct CarriedState: Sendable, Equatable {
    /// The last day the states summarise.
    public var asOf: LocalDay
    /// Each carrying provider's state, keyed by provider id.
    public var states: [String: [UInt8]] {
        didSet { decoded = DecodedStates() }
    }
    /// The states decoded so far: a provider asks for its state several times per day it
    /// evaluates (whether it can answer, then the answer), and decoding costs more than using it.
    private var decoded = DecodedStates()

    /// - Parameters:
    ///   - asOf: the last day the states summarise.
    ///   - states: each carrying provider's state, keyed by provider id.
    public init(asOf: LocalDay, states: [String: [UInt8]] = [:]) {
        self.asOf = asOf
        self.states = states
    }

    /// The least number of days between `asOf` and a day evaluated from it: every provider
    /// reads its own day and up to seven days before it (ramp, the nutrition week) from records.
    public static let minimumGap = 8

    /// Whether a day can be evaluated from this state (it lies at least `minimumGap` days after).
    public func covers(_ day: LocalDay) -> Bool { asOf.days(to: day) >= Self.minimumGap }

    /// The state of provider `id`, decoded; nil when it carried nothing.
    ///
    /// - Throws: `CarriedStateError.malformed` when the bytes do not decode.
    public func state<T: Decodable>(_ type: T.Type, for id: String) throws -> T? {
        guard let bytes = states[id] else { return nil }
        if let hit = decoded.value(for: id, as: T.self) { return hit }
        let value: T
        do {
            value = try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch {
            throw CarriedStateError.malformed(provider: id)
        }
        decoded.store(value, for: id)
        return value
    }

    /// Equal when the day and the encoded states are (whatever was decoded from them).
    public static func == (a: CarriedState, b: CarriedState) -> Bool {
        a.asOf == b.asOf && a.states == b.states
    }

    /// Encodes a provider's state the way `state(_:for:)` reads it.
    public static func encode<T: Encodable>(_ state: T) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Exact doubles: JSONEncoder writes the shortest representation that round-trips.
        return (try? [UInt8](encoder.encode(state))) ?? []
    }
}

/// Why a carried state cannot be used.
public enum CarriedStateError: Error, Equatable, Sendable {
    /// A provider's state bytes do not decode as its state.
    case malformed(provider: String)
    /// A day was asked of an evaluation whose carried state is too recent to answer it.
    case dayNotCovered(day: LocalDay, asOf: LocalDay)
}

/// What a provider declares about the state it carries from earlier days.
///
/// `lookBack` counts the days before and including the state's day whose records the provider
/// still reads next to the state (baselines, sums over recent days); its `days: nil` inputs are
/// cut to start `lookBack − 1` days before the state's day when a state is given.
public struct CarriedDeclaration: Codable, Sendable, Equatable {
    /// Days of records up to and including the state's day that the provider still reads.
    public var lookBack: Int
    /// What the state holds, in a few words (`CTL and ATL as of a day`).
    public var summary: String

    public init(lookBack: Int, summary: String) {
        self.lookBack = max(0, lookBack)
        self.summary = summary
    }
}

/// A provider that can summarise the days up to one day in a carried state.
///
/// `carry(_:)` must be pure and must agree with `evaluate`: for any day S and any later day D
/// with `D − S ≥ CarriedState.minimumGap`, evaluating D from the state carried as of S and the
/// records from `S + 1 − lookBack` on gives exactly the result of evaluating D over the whole
/// history (the property tests pin this, to 1e-9, for the built-ins).
public protocol StateCarrying: MetricProvider {
    /// The state as of the end of `input.day`.
    ///
    /// - Parameter input: an input for `input.day`; when `input.carried` holds a state as of an
    ///   earlier day S, the records start `lookBack − 1` days before S, else they are the whole
    ///   history up to `input.day`.
    /// - Returns: the encoded state, or nil when there is no history to carry yet.
    /// - Throws: `CarriedStateError` when the given state does not decode.
    func carry(_ input: MetricInput) throws -> [UInt8]?

    /// Whether `input` (cut to a window after a carried state) holds everything the provider
    /// needs for an exact answer; false sends the caller back to the whole history.
    func canEvaluate(_ input: MetricInput) -> Bool
}

extension StateCarrying {
    public func canEvaluate(_ input: MetricInput) -> Bool { true }
}

extension MetricInput {
    /// Provider `id`'s carried state, or nil when none was carried (the input then holds the
    /// whole history) or it does not decode (`carriedStateDecodes` tells the two apart).
    public func carriedState<T: Decodable>(_ type: T.Type, for id: String) -> T? {
        (try? carried?.state(type, for: id)) ?? nil
    }

    /// Whether provider `id`'s carried state, if any, decodes as `type`.
    public func carriedStateDecodes<T: Decodable>(_ type: T.Type, for id: String) -> Bool {
        (try? carried?.state(type, for: id)) != nil || carried?.states[id] == nil
    }

    /// The last day the carried state summarises, when one was given.
    public var carriedAsOf: LocalDay? { carried?.asOf }
}
