import Foundation

/// The JSON of the sync wire: every type names its snake_case keys itself (no key strategy,
/// so dictionary keys such as stream ids pass unchanged), keys sorted on output.
public enum SyncJSON {
    /// Encodes a wire value as the server and the client send it.
    ///
    /// - Parameter value: a request or answer of the sync API.
    /// - Returns: its JSON bytes.
    /// - Throws: `EncodingError` (not expected for the wire types).
    public static func encode(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(value))
    }

    /// Decodes a wire value.
    ///
    /// - Parameters:
    ///   - type: the request or answer expected.
    ///   - bytes: the JSON received.
    /// - Returns: the value.
    /// - Throws: `DecodingError` when the JSON is not that value.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONDecoder().decode(type, from: Data(bytes))
    }
}
