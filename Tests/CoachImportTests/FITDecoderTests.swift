import CoachKit
import Foundation
import Testing

@testable import CoachImport

@Suite struct FITDecoderTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    static func run(_ bytes: [UInt8], file: String = "ride.fit") throws -> CollectingSink {
        let sink = CollectingSink()
        try FITImporter(file: file, zone: zone).run(bytes: bytes, into: sink)
        return sink
    }

    static func workouts(_ sink: CollectingSink) -> [Workout] {
        sink.records.compactMap {
            if case .workout(let w) = $0.payload { return w } else { return nil }
        }
    }

    @Test("a little-endian activity becomes one workout with session totals and 1 Hz samples")
    func littleEndian() throws {
        let sink = try Self.run(FITWriter.activity().file())
        let w = try #require(Self.workouts(sink).first)
        #expect(Self.workouts(sink).count == 1)
        #expect(w.sport == .cycling)
        #expect(w.start.epochSeconds == 1_700_000_000)
        #expect(w.start.offsetSeconds == 3600)
        #expect(w.elapsedS == 120 && w.distanceM == 1000 && w.kcal == 321 && w.avgHrBpm == 135)
        #expect(w.samples?.powerW.count == 120)
        #expect(w.samples?.powerW[5] == 155)
        #expect(w.samples?.hrBpm[5] == 125)
        #expect(w.samples?.speedMS[5] == 8)
        #expect(sink.merged["FIT lap"] == 1)
    }

    @Test("big-endian definitions decode to the same workout as little-endian ones")
    func bigEndian() throws {
        let little = Self.workouts(try Self.run(FITWriter.activity().file()))
        let big = Self.workouts(try Self.run(FITWriter.activity(bigEndian: true).file()))
        #expect(little == big)
    }

    @Test("a header CRC of 0 is accepted (the protocol allows leaving it out)")
    func zeroHeaderCRC() throws {
        #expect(Self.workouts(try Self.run(FITWriter.activity().file(headerCRC: false))).count == 1)
    }

    @Test("NP of the samples follows METRICS.md §1 (30 s rolling mean, fourth-power mean)")
    func normalizedPower() throws {
        // 60 s at 100 W then 60 s at 300 W (records at 0…119 s of a 120 s session): NP from
        // the same helper the metrics use.
        let w = try #require(
            Self.workouts(
                try Self.run(FITWriter.activity(count: 120, power: { $0 < 60 ? 100 : 300 }).file())
            ).first)
        let series = (0..<120).map { Double($0 < 60 ? 100 : 300) }
        let expected = (PowerStream.normalizedPower(series)! * 10).rounded() / 10
        #expect(w.npW == expected)
        #expect(w.npW! > 230 && w.npW! < 260)
    }

    @Test("compressed-timestamp headers take time from the last full timestamp, with rollover")
    func compressedTimestamps() throws {
        var w = FITWriter()
        // A start whose FIT time ends in 30 (low five bits), so offsets roll over soon.
        var start = 1_700_000_000.0
        while FITWriter.fitTime(start) & 0x1F != 30 { start += 1 }
        w.define(local: 1, global: 20, fields: [FITWriter.u32(253), FITWriter.u16(7)])
        w.message(local: 1, [FITWriter.fitTime(start), 200])
        w.define(local: 2, global: 20, fields: [FITWriter.u16(7)])
        w.message(local: 2, [210], compressedOffset: 31)  // +1 s
        w.message(local: 2, [220], compressedOffset: 1)  // rolls over: +3 s
        w.message(local: 2, [230], compressedOffset: 5)  // +7 s
        w.appendSession(start: start, seconds: 60, sport: 2)
        let workout = try #require(Self.workouts(try Self.run(w.file())).first)
        let p = try #require(workout.samples?.powerW)
        #expect(p[0] == 200 && p[1] == 210 && p[3] == 220 && p[7] == 230)
        // Seconds between records hold the earlier value (smart recording); after the last
        // record nothing is held.
        #expect(p[2] == 210 && p[4] == 220 && p[6] == 220 && p[8] == nil && p[32] == nil)
    }

    @Test("developer fields are skipped by their declared size")
    func developerFields() throws {
        var w = FITWriter()
        let start = 1_700_000_000.0
        w.define(
            local: 1, global: 20, fields: [FITWriter.u32(253), FITWriter.u16(7)], devSizes: [3, 5])
        for i in 0..<10 { w.message(local: 1, [FITWriter.fitTime(start) + UInt64(i), 250]) }
        w.appendSession(start: start, seconds: 10, sport: 2)
        let workout = try #require(Self.workouts(try Self.run(w.file())).first)
        #expect(workout.samples?.powerW.prefix(10).allSatisfy { $0 == 250 } == true)
    }

    @Test("a multisport file becomes one workout per session")
    func multisport() throws {
        var w = FITWriter()
        let start = 1_700_000_000.0
        w.define(local: 1, global: 20, fields: [FITWriter.u32(253), FITWriter.u8(3)])
        for i in 0..<300 { w.message(local: 1, [FITWriter.fitTime(start) + UInt64(i), 140]) }
        w.appendSession(start: start, seconds: 100, sport: 5)
        w.appendSession(start: start + 100, seconds: 120, sport: 2)
        w.appendSession(start: start + 220, seconds: 80, sport: 1)
        let list = Self.workouts(try Self.run(w.file()))
        #expect(list.map(\.sport) == [.swimming, .cycling, .running])
        #expect(list.map { $0.start.epochSeconds } == [start, start + 100, start + 220])
        #expect(Set(try Self.run(w.file()).records.map(\.dedupeKey)).count == 3)
    }

    @Test("hrv messages become an RMSSD sample in ms")
    func hrvToRMSSD() throws {
        var w = FITWriter.activity(count: 30)
        w.define(
            local: 5, global: 78, fields: [FITWriter.Field(number: 0, size: 10, baseType: 0x84)])
        // RR intervals 0.800, 0.820, 0.790, 0.810, 0.800 s (array of uint16, scale 1000)
        let rr: [UInt64] = [800, 820, 790, 810, 800]
        var packed: UInt64 = 0
        for (i, v) in rr.enumerated() where i < 4 { packed |= v << (16 * UInt64(i)) }
        w.data.append(5)
        for v in rr { w.data += [UInt8(v & 0xFF), UInt8(v >> 8)] }
        _ = packed
        let sink = try Self.run(w.file())
        let hrv = sink.records.compactMap {
            if case .biometric(let b) = $0.payload { return b } else { return nil }
        }
        // successive differences 20, -30, 20, -10 ms → sqrt((400+900+400+100)/4) = 21.21 ms
        #expect(hrv.count == 1)
        #expect(hrv.first?.type == .hrv_rmssd)
        #expect(hrv.first?.value == 21.21)
    }
}
