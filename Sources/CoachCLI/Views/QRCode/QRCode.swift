/// A QR code (ISO/IEC 18004, model 2) holding bytes, at error-correction level M.
///
/// coach shows a pairing link as a QR code in the terminal so a phone's camera can open it.
/// The smallest version from 1 to 13 that holds the bytes is chosen (up to 331 bytes); the
/// mask is the one with the lowest penalty score the standard defines.
struct QRCode: Sendable {
    /// Why bytes could not be encoded.
    enum Failure: Error, Equatable {
        /// More bytes than version 13 at level M holds.
        case tooLong(bytes: Int, limit: Int)
    }

    /// The version, 1 to 13.
    let version: Int
    /// The number of modules on a side: `17 + 4 · version`.
    let size: Int
    /// The mask pattern chosen, 0 to 7.
    let mask: Int
    /// Row-major: `true` is a dark module.
    let modules: [Bool]

    /// The QR code of `bytes`, in byte mode at level M.
    ///
    /// - Parameter bytes: what the code holds, e.g. a URL's UTF-8.
    /// - Throws: `Failure.tooLong` past 331 bytes.
    init(bytes: [UInt8]) throws {
        guard let version = QRCode.smallestVersion(for: bytes.count) else {
            throw Failure.tooLong(bytes: bytes.count, limit: QRCode.capacity(version: 13))
        }
        let codewords = QRCode.codewords(
            QRCode.dataCodewords(bytes, version: version),
            version: version)
        var matrix = QRMatrix(version: version)
        matrix.drawFunctionPatterns()
        matrix.place(codewords)
        let mask = (0..<8).min { matrix.masked($0).penalty < matrix.masked($1).penalty } ?? 0
        let final = matrix.masked(mask)
        self.version = version
        self.size = final.size
        self.mask = mask
        self.modules = final.modules
    }

    /// Whether the module at `row`, `column` is dark; modules outside the code are light.
    subscript(row: Int, column: Int) -> Bool {
        guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
        return modules[row * size + column]
    }

    /// The most bytes `version` holds at level M.
    static func capacity(version: Int) -> Int {
        let countBits = version < 10 ? 8 : 16
        return (QRTables.dataCodewords(version: version) * 8 - 4 - countBits) / 8
    }

    private static func smallestVersion(for count: Int) -> Int? {
        (1...13).first { capacity(version: $0) >= count }
    }

    /// The data codewords: mode, count, bytes, terminator and padding.
    private static func dataCodewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        var bits = QRBitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: version < 10 ? 8 : 16)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        let capacityBits = QRTables.dataCodewords(version: version) * 8
        bits.append(0, count: min(4, capacityBits - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var result = bits.bytes
        var pad: UInt8 = 0xEC
        while result.count < capacityBits / 8 {
            result.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return result
    }

    /// The data split into blocks, each given its error correction, then interleaved.
    private static func codewords(_ data: [UInt8], version: Int) -> [UInt8] {
        let layout = QRTables.blocks(version: version)
        var blocks: [[UInt8]] = []
        var start = 0
        for length in layout.dataLengths {
            blocks.append(Array(data[start..<start + length]))
            start += length
        }
        let ecc = blocks.map { ReedSolomon.remainder(of: $0, degree: layout.eccPerBlock) }
        var result: [UInt8] = []
        for index in 0..<(layout.dataLengths.max() ?? 0) {
            for block in blocks where index < block.count { result.append(block[index]) }
        }
        for index in 0..<layout.eccPerBlock {
            for block in ecc { result.append(block[index]) }
        }
        return result
    }
}

/// Bits appended most significant first, read back as bytes.
struct QRBitBuffer {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) {
            bits.append((value >> shift) & 1 == 1)
        }
    }

    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            (0..<8).reduce(UInt8(0)) { byte, offset in
                let bit = start + offset < bits.count && bits[start + offset]
                return byte << 1 | (bit ? 1 : 0)
            }
        }
    }
}
