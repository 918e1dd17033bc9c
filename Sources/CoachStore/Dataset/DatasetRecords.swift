import CoachKit
import Foundation

/// One record of a dataset, ready to be encrypted: id, kind, plaintext day and model value.
struct PlainRecord {
    let id: String
    let day: String
    let item: DatasetItem

    var kind: RecordKind { item.kind }

    /// The record's JSON payload (encoded on each call).
    func payload() throws -> [UInt8] { try item.payload() }
}

/// Splits an `AthleteDataset` into records and assembles one back, in a stable order.
enum DatasetRecords {
    /// Every record of `dataset` except the profile, validated first.
    ///
    /// - Throws: `StoreError.unsupportedFormat` for a dataset of another format version;
    ///   `StoreError.invalidInput` naming the section, index and id of the first bad entry.
    static func records(of dataset: AthleteDataset) throws -> [PlainRecord] {
        guard dataset.format == AthleteDataset.formatTag else {
            throw StoreError.unsupportedFormat(
                found: dataset.format, supported: AthleteDataset.formatTag)
        }
        let zone = dataset.athlete.zone
        var out: [PlainRecord] = []
        func add<T>(
            _ section: String, _ items: [T], id: (T) -> String, day: (T) -> LocalDay,
            validate: (T) throws -> Void, kind: (T) -> DatasetItem
        ) throws {
            var seen = Set<String>()
            for (i, item) in items.enumerated() {
                let itemId = id(item)
                do {
                    guard !itemId.isEmpty, itemId.count <= 128 else {
                        throw StoreError.invalidData(
                            "the id is empty or longer than 128 characters")
                    }
                    guard seen.insert(itemId).inserted else {
                        throw StoreError.invalidData("the id appears twice")
                    }
                    try validate(item)
                } catch {
                    throw StoreError.invalidData(
                        "\(section)[\(i)] (id \(itemId)): \(error.localizedDescription); nothing was imported"
                    )
                }
                out.append(PlainRecord(id: itemId, day: day(item).description, item: kind(item)))
            }
        }
        try add(
            "weeks", dataset.weeks, id: \.id, day: \.start,
            validate: { w in
                for s in w.sessions where s.date.monday != w.start {
                    throw StoreError.invalidData(
                        "session \(s.id) is dated \(s.date), outside the week of \(w.start)")
                }
            }, kind: DatasetItem.week)
        try add(
            "wellness", dataset.wellness, id: \.id, day: \.day, validate: { try $0.validate() },
            kind: DatasetItem.wellness)
        try add(
            "workouts", dataset.workouts, id: \.id, day: { $0.start.day(in: zone) },
            validate: { try $0.validate() }, kind: DatasetItem.workout)
        try add(
            "biometrics", dataset.biometrics, id: \.id, day: { $0.time.day(in: zone) },
            validate: { try $0.validate() }, kind: DatasetItem.biometric)
        try add(
            "sleep", dataset.sleep, id: \.id, day: { $0.end.day(in: zone) },
            validate: { try $0.validate() }, kind: DatasetItem.sleep)
        try add(
            "food", dataset.food, id: \.id, day: { $0.time.day(in: zone) },
            validate: { try $0.validate() }, kind: DatasetItem.food)
        try add(
            "steps", dataset.steps, id: \.id, day: \.day, validate: { try $0.validate() },
            kind: DatasetItem.steps)
        try add(
            "weight", dataset.weight, id: \.id, day: { $0.time.day(in: zone) },
            validate: { try $0.validate() }, kind: DatasetItem.weight)
        return out
    }

    /// Assembles decrypted records into a dataset, sorted by day or time, then id.
    static func assemble(profile: AthleteProfile, records: [StoredRecord]) throws -> AthleteDataset
    {
        var d = AthleteDataset(athlete: profile)
        for r in records where r.kind != .profile {
            try d.appendRecord(kind: r.kind, payload: r.payload)
        }
        d.sortCanonically()
        return d
    }
}
