import Foundation

/// The ten muscle groups athletes rate soreness (DOMS) for, in report order.
public enum MuscleGroup: String, Codable, Sendable, CaseIterable, Comparable {
    case chest, shoulders, upper_back, lower_back, arms, core, glutes, quads, hamstrings, calves

    /// Parses a group name or a common alias (`hams`, `abs`, `traps`, `lats`, `delts`, `biceps`…).
    ///
    /// - Throws: `CoachKitError.unknownName` listing the valid names.
    public static func parse(_ text: String) throws -> MuscleGroup {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
            .replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: " ", with: "_")
        if let g = MuscleGroup(rawValue: t) { return g }
        if let g = aliases[t] { return g }
        throw CoachKitError.unknownName(
            field: "muscle group", value: text, valid: allCases.map(\.rawValue))
    }

    static let aliases: [String: MuscleGroup] = [
        "pecs": .chest, "pec": .chest,
        "shoulder": .shoulders, "delts": .shoulders, "deltoids": .shoulders,
        "upperback": .upper_back, "traps": .upper_back, "lats": .upper_back,
        "rhomboids": .upper_back,
        "lowerback": .lower_back, "lumbar": .lower_back, "erectors": .lower_back,
        "arm": .arms, "biceps": .arms, "triceps": .arms, "forearms": .arms,
        "abs": .core, "abdominals": .core, "obliques": .core,
        "glute": .glutes, "butt": .glutes,
        "quad": .quads, "quadriceps": .quads, "thighs": .quads,
        "hams": .hamstrings, "hamstring": .hamstrings, "hammies": .hamstrings,
        "calf": .calves, "calfs": .calves,
    ]

    public static func < (a: MuscleGroup, b: MuscleGroup) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
