import Foundation

/// The repository's committed test files, under `Tests/Fixtures/`, found from this source file's
/// place in the tree (so a test reads them wherever the package is checked out).
public enum TestFixtures {
    /// The package root (two levels above this file's folder).
    public static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures`.
    public static let directory = repoRoot.appendingPathComponent("Tests/Fixtures")

    /// The fixture at `relative` (such as `fit/ride_12min_s3.fit`), as a URL.
    public static func url(_ relative: String) -> URL {
        directory.appendingPathComponent(relative)
    }

    /// The fixture at `relative`, as a path.
    public static func path(_ relative: String) -> String { url(relative).path }

    /// The bytes of the fixture at `relative`.
    public static func data(_ relative: String) throws -> Data {
        try Data(contentsOf: url(relative))
    }

    /// A file of the repository outside the fixtures (a schema, a script), as a path.
    public static func repoPath(_ relative: String) -> String {
        repoRoot.appendingPathComponent(relative).path
    }
}
