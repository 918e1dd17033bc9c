import CoachKit
import CoachSync
import Foundation
import NIOCore
import PostgresNIO
import Testing

@testable import CoachServer

extension CheckinPairingEndToEndTests {
    /// `coach sync invite --for HANDLE` on `inviter`, then `coach sync join` on `laptop`.
    static func join(
        _ laptop: Laptop, as handle: String, passphrase: String, invitedOn inviter: Laptop,
        _ base: String
    ) throws {
        let invite = try inviter.run(["sync", "invite", "--for", handle, "--json"])
        try #require(invite.status == 0, "\(invite.err)")
        let fields = try #require(
            try JSONSerialization.jsonObject(with: Data(invite.out.utf8)) as? [String: Any])
        let code = try laptop.secret("code", try #require(fields["code"] as? String))
        let joined = try laptop.run([
            "sync", "join", "--server", base, "--workspace-id",
            try #require(fields["workspace"] as? String), "--as", handle, "--code-file", code,
            "--passphrase-file", passphrase,
        ])
        try #require(joined.status == 0, "\(joined.err)")
    }

    /// The coach's sync ingests the phone's check-in; the owner's sync pulls it; both show it
    /// with the phone as its origin, and both export jane the same.
    static func ingest(coach: Laptop, owner: Laptop, device: String) throws {
        let coachSync = try coach.run(["sync", "--json"])
        try #require(coachSync.status == 0, "\(coachSync.err)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(coachSync.out.utf8)) as? [String: Any])
        let checkins = try #require(report["checkins"] as? [String: Any], "\(coachSync.out)")
        #expect(checkins["ingested"] as? Int == 1, "\(coachSync.out)")
        let ownerSync = try owner.run(["sync"])
        #expect(ownerSync.status == 0, "\(ownerSync.err)")
        var exports: [String] = []
        for laptop in [coach, owner] {
            let shown = try laptop.run(["log", "show", "-a", "jane", "--json"])
            #expect(shown.status == 0, "\(shown.err)")
            #expect(shown.out.contains("\"origin\""), "\(shown.out)")
            #expect(shown.out.contains(device), "\(shown.out)")
            #expect(shown.out.contains("Slept well"), "\(shown.out)")
            let export = try laptop.run(["export", "-a", "jane"])
            #expect(export.status == 0, "\(export.err)")
            exports.append(export.out)
        }
        #expect(exports[0] == exports[1])
    }

    /// Flips one bit of the ciphertext of the one check-in waiting in the server's `inbox`
    /// table, keeping the phone's signature as it was.
    static func flipStoredCiphertext(_ cluster: PostgresCluster, database: String) async throws {
        try await cluster.withClient(database: database) { client in
            let rows = try await client.query("SELECT item, body FROM inbox").collect()
            try #require(rows.count == 1, "\(rows.count) items waiting")
            let (id, body) = try rows[0].decode((String, ByteBuffer).self)
            var item = try CheckinItem.decode(body.array)
            item.ciphertext[9] ^= 0x04
            let altered = ByteBuffer(bytes: try item.encoded())
            try await client.query("UPDATE inbox SET body = \(altered) WHERE item = \(id)")
        }
    }
}
