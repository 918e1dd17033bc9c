import CoachKit
import CoachTestSupport
import Foundation
import Testing

/// Paths shared by the plugin tests.
enum PluginTestSupport {
    static let repo = TestFixtures.repoRoot
    static let fixtures = TestFixtures.directory

    /// A built executable product next to the test bundle (or in .build/debug).
    static func product(_ name: String) -> String? {
        let bundle = Bundle.main.bundleURL
        return [
            bundle.appendingPathComponent(name),
            bundle.deletingLastPathComponent().appendingPathComponent(name),
            repo.appendingPathComponent(".build/debug/" + name),
        ].map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The 60-day fixture athlete.
    static func dataset() throws -> AthleteDataset {
        let data = try Data(contentsOf: fixtures.appendingPathComponent("views-60-days.json"))
        return try JSONDecoder().decode(AthleteDataset.self, from: data)
    }

    /// Compares `text` with golden file `name`; `UPDATE_GOLDEN=1` rewrites it.
    static func expectGolden(_ text: String, _ name: String) throws {
        let url = fixtures.appendingPathComponent("golden/" + name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: url)
        }
        let golden = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(
            text == golden,
            "transcript differs from \(name); rerun with UPDATE_GOLDEN=1 after checking the diff")
    }
}
