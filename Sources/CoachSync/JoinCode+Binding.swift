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

    /// The invitation's owner binding: keyed BLAKE2b-256 of the registration's signed message
    /// (workspace, owner user id, owner signing key, time) under `key`.
    ///
    /// The inviting user sends it with the verifier; the server hands it back in the join
    /// answer; the joining machine recomputes it over the registration it was given before it
    /// trusts anything else of the answer, so a server cannot present an owner key of its own.
    /// - Parameters:
    ///   - registration: the workspace's registration as the inviting user holds it.
    ///   - key: `bindingKey(workspace:user:code:)`.
    /// - Returns: 32 bytes.
    public static func binding(of registration: WorkspaceRegistration, key: SecretKey) -> [UInt8] {
        Hashing.keyedBlake2b(registration.message + registration.signature.bytes, key: key)
    }

    /// Whether `binding` is the invitation binding of `registration` under `key`, compared in
    /// constant time.
    public static func bindingValid(
        _ binding: [UInt8], of registration: WorkspaceRegistration, key: SecretKey
    ) -> Bool {
        binding.count == 32
            && Sodium.constantTimeEqual(binding, Self.binding(of: registration, key: key))
    }
}
