import Foundation

/// The JSON encoder and decoder used for payloads and exports (sorted keys, stable output).
enum JSONCoding {
    static func encoder() -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }

    static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        [UInt8](try encoder().encode(value))
    }

    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch {
            throw StoreError.tampered("a record payload")
        }
    }
}
