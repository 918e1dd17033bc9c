import CoachCrypto
import Foundation

/// The SHA-256 of a plugin executable, the pin checked before every launch.
public enum ExecutableHash {
    /// Lowercase hex SHA-256 of the file at `path`.
    ///
    /// - Throws: `PluginFailure.executableMissing` when it cannot be read.
    public static func sha256(of path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PluginFailure.executableMissing(path: path)
        }
        return Hashing.hex(Hashing.sha256([UInt8](data)))
    }
}
