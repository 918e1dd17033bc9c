import CoachKit
import Foundation

/// One entry of the append-only audit log, as `coach audit` shows it.
public struct AuditEntry: Codable, Sendable, Equatable {
    public let seq: Int64
    public let time: String
    public let actor: String
    public let action: String
    public let athleteId: String?
    public let targetId: String?

    enum CodingKeys: String, CodingKey {
        case seq, time, actor, action
        case athleteId = "athlete_id"
        case targetId = "target_id"
    }
}

/// The outcome of `coach audit verify`.
public struct AuditVerification: Codable, Sendable, Equatable {
    public let entries: Int
    public let ok: Bool
    /// The first entry that failed, and why.
    public let failedSeq: Int64?
    public let reason: String?
    /// The owner's last checkpoint entry (nil when there is none yet).
    public let checkpoint: Int64?
    /// How many entries follow the owner's last checkpoint (all of them when there is none).
    public let afterCheckpoint: Int
    /// In a synced workspace, signed in: the held changes and log head checked too.
    public var sync: SyncAudit?

    /// Creates an outcome; `failedSeq` and `reason` name the first entry that failed.
    public init(
        entries: Int, ok: Bool, failedSeq: Int64?, reason: String?, checkpoint: Int64? = nil,
        afterCheckpoint: Int? = nil
    ) {
        self.entries = entries; self.ok = ok; self.failedSeq = failedSeq; self.reason = reason
        self.checkpoint = checkpoint
        self.afterCheckpoint = afterCheckpoint ?? entries - Int(checkpoint ?? 0)
    }

    enum CodingKeys: String, CodingKey {
        case entries, ok
        case failedSeq = "failed_seq"
        case reason
        case checkpoint = "owner_checkpoint"
        case afterCheckpoint = "after_checkpoint"
        case sync
    }
}
