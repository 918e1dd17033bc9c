import CoachKit
import Foundation

/// Writes the JSON of the most frequent imported record (a biometric sample) by hand.
///
/// A large export carries hundreds of thousands of heart-rate samples; the general encoder
/// costs more than encrypting and storing them. The output is what the general encoder writes
/// for the same value (sorted keys, the same number and string forms), which a test checks.
enum FastPayload {
    static func biometric(_ b: BiometricSample) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160)
        out += Array("{\"id\":".utf8)
        string(b.id, into: &out)
        if let source = b.source {
            out += Array(",\"source\":".utf8)
            string(source, into: &out)
        }
        out += Array(",\"time\":\"".utf8)
        out += Array(b.time.description.utf8)
        out += Array("\",\"type\":\"".utf8)
        out += Array(b.type.rawValue.utf8)
        out += Array("\",\"value\":".utf8)
        out += Array(number(b.value).utf8)
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// A double as JSONEncoder writes it: integral values without a fraction.
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    /// A JSON string with the escapes JSONEncoder uses (slashes left alone).
    static func string(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for c in s.utf8 {
            switch c {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0x08: out += [0x5C, UInt8(ascii: "b")]
            case 0x0C: out += [0x5C, UInt8(ascii: "f")]
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array("\\u00".utf8) + [hex[Int(c >> 4)], hex[Int(c & 0xF)]]
            default: out.append(c)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
