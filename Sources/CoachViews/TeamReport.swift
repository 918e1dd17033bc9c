import CoachKit
import Foundation

/// The rows of `coach team`, sorted the way the coach asked.
public struct TeamReport: Codable, Sendable, Equatable {
    /// What the rows are sorted by; missing numbers always sort last.
    public enum Sort: String, CaseIterable, Sendable {
        /// By handle.
        case name
        /// Lowest body battery first (who is cooked).
        case readiness
        /// Lowest form first.
        case form
        /// Highest stress first.
        case stress
        /// Lowest 28-day adherence first (who misses sessions).
        case adherence
        /// Lowest self-assessment first.
        case selfAssessment = "self-assessment"
        /// Most flags first.
        case flags
    }

    public var rows: [TeamRow]

    public init(rows: [TeamRow]) { self.rows = rows }

    /// Athletes with at least one flag.
    public var flagged: [TeamRow] { rows.filter(\.isFlagged) }

    /// The rows sorted by `sort`, ties by handle.
    public func sorted(by sort: Sort) -> TeamReport {
        func key(_ r: TeamRow) -> Double? {
            switch sort {
            case .name: nil
            case .readiness: r.readiness.map(Double.init)
            case .form: r.form
            case .stress: r.stress.map { -Double($0) }
            case .adherence: r.adherence28d
            case .selfAssessment: r.selfAssessment.map(Double.init)
            case .flags: -Double(r.flags.count)
            }
        }
        return TeamReport(
            rows: rows.sorted { a, b in
                switch (key(a), key(b)) {
                case let (x?, y?) where x != y: x < y
                case (_?, nil): true
                case (nil, _?): false
                default: a.handle < b.handle
                }
            })
    }
}
