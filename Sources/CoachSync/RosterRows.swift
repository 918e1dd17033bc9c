import CoachCrypto
import CoachKit
import CoachTrust

/// An athlete on the roster: the id and the keyed hash of the handle (the handle itself is
/// sealed; the server never sees it).
public struct RosterAthlete: Codable, Equatable, Sendable {
    public var athleteId: AthleteID
    public var handleTag: SyncBytes

    enum CodingKeys: String, CodingKey {
        case athleteId = "athlete_id"
        case handleTag = "handle_tag"
    }

    /// An athlete entry.
    public init(athleteId: AthleteID, handleTag: [UInt8]) {
        self.athleteId = athleteId
        self.handleTag = SyncBytes(handleTag)
    }

    var fields: AssociatedData {
        AssociatedData("athlete").with(athleteId.rawValue, handleTag.bytes)
    }
}

/// One athlete key epoch as stored: its commitment, the previous key wrapped under it (not for
/// epoch 1), and its certificate's signer and signature (`EpochRow`).
///
/// A rotation (an epoch after the first) may carry the stream position it was made at
/// (`streamMark`); an entry without one keeps the JSON and canonical bytes it always had.
public struct RosterEpoch: Codable, Equatable, Sendable {
    public var athleteId: AthleteID
    public var epoch: Int
    public var commitment: SyncBytes
    public var previousNonce: SyncBytes?
    public var previousWrapped: SyncBytes?
    public var signerId: UserID
    public var signature: SyncBytes
    /// Where the athlete's stream stood when the epoch began, signed by `signerId`.
    public var streamMark: RosterStreamMark?

    enum CodingKeys: String, CodingKey {
        case athleteId = "athlete_id"
        case streamMark = "stream_mark"
        case epoch, commitment
        case previousNonce = "previous_nonce"
        case previousWrapped = "previous_wrapped"
        case signerId = "signer_id"
        case signature
    }

    /// The entry of an athlete's epoch row.
    public init(athleteId: AthleteID, row: EpochRow) {
        self.athleteId = athleteId
        epoch = row.epoch
        commitment = SyncBytes(row.commitment)
        previousNonce = row.previousNonce.map(SyncBytes.init)
        previousWrapped = row.previousWrapped.map(SyncBytes.init)
        signerId = UserID(row.signerId ?? "")
        signature = SyncBytes(row.signature ?? [])
    }

    /// The row as the trust checks read it.
    public var row: EpochRow {
        EpochRow(
            epoch: epoch, commitment: commitment.bytes, previousNonce: previousNonce?.bytes,
            previousWrapped: previousWrapped?.bytes, signerId: signerId.rawValue,
            signature: signature.bytes)
    }

    var fields: AssociatedData {
        var data = AssociatedData("epoch").with(
            athleteId.rawValue, epoch, commitment.bytes, previousNonce == nil ? 0 : 1,
            previousNonce?.bytes ?? [], previousWrapped?.bytes ?? [], signerId.rawValue,
            signature.bytes)
        if let streamMark { data.append(streamMark.fields.bytes) }
        return data
    }
}

/// A grant of an athlete epoch's key to a user, sealed to them and signed by the granter
/// (`GrantRow`).
public struct RosterGrant: Codable, Equatable, Sendable {
    public var athleteId: AthleteID
    public var epoch: Int
    public var userId: UserID
    public var grantedBy: UserID
    public var sealed: SyncBytes
    public var signature: SyncBytes

    enum CodingKeys: String, CodingKey {
        case athleteId = "athlete_id"
        case epoch
        case userId = "user_id"
        case grantedBy = "granted_by"
        case sealed, signature
    }

    /// The entry of a grant row of an athlete epoch.
    public init(athleteId: AthleteID, epoch: Int, row: GrantRow) {
        self.athleteId = athleteId
        self.epoch = epoch
        userId = UserID(row.userId)
        grantedBy = UserID(row.grantedBy)
        sealed = SyncBytes(row.sealed)
        signature = SyncBytes(row.signature)
    }

    /// The row as the trust checks read it.
    public var row: GrantRow {
        GrantRow(
            userId: userId.rawValue, grantedBy: grantedBy.rawValue, sealed: sealed.bytes,
            signature: signature.bytes)
    }

    var fields: AssociatedData {
        AssociatedData("grant").with(
            athleteId.rawValue, epoch, userId.rawValue, grantedBy.rawValue, sealed.bytes,
            signature.bytes)
    }
}
