import Foundation

/// Everything coach knows about one athlete apart from the logs and plans.
///
/// The whole profile lives inside one encrypted record; only the athlete id is stored in the clear.
/// Field names in JSON follow the interchange format (`coach/1`).
public struct AthleteProfile: Codable, Sendable, Equatable {
    public var handle: String
    public var name: String
    public var email: String?
    public var birthDate: LocalDay?
    public var sex: Sex?
    public var units: UnitSystem
    public var timeZone: String
    public var heightCm: Double?
    public var weightKg: Double?
    public var bodyFatPct: Double?
    public var measurementsCm: BodyMeasurements?
    public var sports: [Sport]
    public var thresholds: Thresholds
    public var pmc: PMCSettings
    public var nutrition: NutritionSettings
    public var activity: ActivitySettings
    public var aiConsent: Bool
    public var notes: AthleteNotes

    public init(handle: String, name: String, timeZone: String = "UTC") {
        self.handle = handle
        self.name = name
        self.units = .metric
        self.timeZone = timeZone
        self.sports = []
        self.thresholds = Thresholds()
        self.pmc = PMCSettings()
        self.nutrition = NutritionSettings()
        self.activity = ActivitySettings()
        self.aiConsent = false
        self.notes = AthleteNotes()
    }

    /// The athlete's time zone, falling back to UTC for an unknown identifier.
    public var zone: TimeZone { TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")! }

    /// Age in completed years on `day`, when the birth date is known.
    public func age(on day: LocalDay) -> Int? {
        guard let b = birthDate?.components else { return nil }
        let d = day.components
        var years = d.year - b.year
        if (d.month, d.day) < (b.month, b.day) { years -= 1 }
        return years
    }

    enum CodingKeys: String, CodingKey {
        case handle, name, email, sex, units, sports, thresholds, pmc, nutrition, activity, notes
        case birthDate = "birth_date"
        case timeZone = "time_zone"
        case heightCm = "height_cm"
        case weightKg = "weight_kg"
        case bodyFatPct = "body_fat_pct"
        case measurementsCm = "measurements_cm"
        case aiConsent = "ai_consent"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        handle = try c.decode(String.self, forKey: .handle)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? handle
        email = try c.decodeIfPresent(String.self, forKey: .email)
        birthDate = try c.decodeIfPresent(LocalDay.self, forKey: .birthDate)
        sex = try c.decodeIfPresent(Sex.self, forKey: .sex)
        units = try c.decodeIfPresent(UnitSystem.self, forKey: .units) ?? .metric
        timeZone = try c.decodeIfPresent(String.self, forKey: .timeZone) ?? "UTC"
        heightCm = try c.decodeIfPresent(Double.self, forKey: .heightCm)
        weightKg = try c.decodeIfPresent(Double.self, forKey: .weightKg)
        bodyFatPct = try c.decodeIfPresent(Double.self, forKey: .bodyFatPct)
        measurementsCm = try c.decodeIfPresent(BodyMeasurements.self, forKey: .measurementsCm)
        sports = try c.decodeIfPresent([Sport].self, forKey: .sports) ?? []
        thresholds = try c.decodeIfPresent(Thresholds.self, forKey: .thresholds) ?? Thresholds()
        pmc = try c.decodeIfPresent(PMCSettings.self, forKey: .pmc) ?? PMCSettings()
        nutrition =
            try c.decodeIfPresent(NutritionSettings.self, forKey: .nutrition) ?? NutritionSettings()
        activity =
            try c.decodeIfPresent(ActivitySettings.self, forKey: .activity) ?? ActivitySettings()
        aiConsent = try c.decodeIfPresent(Bool.self, forKey: .aiConsent) ?? false
        notes = try c.decodeIfPresent(AthleteNotes.self, forKey: .notes) ?? AthleteNotes()
    }
}

/// Waist, hip and chest circumferences in centimetres.
public struct BodyMeasurements: Codable, Sendable, Equatable {
    public var waist: Double?
    public var hip: Double?
    public var chest: Double?
    public init(waist: Double? = nil, hip: Double? = nil, chest: Double? = nil) {
        self.waist = waist; self.hip = hip; self.chest = chest
    }
}

/// Training thresholds the load formulas need.
public struct Thresholds: Codable, Sendable, Equatable {
    public var ftpW: Double?
    public var thresholdPaceSPerKm: Double?
    public var lthrBpm: Double?
    public var cssSPer100m: Double?
    public var restHrBpm: Double?
    public var maxHrBpm: Double?

    public init(
        ftpW: Double? = nil, thresholdPaceSPerKm: Double? = nil, lthrBpm: Double? = nil,
        cssSPer100m: Double? = nil, restHrBpm: Double? = nil, maxHrBpm: Double? = nil
    ) {
        self.ftpW = ftpW; self.thresholdPaceSPerKm = thresholdPaceSPerKm; self.lthrBpm = lthrBpm
        self.cssSPer100m = cssSPer100m; self.restHrBpm = restHrBpm; self.maxHrBpm = maxHrBpm
    }

    enum CodingKeys: String, CodingKey {
        case ftpW = "ftp_w"
        case thresholdPaceSPerKm = "threshold_pace_s_per_km"
        case lthrBpm = "lthr_bpm"
        case cssSPer100m = "css_s_per_100m"
        case restHrBpm = "rest_hr_bpm"
        case maxHrBpm = "max_hr_bpm"
    }
}

/// Settings of the performance-management chart (CTL/ATL).
public struct PMCSettings: Codable, Sendable, Equatable {
    public enum Model: String, Codable, Sendable, CaseIterable { case exponential, linear }
    public var model: Model = .exponential
    public var ctlDays: Double = 42
    public var atlDays: Double = 7
    public var startCtl: Double?
    public var startAtl: Double?
    public init() {}

    enum CodingKeys: String, CodingKey {
        case model
        case ctlDays = "ctl_days"
        case atlDays = "atl_days"
        case startCtl = "start_ctl"
        case startAtl = "start_atl"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        model = try c.decodeIfPresent(Model.self, forKey: .model) ?? .exponential
        ctlDays = try c.decodeIfPresent(Double.self, forKey: .ctlDays) ?? 42
        atlDays = try c.decodeIfPresent(Double.self, forKey: .atlDays) ?? 7
        startCtl = try c.decodeIfPresent(Double.self, forKey: .startCtl)
        startAtl = try c.decodeIfPresent(Double.self, forKey: .startAtl)
    }
}
