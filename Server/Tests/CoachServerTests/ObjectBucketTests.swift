import Testing

@testable import CoachServer

/// The object bucket blob: entries kept sorted and found by binary search, split past its
/// capacity, and a damaged blob refused instead of read.
@Suite struct ObjectBucketTests {
    static func key(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("entries set in any order are kept sorted, found, and read back from the blob")
    func roundTrip() throws {
        var bucket = ObjectBucket(low: [])
        let keys = ["m", "b", "z", "a", "q", "b"]
        for (version, key) in keys.enumerated() {
            bucket.set(Self.key(key), version: Int64(version + 1))
        }
        #expect(bucket.entries.map(\.key) == ["a", "b", "m", "q", "z"].map(Self.key))
        #expect(bucket.version(of: Self.key("b")) == 6)
        #expect(bucket.version(of: Self.key("z")) == 3)
        #expect(bucket.version(of: Self.key("c")) == nil)
        let big = Int64.max - 1
        bucket.set([0xFF, 0x00], version: big)
        let read = try ObjectBucket(low: [], blob: bucket.blob)
        #expect(read == bucket)
        #expect(read.version(of: [0xFF, 0x00]) == big)
        // The key's length, the key, the version: LEB128 varints.
        #expect(ObjectBucket(low: [], entries: [([7], 258)]).blob == [1, 7, 0x82, 0x02])
    }

    @Test(
        "versions and key lengths of every size read back",
        arguments: [Int64.min, -1, 0, 1, 127, 128, 16_383, 16_384, Int64.max])
    func numbers(version: Int64) throws {
        let keys: [[UInt8]] = [
            [], Array(repeating: 0x61, count: 127), Array(repeating: 0x62, count: 300),
        ]
        let bucket = ObjectBucket(low: [], entries: keys.map { ($0, version) })
        #expect(try ObjectBucket(low: [], blob: bucket.blob) == bucket)
    }

    @Test(
        "a bucket splits only past its capacity, into parts of about the fill, keys kept",
        arguments: [(32, 1), (33, 2), (40, 2), (41, 3), (100, 5), (1_000, 50)])
    func split(count: Int, parts: Int) throws {
        let entries: [(key: [UInt8], version: Int64)] = (0..<count).map { (n: Int) in
            let key: [UInt8] = [UInt8(n >> 8), UInt8(n & 0xFF)]
            return (key, Int64(n))
        }
        let bucket = ObjectBucket(low: [], entries: entries)
        let split = bucket.split()
        #expect(split.count == parts)
        #expect(split.first?.low == [])
        let keys: [[UInt8]] = split.flatMap { $0.entries.map(\.key) }
        #expect(keys == entries.map(\.key))
        #expect(split.allSatisfy { $0.entries.count <= ObjectBucket.capacity })
        for part in split.dropFirst() { #expect(part.low == part.entries.first?.key) }
        for (index, entry) in entries.enumerated() {
            let at = try #require(ObjectBucket.holding(entry.key, in: split))
            #expect(split[at].version(of: entry.key) == Int64(index))
        }
    }

    @Test(
        "a damaged blob is refused as a database failure naming the damage",
        arguments: [
            ([0x80], "a number cut short"),
            ([2, 0x61], "an entry cut short"),
            ([1, 0x61], "a number cut short"),
            ([1, 0x61] + Array(repeating: 0xFF, count: 9) + [0x02], "a number too long"),
            ([1, 0x61] + Array(repeating: 0x80, count: 10) + [0x00], "a number too long"),
            ([1, 0x62, 1, 1, 0x61, 2], "keys out of order"),
            ([1, 0x61, 1, 1, 0x61, 2], "keys out of order"),
            ([1, 0x41, 1], "a key below the bucket's low key"),
        ] as [([UInt8], String)])
    func damaged(blob: [UInt8], why: String) {
        #expect(throws: ServerError.database("the object bucket from key '61' is damaged: \(why)"))
        {
            try ObjectBucket(low: [0x61], blob: blob)
        }
    }
}
