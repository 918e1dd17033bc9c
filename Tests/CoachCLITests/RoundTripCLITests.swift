import Foundation
import Testing

/// Export → import into a fresh workspace → export gives the same bytes (ids, values, order), and
/// importing a file again adds nothing.
@Suite struct RoundTripCLITests {
    struct Source: Sendable, CustomTestStringConvertible {
        let name: String
        let days: Int?
        var testDescription: String { name }
    }

    @Test(
        "export → import --create in a fresh workspace → export is byte-identical",
        arguments: [
            Source(name: "generated athlete, 150 days", days: 150),
            Source(name: "every-field athlete", days: nil),
        ])
    func roundTrip(source: Source) throws {
        let first = try CoachSandbox()
        try first.initialise(athlete: nil)
        let input =
            try source.days.map { try RepoFiles.generatedDataset(in: first, days: $0) }
            ?? RepoFiles.everyFieldFixture
        let a = try RepoFiles.importAndExport(first, file: input, handle: "ath", name: "first")

        let second = try CoachSandbox()
        try second.initialise(athlete: nil)
        let b = try RepoFiles.importAndExport(second, file: a, handle: "ath", name: "second")
        let bytesA = try RepoFiles.read(a), bytesB = try RepoFiles.read(b)
        #expect(bytesA == bytesB, "the second export differs from the first")

        // Every id of the input survives, and the record counts match.
        let inDoc = try JSONDocument.parse(RepoFiles.read(input)),
            outDoc = try JSONDocument.parse(bytesA)
        for section in ["weeks", "wellness", "workouts", "biometrics", "sleep", "food", "weight"] {
            #expect(Self.ids(inDoc[section]) == Self.ids(outDoc[section]), "\(section) ids")
        }
        if case .array(let steps)? = inDoc["steps"], case .array(let out)? = outDoc["steps"] {
            #expect(steps.count == out.count)
        }
        if source.days != nil, case .array(let food)? = outDoc["food"] {
            #expect(food.count == 3 * 150)
        }

        // Importing the export again (into the athlete it came from) adds and changes nothing.
        let again = try second.expectOK(
            second.run(["import", "json", b, "--athlete", "ath", "--json", "--as", "olivia"]))
        let summary = try JSONDocument.parse(Data(again.stdout.utf8))
        #expect(
            summary["added"] == .number(0) && summary["updated"] == .number(0), "\(again.stdout)")
        let c = second.root + "/tmp/third.json"
        try second.expectOK(
            second.run(["export", "--athlete", "ath", "--out", c, "--as", "olivia"]))
        #expect(try RepoFiles.read(c) == bytesA)
    }

    static func ids(_ section: JSONDocument?) -> [String] {
        guard case .array(let items)? = section else { return [] }
        return items.compactMap { if case .string(let id)? = $0["id"] { id } else { nil } }.sorted()
    }
}
