/// The standard's tables for level M, versions 1 to 13.
enum QRTables {
    /// A version's blocks: error-correction codewords per block and each block's data length.
    struct Blocks {
        let eccPerBlock: Int
        let dataLengths: [Int]
    }

    /// (error-correction codewords per block, group 1 blocks, their data length, group 2 blocks,
    /// their data length), from ISO/IEC 18004 table 9, level M.
    private static let levelM: [(Int, Int, Int, Int, Int)] = [
        (10, 1, 16, 0, 0), (16, 1, 28, 0, 0), (26, 1, 44, 0, 0), (18, 2, 32, 0, 0),
        (24, 2, 43, 0, 0), (16, 4, 27, 0, 0), (18, 4, 31, 0, 0), (22, 2, 38, 2, 39),
        (22, 3, 36, 2, 37), (26, 4, 43, 1, 44), (30, 1, 50, 4, 51), (22, 6, 36, 2, 37),
        (22, 8, 37, 1, 38),
    ]

    /// The centres of alignment patterns on each axis, from table E.1.
    private static let alignment: [[Int]] = [
        [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42],
        [6, 26, 46], [6, 28, 50], [6, 30, 54], [6, 32, 58], [6, 34, 62],
    ]

    static func blocks(version: Int) -> Blocks {
        let (ecc, count1, length1, count2, length2) = levelM[version - 1]
        return Blocks(
            eccPerBlock: ecc,
            dataLengths: Array(repeating: length1, count: count1)
                + Array(repeating: length2, count: count2))
    }

    static func dataCodewords(version: Int) -> Int {
        blocks(version: version).dataLengths.reduce(0, +)
    }

    static func alignmentCentres(version: Int) -> [Int] { alignment[version - 1] }
}

/// Reed–Solomon error correction over GF(2^8) with the QR polynomial x^8+x^4+x^3+x^2+1.
enum ReedSolomon {
    private static let tables: (exp: [UInt8], log: [Int]) = {
        var exp = [UInt8](repeating: 0, count: 256)
        var log = [Int](repeating: 0, count: 256)
        var value = 1
        for power in 0..<255 {
            exp[power] = UInt8(value)
            log[value] = power
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return (exp, log)
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        guard a != 0, b != 0 else { return 0 }
        return tables.exp[(tables.log[Int(a)] + tables.log[Int(b)]) % 255]
    }

    /// The generator polynomial of `degree`, highest power first, without its leading 1.
    static func generator(degree: Int) -> [UInt8] {
        var poly: [UInt8] = [1]
        for power in 0..<degree {
            let root = tables.exp[power]
            var next = [UInt8](repeating: 0, count: poly.count + 1)
            for (index, coefficient) in poly.enumerated() {
                next[index] ^= coefficient
                next[index + 1] ^= multiply(coefficient, root)
            }
            poly = next
        }
        return Array(poly.dropFirst())
    }

    /// The `degree` error-correction codewords of `data`.
    static func remainder(of data: [UInt8], degree: Int) -> [UInt8] {
        let generator = generator(degree: degree)
        var remainder = [UInt8](repeating: 0, count: degree)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in 0..<degree { remainder[index] ^= multiply(generator[index], factor) }
        }
        return remainder
    }
}
