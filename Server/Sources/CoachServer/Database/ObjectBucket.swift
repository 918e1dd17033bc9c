/// One row of `object_buckets`: the current version of every object of one stream whose key
/// (`StoredObjectID`) lies from `low` up to the next bucket's low key, kept as one sorted blob
/// instead of one row and index entry per object.
///
/// A stream's first bucket has the empty low key, so every key falls in exactly one bucket: the
/// one with the greatest low key not above it. A bucket that grows past `capacity` entries is
/// split into buckets of about `fill` entries, each after the first taking its first key as its
/// low key; buckets never merge (objects are never removed). The fixed bound keeps a stream of
/// 150 objects in a handful of rows and makes a push to a stream of 20,000 rewrite at most one
/// blob of under 600 bytes per object it changes.
///
/// The blob is each entry as its key's length, the key, and the version (its 64 bits unsigned),
/// the numbers as LEB128 varints (a coach id's 16-byte key and a version below 128 take 18
/// bytes), in strictly increasing key order. Only the server's own base-version
/// check reads it (clients verify every change's signature and chains themselves); a blob that
/// does not read, is out of order or holds a key outside its bucket is refused as damage.
struct ObjectBucket: Equatable {
    /// The most entries a bucket keeps before it is split (about 600 bytes).
    static let capacity = 32
    /// About how many entries each bucket of a split takes.
    static let fill = 20

    /// The smallest key this bucket holds (empty for a stream's first bucket).
    var low: [UInt8]
    /// Keys and versions, sorted by key (bytewise, as PostgreSQL orders `bytea`).
    var entries: [(key: [UInt8], version: Int64)]

    static func == (lhs: ObjectBucket, rhs: ObjectBucket) -> Bool {
        lhs.low == rhs.low && lhs.entries.map(\.key) == rhs.entries.map(\.key)
            && lhs.entries.map(\.version) == rhs.entries.map(\.version)
    }

    init(low: [UInt8], entries: [(key: [UInt8], version: Int64)] = []) {
        self.low = low
        self.entries = entries
    }

    /// Reads a stored bucket.
    ///
    /// - Parameters:
    ///   - low: the row's low key.
    ///   - blob: the row's entries.
    /// - Throws: `ServerError.database` when the blob is cut short, out of order, or holds a
    ///   key below `low`.
    init(low: [UInt8], blob: [UInt8]) throws {
        self.low = low
        entries = []
        var at = 0
        while at < blob.count {
            let length = try Self.varint(blob, &at, low)
            guard length <= UInt64(blob.count - at) else {
                throw Self.damaged(low, "an entry cut short")
            }
            let key = Array(blob[at..<at + Int(length)])
            at += Int(length)
            let version = Int64(bitPattern: try Self.varint(blob, &at, low))
            guard key.lexicographicallyPrecedes(low) == false else {
                throw Self.damaged(low, "a key below the bucket's low key")
            }
            if let last = entries.last, !last.key.lexicographicallyPrecedes(key) {
                throw Self.damaged(low, "keys out of order")
            }
            entries.append((key, version))
        }
    }

    /// The stored blob.
    var blob: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.reduce(0) { $0 + $1.key.count + 4 })
        for (key, version) in entries {
            Self.append(UInt64(key.count), to: &bytes)
            bytes += key
            Self.append(UInt64(bitPattern: version), to: &bytes)
        }
        return bytes
    }

    /// Appends `value` as an unsigned LEB128 varint: seven bits a byte, low bits first, the top
    /// bit set on every byte but the last.
    static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads an unsigned LEB128 varint of at most ten bytes at `at`, moving past it.
    static func varint(_ blob: [UInt8], _ at: inout Int, _ low: [UInt8]) throws -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 70, by: 7) {
            guard at < blob.count else { throw damaged(low, "a number cut short") }
            let byte = blob[at]
            at += 1
            guard shift < 63 || byte <= 1 else { throw damaged(low, "a number too long") }
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte < 0x80 { return value }
        }
        throw damaged(low, "a number too long")
    }

    /// Where `key` is, or where it would go: a binary search over the sorted entries.
    func index(of key: [UInt8]) -> (index: Int, found: Bool) {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key.lexicographicallyPrecedes(key) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return (low, low < entries.count && entries[low].key == key)
    }

    /// The version of `key`, or nil when the bucket does not hold it.
    func version(of key: [UInt8]) -> Int64? {
        let (index, found) = index(of: key)
        return found ? entries[index].version : nil
    }

    /// Sets the version of `key`, inserting it in order when it is new.
    mutating func set(_ key: [UInt8], version: Int64) {
        let (index, found) = index(of: key)
        if found {
            entries[index].version = version
        } else {
            entries.insert((key, version), at: index)
        }
    }

    /// This bucket as stored: itself, or split into buckets of about `fill` entries when it
    /// holds more than `capacity`; the first keeps this bucket's low key.
    func split() -> [ObjectBucket] {
        guard entries.count > Self.capacity else { return [self] }
        let parts = (entries.count + Self.fill - 1) / Self.fill
        return (0..<parts).map { part in
            let range = entries.count * part / parts..<entries.count * (part + 1) / parts
            let slice = Array(entries[range])
            return ObjectBucket(low: part == 0 ? low : slice[0].key, entries: slice)
        }
    }

    /// The index of the bucket of `list` (one stream's, sorted by low key) that holds `key`:
    /// the last whose low key is not above it; nil when there is none.
    static func holding(_ key: [UInt8], in list: [ObjectBucket]) -> Int? {
        list.lastIndex { !key.lexicographicallyPrecedes($0.low) }
    }

    /// The failure of a bucket that does not read.
    static func damaged(_ low: [UInt8], _ why: String) -> ServerError {
        let hex = low.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        return ServerError.database("the object bucket from key '\(hex)' is damaged: \(why)")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
