import CoachCodec
import CoachKit

/// One record of a dataset as its model value, so a bulk write handles JSON once per record.
///
/// An import used to encode every entry as JSON, decode it to seal the record in compact form,
/// encode it again to check the compact form, and after writing decrypt every row and decode its
/// JSON twice to build the snapshot. Now it encodes the entry and decodes it once (`normalized`:
/// the value a reader of the record gets, since JSON keeps instants to the millisecond), seals
/// that value's compact form (`sealedPlaintext`) and appends the same value to the snapshot.
enum DatasetItem {
    case profile(AthleteProfile)
    case week(ProgramWeek)
    case wellness(WellnessEntry)
    case workout(Workout)
    case biometric(BiometricSample)
    case sleep(SleepRecord)
    case food(FoodEntry)
    case steps(StepsDay)
    case weight(WeightEntry)

    /// The item of a record given as its kind and JSON payload.
    ///
    /// - Throws: `StoreError.tampered` when the payload does not decode as `kind`.
    init(kind: RecordKind, payload: [UInt8]) throws {
        switch kind {
        case .profile: self = .profile(try JSONCoding.decode(AthleteProfile.self, from: payload))
        case .week: self = .week(try JSONCoding.decode(ProgramWeek.self, from: payload))
        case .wellness: self = .wellness(try JSONCoding.decode(WellnessEntry.self, from: payload))
        case .workout: self = .workout(try JSONCoding.decode(Workout.self, from: payload))
        case .biometric:
            self = .biometric(try JSONCoding.decode(BiometricSample.self, from: payload))
        case .sleep: self = .sleep(try JSONCoding.decode(SleepRecord.self, from: payload))
        case .food: self = .food(try JSONCoding.decode(FoodEntry.self, from: payload))
        case .steps: self = .steps(try JSONCoding.decode(StepsDay.self, from: payload))
        case .weight: self = .weight(try JSONCoding.decode(WeightEntry.self, from: payload))
        }
    }

    /// The record's JSON payload, the bytes a reader of the record gets back.
    func payload() throws -> [UInt8] {
        switch self {
        case .profile(let v): try JSONCoding.encode(v)
        case .week(let v): try JSONCoding.encode(v)
        case .wellness(let v): try JSONCoding.encode(v)
        case .workout(let v): try JSONCoding.encode(v)
        case .biometric(let v): try JSONCoding.encode(v)
        case .sleep(let v): try JSONCoding.encode(v)
        case .food(let v): try JSONCoding.encode(v)
        case .steps(let v): try JSONCoding.encode(v)
        case .weight(let v): try JSONCoding.encode(v)
        }
    }

    /// The record's JSON payload, and the item decoded back from it: the value every reader of
    /// the record gets, which can differ from this one (an instant keeps whole milliseconds).
    func normalized() throws -> (payload: [UInt8], item: DatasetItem) {
        let payload = try payload()
        return (payload, try DatasetItem(kind: kind, payload: payload))
    }

    /// The plaintext a record row seals for this item: what `RecordPayload.pack` gives for its
    /// payload, without encoding the payload when the compact form reads back as the same value.
    func sealedPlaintext(id: String) throws -> [UInt8] {
        let packed: [UInt8]? =
            switch self {
            case .profile: nil
            case .week(let v): RecordPayload.packed(v) { $0.id = "" }
            case .wellness(let v): RecordPayload.packed(v) { $0.id = "" }
            case .workout(let v): RecordPayload.packed(v) { $0.id = "" }
            case .biometric(let v): RecordPayload.packed(v) { $0.id = "" }
            case .sleep(let v): RecordPayload.packed(v) { $0.id = "" }
            case .food(let v): RecordPayload.packed(v) { $0.id = "" }
            case .steps(let v): RecordPayload.packed(v) { _ in }
            case .weight(let v): RecordPayload.packed(v) { $0.id = "" }
            }
        if let packed { return packed }
        return RecordPayload.pack(try payload(), kind: kind, id: id)
    }

    /// The record kind of the item.
    var kind: RecordKind {
        switch self {
        case .profile: .profile
        case .week: .week
        case .wellness: .wellness
        case .workout: .workout
        case .biometric: .biometric
        case .sleep: .sleep
        case .food: .food
        case .steps: .steps
        case .weight: .weight
        }
    }

    /// Appends the item to its section of `dataset`, unsorted (a profile replaces).
    func append(to dataset: inout AthleteDataset) {
        switch self {
        case .profile(let v): dataset.athlete = v
        case .week(let v): dataset.weeks.append(v)
        case .wellness(let v): dataset.wellness.append(v)
        case .workout(let v): dataset.workouts.append(v)
        case .biometric(let v): dataset.biometrics.append(v)
        case .sleep(let v): dataset.sleep.append(v)
        case .food(let v): dataset.food.append(v)
        case .steps(let v): dataset.steps.append(v)
        case .weight(let v): dataset.weight.append(v)
        }
    }
}
