import Foundation

/// The JSON form of record payloads and exports: sorted keys and unescaped slashes, so the same
/// value always gives the same bytes.
public enum PayloadJSON {
    /// A new encoder with the payload settings.
    public static func encoder() -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }

    /// The JSON bytes of `value`.
    ///
    /// - Throws: the encoder's error when `value` does not encode (a non-finite double).
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        [UInt8](try encoder().encode(value))
    }

    /// A value of `type` from JSON bytes.
    ///
    /// - Throws: `CompactReader.Malformed` when the bytes are not JSON of that type.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch {
            throw CompactReader.Malformed()
        }
    }
}
