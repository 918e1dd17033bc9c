import CoachCodec
import Foundation
import GRDB

/// How a record's id is stored in the `id` column of its row (migration
/// `v12-compact-record-keys`).
///
/// The column has no type (`ANY` in a STRICT table): a lowercase UUID is stored as a 16-byte
/// blob, an import id (`i` and 24 lowercase hex digits, `ImportIdMaker`) as its 12 bytes, and
/// any other id as its text. Every id has exactly one stored form, and a row whose value is not
/// the stored form of the id it decodes to (a UUID written back as text, a blob of another
/// length) does not decode, so two rows can never name the same record. What is sealed and its
/// associated data still bind the id's text (`RecordCodec`), so editing the column makes the
/// row fail to open.
enum RecordIdColumn {
    /// Length of an import id's hash.
    static let importHashBytes = 12

    /// The stored form of `id`.
    static func value(_ id: String) -> DatabaseValue {
        if let bytes = CompactIdentifier.uuidBytes(id) { return Data(bytes).databaseValue }
        if let bytes = importHash(id) { return Data(bytes).databaseValue }
        return id.databaseValue
    }

    /// The id a stored value holds, or nil when the value is not the stored form of any id.
    static func id(_ stored: DatabaseValue) -> String? {
        switch stored.storage {
        case .string(let text):
            return value(text) == stored ? text : nil
        case .blob(let data):
            switch data.count {
            case 16: return CompactIdentifier.text([UInt8](data))
            case importHashBytes: return importText(data)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The 12 bytes of an import id, or nil for any other id.
    static func importHash(_ id: String) -> [UInt8]? {
        var id = id
        return id.withUTF8 { utf8 -> [UInt8]? in
            guard utf8.count == 1 + 2 * importHashBytes, utf8[0] == UInt8(ascii: "i") else {
                return nil
            }
            var out = [UInt8](repeating: 0, count: importHashBytes)
            for i in 0..<(2 * importHashBytes) {
                let c = utf8[1 + i]
                let v: UInt8
                switch c {
                case 0x30...0x39: v = c - 0x30
                case 0x61...0x66: v = c - 0x61 + 10
                default: return nil
                }
                out[i >> 1] |= i & 1 == 0 ? v << 4 : v
            }
            return out
        }
    }

    /// The import id of 12 bytes: `i` and their lowercase hex digits.
    static func importText(_ bytes: Data) -> String {
        String(unsafeUninitializedCapacity: 1 + 2 * bytes.count) { out in
            func digit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x61 + v - 10 }
            out[0] = UInt8(ascii: "i")
            for (i, b) in bytes.enumerated() {
                out[1 + 2 * i] = digit(b >> 4)
                out[2 + 2 * i] = digit(b & 0x0f)
            }
            return 1 + 2 * bytes.count
        }
    }
}
