import CoachKit

extension PlannedSession {
    /// One line for a plan diff: title with its origin, sport, planned minutes and TSS.
    public var summaryLine: String {
        var parts = [title + " [\(origin.rawValue)]"]
        if let sport { parts.append(sport.rawValue) }
        if let d = plannedDurationS { parts.append("\(Int((d / 60).rounded())) min") }
        if let t = plannedTss { parts.append("TSS \(Int(t.rounded()))") }
        return parts.joined(separator: " · ")
    }
}
