import Foundation
import Testing

@Suite struct PostgresHarnessTests {
    @Test("with COACH_REQUIRE_PG=1 a machine without PostgreSQL fails instead of skipping")
    func required() {
        let required = ProcessInfo.processInfo.environment["COACH_REQUIRE_PG"] == "1"
        #expect(
            !required || PostgresCluster.available,
            "COACH_REQUIRE_PG=1 but initdb was not found: run make test-deps (Debian's postgresql)")
    }
}
