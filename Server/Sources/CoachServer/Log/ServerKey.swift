import CoachCrypto
import CoachSync
import Foundation

/// The server's Ed25519 signing key for tree heads, kept in a file outside PostgreSQL so that
/// someone who can only write the database cannot sign a head.
///
/// The file is two lines: `coach-server-key/1`, then the 64-byte libsodium secret key (seed
/// and public key) in base64url. It is created with mode 0600 and never overwritten.
public struct ServerKey: Sendable {
    /// The first line of a key file.
    static let header = "coach-server-key/1"

    /// The key pair.
    let pair: SigningKeyPair

    /// The public key.
    public var publicKey: [UInt8] { pair.publicKey }

    /// BLAKE2b-256 of the public key: how tree heads and clients name the key.
    public var keyId: [UInt8] { Hashing.blake2b(pair.publicKey) }

    /// Wraps `pair`.
    public init(pair: SigningKeyPair) { self.pair = pair }

    /// A detached signature of `message`.
    public func sign(_ message: [UInt8]) -> [UInt8] { pair.sign(message) }

    /// A fresh key from `random`.
    ///
    /// - Throws: `CryptoError` when libsodium cannot make a key.
    public static func generate(random: any RandomSource = SystemRandom()) throws -> ServerKey {
        ServerKey(pair: try SigningKeyPair.generate(random: random))
    }

    /// Writes the key to a new file at `path` with mode 0600.
    ///
    /// - Throws: `ServerError.keyFileExists` when `path` exists, `.keyFile` when it cannot
    ///   be written (nothing is left behind).
    public func write(to path: String) throws {
        var secret = pair.secretKey.exportBytes()
        defer { Sodium.wipe(&secret) }
        var text = Array("\(Self.header)\n\(Base64URL.encode(secret))\n".utf8)
        defer { Sodium.wipe(&text) }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            if errno == EEXIST { throw ServerError.keyFileExists(path) }
            throw ServerError.keyFile(path, String(cString: strerror(errno)))
        }
        let written = text.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == text.count, synced else {
            unlink(path)
            throw ServerError.keyFile(path, "it could not be written in full")
        }
    }

    /// Reads the key file at `path`.
    ///
    /// - Throws: `ServerError.keyFile` naming the path and what is wrong: unreadable, readable
    ///   by others than its owner, not a key file, or a public key that does not match.
    public static func read(from path: String) throws -> ServerKey {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ServerError.keyFile(path, String(cString: strerror(errno)))
        }
        guard info.st_mode & 0o077 == 0 else {
            throw ServerError.keyFile(
                path, "other users may read it: chmod 600 it (or make a new key)")
        }
        guard var data = FileManager.default.contents(atPath: path) else {
            throw ServerError.keyFile(path, "it cannot be read")
        }
        defer { data.resetBytes(in: 0..<data.count) }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard lines.count == 2, lines[0] == header,
            var secret = Base64URL.decode(String(lines[1])),
            secret.count == SigningKeyPair.secretBytes
        else {
            throw ServerError.keyFile(path, "it is not a \(header) key file")
        }
        let publicKey = Array(secret[32...])
        let pair = SigningKeyPair(
            publicKey: publicKey, secretKey: try SecretKey(consuming: &secret))
        let probe = Array("coach/1/server-key-check".utf8)
        guard SigningKeyPair.verify(pair.sign(probe), of: probe, publicKey: publicKey) else {
            throw ServerError.keyFile(path, "its public half does not match its secret half")
        }
        return ServerKey(pair: pair)
    }
}
