import Foundation

/// The part of an athlete's profile a metric may see.
///
/// Carries what formulas need (sex, age in whole years, body size, thresholds and settings) and
/// nothing that identifies the person: no name, e-mail, birth date or notes. `ref` is an opaque
/// reference the host may fill (plugins get a keyed hash, never the athlete id).
public struct AthleteContext: Codable, Sendable, Equatable {
    public var ref: String?
    public var sex: Sex?
    /// Age in completed years on the evaluated day.
    public var ageYears: Int?
    /// How many days before the evaluated day the athlete turned `ageYears`, only when that was at
    /// most `birthdayLookback` days ago (else `nil`). Lets a provider that looks back use the age
    /// each earlier day had without receiving the birth date.
    public var birthdayDaysAgo: Int?
    public var heightCm: Double?
    /// Profile weight; a provider prefers the latest weight log when it reads them.
    public var weightKg: Double?
    /// Profile body fat in percent (21.0 means 21 %).
    public var bodyFatPct: Double?
    public var thresholds: Thresholds
    public var pmc: PMCSettings
    public var nutrition: NutritionSettings
    public var activity: ActivitySettings

    /// A context from its parts (tests and plugin hosts); the store uses `init(profile:day:ref:)`.
    public init(
        ref: String? = nil, sex: Sex? = nil, ageYears: Int? = nil, heightCm: Double? = nil,
        weightKg: Double? = nil, bodyFatPct: Double? = nil, thresholds: Thresholds = Thresholds(),
        pmc: PMCSettings = PMCSettings(), nutrition: NutritionSettings = NutritionSettings(),
        activity: ActivitySettings = ActivitySettings()
    ) {
        self.ref = ref; self.sex = sex; self.ageYears = ageYears; self.heightCm = heightCm
        self.weightKg = weightKg; self.bodyFatPct = bodyFatPct; self.thresholds = thresholds
        self.pmc = pmc; self.nutrition = nutrition; self.activity = activity
    }

    /// How far back `birthdayDaysAgo` is given: the longest look-back of a built-in provider
    /// that uses age (stress: 14 trend days, each with a 30-day baseline).
    public static let birthdayLookback = 60

    /// Age in completed years on the day `daysBefore` days before the evaluated day.
    ///
    /// Exact for `daysBefore` up to `birthdayLookback`; `nil` when the age is unknown.
    public func ageYears(daysBefore k: Int) -> Int? {
        guard let age = ageYears else { return nil }
        if let b = birthdayDaysAgo, k > b { return age - 1 }
        return age
    }

    /// The context of `profile` on `day` (age is computed for that day).
    public init(profile: AthleteProfile, day: LocalDay, ref: String? = nil) {
        self.init(
            ref: ref, sex: profile.sex, ageYears: profile.age(on: day), heightCm: profile.heightCm,
            weightKg: profile.weightKg, bodyFatPct: profile.bodyFatPct,
            thresholds: profile.thresholds,
            pmc: profile.pmc, nutrition: profile.nutrition, activity: profile.activity)
        // Age never decreases, so when it already was `age` on the eve of the look-back, no
        // birthday lies in it and the day-by-day search is skipped.
        if let age = profile.age(on: day),
            (profile.age(on: day.adding(days: -Self.birthdayLookback - 1)) ?? age) < age
        {
            birthdayDaysAgo = (0...Self.birthdayLookback).first { k in
                (profile.age(on: day.adding(days: -k - 1)) ?? age) < age
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case ref, sex, ageYears, birthdayDaysAgo, heightCm, weightKg, bodyFatPct, thresholds, pmc,
            nutrition, activity
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        ref = try c.decodeIfPresent(String.self, forKey: .ref)
        sex = try c.decodeIfPresent(Sex.self, forKey: .sex)
        ageYears = try c.decodeIfPresent(Int.self, forKey: .ageYears)
        birthdayDaysAgo = try c.decodeIfPresent(Int.self, forKey: .birthdayDaysAgo)
        heightCm = try c.decodeIfPresent(Double.self, forKey: .heightCm)
        weightKg = try c.decodeIfPresent(Double.self, forKey: .weightKg)
        bodyFatPct = try c.decodeIfPresent(Double.self, forKey: .bodyFatPct)
        thresholds = try c.decodeIfPresent(Thresholds.self, forKey: .thresholds) ?? Thresholds()
        pmc = try c.decodeIfPresent(PMCSettings.self, forKey: .pmc) ?? PMCSettings()
        nutrition =
            try c.decodeIfPresent(NutritionSettings.self, forKey: .nutrition) ?? NutritionSettings()
        activity =
            try c.decodeIfPresent(ActivitySettings.self, forKey: .activity) ?? ActivitySettings()
    }
}
