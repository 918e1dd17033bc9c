import CoachKit

/// `POST /v1/ws/{ws}/pairings`: a signed-in user registers a pairing for one athlete by its
/// proof (`CheckinBytes.pairProof`); the code itself stays in the pairing link's fragment.
public struct PairingCreate: Codable, Equatable, Sendable {
    /// The 16-byte proof of the pairing code.
    public var proof: SyncBytes
    public var athlete: AthleteID
    /// The pairing's life in seconds (at most `SyncLimits.maxPairingSeconds`).
    public var expiresIn: Int64

    enum CodingKeys: String, CodingKey {
        case proof, athlete
        case expiresIn = "expires_in"
    }

    /// A pairing of `athlete` living `expiresIn` seconds.
    public init(proof: [UInt8], athlete: AthleteID, expiresIn: Int64) {
        self.proof = SyncBytes(proof)
        self.athlete = athlete
        self.expiresIn = expiresIn
    }
}

/// The answer to `PairingCreate`: the proof as the pairing's path names it, and its end.
public struct PairingCreated: Codable, Equatable, Sendable {
    public var proof: SyncBytes
    /// When the pairing expires, in Unix milliseconds.
    public var expiresAt: Int64

    enum CodingKeys: String, CodingKey {
        case proof
        case expiresAt = "expires_at"
    }

    /// A registered pairing.
    public init(proof: [UInt8], expiresAt: Int64) {
        self.proof = SyncBytes(proof)
        self.expiresAt = expiresAt
    }
}

/// `POST /v1/ws/{ws}/pairings/{proof}/request`: the phone's one request to be approved, its
/// key MACed under the pairing code so the server cannot swap in a key of its own.
public struct PairingRequest: Codable, Equatable, Sendable {
    /// `CheckinDeviceCertificate.deviceId(signPK:)` of `signPK`.
    public var device: DeviceID
    public var signPK: SyncBytes
    public var name: String
    /// HMAC-SHA256 under `CheckinBytes.pairMACKey` over `CheckinBytes.pairRequest`.
    public var mac: SyncBytes

    enum CodingKeys: String, CodingKey {
        case device
        case signPK = "sign_pk"
        case name, mac
    }

    /// A pairing request.
    public init(device: DeviceID, signPK: [UInt8], name: String, mac: [UInt8]) {
        self.device = device
        self.signPK = SyncBytes(signPK)
        self.name = name
        self.mac = SyncBytes(mac)
    }
}

/// The answer to a pairing request (`202`) or a check-in item (`201`, `200`) the server
/// took: nothing to say.
public struct CheckinAccepted: Codable, Equatable, Sendable {
    /// The empty answer.
    public init() {}
}

/// `GET /v1/ws/{ws}/pairings/{proof}`: the pairing's athlete and, once the phone asked, its
/// request exactly as sent (the approver checks the MAC).
public struct PairingStatus: Codable, Equatable, Sendable {
    public var athlete: AthleteID
    public var request: PairingRequest?

    /// A pairing's state.
    public init(athlete: AthleteID, request: PairingRequest?) {
        self.athlete = athlete
        self.request = request
    }
}
