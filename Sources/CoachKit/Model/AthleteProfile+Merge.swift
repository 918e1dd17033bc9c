import Foundation

extension AthleteProfile {
    /// Any key of a JSON object, to learn which keys an athlete section holds.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// This profile's fields named by `keys` (JSON keys of the interchange format) written over
    /// `existing`; the fields a file leaves out keep their values, and the handle stays.
    ///
    /// - Parameters:
    ///   - existing: the profile kept so far.
    ///   - keys: the keys the file's athlete section holds; `nil` takes every field.
    /// - Returns: the profile to keep.
    public func merged(onto existing: AthleteProfile, keys: Set<String>?) -> AthleteProfile {
        guard let keys else {
            var all = self
            all.handle = existing.handle
            return all
        }
        var p = existing
        func take<V>(_ key: CodingKeys, _ path: WritableKeyPath<AthleteProfile, V>) {
            if keys.contains(key.stringValue) { p[keyPath: path] = self[keyPath: path] }
        }
        take(.name, \.name)
        take(.email, \.email)
        take(.birthDate, \.birthDate)
        take(.sex, \.sex)
        take(.units, \.units)
        take(.timeZone, \.timeZone)
        take(.heightCm, \.heightCm)
        take(.weightKg, \.weightKg)
        take(.bodyFatPct, \.bodyFatPct)
        take(.measurementsCm, \.measurementsCm)
        take(.sports, \.sports)
        take(.thresholds, \.thresholds)
        take(.pmc, \.pmc)
        take(.nutrition, \.nutrition)
        take(.activity, \.activity)
        take(.aiConsent, \.aiConsent)
        take(.notes, \.notes)
        return p
    }
}
