import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
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

    /// The athlete's own sync ingests the phone's check-in; the coach's and the owner's syncs
    /// pull it; each shows it with the phone as its origin, and each exports jane the same.
    static func ingest(athlete: Laptop, coach: Laptop, owner: Laptop, device: String) throws {
        let athleteSync = try athlete.run(["sync", "--json"])
        try #require(athleteSync.status == 0, "\(athleteSync.err)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(athleteSync.out.utf8)) as? [String: Any])
        let checkins = try #require(report["checkins"] as? [String: Any], "\(athleteSync.out)")
        #expect(checkins["ingested"] as? Int == 1, "\(athleteSync.out)")
        var exports: [String] = []
        for laptop in [athlete, coach, owner] {
            if laptop.folder != athlete.folder {
                let sync = try laptop.run(["sync"])
                #expect(sync.status == 0, "\(sync.err)")
            }
            let shown = try laptop.run(["log", "show", "-a", "jane", "--json"])
            #expect(shown.status == 0, "\(shown.err)")
            #expect(shown.out.contains("\"origin\""), "\(shown.out)")
            #expect(shown.out.contains(device), "\(shown.out)")
            #expect(shown.out.contains("Slept well"), "\(shown.out)")
            let export = try laptop.run(["export", "-a", "jane"])
            #expect(export.status == 0, "\(export.err)")
            exports.append(export.out)
        }
        #expect(Set(exports).count == 1)
    }

    /// `coach sync --json` on `laptop` writes one check-in, and its log shows the day's mood as
    /// `mood` with the phone `device` as its origin.
    static func ingestOn(_ laptop: Laptop, mood: Int, device: String) throws {
        let sync = try laptop.run(["sync", "--json"])
        try #require(sync.status == 0, "\(sync.err)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(sync.out.utf8)) as? [String: Any])
        let checkins = try #require(report["checkins"] as? [String: Any], "\(sync.out)")
        #expect(checkins["ingested"] as? Int == 1, "\(sync.out)")
        let shown = try laptop.run(["log", "show", "-a", "jane", "--json"])
        #expect(shown.status == 0, "\(shown.err)")
        #expect(shown.out.contains("\"mood\" : \(mood)"), "\(shown.out)")
        #expect(shown.out.contains(device), "\(shown.out)")
    }

    /// Flips one bit of the ciphertext of the one check-in waiting in the server's `inbox`
    /// table, keeping the phone's signature as it was.
    static func flipStoredCiphertext(_ cluster: PostgresCluster, database: String) async throws {
        try await cluster.withClient(database: database) { client in
            let rows = try await client.query("SELECT item::text, ciphertext FROM inbox").collect()
            try #require(rows.count == 1, "\(rows.count) items waiting")
            let (id, sealed) = try rows[0].decode((String, ByteBuffer).self)
            var bytes = sealed.array
            bytes[9] ^= 0x04
            let altered = ByteBuffer(bytes: bytes)
            try await client.query(
                "UPDATE inbox SET ciphertext = \(altered) WHERE item = \(id)::uuid")
        }
    }

    /// A second phone, played by the test in Swift: paired through `device add --web` and
    /// `device approve --words` against the real server, it posts a check-in with mood 6,
    /// which the server stores (it cannot read it); the laptop's next sync refuses it with
    /// `log mood`'s reason on one line naming the phone and the day, and exits 65.
    static func refusedCheckin(
        _ laptop: Laptop, cluster: PostgresCluster, database: String, _ base: String
    ) async throws {
        let add = try laptop.run(["device", "add", "--web", "--athlete", "jane", "--json"])
        try #require(add.status == 0, "\(add.err)")
        let link = try #require(
            (try JSONSerialization.jsonObject(with: Data(add.out.utf8)) as? [String: Any])?[
                "link"] as? String)
        var fields: [String: String] = [:]
        for pair in link.split(separator: "#").last?.split(separator: "&") ?? [] {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        let ws = try #require(fields["w"])
        let athlete = AthleteID(try #require(fields["a"]))
        let code = try #require(fields["c"])
        let keys = try SigningKeyPair.generate()
        let device = CheckinDeviceCertificate.deviceId(signPK: keys.publicKey)
        let name = "Swift phone"
        let mac = Hashing.hmacSHA256(
            CheckinBytes.pairRequest(
                workspace: ws, athlete: athlete, device: device, signPK: keys.publicKey,
                name: name),
            key: CheckinBytes.pairMACKey(workspace: ws, athlete: athlete, code: code))
        let proof = Base64URL.encode(CheckinBytes.pairProof(workspace: ws, code: code))
        let (asked, _) = await ServerProcess.post(
            base + SyncPath.pairingRequest(ws, proof: proof),
            json: try SyncJSON.encode(
                PairingRequest(device: device, signPK: keys.publicKey, name: name, mac: mac)))
        try #require(asked == 202)
        let words = FingerprintWords.words(signingKey: keys.publicKey).joined(separator: " ")
        let approve = try laptop.run(["device", "approve", "--words", words])
        try #require(approve.status == 0, "\(approve.err)")

        let inboxKey = try await cluster.withClient(database: database) { client in
            var key: RosterInboxKey?
            for row in try await client.query("SELECT entry FROM roster ORDER BY rseq").collect() {
                let bytes = try row.decode(ByteBuffer.self).array
                if case .inboxKey(let k) = try SyncJSON.decode(RosterEntry.self, from: bytes),
                    k.athlete == athlete
                {
                    key = k
                }
            }
            return key
        }
        let key = try #require(inboxKey)
        let today = LocalDay(date: Date(), timeZone: TimeZone(identifier: "Europe/Berlin")!)
        var item = CheckinItem(
            workspace: ws, athlete: athlete, item: UUID().uuidString.lowercased(),
            day: today.description, device: device, epoch: key.epoch, enc: [], ciphertext: [],
            sentAt: Int64(Date().timeIntervalSince1970 * 1000))
        let padded = try #require(CheckinPadding.pad(Array(#"{"mood":6}"#.utf8)))
        let sealed = try HPKEBase.seal(
            padded, to: key.publicKey.bytes, info: item.info, aad: item.aad, aead: .aes256GCM)
        item.enc = sealed.enc
        item.ciphertext = sealed.ciphertext
        item.sign(by: keys)
        let (posted, body) = await ServerProcess.post(
            base + SyncPath.inbox(ws), json: try item.encoded())
        try #require(posted == 201, "\(String(decoding: body, as: UTF8.self))")

        let sync = try laptop.run(["sync"])
        #expect(sync.status == 65, "\(sync.out) \(sync.err)")
        let line = sync.err.split(separator: "\n").first { $0.contains("check-in") } ?? ""
        #expect(line.contains("phone 'Swift phone'") && line.contains(today.description))
        #expect(line.contains("refused") && line.contains("mood"), "\(sync.err)")
        #expect(sync.out.contains("Synced:"), "the rest of the sync ran: \(sync.out)")
    }
}
