import CoachKit
import Foundation

/// How a view's caller carries provider states: the store keeps and seals them but knows no
/// providers, so it is handed the functions that carry them and cut windows for them.
public struct CarryPlan: Sendable {
    /// Names the providers and versions that carry; a stored state of another tag is carried
    /// again from scratch.
    public var tag: String
    /// The first day whose records a view reads when it evaluates days from `firstDay` on from
    /// states carried as of `asOf`.
    public var windowStart: @Sendable (_ asOf: LocalDay, _ firstDay: LocalDay) -> LocalDay
    /// The states at the end of `day`, over `dataset`: the whole history through `day`, or with
    /// `from`, the records from `windowStart(from.asOf, day)` on.
    public var carry:
        @Sendable (_ dataset: AthleteDataset, _ day: LocalDay, _ from: CarriedState?) throws ->
            CarriedState

    public init(
        tag: String,
        windowStart: @escaping @Sendable (LocalDay, LocalDay) -> LocalDay,
        carry: @escaping @Sendable (AthleteDataset, LocalDay, CarriedState?) throws -> CarriedState
    ) {
        self.tag = tag
        self.windowStart = windowStart
        self.carry = carry
    }

    /// The day states are kept as of for a view whose first evaluated day is `firstDay`: the
    /// last day of a month, at least `CarriedState.minimumGap` days before it, so a state is
    /// carried forward once a month and a view reads at most about two months of records.
    public static func stateDay(forFirstDay firstDay: LocalDay) -> LocalDay {
        let latest = firstDay.adding(days: -CarriedState.minimumGap)
        let end = latest.adding(days: 1)
        return end.components.day == 1 ? latest : end.adding(days: -end.components.day)
    }
}

/// What a view reads of one athlete: the records of a window and the states carried up to it.
public struct AthleteWindow: Sendable {
    /// The profile and the records from the window's first month on, or the whole history when
    /// `carried` is nil.
    public var dataset: AthleteDataset
    /// The states carried as of a day before the window, or nil for the whole history.
    public var carried: CarriedState?

    public init(dataset: AthleteDataset, carried: CarriedState?) {
        self.dataset = dataset
        self.carried = carried
    }
}
