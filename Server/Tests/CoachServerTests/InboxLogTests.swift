import CoachCrypto
import CoachKit
import CoachSync
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CoachServer

/// What the server's log says of a refused check-in: one line naming the reason, the device
/// and the athlete, never the item's sealed bytes.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct InboxLogTests {
    /// Keeps every message logged through it.
    struct Capture: LogHandler {
        let lines: LockedValue<[String]>
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .notice

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            lines.withLock { $0.append("\(event.message)") }
        }
    }

    @Test("a refused post is one log line with its reason, device and athlete, no content")
    func refusedPostLogged() async throws {
        let club = try ClubFixture()
        let checkin = try CheckinFixture(club: club)
        let lines = LockedValue<[String]>([])
        let logger = Logger(label: "inbox-log") { _ in Capture(lines: lines) }
        let cluster = try await PostgresCluster.shared("InboxLogTests")
        let url = try await cluster.database()
        try await withDatabase(url, logger: PostgresCluster.logger) { client in
            let store = SyncStore(client: client, key: .test, logger: logger)
            let server = SyncServer(store: store, now: { ClubFixture.now })
            let app = Application(router: server.router().router, logger: PostgresCluster.logger)
            try await app.test(.router) { testClient in
                let api = Api(client: testClient, fixture: club)
                try await api.register()
                let olga = try await api.signIn("d-olga")
                _ = try await api.pushRoster(
                    [checkin.entry(checkin.certificate()), checkin.inboxKey()], token: olga)
                var flipped = checkin.item()
                flipped.ciphertext[0] ^= 1
                let before = lines.withLock { $0.count }
                #expect(try await api.postItem(flipped).status == 403)
                let logged = lines.withLock { Array($0[before...]) }
                #expect(logged.count == 1)
                let line = try #require(logged.first)
                #expect(line.contains("bad_signature") && line.contains(checkin.phoneId.rawValue))
                #expect(line.contains("a-jane"))
                let sealed = Base64URL.encode(flipped.ciphertext)
                #expect(!line.contains(sealed) && !line.contains(String(sealed.prefix(16))))
                #expect(try await api.postItem(checkin.item(2)).status == 201)
                #expect(lines.withLock { $0.count } == before + 1)
            }
        }
    }
}
