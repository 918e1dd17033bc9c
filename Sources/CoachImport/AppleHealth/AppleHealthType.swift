import CoachKit
import Foundation

/// The Apple Health record types coach maps, and what each becomes.
enum AppleHealthType: String, CaseIterable {
    case stepCount = "HKQuantityTypeIdentifierStepCount"
    case distanceWalkingRunning = "HKQuantityTypeIdentifierDistanceWalkingRunning"
    case activeEnergyBurned = "HKQuantityTypeIdentifierActiveEnergyBurned"
    case heartRate = "HKQuantityTypeIdentifierHeartRate"
    case restingHeartRate = "HKQuantityTypeIdentifierRestingHeartRate"
    case hrvSDNN = "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"
    case respiratoryRate = "HKQuantityTypeIdentifierRespiratoryRate"
    case oxygenSaturation = "HKQuantityTypeIdentifierOxygenSaturation"
    case wristTemperature = "HKQuantityTypeIdentifierAppleSleepingWristTemperature"
    case hrRecovery = "HKQuantityTypeIdentifierHeartRateRecoveryOneMinute"
    case bodyMass = "HKQuantityTypeIdentifierBodyMass"
    case bodyFat = "HKQuantityTypeIdentifierBodyFatPercentage"
    case dietaryEnergy = "HKQuantityTypeIdentifierDietaryEnergyConsumed"
    case dietaryProtein = "HKQuantityTypeIdentifierDietaryProtein"
    case dietaryCarbs = "HKQuantityTypeIdentifierDietaryCarbohydrates"
    case dietaryFat = "HKQuantityTypeIdentifierDietaryFatTotal"
    case sleep = "HKCategoryTypeIdentifierSleepAnalysis"
    case cyclingPower = "HKQuantityTypeIdentifierCyclingPower"

    /// The short name summaries use (the identifier without Apple's prefix).
    var label: String { Self.shortName(rawValue) }

    /// `HKQuantityTypeIdentifierHeartRate` → `HeartRate`.
    static func shortName(_ identifier: String) -> String {
        for p in [
            "HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier",
            "HKDataType",
        ] where identifier.hasPrefix(p) {
            return String(identifier.dropFirst(p.count))
        }
        return identifier
    }

    static let byName: [String: AppleHealthType] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The biometric kind an instantaneous type becomes, if it is one.
    var biometric: BiometricSample.Kind? {
        switch self {
        case .heartRate: .heart_rate
        case .restingHeartRate: .resting_hr
        case .hrvSDNN: .hrv_sdnn
        case .respiratoryRate: .respiratory_rate
        case .oxygenSaturation: .spo2
        case .hrRecovery: .hr_recovery
        default: nil
        }
    }
}

/// Unit conversions to the units CoachKit stores.
enum AppleUnits {
    /// A distance in metres.
    static func metres(_ v: Double, _ unit: String) -> Double? {
        switch unit {
        case "m": v
        case "km": v * 1000
        case "mi": v * 1609.344
        case "ft": v * 0.3048
        case "yd": v * 0.9144
        case "cm": v / 100
        default: nil
        }
    }

    /// Energy in kilocalories.
    static func kcal(_ v: Double, _ unit: String) -> Double? {
        switch unit {
        case "kcal", "Cal": v
        case "kJ": v / 4.184
        case "cal": v / 1000
        default: nil
        }
    }

    /// A mass in kilograms.
    static func kilograms(_ v: Double, _ unit: String) -> Double? {
        switch unit {
        case "kg": v
        case "lb": v * 0.453_592_37
        case "g": v / 1000
        case "st": v * 6.350_293_18
        default: nil
        }
    }

    /// A percentage (Apple writes fractions with unit `%`).
    static func percent(_ v: Double) -> Double { v <= 1 ? v * 100 : v }

    /// A duration in seconds.
    static func seconds(_ v: Double, _ unit: String) -> Double? {
        switch unit {
        case "s": v
        case "min": v * 60
        case "hr", "h": v * 3600
        default: nil
        }
    }

    /// The sport of an `HKWorkoutActivityType…` name.
    static func sport(_ activity: String) -> Sport {
        let a = activity.replacingOccurrences(of: "HKWorkoutActivityType", with: "")
        switch a {
        case "Cycling", "HandCycling": return .cycling
        case "Running": return .running
        case "Swimming", "SwimBikeRun": return .swimming
        case "Walking", "Hiking": return .walking
        case "TraditionalStrengthTraining", "FunctionalStrengthTraining", "CrossTraining":
            return .strength
        default: return .other
        }
    }

    /// The sleep stage of an `HKCategoryValueSleepAnalysis…` value.
    static func sleepStage(_ value: String) -> SleepRecord.Stage? {
        switch value.replacingOccurrences(of: "HKCategoryValueSleepAnalysis", with: "") {
        case "InBed": .in_bed
        case "Asleep", "AsleepUnspecified": .asleep
        case "AsleepCore": .core
        case "AsleepDeep": .deep
        case "AsleepREM": .rem
        case "Awake": .awake
        default: nil
        }
    }
}
