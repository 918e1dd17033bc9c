import CoachKit

/// The plaintext a record row seals: its JSON payload, or the same payload in compact form.
///
/// A record's payload is JSON everywhere above the row (`StoredRecord.payload`). Sealed, most
/// payloads are about half that size in the snapshot's compact binary form without their id (the
/// row's id column holds it and the associated data binds it). The compact form is used only
/// when it gives back exactly the same JSON bytes: the payload is decoded as its kind's model,
/// written compactly, read back, given the row's id and encoded again, and any difference keeps
/// the JSON. So reading a record always returns the bytes that were written, whatever form they
/// were sealed in, and rows written before the compact form (JSON) read as they always did.
///
/// Layout of the sealed plaintext (before padding): `packedTag` then the compact model, or
/// `verbatimTag` then the payload, or the payload itself when its first byte is neither tag.
/// Neither tag can begin UTF-8 text, so a JSON payload is never mistaken for either.
public enum RecordPayload {
    static let packedTag: UInt8 = 0xC0
    static let verbatimTag: UInt8 = 0xC1

    /// The plaintext to seal for `payload`, a record of `kind` with `id`.
    public static func pack(_ payload: [UInt8], kind: RecordKind, id: String) -> [UInt8] {
        if let body = try? compact(payload, kind: kind),
            (try? json(body, kind: kind, id: id)) == payload
        {
            return [packedTag] + body
        }
        if let first = payload.first, first == packedTag || first == verbatimTag {
            return [verbatimTag] + payload
        }
        return payload
    }

    /// The plaintext to seal for a record given as its model value (with its id), or nil when
    /// the compact form does not read back as the same value (then `pack` decides from the JSON).
    ///
    /// Equal to what `pack` gives for the value's JSON payload: the body reads back as a value
    /// equal to the one written, field by field and with doubles bit for bit, so `unpack` encodes
    /// the same JSON as the value does. Saves decoding the payload that `pack` starts from.
    public static func packed<T: CompactCodable & Equatable>(_ value: T, clear: (inout T) -> Void)
        -> [UInt8]?
    {
        var cleared = value
        clear(&cleared)
        var w = CompactWriter(capacity: 64)
        w.fixed([packedTag])
        cleared.write(to: &w)
        var r = CompactReader(Array(w.bytes.dropFirst()))
        guard let back = try? T(compact: &r), r.isAtEnd, back == cleared else { return nil }
        return w.bytes
    }

    /// The JSON payload from an opened plaintext.
    ///
    /// - Throws: `CompactReader.Malformed` when a compact body does not decode.
    public static func unpack(_ plain: [UInt8], kind: RecordKind, id: String) throws -> [UInt8] {
        switch plain.first {
        case packedTag: try json(Array(plain.dropFirst()), kind: kind, id: id)
        case verbatimTag: Array(plain.dropFirst())
        default: plain
        }
    }

    /// The compact body of a JSON payload, with the id left empty.
    private static func compact(_ payload: [UInt8], kind: RecordKind) throws -> [UInt8]? {
        func body<T: CompactCodable & Decodable>(_: T.Type, clear: (inout T) -> Void) throws
            -> [UInt8]
        {
            var value = try PayloadJSON.decode(T.self, from: payload)
            clear(&value)
            var w = CompactWriter(capacity: 64)
            value.write(to: &w)
            return w.bytes
        }
        switch kind {
        case .profile: return nil
        case .week: return try body(ProgramWeek.self) { $0.id = "" }
        case .wellness: return try body(WellnessEntry.self) { $0.id = "" }
        case .workout: return try body(Workout.self) { $0.id = "" }
        case .biometric: return try body(BiometricSample.self) { $0.id = "" }
        case .sleep: return try body(SleepRecord.self) { $0.id = "" }
        case .food: return try body(FoodEntry.self) { $0.id = "" }
        case .steps: return try body(StepsDay.self) { _ in }
        case .weight: return try body(WeightEntry.self) { $0.id = "" }
        }
    }

    /// The JSON payload of a compact body, with the row's id put back.
    private static func json(_ body: [UInt8], kind: RecordKind, id: String) throws -> [UInt8] {
        func payload<T: CompactCodable & Encodable>(_: T.Type, set: (inout T) -> Void) throws
            -> [UInt8]
        {
            var r = CompactReader(body)
            var value = try T(compact: &r)
            guard r.isAtEnd else { throw CompactReader.Malformed() }
            set(&value)
            // A body that decodes to a value JSON cannot hold (a non-finite double) is damage too.
            do {
                return try PayloadJSON.encode(value)
            } catch {
                throw CompactReader.Malformed()
            }
        }
        switch kind {
        case .profile: throw CompactReader.Malformed()
        case .week: return try payload(ProgramWeek.self) { $0.id = id }
        case .wellness: return try payload(WellnessEntry.self) { $0.id = id }
        case .workout: return try payload(Workout.self) { $0.id = id }
        case .biometric: return try payload(BiometricSample.self) { $0.id = id }
        case .sleep: return try payload(SleepRecord.self) { $0.id = id }
        case .food: return try payload(FoodEntry.self) { $0.id = id }
        case .steps: return try payload(StepsDay.self) { _ in }
        case .weight: return try payload(WeightEntry.self) { $0.id = id }
        }
    }
}
