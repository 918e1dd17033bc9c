import CoachCrypto
import CoachKit

extension JoinCode {
    /// What a joining machine sends for a code: a code of the same shape (24 base32
    /// characters), the first 15 bytes of SHA-256 over the label `coach/1/join-proof` and the
    /// normalized code.
    ///
    /// The server checks it against the invitation's verifier (`verifier(workspace:user:code:)`
    /// of the proof), so it never sees the code itself, and cannot derive the code's binding
    /// key (`bindingKey(workspace:user:code:)`) from what it holds or is sent.
    /// - Parameter code: the code, normalized (`normalized(_:)`).
    /// - Returns: the proof, normalized.
    public static func proof(of code: String) -> String {
        let digest = Hashing.sha256(Array("coach/1/join-proof".utf8) + Array(code.utf8))
        var chars: [UInt8] = []
        var buffer = 0
        var bits = 0
        for b in digest.prefix(15) {
            buffer = (buffer << 8) | Int(b)
            bits += 8
            while bits >= 5 {
                bits -= 5
                chars.append(alphabet[(buffer >> bits) & 31])
            }
            buffer &= (1 << bits) - 1
        }
        return String(decoding: chars, as: UTF8.self)
    }

    /// The key of an invitation's owner binding: BLAKE2b-256 over the label
    /// `coach/1/join-binding`, the workspace id, the user id and the normalized code,
    /// length-prefixed. Only holders of the code can compute it.
    /// - Returns: a 32-byte key.
    /// - Throws: `CryptoError` when libsodium cannot be initialised.
    public static func bindingKey(workspace: String, user: UserID, code: String) throws
        -> SecretKey
    {
        var bytes = Hashing.blake2b(
            AssociatedData("coach/1/join-binding").with(workspace, user.rawValue, code).bytes)
        return try SecretKey(consuming: &bytes)
    }

    /// How many bytes an invitation's binding has: the inviter's roster head (count, 8 bytes
    /// big-endian, and hash, 32) and the MAC over it (32).
    public static let bindingLength = 72

    /// The invitation's owner binding: the inviting machine's verified roster head, then a
    /// keyed BLAKE2b-256 under `key` of the registration's signed message (workspace, owner
    /// user id, owner signing key, time), its signature and that head.
    ///
    /// The inviting user sends it with the verifier; the server hands it back in the join
    /// answer; the joining machine recomputes it over the registration it was given before it
    /// trusts anything else of the answer, so a server can neither present an owner key of its
    /// own nor a head of its own; the roster it serves at the join must then extend the head
    /// (`RosterHead.isExtended(by:)`), so it cannot leave out entries the inviter had.
    /// - Parameters:
    ///   - registration: the workspace's registration as the inviting user holds it.
    ///   - head: the roster head the inviting machine verified last.
    ///   - key: `bindingKey(workspace:user:code:)`.
    /// - Returns: `bindingLength` bytes.
    public static func binding(
        of registration: WorkspaceRegistration, head: RosterHead, key: SecretKey
    ) -> [UInt8] {
        let count = withUnsafeBytes(of: UInt64(bitPattern: head.count).bigEndian, Array.init)
        let bound = count + head.hash.bytes
        return bound + mac(registration, bound, key: key)
    }

    /// The roster head `binding` binds to `registration` under `key` (the MAC compared in
    /// constant time); nil when it is not the invitation binding of that registration.
    public static func boundHead(
        _ binding: [UInt8], of registration: WorkspaceRegistration, key: SecretKey
    ) -> RosterHead? {
        guard binding.count == bindingLength else { return nil }
        let bound = Array(binding[0..<40])
        guard Sodium.constantTimeEqual(Array(binding[40...]), mac(registration, bound, key: key))
        else { return nil }
        let count = bound[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard count <= UInt64(Int64.max) else { return nil }
        return RosterHead(count: Int64(count), hash: Array(bound[8...]))
    }

    static func mac(_ registration: WorkspaceRegistration, _ bound: [UInt8], key: SecretKey)
        -> [UInt8]
    {
        Hashing.keyedBlake2b(
            AssociatedData("coach/1/join-binding-mac").with(
                registration.message, registration.signature.bytes, bound
            ).bytes, key: key)
    }
}
