/// Bytes on the sync wire: in JSON a base64url string without padding (RFC 4648 §5).
///
/// Reading is strict: a character outside the base64url alphabet, padding, or a length no
/// encoding has is refused, so each value has exactly one spelling.
public struct SyncBytes: Hashable, Sendable, Codable, ExpressibleByArrayLiteral {
    /// The bytes.
    public var bytes: [UInt8]

    /// Wraps `bytes`.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Wraps the listed bytes.
    public init(arrayLiteral elements: UInt8...) { bytes = elements }

    /// The base64url text of the bytes, without padding.
    public var text: String { Base64URL.encode(bytes) }

    /// Reads base64url text without padding; nil when it is not exactly that.
    public init?(text: String) {
        guard let bytes = Base64URL.decode(text) else { return nil }
        self.bytes = bytes
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = SyncBytes(text: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not base64url bytes"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
