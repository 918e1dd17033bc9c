import CoachCodec
import Foundation

/// The JSON encoder and decoder used for payloads and exports (sorted keys, stable output): the
/// codec's `PayloadJSON`, with a payload that does not decode reported as tampering.
enum JSONCoding {
    static func encoder() -> JSONEncoder { PayloadJSON.encoder() }

    static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        try PayloadJSON.encode(value)
    }

    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        do {
            return try PayloadJSON.decode(type, from: bytes)
        } catch {
            throw StoreError.tampered("a record payload")
        }
    }
}
