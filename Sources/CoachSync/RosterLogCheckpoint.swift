import CoachCrypto
import CoachKit
import CoachTrust

/// An owner checkpoint on the roster: a `TreeHeadCountersignature` in its byte form, the
/// server's signed head with the owner's signature over it.
///
/// Only the owner signs one, and only of a head the server's certified log key signed; a
/// later checkpoint must be of a log no smaller than the one before it. Each replica that
/// pulls one holds the server to it: a served log that does not extend it is a fork.
public struct RosterLogCheckpoint: Codable, Equatable, Sendable {
    /// `TreeHeadCountersignature.encoded()`.
    public var checkpoint: SyncBytes

    /// The entry carrying `checkpoint`.
    public init(_ checkpoint: TreeHeadCountersignature) {
        self.checkpoint = SyncBytes(checkpoint.encoded())
    }

    /// The checkpoint, when its byte form reads.
    public var decoded: TreeHeadCountersignature? {
        try? TreeHeadCountersignature.decode(checkpoint.bytes)
    }

    /// The checkpoint when it is well formed, signed by `anchor`'s owner and of a head `key`
    /// signed; nil otherwise.
    ///
    /// - Parameters:
    ///   - anchor: the workspace id and owner key every roster entry answers to.
    ///   - key: the server's log key the roster holds when the entry comes; none refuses it.
    /// - Returns: the checkpoint, or nil for an entry nobody may take.
    public func verified(anchor: TrustAnchor, key: LogKeyCertificate?) -> TreeHeadCountersignature?
    {
        guard let key, let checkpoint = decoded, checkpoint.valid(anchor: anchor),
            key.certifies(checkpoint.head)
        else { return nil }
        return checkpoint
    }

    /// Whether `checkpoint` may follow `current`: with none yet, any; else one of a log no
    /// smaller, signed no earlier.
    ///
    /// - Parameters:
    ///   - current: the roster's last checkpoint, if any.
    ///   - checkpoint: the verified checkpoint of the entry that follows.
    /// - Returns: true when the entry may follow `current`.
    public static func follows(
        _ current: TreeHeadCountersignature?, with checkpoint: TreeHeadCountersignature
    ) -> Bool {
        guard let current else { return true }
        return checkpoint.head.size >= current.head.size
            && checkpoint.head.time >= current.head.time
    }

    var fields: AssociatedData {
        AssociatedData("log_checkpoint").with(checkpoint.bytes)
    }
}
