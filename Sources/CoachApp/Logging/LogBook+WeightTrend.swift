import CoachKit
import CoachViews
import Foundation

extension LogBook {
    /// The weight trend on the book's day, from the weigh-ins of the two weeks up to it.
    public func weightTrend() throws -> WeightTrend? {
        let entries = try session.workspace.records(
            of: athlete, monthsFrom: day.adding(days: -13), through: day
        ).weight
        return WeightTrend.on(day, entries: entries, zone: profile.zone)
    }
}
