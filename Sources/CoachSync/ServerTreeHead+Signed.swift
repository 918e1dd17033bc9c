import CoachTrust

extension ServerTreeHead {
    /// The wire form of `head`.
    public init(_ head: SignedTreeHead) {
        self.init(
            workspace: head.workspaceId, keyId: head.keyId, size: Int64(clamping: head.size),
            root: head.root, time: head.time, signature: head.signature)
    }

    /// The head as CoachTrust checks it (`LogVerifier`); nil for a negative size, which no
    /// log has.
    public var signedTreeHead: SignedTreeHead? {
        guard size >= 0 else { return nil }
        return SignedTreeHead(
            workspaceId: workspace, keyId: keyId.bytes, size: UInt64(size), root: root.bytes,
            time: time, signature: signature.bytes)
    }
}
