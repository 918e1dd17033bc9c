import CoachKit
import Foundation

/// One domain record read from a device file, ready to store.
///
/// The dedupe key is derived from the source (the file's own identifiers, or for Apple Health the
/// type, source, start, end and value), never from the time of the import, so importing the same
/// data twice yields the same keys. The store keeps only a keyed hash of it.
public struct ImportedRecord: Sendable, Equatable {
    /// The record itself, in CoachKit's domain types.
    public enum Payload: Sendable, Equatable {
        case workout(Workout)
        case biometric(BiometricSample)
        case sleep(SleepRecord)
        case food(FoodEntry)
        case steps(StepsDay)
        case weight(WeightEntry)
        case wellness(WellnessEntry)
    }

    /// The summary line this record counts under (e.g. `HeartRate`, `FIT session`).
    public var label: String
    /// A stable key naming the record in its source.
    public var dedupeKey: String
    /// The athlete-local day the record belongs to.
    public var day: LocalDay
    /// The record.
    public var payload: Payload
    /// The id the source gave the record (coach's own CSV), kept as the record id.
    public var givenId: String?

    /// Creates a record.
    public init(
        label: String, dedupeKey: String, day: LocalDay, payload: Payload, givenId: String? = nil
    ) {
        self.label = label; self.dedupeKey = dedupeKey; self.day = day; self.payload = payload
        self.givenId = givenId
    }

    /// The store's kind for the payload.
    public var kind: RecordKind {
        switch payload {
        case .workout: .workout
        case .biometric: .biometric
        case .sleep: .sleep
        case .food: .food
        case .steps: .steps
        case .weight: .weight
        case .wellness: .wellness
        }
    }

    /// A fixed record id for kinds with one entry per day (steps), else `nil`.
    ///
    /// Such a record replaces the day's entry when its content differs, instead of adding one.
    public var fixedId: String? {
        if let givenId { return givenId }
        if case .steps(let s) = payload { return s.id }
        return nil
    }

    /// The payload with its `id` set (kinds without an id field are returned unchanged).
    public func payload(withId id: String) -> Payload {
        switch payload {
        case .workout(var w): w.id = id; return .workout(w)
        case .biometric(var b): b.id = id; return .biometric(b)
        case .sleep(var s): s.id = id; return .sleep(s)
        case .food(var f): f.id = id; return .food(f)
        case .weight(var w): w.id = id; return .weight(w)
        case .wellness(var w): w.id = id; return .wellness(w)
        case .steps: return payload
        }
    }
}
