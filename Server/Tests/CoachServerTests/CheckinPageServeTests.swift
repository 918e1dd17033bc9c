import CoachCrypto
import CoachSync
import Foundation
import Testing

@testable import CoachServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `coach-server serve` binary: `--checkin-page` turns `GET /checkin` on; without
/// it the same request is `404`.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct CheckinPageServeTests {
    /// Status, Content-Security-Policy and body of `GET url`.
    static func get(_ url: String) async throws -> (Int?, String?, [UInt8]) {
        let (data, response) = try await URLSession.shared.data(from: URL(string: url)!)
        let http = response as? HTTPURLResponse
        return (
            http?.statusCode, http?.value(forHTTPHeaderField: "Content-Security-Policy"),
            [UInt8](data)
        )
    }

    @Test("serve --checkin-page serves the page at /checkin; plain serve answers 404")
    func flag() async throws {
        let cluster = try await PostgresCluster.shared("CheckinPageServeTests")
        let url = try await cluster.database(migrated: true)
        let text = "postgres://coach@127.0.0.1:\(cluster.port)/\(url.database)"
        for page in [true, false] {
            let serve = try ServerProcess(
                ["serve", "--database", text, "--listen", "127.0.0.1:0"]
                    + (page ? ["--checkin-page"] : []))
            let base = try ServeProcessTests.baseURL(serve)
            let (status, policy, body) = try await Self.get(base + "/checkin")
            serve.stop()
            if page {
                #expect(status == 200)
                #expect(policy == CheckinPage.contentSecurityPolicy)
                #expect(Hashing.hex(Hashing.sha256(body)) == CheckinPage.sha256)
            } else {
                #expect(status == 404)
                #expect(policy == nil)
            }
        }
    }
}
