import CoachCrypto

/// Where the roster stands: how many entries it holds and the hash chain over them.
///
/// `hash` starts as 32 zero bytes and each entry extends it:
/// `hash_n = BLAKE2b-256("coach/1/roster-head" ‖ hash_{n-1} ‖ entry hash)` (length-prefixed
/// fields). A roster push names the head it was made on; the server takes it only if the head
/// has not moved (compare-and-swap).
public struct RosterHead: Codable, Hashable, Sendable {
    /// How many entries the roster holds.
    public var count: Int64
    public var hash: SyncBytes

    /// A head after `count` entries whose chain hash is `hash`.
    public init(count: Int64, hash: [UInt8]) {
        self.count = count
        self.hash = SyncBytes(hash)
    }

    /// The head of an empty roster.
    public static let empty = RosterHead(count: 0, hash: [UInt8](repeating: 0, count: 32))

    /// The head after one more entry.
    public func appending(_ entry: RosterEntry) -> RosterHead {
        RosterHead(
            count: count + 1,
            hash: Hashing.blake2b(
                AssociatedData("coach/1/roster-head").with(hash.bytes, entry.hash).bytes))
    }

    /// The head after `entries`, in order.
    public func appending(contentsOf entries: [RosterEntry]) -> RosterHead {
        entries.reduce(self) { $0.appending($1) }
    }

    /// Whether `entries` (a whole roster, in order) extend this head: at least `count` of
    /// them, the first `count` chaining to `hash`. A roster that leaves out or rewrites an
    /// entry this head covers does not.
    public func isExtended(by entries: [RosterEntry]) -> Bool {
        count >= 0 && entries.count >= count
            && RosterHead.empty.appending(contentsOf: Array(entries.prefix(Int(count)))) == self
    }
}
