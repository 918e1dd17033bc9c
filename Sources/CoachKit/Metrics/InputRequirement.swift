import Foundation

/// The kinds of athlete data a provider can ask for.
///
/// The raw values are the keys of the `inputs` object plugins receive.
public enum InputKind: String, Codable, Sendable, CaseIterable, Comparable {
    case workouts, wellness, biometrics, sleep, food, steps, weight, plan

    public static func < (a: InputKind, b: InputKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One data kind a provider reads, and how far back (and ahead) it looks.
///
/// `days` counts calendar days ending with the evaluated day: `days: 7` means the evaluated day and
/// the six before it; `nil` means the whole history up to the evaluated day. `ahead` adds days after
/// the evaluated day (used for planned sessions only; 0 for logs).
public struct InputRequirement: Codable, Sendable, Equatable, Hashable {
    public var kind: InputKind
    public var days: Int?
    public var ahead: Int

    /// - Parameters:
    ///   - kind: the data kind.
    ///   - days: days ending with the evaluated day, or `nil` for the whole history.
    ///   - ahead: days after the evaluated day to include as well.
    public init(_ kind: InputKind, days: Int?, ahead: Int = 0) {
        self.kind = kind
        self.days = days.map { max(1, $0) }
        self.ahead = max(0, ahead)
    }

    /// The first and last day of the window for `day`; the first is `nil` for the whole history.
    public func window(for day: LocalDay) -> (first: LocalDay?, last: LocalDay) {
        (days.map { day.adding(days: 1 - $0) }, day.adding(days: ahead))
    }

    enum CodingKeys: String, CodingKey { case kind, days, ahead }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try c.decode(InputKind.self, forKey: .kind),
            days: try c.decodeIfPresent(Int.self, forKey: .days),
            ahead: try c.decodeIfPresent(Int.self, forKey: .ahead) ?? 0)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(days, forKey: .days)
        if ahead > 0 { try c.encode(ahead, forKey: .ahead) }
    }
}
