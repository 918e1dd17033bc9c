/// Ids for the demo's records: 16 hex digits derived from a readable seed, so every run makes
/// the same ids and, like real ids, they differ from their first characters on.
enum DemoID {
    /// The id of `seed` (64-bit FNV-1a, then a SplitMix64 finaliser to spread the bits).
    static func make(_ seed: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in seed.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01b3
        }
        h = (h ^ (h >> 30)) &* 0xbf58_476d_1ce4_e5b9
        h = (h ^ (h >> 27)) &* 0x94d0_49bb_1331_11eb
        h ^= h >> 31
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
