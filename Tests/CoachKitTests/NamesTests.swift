import CoachKit
import Foundation
import Testing

@Suite struct NamesTests {
    @Test(
        "Muscle-group names and aliases parse",
        arguments: [
            ("quads", MuscleGroup.quads), ("Quadriceps", .quads), ("hams", .hamstrings),
            ("abs", .core), ("traps", .upper_back),
            ("upper-back", .upper_back), ("upper back", .upper_back), ("lats", .upper_back),
            ("delts", .shoulders),
            ("biceps", .arms), ("calf", .calves), ("lower_back", .lower_back), ("pecs", .chest),
            (" glutes ", .glutes),
        ])
    func muscleGroups(text: String, expected: MuscleGroup) throws {
        #expect(try MuscleGroup.parse(text) == expected)
    }

    @Test(
        "Unknown muscle groups fail with a message listing every valid name",
        arguments: ["neck", "", "quadz", "toes"])
    func unknownMuscleGroup(text: String) {
        let valid = MuscleGroup.allCases.map(\.rawValue)
        #expect(throws: CoachKitError.unknownName(field: "muscle group", value: text, valid: valid))
        {
            try MuscleGroup.parse(text)
        }
        let message = CoachKitError.unknownName(field: "muscle group", value: text, valid: valid)
            .localizedDescription
        for name in valid { #expect(message.contains(name)) }
        #expect(valid.count == 10)
    }

    @Test("Muscle groups sort in report order")
    func order() {
        #expect([MuscleGroup.calves, .chest, .quads].sorted() == [.chest, .quads, .calves])
    }

    @Test(
        "Sports and sexes parse their aliases and list valid names otherwise",
        arguments: [
            ("bike", Sport.cycling), ("run", .running), ("Swim", .swimming), ("gym", .strength),
            ("hike", .walking), ("other", .other),
        ])
    func sports(text: String, expected: Sport) throws {
        #expect(try Sport.parse(text) == expected)
    }

    @Test("Unknown sport and sex names are errors listing the valid ones")
    func unknownSportAndSex() {
        #expect(
            throws: CoachKitError.unknownName(
                field: "sport", value: "curling", valid: Sport.allCases.map(\.rawValue))
        ) {
            try Sport.parse("curling")
        }
        #expect(
            throws: CoachKitError.unknownName(
                field: "sex", value: "q", valid: Sex.allCases.map(\.rawValue))
        ) {
            try Sex.parse("q")
        }
    }
}
