import CoachApp
import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation

/// An in-process sync server behind the transport seam, for use-case tests: sign-in, push
/// (all or nothing, compare-and-swap on versions, idempotent by device and batch) and pull
/// with per-stream hash chains. It trusts the client's signatures; once a publish gave it a
/// roster it refuses, as the real server does, a change by a user holding no grant of the
/// athlete's current epoch, or sealed under another epoch. The real server's checks are the
/// server's tests. It can lose the answer to a push after storing it. It names a log key
/// (`GET /v1/server`), keeps a Merkle log of the changes it took and serves each pull its
/// signed head and the consistency proof from the client's `log_size` (`FakeSyncServer+Log`);
/// a test can roll that log back, fork it or withhold the head.
final class FakeSyncServer: SyncTransport {
    struct State {
        var streams: [AthleteID: [CoachSync.PulledChange]] = [:]
        var versions: [String: Int64] = [:]
        var answers: [String: [UInt8]] = [:]
        var pushes = 0
        /// Store the next push, then fail as if the connection broke before the answer.
        var loseNextAnswer = false
        /// The registration and roster a publish sent.
        var registration: WorkspaceRegistration?
        var roster: [RosterEntry] = []
        /// Roster pushes taken after the registration.
        var rosterPushes = 0
        /// Entries another machine appends just before the next roster push is checked (a
        /// lost compare-and-swap race).
        var raceNextRosterPush: [RosterEntry] = []
        /// An entry another machine appends before every roster push is checked.
        var raceEveryRosterPush: RosterEntry?
        /// Answer nothing at all, as a server that is down.
        var down = false
        /// Live invitations by handle (the verifier of the code's proof and the code's owner
        /// binding), each answered once by a join.
        var invitations: [String: InvitationRequest] = [:]
        /// When the sessions handed out end (Unix ms; the default is long past).
        var sessionEnds: Int64 = 2
        /// Sign-ins answered (session route).
        var signIns = 0
        /// Refuse every session until the next sign-in, as a server that lost them.
        var refuseSessions = false
        /// The path of every request, in order.
        var paths: [String] = []
        /// Answer pulls without the roster head, as a server from before it.
        var omitRosterHead = false
        /// Refuse every roster push carrying a rotation as if its stream had moved.
        var streamAlwaysMoved = false
        /// Roster pushes refused with `stream_moved`.
        var streamMovedRefusals = 0
        /// The log key `GET /v1/server` names; nil answers 404, as a server from before the
        /// log.
        var logKey: [UInt8]? = FakeSyncServer.defaultLogKey
        /// The leaf hashes of the fake's log, one per change taken, in order.
        var leaves: [[UInt8]] = []
        /// When the fake signs its tree heads: the test clock's default instant
        /// (2026-11-24T06:00:00Z), so a checkpoint made in a test is fresh.
        var headTime: Int64 = 1_795_500_000_000
        /// Each change's leaf index, by stream and sequence.
        var leafIndex: [AthleteID: [Int64: Int]] = [:]
        /// Serve no tree head, as a server that withholds it.
        var omitTreeHead = false
        /// The check-in inbox (`FakeSyncServer+Inbox`).
        var inbox = Inbox()
        /// Changes stored by restore pushes (after a log reset).
        var restored = 0
        /// Cut the next restore push before the server reads it.
        var cutNextRestore = false
        /// How many `log/proofs` requests were answered.
        var proofRequests = 0
        /// How many `redactions` requests were answered.
        var redactionRequests = 0
        /// The most changes one pull page answers with (the real server's limit is larger).
        var pageLimit = Int.max
    }

    let state = LockedValue(State())

    /// Every change stored, over all streams.
    var stored: Int { state.withLock { $0.streams.values.map(\.count).reduce(0, +) } }

    func send(_ request: SyncHTTPRequest, to server: URL) throws -> SyncHTTPResponse {
        let body = request.body ?? []
        if state.withLock({ $0.down }) {
            throw SyncRemoteFailure.unreachable(server: "fake", detail: "connection refused")
        }
        let refused = state.withLock { s -> Bool in
            s.paths.append(request.path)
            return s.refuseSessions && request.token != nil
        }
        if refused {
            let problem = SyncProblem(status: 401, reason: .unauthenticated, message: "sign in")
            return SyncHTTPResponse(status: 401, body: try SyncJSON.encode(problem))
        }
        switch request.path {
        case SyncPath.workspaces:
            let request = try SyncJSON.decode(RegistrationRequest.self, from: body)
            guard request.registration.signatureValid else {
                return SyncHTTPResponse(
                    status: 403,
                    body: try SyncJSON.encode(
                        SyncProblem(status: 403, reason: .badRegistration, message: "bad")))
            }
            state.withLock {
                $0.registration = request.registration
                $0.roster = request.roster
            }
            return try ok(
                RegistrationResponse(
                    workspaceId: request.registration.workspaceId,
                    rosterHead: RosterHead.empty.appending(contentsOf: request.roster)))
        case SyncPath.server:
            return try serverKey()
        case SyncPath.challenge:
            return try ok(ChallengeResponse(nonce: Array(repeating: 7, count: 32), serverTime: 1))
        case SyncPath.session:
            let proof = try SyncJSON.decode(SessionRequest.self, from: body)
            let ends = state.withLock { s -> Int64 in
                s.signIns += 1
                s.refuseSessions = false
                return s.sessionEnds
            }
            return try ok(SessionResponse(token: "token:\(proof.device)", expiresAt: ends))
        case let path where path.hasSuffix("/changes"):
            return try push(try SyncJSON.decode(PushRequest.self, from: body))
        case let path where path.hasSuffix("/pull"):
            return try pull(
                try SyncJSON.decode(PullRequest.self, from: body), readable: readable(request),
                workspace: path.split(separator: "/").dropLast().last.map(String.init) ?? "")
        case let path where path.hasSuffix("/log/proofs"):
            return try logProofs(
                try SyncJSON.decode(LogProofsRequest.self, from: body),
                workspace: path.split(separator: "/").dropLast(2).last.map(String.init) ?? "")
        case let path where path.hasSuffix("/redactions"):
            return try redact(
                try SyncJSON.decode(RedactionRequest.self, from: body), readable: readable(request))
        case let path where path.hasSuffix("/invitations"):
            let invitation = try SyncJSON.decode(InvitationRequest.self, from: body)
            state.withLock { $0.invitations[invitation.handle] = invitation }
            return try ok(InvitationResponse(user: "?", expiresAt: 1, attempts: 5))
        case let path where path.hasSuffix("/join"):
            return try join(try SyncJSON.decode(JoinRequest.self, from: body))
        case let path where path.contains("/inbox"):
            return try inbox(request)
        case let path where path.contains("/roster"):
            return try roster(request)
        default:
            return SyncHTTPResponse(status: 404, body: [])
        }
    }

    func ok(_ value: some Encodable) throws -> SyncHTTPResponse {
        SyncHTTPResponse(status: 200, body: try SyncJSON.encode(value))
    }

    func push(_ request: PushRequest) throws -> SyncHTTPResponse {
        if request.restore == true { return try restorePush(request) }
        let key = "\(request.device)/\(request.batchSeq)"
        let (answer, lose) = try state.withLock { s -> ([UInt8], Bool) in
            if let stored = s.answers[key] { return (stored, false) }
            var next = s
            var results: [PushedChange] = []
            for bytes in request.changes {
                let change = try ChangeEnvelope.decode(bytes.bytes)
                guard case .athlete(let athlete) = change.stream else { continue }
                if let refusal = Self.rosterRefusal(change, athlete, in: next) {
                    return (try SyncJSON.encode(refusal), false)
                }
                let object = "\(athlete)/\(change.object)"
                if let current = next.versions[object], current != change.baseVersion {
                    let problem = SyncProblem(
                        status: 409, reason: .staleBase, message: "stale \(change.object)")
                    return (try SyncJSON.encode(problem), false)
                }
                next.versions[object] = change.version
                let stream = next.streams[athlete] ?? []
                let head = StreamChain.next(
                    stream.last?.streamHead.bytes ?? StreamChain.genesis, changeHash: change.hash)
                let sseq = Int64(stream.count + 1)
                next.streams[athlete] =
                    stream + [
                        CoachSync.PulledChange(
                            stream: athlete, sseq: sseq, streamHead: head, change: bytes.bytes)
                    ]
                results.append(PushedChange(stream: athlete, sseq: sseq, streamHead: head))
                next.leafIndex[athlete, default: [:]][sseq] = next.leaves.count
                next.leaves.append(
                    MerkleHasher.blake2b256.leaf(
                        LogLeaf.change(
                            stream: .athlete(athlete), sequence: UInt64(sseq),
                            changeHash: change.hash, head: head)))
            }
            let answer = try SyncJSON.encode(
                PushResponse(batchSeq: request.batchSeq, results: results))
            next.answers[key] = answer
            next.pushes += 1
            let lose = next.loseNextAnswer
            next.loseNextAnswer = false
            s = next
            return (answer, lose)
        }
        if lose { throw SyncRemoteFailure.unreachable(server: "fake", detail: "connection cut") }
        let status = (try? SyncJSON.decode(SyncProblem.self, from: answer))?.status ?? 200
        return SyncHTTPResponse(status: status, body: answer)
    }

    func pull(_ request: PullRequest, readable: Set<AthleteID>?, workspace: String) throws
        -> SyncHTTPResponse
    {
        let (changes, done, head) = state.withLock { s in
            let all = s.streams.keys.sorted { $0.rawValue < $1.rawValue }.filter {
                readable?.contains($0) ?? true
            }.flatMap { athlete in
                (s.streams[athlete] ?? []).filter {
                    $0.sseq > request.cursors[athlete.rawValue] ?? 0
                }
            }
            let head = s.omitRosterHead ? nil : RosterHead.empty.appending(contentsOf: s.roster)
            // The request's limit is not honoured (as before): only a test's page limit.
            return (Array(all.prefix(s.pageLimit)), all.count <= s.pageLimit, head)
        }
        var page = PullResponse(changes: changes, streams: [], done: done, rosterHead: head)
        page.inbox = inboxCounts(readable)
        try serveLog(in: &page, from: request.logSize, workspace: workspace)
        try serveInclusions(in: &page)
        return try ok(page)
    }

    /// `GET …/roster?after=N` (all at once) and `POST …/roster` (compare-and-swap on the head,
    /// no trust checks: those are the real server's).
    func roster(_ request: SyncHTTPRequest) throws -> SyncHTTPResponse {
        if request.method == "GET" {
            let after = Int(request.path.split(separator: "=").last ?? "0") ?? 0
            let (registration, roster) = state.withLock { ($0.registration, $0.roster) }
            // A replica started by hand, with no publish: an empty roster.
            let registered =
                registration
                ?? WorkspaceRegistration(
                    workspaceId: "unregistered", ownerUserId: "u-none", ownerSignPK: [],
                    createdAt: 0)
            return try ok(
                RosterPage(
                    registration: registered, after: Int64(after),
                    entries: Array(roster.dropFirst(after)),
                    head: RosterHead.empty.appending(contentsOf: roster), done: true))
        }
        let push = try SyncJSON.decode(RosterPush.self, from: request.body ?? [])
        return try state.withLock { s in
            s.roster += s.raceNextRosterPush
            s.raceNextRosterPush = []
            if let entry = s.raceEveryRosterPush { s.roster.append(entry) }
            let head = RosterHead.empty.appending(contentsOf: s.roster)
            guard head == push.expectedHead else {
                var problem = SyncProblem(
                    status: 409, reason: .rosterHeadMoved, message: "the roster moved")
                problem.rosterHead = head
                return SyncHTTPResponse(status: 409, body: try SyncJSON.encode(problem))
            }
            if let problem = Self.streamMoved(push.entries, in: s) {
                s.streamMovedRefusals += 1
                return SyncHTTPResponse(status: 409, body: try SyncJSON.encode(problem))
            }
            s.roster += push.entries
            s.rosterPushes += 1
            return try ok(RosterPushResponse(head: head.appending(contentsOf: push.entries)))
        }
    }

    /// The roster's refusal of a change, if any: its author holds no grant of the athlete's
    /// current epoch (403), or it is sealed under another epoch (409).
    static func rosterRefusal(_ change: ChangeEnvelope, _ athlete: AthleteID, in s: State)
        -> SyncProblem?
    {
        guard s.registration != nil else { return nil }
        let index = RosterIndex(s.roster)
        let current = index.epochs[athlete] ?? 0
        var author: RosterUser?
        for case .user(let user) in s.roster where user.userId == change.author { author = user }
        let allowed =
            author?.role == .athlete
            ? author?.athleteId == athlete
            : index.grants[RosterIndex.GrantKey(athlete, current, change.author)] != nil
        guard allowed else {
            return SyncProblem(
                status: 403, reason: .outOfRole,
                message: "user \(change.author) holds no grant of athlete \(athlete)'s key",
                device: change.device)
        }
        guard change.epoch == Int64(current) else {
            return SyncProblem(
                status: 409, reason: .wrongEpoch,
                message: "sealed under epoch \(change.epoch), current \(current)",
                device: change.device)
        }
        return nil
    }
}
