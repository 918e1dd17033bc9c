import CSodium
import Foundation

/// Secret bytes in guarded, locked memory that are zeroed when released.
///
/// The storage comes from `sodium_malloc` (guard pages, `mlock` where the system allows);
/// `deinit` frees it with `sodium_free`, which wipes it first. Use `withBytes` to lend the
/// bytes to a primitive without copying them into ordinary arrays.
///
/// `@unchecked Sendable`: the bytes are written only in the initialiser and are read-only
/// afterwards, so sharing an instance across threads cannot race.
public final class SecretKey: @unchecked Sendable {
    private let pointer: UnsafeMutableRawPointer
    /// Number of bytes held.
    public let count: Int

    /// Allocates `count` bytes filled by `fill`.
    init(count: Int, fill: (UnsafeMutableRawBufferPointer) throws -> Void) throws {
        try Sodium.initialize()
        guard let p = sodium_malloc(count) else { throw CryptoError.keyGenerationFailed }
        pointer = p
        self.count = count
        do {
            try fill(UnsafeMutableRawBufferPointer(start: p, count: count))
        } catch {
            sodium_free(p)
            throw error
        }
    }

    /// Copies `bytes` into secure memory and wipes the source array.
    public convenience init(consuming bytes: inout [UInt8]) throws {
        let source = bytes
        try self.init(count: source.count) { buffer in
            source.withUnsafeBytes { buffer.copyMemory(from: $0) }
        }
        Sodium.wipe(&bytes)
    }

    /// A fresh random key of `count` bytes.
    public static func random(count: Int = 32, using random: RandomSource = SystemRandom()) throws -> SecretKey {
        try SecretKey(count: count) { random.fill($0) }
    }

    deinit { sodium_free(pointer) }

    /// Lends the bytes to `body`; they must not escape it.
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// A copy of the bytes as an array, for sealing into another container; wipe it after use.
    public func exportBytes() -> [UInt8] {
        withBytes { Array($0) }
    }

    /// A new key holding bytes `range` of this one.
    public func slice(_ range: Range<Int>) throws -> SecretKey {
        try SecretKey(count: range.count) { out in
            withBytes { out.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[range])) }
        }
    }
}
