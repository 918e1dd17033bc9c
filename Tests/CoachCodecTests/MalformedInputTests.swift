import CoachKit
import Testing

@testable import CoachCodec

/// Damaged bytes (cut short, with unknown tags or names, with lengths that do not fit) are
/// refused with `CompactReader.Malformed`, never read around and never a crash.
@Suite struct MalformedInputTests {
    /// Runs `body` and records an issue unless it returns or throws `CompactReader.Malformed`.
    static func returnsOrRefuses(_ what: String, _ body: () throws -> Void) {
        do {
            try body()
        } catch is CompactReader.Malformed {
        } catch {
            Issue.record("\(what) threw \(type(of: error)), not CompactReader.Malformed")
        }
    }

    @Test("Every cut of every section is refused as malformed", arguments: RecordKind.allCases)
    func everyCut(kind: RecordKind) throws {
        let bytes = try SnapshotCoding.encode(kind, of: CompactCodingTests.dataset)
        for cut in 0..<bytes.count {
            var d = AthleteDataset(athlete: AthleteProfile(handle: "", name: ""))
            #expect(throws: CompactReader.Malformed.self, "\(kind) cut at \(cut)") {
                try SnapshotCoding.decode(kind, from: Array(bytes.prefix(cut)), into: &d)
            }
            #expect(throws: CompactReader.Malformed.self, "\(kind) cut at \(cut)") {
                try SnapshotCoding.decode(kind, appendingFrom: Array(bytes.prefix(cut)), into: &d)
            }
        }
    }

    @Test("A name this build does not know is refused, not mapped to another case")
    func unknownName() throws {
        var w = CompactWriter()
        w.raw(SnapshotCoding.magic)
        w.array([0]) { w, _ in
            w.id("w1")
            Instant(epochSeconds: 0, offsetSeconds: 0).write(to: &w)
            w.string("skating")
        }
        var d = AthleteDataset(athlete: AthleteProfile(handle: "", name: ""))
        #expect(throws: CompactReader.Malformed.self) {
            try SnapshotCoding.decode(.workout, from: w.bytes, into: &d)
        }
        var r = CompactReader(w.bytes)
        _ = try r.raw()
        _ = try r.int()
        _ = try r.id()
        _ = try Instant(compact: &r)
        #expect(throws: CompactReader.Malformed.self) { try r.enumeration(Sport.self) }
    }

    @Test(
        "Presence bytes other than 0 and 1 are refused",
        arguments: [UInt8(2), 0x7f, 0xff])
    func badPresenceByte(byte: UInt8) {
        var r = CompactReader([byte, 0])
        #expect(throws: CompactReader.Malformed.self) { try r.optionalInt() }
        var b = CompactReader([byte])
        #expect(throws: CompactReader.Malformed.self) { try b.bool() }
    }

    @Test("Lengths and counts that do not fit the bytes are refused")
    func wrongLengths() {
        for length in [-2, -1, 4, 1 << 40, Int.max, Int.min] {
            var w = CompactWriter()
            w.int(length)
            w.fixed([1, 2, 3])
            var r = CompactReader(w.bytes)
            #expect(throws: CompactReader.Malformed.self, "\(length)") { try r.raw() }
            r = CompactReader(w.bytes)
            #expect(throws: CompactReader.Malformed.self, "\(length)") { try r.string() }
            r = CompactReader(w.bytes)
            #expect(throws: CompactReader.Malformed.self, "\(length)") {
                try r.array { try $0.bool() }
            }
            if length != CompactIdentifier.uuidMark {
                r = CompactReader(w.bytes)
                #expect(throws: CompactReader.Malformed.self, "\(length)") { try r.id() }
            }
        }
        var r = CompactReader([UInt8](repeating: 0xff, count: 11))
        #expect(throws: CompactReader.Malformed.self) { try r.int() }
        r = CompactReader([1, 2, 3])
        #expect(throws: CompactReader.Malformed.self) { try r.double() }
        #expect(throws: CompactReader.Malformed.self) { try r.fixed(4) }
        #expect(throws: CompactReader.Malformed.self) { try r.fixed(-1) }
    }

    @Test("A section with trailing bytes is refused")
    func trailing() throws {
        let bytes = try SnapshotCoding.encode(.sleep, of: CompactCodingTests.dataset)
        var d = CompactCodingTests.dataset
        #expect(throws: CompactReader.Malformed.self) {
            try SnapshotCoding.decode(.sleep, from: bytes + [0], into: &d)
        }
    }

    @Test("A compact record body that is damaged or of the profile is refused")
    func damagedRecordBody() {
        #expect(throws: CompactReader.Malformed.self) {
            try RecordPayload.unpack([RecordPayload.packedTag, 1], kind: .wellness, id: "m1")
        }
        #expect(throws: CompactReader.Malformed.self) {
            try RecordPayload.unpack([RecordPayload.packedTag], kind: .profile, id: "p")
        }
        #expect(throws: CompactReader.Malformed.self) {
            try PayloadJSON.decode(WeightEntry.self, from: Array("{\"kg\":".utf8))
        }
    }

    @Test("Chunk compression round-trips and refuses streams that do not match their length")
    func compression() throws {
        let plain = try SnapshotCoding.encode(.workout, of: CompactCodingTests.dataset)
        let packed = try ChunkCompression.compress(plain)
        #expect(try ChunkCompression.decompress(packed) == plain)
        var header = CompactReader(packed)
        #expect(try header.int() == plain.count)
        let stream = Array(packed[header.position...])
        var claim = CompactWriter()
        claim.int(plain.count + 1)
        // Bytes after the end of the zlib stream are not looked at (zlib's `uncompress` stops at
        // the stream's end); the sealed row around the chunk is what refuses extra bytes.
        for bad in [
            [], [0], claim.bytes + stream, Array(packed.dropLast(3)),
            Array(packed.prefix(header.position)) + [UInt8](repeating: 0x55, count: 40),
        ] {
            #expect(throws: CompactReader.Malformed.self) { try ChunkCompression.decompress(bad) }
        }
        var huge = CompactWriter()
        huge.int(ChunkCompression.maxPlainLength + 1)
        #expect(throws: CompactReader.Malformed.self) {
            try ChunkCompression.decompress(huge.bytes + stream)
        }
    }

    // Not `RecordPayload.unpack`: it renders what it decodes as JSON, and CoachKit's `Instant`
    // and `LocalDay` texts trap on values no real record holds (a NaN or huge time); the sealed
    // row's authentication keeps such bodies out.
    @Test("Random bytes after a valid header decode or are refused, never trap")
    func randomBytes() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        var header = CompactWriter()
        header.raw(SnapshotCoding.magic)
        for round in 0..<400 {
            let noise = (0..<(round % 64 + 1)).map { _ in next() }
            for kind in RecordKind.allCases {
                var d = AthleteDataset(athlete: AthleteProfile(handle: "", name: ""))
                Self.returnsOrRefuses("\(kind) section, round \(round)") {
                    _ = try SnapshotCoding.decode(kind, from: header.bytes + noise, into: &d)
                }
                var m = SnapshotManifest(profile: AthleteProfile(handle: "", name: ""))
                Self.returnsOrRefuses("\(kind) manifest row, round \(round)") {
                    var w = CompactWriter()
                    w.raw(SnapshotManifest.magic)
                    _ = try m.decode(kind, from: w.bytes + noise)
                }
            }
        }
    }
}
