import CoachCrypto
import CoachKit
import CoachTrust

/// What a replica keeps when it refuses a server's log, for someone else to check without
/// trusting this machine's word: the signed heads that contradict each other, the key that
/// signed them (as the owner certified it), the proof served, and the signed change or owner
/// checkpoint that is the contradiction. Written as `coach-log-evidence/1` JSON; byte strings
/// are lower-case hex.
public struct LogEvidence: Codable, Equatable, Sendable {
    /// The JSON's format tag.
    public static let format = "coach-log-evidence/1"

    /// A signed tree head: its byte form and, for reading, its fields.
    public struct Head: Codable, Equatable, Sendable {
        /// `held` (verified on this machine before) or `served` (the one refused).
        public var role: String
        /// The `SignedTreeHead` byte form: what its signature covers, with the signature.
        public var encoded: String
        public var workspace: String
        public var keyId: String
        public var size: UInt64
        public var root: String
        /// When the server signed it, in Unix milliseconds.
        public var time: Int64
        public var signature: String

        /// The fields of `head`, in the role it plays.
        public init(_ head: SignedTreeHead, role: String) {
            self.role = role
            encoded = Hashing.hex(head.encoded())
            workspace = head.workspaceId
            keyId = Hashing.hex(head.keyId)
            size = head.size
            root = Hashing.hex(head.root)
            time = head.time
            signature = Hashing.hex(head.signature)
        }

        enum CodingKeys: String, CodingKey {
            case role, encoded, workspace, size, root, time, signature
            case keyId = "key_id"
        }
    }

    /// The owner's certificate of the key that signed the served head.
    public struct Key: Codable, Equatable, Sendable {
        /// The `LogKeyCertificate` byte form, with the owner's signature.
        public var certificate: String
        public var fingerprint: String
        public var fromSize: UInt64

        enum CodingKeys: String, CodingKey {
            case certificate, fingerprint
            case fromSize = "from_size"
        }
    }

    /// The proof the server served with the refused head.
    public struct Proof: Codable, Equatable, Sendable {
        /// `consistency` (from the held size to the served one) or `inclusion`.
        public var kind: String
        public var from: UInt64
        public var to: UInt64
        public var path: [String]
    }

    /// A device-signed change naming a log position (`seen_fork`).
    public struct Change: Codable, Equatable, Sendable {
        public var device: String
        /// The change envelope's byte form.
        public var envelope: String
    }

    public var format = Self.format
    public var workspace: String
    public var server: String
    /// `rollback`, `fork`, `seen_fork` or `checkpoint_fork`.
    public var kind: String
    /// When the refusal happened, ISO 8601 UTC.
    public var time: String
    /// The refusal in words.
    public var problem: String
    public var logKey: Key
    /// The held head first (when there is one), then the served one.
    public var heads: [Head]
    public var proof: Proof?
    public var change: Change?
    /// The owner's countersigned head (`TreeHeadCountersignature` byte form).
    public var checkpoint: String?

    enum CodingKeys: String, CodingKey {
        case format, workspace, server, kind, time, problem, heads, proof, change, checkpoint
        case logKey = "log_key"
    }

    /// The evidence kind of `failure`, nil for a refusal that keeps none.
    public static func kind(of failure: LogFailure) -> String? {
        switch failure {
        case .rolledBack: "rollback"
        case .forked: "fork"
        case .seenForked: "seen_fork"
        case .checkpointForked: "checkpoint_fork"
        default: nil
        }
    }
}

extension LogEvidence.Key {
    /// The certificate's byte form and fields.
    init(_ cert: LogKeyCertificate) {
        certificate = Hashing.hex(cert.encoded())
        fingerprint = cert.fingerprint
        fromSize = cert.fromSize
    }
}
