import CSodium
import Foundation

/// Where coach's cryptography gets random bytes (keys, salts, nonces).
///
/// Production uses the system CSPRNG; known-answer tests use a seeded source so their
/// output is reproducible.
public protocol RandomSource: Sendable {
    /// Fills `buffer` with random bytes.
    func fill(_ buffer: UnsafeMutableRawBufferPointer)
}

extension RandomSource {
    /// `count` random bytes.
    public func bytes(_ count: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        out.withUnsafeMutableBytes { fill($0) }
        return out
    }
}

/// libsodium's `randombytes_buf` (the kernel CSPRNG).
public struct SystemRandom: RandomSource {
    public init() {}
    public func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        randombytes_buf(base, buffer.count)
    }
}

/// A reproducible stream from a 32-byte seed, for known-answer tests only.
///
/// Each call draws from `randombytes_buf_deterministic` with the seed mixed with a call
/// counter, so successive calls differ but a run is repeatable.
public final class SeededRandom: RandomSource, @unchecked Sendable {
    // @unchecked Sendable: the counter is guarded by `lock`; the seed is immutable.
    private let seed: [UInt8]
    private var counter: UInt64 = 0
    private let lock = NSLock()

    public init(seed: [UInt8]) {
        precondition(seed.count == 32, "seed must be 32 bytes")
        self.seed = seed
    }

    public func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        lock.lock()
        counter += 1
        let n = counter
        lock.unlock()
        var derived = [UInt8](repeating: 0, count: 32)
        var input = seed + withUnsafeBytes(of: n.littleEndian) { Array($0) }
        crypto_generichash(&derived, 32, &input, UInt64(input.count), nil, 0)
        randombytes_buf_deterministic(base, buffer.count, derived)
    }
}
