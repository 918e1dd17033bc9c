import CSodium
import Foundation

/// Process-wide libsodium set-up.
public enum Sodium {
    private static let ready: Bool = sodium_init() >= 0

    /// Initialises libsodium once; safe to call from any thread, any number of times.
    ///
    /// - Throws: `CryptoError.unavailable` when libsodium cannot start.
    public static func initialize() throws {
        guard ready else { throw CryptoError.unavailable }
    }

    /// The version of the linked libsodium.
    public static var version: String { String(cString: sodium_version_string()) }

    /// Turns off core dumps for this process so key material cannot land in a core file.
    public static func disableCoreDumps() {
        var limit = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(Int32(RLIMIT_CORE.rawValue), &limit)
    }

    /// Compares two byte sequences in constant time (for equal lengths).
    public static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in sodium_memcmp(pa.baseAddress!, pb.baseAddress!, a.count) == 0
            }
        }
    }

    /// Overwrites `bytes` with zeros in a way the optimiser cannot remove.
    public static func wipe(_ bytes: inout [UInt8]) {
        let count = bytes.count
        bytes.withUnsafeMutableBytes { if let p = $0.baseAddress { sodium_memzero(p, count) } }
    }
}
