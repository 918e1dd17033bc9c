import CoachKit

/// The wellness entries of each athlete day a sync's ingest touched, read once, with the ones
/// it adds, so each new entry's id sorts after the day's others.
struct IngestDays {
    /// Entries by `athlete/day`.
    var entries: [String: [WellnessEntry]] = [:]
}
