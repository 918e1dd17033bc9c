import CoachCrypto

/// The hashing of a Merkle log as RFC 9162 §2.1 defines it, over one hash function.
///
/// A leaf hashes as `H(0x00 ‖ data)`, an inner node as `H(0x01 ‖ left ‖ right)`, and the empty
/// tree as `H()`. coach's logs use BLAKE2b-256; SHA-256 is here so the published RFC 6962 and
/// RFC 9162 test vectors run through the same code.
public struct MerkleHasher: Sendable {
    /// The length of every hash this hasher makes, in bytes.
    public let hashLength: Int
    private let function: @Sendable ([UInt8]) -> [UInt8]

    /// A hasher over `function`, whose outputs are `hashLength` bytes long.
    public init(hashLength: Int, function: @escaping @Sendable ([UInt8]) -> [UInt8]) {
        self.hashLength = hashLength
        self.function = function
    }

    /// BLAKE2b with 32-byte output: the hash of coach's logs.
    public static let blake2b256 = MerkleHasher(hashLength: 32) { Hashing.blake2b($0) }

    /// SHA-256: the hash of the RFC test vectors.
    public static let sha256 = MerkleHasher(hashLength: 32) { Hashing.sha256($0) }

    /// The root of the tree with no leaf.
    public var empty: [UInt8] { function([]) }

    /// The hash of a leaf holding `data`.
    public func leaf(_ data: [UInt8]) -> [UInt8] {
        var message = [UInt8]()
        message.reserveCapacity(data.count + 1)
        message.append(0x00)
        message += data
        return function(message)
    }

    /// The hash of an inner node whose children hash to `left` and `right`.
    public func node(_ left: [UInt8], _ right: [UInt8]) -> [UInt8] {
        var message = [UInt8]()
        message.reserveCapacity(left.count + right.count + 1)
        message.append(0x01)
        message += left
        message += right
        return function(message)
    }
}
