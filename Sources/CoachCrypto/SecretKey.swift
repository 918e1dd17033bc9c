import CSodium
import Foundation

/// Secret bytes that are zeroed when released.
///
/// Long-lived secrets (passphrases, password-derived keys, fresh random keys) use guarded
/// storage from `sodium_malloc` (guard pages, `mlock` where the system allows), freed with
/// `sodium_free`, which wipes it first. The many short-lived keys derived while reading
/// (athlete data keys, record subkeys) use ordinary memory wiped with `sodium_memzero` on
/// release: guarded pages cost four system calls each, which would dominate listing a
/// roster. Use `withBytes` to lend the bytes to a primitive without copying them.
///
/// `@unchecked Sendable`: the bytes are written only in the initialiser and are read-only
/// afterwards, so sharing an instance across threads cannot race.
public final class SecretKey: @unchecked Sendable {
    private let pointer: UnsafeMutableRawPointer
    private let guarded: Bool
    /// Number of bytes held.
    public let count: Int

    /// Allocates `count` bytes filled by `fill`, in guarded storage when `guarded`.
    init(count: Int, guarded: Bool = false, fill: (UnsafeMutableRawBufferPointer) throws -> Void)
        throws
    {
        try Sodium.initialize()
        if guarded {
            guard let p = sodium_malloc(count) else { throw CryptoError.keyGenerationFailed }
            pointer = p
        } else {
            pointer = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        }
        self.guarded = guarded
        self.count = count
        // Every stored property is set, so if `fill` throws Swift runs the deinitialiser, which
        // wipes and frees the buffer; freeing it here as well would be a double free.
        try fill(UnsafeMutableRawBufferPointer(start: pointer, count: count))
    }

    /// Copies `bytes` into key memory and wipes the source array.
    ///
    /// - Parameter guarded: use `sodium_malloc` storage (for passphrases and other long-lived secrets).
    public convenience init(consuming bytes: inout [UInt8], guarded: Bool = false) throws {
        let source = bytes
        try self.init(count: source.count, guarded: guarded) { buffer in
            source.withUnsafeBytes { buffer.copyMemory(from: $0) }
        }
        Sodium.wipe(&bytes)
    }

    /// A fresh random key of `count` bytes, in guarded storage.
    public static func random(count: Int = 32, using random: RandomSource = SystemRandom()) throws
        -> SecretKey
    {
        try SecretKey(count: count, guarded: true) { random.fill($0) }
    }

    deinit {
        if guarded {
            sodium_free(pointer)
        } else {
            sodium_memzero(pointer, count)
            pointer.deallocate()
        }
    }

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
