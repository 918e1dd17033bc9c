import Foundation

@testable import CoachImport

/// Writes small FIT files for tests: definitions and data messages in either byte order,
/// compressed-timestamp headers, developer fields, and the header and file CRCs.
struct FITWriter {
    struct Field {
        var number: UInt8
        var size: UInt8
        var baseType: UInt8
    }

    var data: [UInt8] = []
    var definitions: [UInt8: (big: Bool, fields: [Field], dev: [UInt8])] = [:]

    static func u8(_ n: UInt8) -> Field { Field(number: n, size: 1, baseType: 0x02) }
    static func u16(_ n: UInt8) -> Field { Field(number: n, size: 2, baseType: 0x84) }
    static func u32(_ n: UInt8) -> Field { Field(number: n, size: 4, baseType: 0x86) }
    static func s32(_ n: UInt8) -> Field { Field(number: n, size: 4, baseType: 0x85) }
    static func enumField(_ n: UInt8) -> Field { Field(number: n, size: 1, baseType: 0x00) }

    /// A definition message; `devSizes` adds developer fields of those sizes.
    mutating func define(
        local: UInt8, global: UInt16, fields: [Field], bigEndian: Bool = false,
        devSizes: [UInt8] = []
    ) {
        data.append(0x40 | (devSizes.isEmpty ? 0 : 0x20) | local)
        data.append(0)
        data.append(bigEndian ? 1 : 0)
        data +=
            bigEndian
            ? [UInt8(global >> 8), UInt8(global & 0xFF)]
            : [
                UInt8(global & 0xFF), UInt8(global >> 8),
            ]
        data.append(UInt8(fields.count))
        for f in fields { data += [f.number, f.size, f.baseType] }
        if !devSizes.isEmpty {
            data.append(UInt8(devSizes.count))
            for (i, s) in devSizes.enumerated() { data += [UInt8(i), s, 0] }
        }
        definitions[local] = (bigEndian, fields, devSizes)
    }

    /// A data message with one value per field (and filler bytes for developer fields).
    mutating func message(local: UInt8, _ values: [UInt64], compressedOffset: UInt8? = nil) {
        if let off = compressedOffset {
            data.append(0x80 | (local << 5) | (off & 0x1F))
        } else {
            data.append(local)
        }
        let def = definitions[local]!
        for (f, v) in zip(def.fields, values) {
            var bytes = (0..<Int(f.size)).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) }
            if def.big { bytes.reverse() }
            data += bytes
        }
        for s in def.dev { data += [UInt8](repeating: 0xAB, count: Int(s)) }
    }

    /// The whole file: 14-byte header (with its CRC), the data, the file CRC.
    func file(headerCRC: Bool = true) -> [UInt8] {
        var h: [UInt8] = [14, 0x20, 0x08, 0x08]
        let n = UInt32(data.count)
        h += [UInt8(n & 0xFF), UInt8((n >> 8) & 0xFF), UInt8((n >> 16) & 0xFF), UInt8(n >> 24)]
        h += Array(".FIT".utf8)
        let hc = headerCRC ? FITCRC.compute(h, 0..<12) : 0
        h += [UInt8(hc & 0xFF), UInt8(hc >> 8)]
        var all = h + data
        let c = FITCRC.compute(all, 0..<all.count)
        all += [UInt8(c & 0xFF), UInt8(c >> 8)]
        return all
    }

    /// FIT seconds of a Unix time.
    static func fitTime(_ unix: Double) -> UInt64 { UInt64(unix - FITImporter.epoch) }

    /// An activity: file_id, `count` records at 1 Hz from `start` with power/hr/speed, one lap,
    /// and one session (cycling) with totals.
    static func activity(
        start: Double = 1_700_000_000, count: Int = 120,
        power: (Int) -> UInt64 = { 150 + UInt64($0 % 40) },
        bigEndian: Bool = false
    ) -> FITWriter {
        var w = FITWriter()
        w.define(local: 0, global: 0, fields: [enumField(0), u16(1), u32(4)], bigEndian: bigEndian)
        w.message(local: 0, [4, 1, fitTime(start)])
        w.define(
            local: 1, global: 20, fields: [u32(253), u16(7), u8(3), u16(6)], bigEndian: bigEndian)
        for i in 0..<count {
            w.message(local: 1, [fitTime(start) + UInt64(i), power(i), 120 + UInt64(i % 30), 8000])
        }
        w.define(local: 2, global: 19, fields: [u32(253), u32(2)], bigEndian: bigEndian)
        w.message(local: 2, [fitTime(start) + UInt64(count), fitTime(start)])
        w.appendSession(start: start, seconds: count, sport: 2, bigEndian: bigEndian)
        return w
    }

    mutating func appendSession(start: Double, seconds: Int, sport: UInt64, bigEndian: Bool = false)
    {
        define(
            local: 3, global: 18,
            fields: [
                FITWriter.u32(253), FITWriter.u32(2), FITWriter.enumField(5), FITWriter.u32(7),
                FITWriter.u32(8), FITWriter.u32(9), FITWriter.u16(11), FITWriter.u8(16),
            ], bigEndian: bigEndian)
        message(
            local: 3,
            [
                FITWriter.fitTime(start) + UInt64(seconds), FITWriter.fitTime(start), sport,
                UInt64(seconds * 1000), UInt64(seconds * 1000), 100_000, 321, 135,
            ])
    }
}
