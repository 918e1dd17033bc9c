/// A point of a log: its size and its root at that size.
///
/// What a device had verified when it signed a change (the envelope's `seen`), or what an
/// owner's reset restored: a served log must extend it.
public struct LogPosition: Equatable, Hashable, Sendable {
    /// The number of entries.
    public var size: UInt64
    /// The Merkle root over those entries.
    public var root: [UInt8]

    /// The position of `size` entries with root `root`.
    public init(size: UInt64, root: [UInt8]) {
        self.size = size
        self.root = root
    }
}

extension SignedTreeHead {
    /// The head's size and root.
    public var position: LogPosition { LogPosition(size: size, root: root) }
}
