import CoachCrypto
import CoachKit
import CoachTrust

/// `GET /v1/server`, no session: the key the server signs its tree heads with, for an owner
/// to certify and a client to check heads against.
public struct ServerKeyInfo: Codable, Equatable, Sendable {
    /// The Ed25519 public key.
    public var logKey: SyncBytes
    /// BLAKE2b-256 of `logKey`: how a tree head names the key that signed it.
    public var keyId: SyncBytes

    enum CodingKeys: String, CodingKey {
        case logKey = "log_key"
        case keyId = "key_id"
    }

    /// The server's public key and its id.
    public init(logKey: [UInt8], keyId: [UInt8]) {
        self.logKey = SyncBytes(logKey)
        self.keyId = SyncBytes(keyId)
    }
}

/// A tree head the server signed: the size and root of a workspace's log at a time, and the
/// key that signed it; the wire form of CoachTrust's `SignedTreeHead`, which makes and checks
/// the signed bytes (`signedTreeHead`, `init(_:)`).
public struct ServerTreeHead: Codable, Equatable, Sendable {
    public var workspace: String
    public var keyId: SyncBytes
    public var size: Int64
    public var root: SyncBytes
    /// When it was signed, in Unix milliseconds.
    public var time: Int64
    public var signature: SyncBytes

    enum CodingKeys: String, CodingKey {
        case workspace
        case keyId = "key_id"
        case size, root, time, signature
    }

    /// A signed head.
    public init(
        workspace: String, keyId: [UInt8], size: Int64, root: [UInt8], time: Int64,
        signature: [UInt8]
    ) {
        self.workspace = workspace
        self.keyId = SyncBytes(keyId)
        self.size = size
        self.root = SyncBytes(root)
        self.time = time
        self.signature = SyncBytes(signature)
    }

    /// The bytes the server signs: `AssociatedData("coach/1/tree-head")` with the workspace,
    /// key id, size, root and time.
    public static func message(
        workspace: String, keyId: [UInt8], size: Int64, root: [UInt8], time: Int64
    ) -> [UInt8] {
        SignedTreeHead(
            workspaceId: workspace, keyId: keyId, size: UInt64(bitPattern: size), root: root,
            time: time
        ).message
    }

    /// The bytes this head's signature covers.
    public var message: [UInt8] {
        Self.message(
            workspace: workspace, keyId: keyId.bytes, size: size, root: root.bytes, time: time)
    }

    /// Whether `publicKey` is the key this head names and signed it.
    public func isSigned(by publicKey: [UInt8]) -> Bool {
        keyId.bytes == Hashing.blake2b(publicKey)
            && signedTreeHead?.signatureValid(serverPK: publicKey) == true
    }
}

/// Where a stream's change (or, without a stream, a roster entry) is in the log, and the
/// inclusion proof of its leaf in the tree head the answer carries.
public struct LogInclusion: Codable, Equatable, Sendable {
    /// The athlete stream; absent for the roster.
    public var stream: AthleteID?
    /// The change's stream sequence (the entry's roster sequence).
    public var sseq: Int64
    /// Its index in the log.
    public var gseq: Int64
    /// The inclusion proof (RFC 9162 §2.1.3), leaf's sibling first.
    public var path: [SyncBytes]

    /// An inclusion.
    public init(stream: AthleteID?, sseq: Int64, gseq: Int64, path: [[UInt8]]) {
        self.stream = stream
        self.sseq = sseq
        self.gseq = gseq
        self.path = path.map(SyncBytes.init)
    }
}

/// `POST /v1/ws/{ws}/log/proofs`: proofs between tree heads and of leaves.
public struct LogProofsRequest: Codable, Equatable, Sendable {
    /// A consistency proof asked for: from `from` leaves to `to` leaves.
    public struct Consistency: Codable, Equatable, Sendable {
        public var from: Int64
        public var to: Int64

        /// The proof from `from` to `to`.
        public init(from: Int64, to: Int64) {
            self.from = from
            self.to = to
        }
    }

    /// An inclusion proof asked for: leaf `gseq` in the tree of `size` leaves.
    public struct Inclusion: Codable, Equatable, Sendable {
        public var gseq: Int64
        public var size: Int64

        /// The proof of leaf `gseq` in the tree of `size`.
        public init(gseq: Int64, size: Int64) {
            self.gseq = gseq
            self.size = size
        }
    }

    public var consistency: [Consistency]
    public var inclusion: [Inclusion]

    /// At most this many proofs a request.
    public static let maxProofs = 64

    /// A request for proofs.
    public init(consistency: [Consistency] = [], inclusion: [Inclusion] = []) {
        self.consistency = consistency
        self.inclusion = inclusion
    }
}

/// The answer to `LogProofsRequest`: the newest signed head and each proof asked for, in the
/// request's order.
public struct LogProofsResponse: Codable, Equatable, Sendable {
    /// A consistency proof.
    public struct Consistency: Codable, Equatable, Sendable {
        public var from: Int64
        public var to: Int64
        public var path: [SyncBytes]

        /// A proof from `from` to `to`.
        public init(from: Int64, to: Int64, path: [[UInt8]]) {
            self.from = from
            self.to = to
            self.path = path.map(SyncBytes.init)
        }
    }

    /// An inclusion proof.
    public struct Inclusion: Codable, Equatable, Sendable {
        public var gseq: Int64
        public var size: Int64
        public var path: [SyncBytes]

        /// A proof of leaf `gseq` in the tree of `size`.
        public init(gseq: Int64, size: Int64, path: [[UInt8]]) {
            self.gseq = gseq
            self.size = size
            self.path = path.map(SyncBytes.init)
        }
    }

    public var treeHead: ServerTreeHead?
    public var consistency: [Consistency]
    public var inclusion: [Inclusion]

    enum CodingKeys: String, CodingKey {
        case treeHead = "tree_head"
        case consistency, inclusion
    }

    /// The proofs.
    public init(treeHead: ServerTreeHead?, consistency: [Consistency], inclusion: [Inclusion]) {
        self.treeHead = treeHead
        self.consistency = consistency
        self.inclusion = inclusion
    }
}
