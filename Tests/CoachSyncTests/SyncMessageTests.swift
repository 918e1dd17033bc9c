import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Testing

@Suite struct SyncMessageTests {
    /// Encodes `value`, checks the JSON holds `keys`, and decodes it back equal.
    func roundTrip<T: Codable & Equatable>(_ value: T, keys: [String]) throws {
        let json = try SyncJSON.encode(value)
        let text = String(decoding: json, as: UTF8.self)
        for key in keys { #expect(text.contains("\"\(key)\":"), "\(key) in \(text)") }
        #expect(try SyncJSON.decode(T.self, from: json) == value)
    }

    @Test("auth messages round-trip with their snake_case keys")
    func auth() throws {
        let fixture = try SyncFixture()
        try roundTrip(
            ChallengeRequest(workspace: SyncFixture.workspace, device: "d-1"),
            keys: ["workspace", "device"])
        let challenge = ChallengeResponse(nonce: [1, 2, 3], serverTime: 1_764_000_000_000)
        try roundTrip(challenge, keys: ["nonce", "server_time"])
        let session = SessionRequest(
            workspace: SyncFixture.workspace, device: "d-1", challenge: challenge,
            key: fixture.device)
        try roundTrip(session, keys: ["workspace", "device", "nonce", "server_time", "signature"])
        try roundTrip(
            SessionResponse(token: "t", expiresAt: 1_764_000_900_000),
            keys: ["token", "expires_at"])
    }

    @Test("a session request signs the workspace, device, nonce and time, and nothing else")
    func sessionProof() throws {
        let fixture = try SyncFixture()
        let challenge = ChallengeResponse(nonce: [1, 2, 3], serverTime: 1_764_000_000_000)
        let request = SessionRequest(
            workspace: SyncFixture.workspace, device: "d-1", challenge: challenge,
            key: fixture.device)
        let signed = { (ws: String, device: DeviceID, nonce: [UInt8], time: Int64) in
            SigningKeyPair.verify(
                request.signature.bytes,
                of: SessionProof.message(
                    workspace: ws, device: device, nonce: nonce, serverTime: time),
                publicKey: fixture.device.publicKey)
        }
        #expect(signed(SyncFixture.workspace, "d-1", [1, 2, 3], 1_764_000_000_000))
        #expect(!signed("other", "d-1", [1, 2, 3], 1_764_000_000_000))
        #expect(!signed(SyncFixture.workspace, "d-2", [1, 2, 3], 1_764_000_000_000))
        #expect(!signed(SyncFixture.workspace, "d-1", [1, 2, 4], 1_764_000_000_000))
        #expect(!signed(SyncFixture.workspace, "d-1", [1, 2, 3], 1_764_000_000_001))
    }

    @Test("push, pull and roster messages round-trip with their snake_case keys")
    func pushPullRoster() throws {
        let fixture = try SyncFixture()
        try roundTrip(
            PushRequest(device: "d-1", batchSeq: 7, changes: [[1], [2, 3]]),
            keys: ["device", "batch_seq", "changes"])
        try roundTrip(
            PushResponse(
                batchSeq: 7,
                results: [PushedChange(stream: "a-jane", sseq: 3, streamHead: [8])]),
            keys: ["batch_seq", "results", "stream", "sseq", "stream_head"])
        try roundTrip(
            PullRequest(cursors: ["a-jane": 3, "a-bert_2": 0], limit: 50),
            keys: ["cursors", "limit", "a-jane", "a-bert_2"])
        try roundTrip(
            PullResponse(
                changes: [
                    PulledChange(stream: "a-jane", sseq: 4, streamHead: [1], change: [2])
                ],
                streams: [StreamState(stream: "a-jane", sseq: 4, head: [1], epoch: 2)],
                done: true),
            keys: ["changes", "streams", "done", "stream_head", "change", "epoch", "head"])
        let head = RosterHead.empty.appending(contentsOf: fixture.entries)
        try roundTrip(
            RosterPush(expectedHead: .empty, entries: fixture.entries),
            keys: ["expected_head", "entries", "count", "hash"])
        try roundTrip(RosterPushResponse(head: head), keys: ["head"])
        try roundTrip(
            RosterPage(
                registration: fixture.registration, after: 0, entries: fixture.entries,
                head: head, done: true),
            keys: ["registration", "after", "entries", "head", "done", "owner_sign_pk"])
        try roundTrip(JoinRequest(handle: "jane", code: "ABCD"), keys: ["handle", "code"])
        try roundTrip(
            InvitationRequest(handle: "jane", verifier: [1, 2], binding: [3], expiresIn: 60),
            keys: ["handle", "verifier", "binding", "expires_in"])
        try roundTrip(
            InvitationResponse(user: "u-jane", expiresAt: 5, attempts: 5),
            keys: ["user", "expires_at", "attempts"])
        guard case .user(let user) = fixture.entries[0] else { return }
        try roundTrip(
            JoinResponse(
                registration: fixture.registration, user: user, rosterHead: head, binding: [4]),
            keys: ["registration", "user", "roster_head", "binding", "sealed_keys"])
        try roundTrip(
            RegistrationResponse(workspaceId: SyncFixture.workspace, rosterHead: head),
            keys: ["workspace_id", "roster_head"])
    }

    @Test("a refusal round-trips, with every reason spelled as the API documents it")
    func problem() throws {
        try roundTrip(
            SyncProblem(
                status: 409, reason: .staleBase, message: "stale", device: "d-1", change: 2,
                stale: [
                    StaleObject(stream: "a-jane", object: "r-1", currentVersion: 4, change: 2)
                ], rosterHead: .empty),
            keys: [
                "status", "reason", "message", "device", "change", "stale", "roster_head",
                "current_version",
            ])
        let reasons = SyncProblem.Reason.allCases.map(\.rawValue)
        #expect(reasons.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "_" } })
        #expect(Set(reasons).count == reasons.count)
    }

    @Test("a stream head is BLAKE2b-256 of the previous head and the change hash")
    func streamChain() {
        let hash = [UInt8](repeating: 5, count: 32)
        let first = StreamChain.next(StreamChain.genesis, changeHash: hash)
        #expect(first == Hashing.blake2b(StreamChain.genesis + hash))
        #expect(StreamChain.next(first, changeHash: hash) != first)
    }
}
