import CoachKit

extension AthleteDataset {
    /// Sorts every section into the order exports use: by day or time, then id (sessions by
    /// date, plan order, then id), so two stores with the same data export the same bytes.
    mutating func sortCanonically() {
        for kind in RecordKind.allCases { sort(kind) }
    }

    /// Sorts the one section that holds records of `kind`.
    mutating func sort(_ kind: RecordKind) {
        switch kind {
        case .profile: break
        case .week:
            weeks.sort { ($0.start, $0.id) < ($1.start, $1.id) }
            for i in weeks.indices {
                weeks[i].sessions.sort { ($0.date, $0.order, $0.id) < ($1.date, $1.order, $1.id) }
            }
        case .wellness: wellness.sort { ($0.day, $0.id) < ($1.day, $1.id) }
        case .workout: workouts.sort { ($0.start, $0.id) < ($1.start, $1.id) }
        case .biometric: biometrics.sort { ($0.time, $0.id) < ($1.time, $1.id) }
        case .sleep: sleep.sort { ($0.start, $0.id) < ($1.start, $1.id) }
        case .food: food.sort { ($0.time, $0.id) < ($1.time, $1.id) }
        case .steps: steps.sort { $0.day < $1.day }
        case .weight: weight.sort { ($0.time, $0.id) < ($1.time, $1.id) }
        }
    }

    /// Removes the record with `id` from whichever section holds it.
    ///
    /// - Returns: whether a record was removed.
    @discardableResult
    mutating func removeRecord(id: String) -> Bool {
        func drop<T>(_ items: inout [T], _ key: (T) -> String) -> Bool {
            guard let i = items.firstIndex(where: { key($0) == id }) else { return false }
            items.remove(at: i)
            return true
        }
        return drop(&weeks, \.id) || drop(&wellness, \.id) || drop(&workouts, \.id)
            || drop(&biometrics, \.id)
            || drop(&sleep, \.id) || drop(&food, \.id) || drop(&steps, \.id) || drop(&weight, \.id)
    }

    /// Inserts or replaces one record given as its JSON payload, keeping the canonical order.
    ///
    /// - Throws: `StoreError.tampered` when the payload does not decode as `kind`.
    mutating func upsertRecord(id: String, kind: RecordKind, payload: [UInt8]) throws {
        if kind != .profile { removeRecord(id: id) }
        let appended = try appendRecord(kind: kind, payload: payload)
        guard appended == nil || appended == id else { throw StoreError.tampered("record \(id)") }
        sort(kind)
    }

    /// Appends one record given as its JSON payload to its section, unsorted (profiles replace).
    ///
    /// - Returns: the id the payload carries (nil for the profile).
    /// - Throws: `StoreError.tampered` when the payload does not decode as `kind`.
    @discardableResult
    mutating func appendRecord(kind: RecordKind, payload: [UInt8]) throws -> String? {
        func add<T: Decodable>(_ items: inout [T], _ id: (T) -> String) throws -> String {
            let item = try JSONCoding.decode(T.self, from: payload)
            items.append(item)
            return id(item)
        }
        switch kind {
        case .profile:
            athlete = try JSONCoding.decode(AthleteProfile.self, from: payload); return nil
        case .week: return try add(&weeks, \.id)
        case .wellness: return try add(&wellness, \.id)
        case .workout: return try add(&workouts, \.id)
        case .biometric: return try add(&biometrics, \.id)
        case .sleep: return try add(&sleep, \.id)
        case .food: return try add(&food, \.id)
        case .steps: return try add(&steps, \.id)
        case .weight: return try add(&weight, \.id)
        }
    }
}
