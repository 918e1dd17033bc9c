/// Index arithmetic on Merkle trees of up to 2^64 − 1 leaves, with no operation that can trap.
///
/// A perfect subtree is named by its level (0 for a leaf) and its index among the subtrees of
/// that level, so subtree `(level, index)` covers leaves `index · 2^level ..< (index + 1) ·
/// 2^level`.
public enum MerkleMath {
    /// The largest power of two strictly below `n`, for `n` ≥ 2 (RFC 9162's split point `k`).
    ///
    /// - Parameter n: the number of leaves, at least 2.
    /// - Returns: `k` with `k < n ≤ 2k`.
    public static func splitPoint(_ n: UInt64) -> UInt64 {
        precondition(n >= 2, "a split needs two leaves")
        return UInt64(1) << UInt64(63 - (n - 1).leadingZeroBitCount)
    }

    /// The perfect subtrees that make up the leaves `start ..< end`, largest first, when `start`
    /// is a multiple of a power of two at least `end − start` (every range the RFC's
    /// recursions visit is).
    ///
    /// - Parameters:
    ///   - start: the first leaf.
    ///   - end: one past the last leaf.
    /// - Returns: `(level, index)` pairs, left to right.
    public static func perfectSubtrees(from start: UInt64, to end: UInt64) -> [(Int, UInt64)] {
        var result: [(Int, UInt64)] = []
        var position = start
        var remaining = end &- start
        while remaining > 0 {
            let level = 63 - remaining.leadingZeroBitCount
            result.append((level, position >> UInt64(level)))
            let width = UInt64(1) << UInt64(level)
            position &+= width
            remaining &-= width
        }
        return result
    }

    /// The number of hashes in an inclusion proof of a leaf in a tree of `size` leaves.
    ///
    /// - Parameters:
    ///   - index: the leaf, below `size`.
    ///   - size: the tree's number of leaves.
    /// - Returns: the proof's length, or nil when `index` is not below `size`.
    public static func inclusionProofLength(index: UInt64, size: UInt64) -> Int? {
        guard index < size else { return nil }
        let inner = 64 - (index ^ (size - 1)).leadingZeroBitCount
        let border = (index >> UInt64(inner)).nonzeroBitCount
        return inner + border
    }

    /// The number of hashes in a consistency proof from `old` to `new` leaves.
    ///
    /// - Parameters:
    ///   - old: the earlier size.
    ///   - new: the later size, at least `old`.
    /// - Returns: the proof's length, or nil when `old` exceeds `new`.
    public static func consistencyProofLength(from old: UInt64, to new: UInt64) -> Int? {
        guard old <= new else { return nil }
        guard old > 0, old < new else { return 0 }
        var length = 0
        var m = old
        var n = new
        var whole = true
        while m != n {
            let k = splitPoint(n)
            length += 1
            if m <= k {
                n = k
            } else {
                m -= k
                n -= k
                whole = false
            }
        }
        return whole ? length : length + 1
    }
}
