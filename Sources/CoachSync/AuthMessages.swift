import CoachCrypto
import CoachKit

/// `POST /v1/auth/challenge`: a device asks to sign in.
public struct ChallengeRequest: Codable, Equatable, Sendable {
    public var workspace: String
    public var device: DeviceID

    /// A challenge request of `device` in `workspace`.
    public init(workspace: String, device: DeviceID) {
        self.workspace = workspace
        self.device = device
    }
}

/// The challenge: a fresh nonce and the server's time (Unix ms), to be signed back within
/// `SyncLimits.challengeMilliseconds`.
public struct ChallengeResponse: Codable, Equatable, Sendable {
    public var nonce: SyncBytes
    public var serverTime: Int64

    enum CodingKeys: String, CodingKey {
        case nonce
        case serverTime = "server_time"
    }

    /// A challenge.
    public init(nonce: [UInt8], serverTime: Int64) {
        self.nonce = SyncBytes(nonce)
        self.serverTime = serverTime
    }
}

/// `POST /v1/auth/session`: the device's signature over the challenge (`SessionProof`).
public struct SessionRequest: Codable, Equatable, Sendable {
    public var workspace: String
    public var device: DeviceID
    public var nonce: SyncBytes
    /// The challenge's `server_time`, as signed.
    public var serverTime: Int64
    public var signature: SyncBytes

    enum CodingKeys: String, CodingKey {
        case workspace, device, nonce
        case serverTime = "server_time"
        case signature
    }

    /// The answer to a challenge with its signature made elsewhere (over
    /// `SessionProof.message` of the same fields).
    public init(
        workspace: String, device: DeviceID, nonce: [UInt8], serverTime: Int64,
        signature: [UInt8]
    ) {
        self.workspace = workspace
        self.device = device
        self.nonce = SyncBytes(nonce)
        self.serverTime = serverTime
        self.signature = SyncBytes(signature)
    }

    /// The answer to `challenge`, signed by `key`.
    public init(
        workspace: String, device: DeviceID, challenge: ChallengeResponse, key: SigningKeyPair
    ) {
        self.workspace = workspace
        self.device = device
        nonce = challenge.nonce
        serverTime = challenge.serverTime
        signature = SyncBytes(
            key.sign(
                SessionProof.message(
                    workspace: workspace, device: device, nonce: challenge.nonce.bytes,
                    serverTime: challenge.serverTime)))
    }
}

/// A session: the bearer token (`Authorization: Coach <token>`) and when it ends (Unix ms).
public struct SessionResponse: Codable, Equatable, Sendable {
    public var token: String
    public var expiresAt: Int64

    enum CodingKeys: String, CodingKey {
        case token
        case expiresAt = "expires_at"
    }

    /// A session token ending at `expiresAt`.
    public init(token: String, expiresAt: Int64) {
        self.token = token
        self.expiresAt = expiresAt
    }
}

/// What a device signs to sign in: a domain label, the workspace, the device, the server's
/// nonce and the challenge's time.
public enum SessionProof {
    /// The signed bytes.
    public static func message(
        workspace: String, device: DeviceID, nonce: [UInt8], serverTime: Int64
    ) -> [UInt8] {
        AssociatedData("coach/1/sync-session").with(
            workspace, device.rawValue, nonce, serverTime
        ).bytes
    }
}
