/// Why a Merkle tree operation could not be carried out.
public enum MerkleError: Error, Equatable, Sendable {
    /// A stored right edge whose number of hashes does not match its size.
    case malformedFrontier(size: UInt64, hashes: Int)
    /// The log holds the most leaves a 64-bit size can count.
    case full
    /// A proof was asked for a leaf or a size the tree does not have.
    case outOfRange(index: UInt64, size: UInt64)
    /// A node source had no hash for a perfect subtree the proof needs.
    case missingNode(level: Int, index: UInt64)
}
