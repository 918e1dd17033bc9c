import Foundation

extension LogEntry {
    /// When the entry happened: a workout's or sleep's start, a sample's, meal's or weighing's
    /// time; `nil` for entries of a whole day (steps, wellness).
    public var instant: Instant? {
        guard case .object(let o) = entry else { return nil }
        for key in ["start", "time", "end"] {
            if case .string(let text)? = o[key], let value = Instant(text) { return value }
        }
        return nil
    }

    /// Whether `a` is listed before `b`: by day, then in time order (entries of the whole day
    /// first), then by kind and id so that the order is total.
    public static func listedBefore(_ a: LogEntry, _ b: LogEntry) -> Bool {
        let ta = a.instant?.epochSeconds ?? -.infinity, tb = b.instant?.epochSeconds ?? -.infinity
        return (a.day, ta, a.kind.rawValue, a.id) < (b.day, tb, b.kind.rawValue, b.id)
    }
}
