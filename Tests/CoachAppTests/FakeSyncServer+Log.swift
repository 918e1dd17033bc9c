import CoachApp
import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust

extension FakeSyncServer {
    /// The key pair the fake signs its tree heads with (made once for all tests).
    static let logKeyPair: SigningKeyPair? = try? SigningKeyPair.generate()

    /// The log key the fake names unless a test sets another.
    static var defaultLogKey: [UInt8] { logKeyPair?.publicKey ?? [] }

    /// `GET /v1/server`: the log key and its id, or 404 without one.
    func serverKey() throws -> SyncHTTPResponse {
        guard let key = state.withLock({ $0.logKey }) else {
            return SyncHTTPResponse(
                status: 404,
                body: try SyncJSON.encode(
                    SyncProblem(status: 404, reason: .notFound, message: "no such route")))
        }
        return try ok(ServerKeyInfo(logKey: key, keyId: LogKeyCertificate.keyId(of: key)))
    }

    /// The fake's log as its leaves make it now.
    func merkleLog() throws -> MerkleLog {
        var log = MerkleLog()
        for leaf in state.withLock({ $0.leaves }) { try log.append(leafHash: leaf) }
        return log
    }

    /// The signed head of `workspace`'s log now (at `State.headTime`).
    func treeHead(workspace: String) throws -> SignedTreeHead {
        let log = try merkleLog()
        var head = SignedTreeHead(
            workspaceId: workspace, keyId: LogKeyCertificate.keyId(of: Self.defaultLogKey),
            size: log.size, root: try log.root(at: log.size), time: state.withLock { $0.headTime })
        if let pair = Self.logKeyPair { head.sign(by: pair) }
        return head
    }

    /// Adds the signed head and the consistency proof from `logSize` to a pull's answer (none
    /// when the head is withheld, or `logSize` is past the head).
    func serveLog(in page: inout PullResponse, from logSize: Int64?, workspace: String) throws {
        guard !state.withLock({ $0.omitTreeHead }) else { return }
        let head = try treeHead(workspace: workspace)
        page.treeHead = ServerTreeHead(head)
        if let logSize, logSize >= 0, UInt64(logSize) <= head.size {
            page.consistency = try merkleLog().consistencyProof(
                from: UInt64(logSize), to: head.size
            ).map(SyncBytes.init)
        }
    }

    /// Adds, for each stream with changes in the page, its last change's inclusion proof in
    /// the served head (none for a change the log does not hold).
    func serveInclusions(in page: inout PullResponse) throws {
        guard let head = page.treeHead, head.size >= 0 else { return }
        let log = try merkleLog()
        var last: [AthleteID: Int64] = [:]
        for change in page.changes {
            last[change.stream] = max(last[change.stream] ?? 0, change.sseq)
        }
        let index = state.withLock { $0.leafIndex }
        page.inclusions = try last.sorted { $0.key.rawValue < $1.key.rawValue }.compactMap {
            athlete, sseq in
            guard let gseq = index[athlete]?[sseq], UInt64(gseq) < UInt64(head.size) else {
                return nil
            }
            return LogInclusion(
                stream: athlete, sseq: sseq, gseq: Int64(gseq),
                path: try log.inclusionProof(index: UInt64(gseq), size: UInt64(head.size)))
        }
    }

    /// The server's log goes back to its first `size` leaves (a restored dump); the streams
    /// stay as they are.
    func rollLogBack(to size: Int) {
        state.withLock { $0.leaves = Array($0.leaves.prefix(size)) }
    }

    /// Another history: the log's leaf at `index` replaced by another one (a fork).
    func forkLog(at index: Int) {
        state.withLock { $0.leaves[index] = MerkleHasher.blake2b256.leaf([0xF0, 0x0C]) }
    }

    /// The `log_key` entries the roster holds, in order.
    var logKeyEntries: [RosterLogKey] {
        state.withLock { s in
            s.roster.compactMap { entry in
                if case .logKey(let key) = entry { return key }
                return nil
            }
        }
    }
}
