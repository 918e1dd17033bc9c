import Foundation

/// The trimmed RFC 9180 vector file (Tests/Fixtures/hpke/rfc9180-base-x25519.json).
struct HPKEVectorFile: Codable {
    var source: String
    var vectors: [HPKEVector]

    /// Reads the committed fixture.
    static func load() throws -> HPKEVectorFile {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(
            HPKEVectorFile.self, from: try Fixtures.data("hpke/rfc9180-base-x25519.json"))
    }
}

/// One RFC 9180 test vector, its bytes as published in hex.
struct HPKEVector: Codable {
    struct Encryption: Codable { var aad, ct, nonce, pt: String }
    struct Export: Codable {
        var exporterContext: String
        var length: Int
        var exportedValue: String

        enum CodingKeys: String, CodingKey {
            case exporterContext
            case length = "L"
            case exportedValue
        }
    }
    var mode, kemId, kdfId, aeadId: UInt16
    var info, ikmR, ikmE, skRm, skEm, pkRm, pkEm, enc, sharedSecret: String
    var keyScheduleContext, secret, key, baseNonce, exporterSecret: String
    var encryptions: [Encryption]
    var exports: [Export]
}
