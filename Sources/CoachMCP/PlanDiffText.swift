import CoachApp
import CoachKit
import Foundation

/// A suggested plan's changes as text: one block per day, `-` for sessions that go, `+` for
/// sessions that come.
public enum PlanDiffText {
    /// The changes of `result`.
    public static func render(_ r: PlanApplyResult) -> String {
        var lines = [
            "Suggested plan (export \(r.exportRef)); nothing was written, the coach applies it."
        ]
        if let s = r.summary, !s.isEmpty { lines.append(s) }
        for day in r.days {
            lines.append("\(day.date) \(day.date.weekdayName)")
            for s in day.removed { lines.append("  - " + s.summaryLine) }
            for s in day.added { lines.append("  + " + s.summaryLine) }
            if day.removed.isEmpty && day.added.isEmpty { lines.append("  (rest day)") }
        }
        return lines.joined(separator: "\n")
    }

}
