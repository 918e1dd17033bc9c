import CoachKit

/// `POST /v1/ws/{ws}/changes`: one batch of the authenticated device's changes, each
/// `ChangeEnvelope.encoded()`, in the device's order.
///
/// `(device, batch_seq)` makes a push idempotent: the same batch sent again gets the answer
/// stored the first time and stores nothing twice; another batch under a used number is
/// refused.
public struct PushRequest: Codable, Equatable, Sendable {
    public var device: DeviceID
    public var batchSeq: Int64
    public var changes: [SyncBytes]
    /// After the owner's log reset: changes a replica held that the restored server lacks,
    /// signed by any device (`restore: true`, absent otherwise).
    public var restore: Bool?

    enum CodingKeys: String, CodingKey {
        case device
        case batchSeq = "batch_seq"
        case changes, restore
    }

    /// A batch of encoded envelopes.
    public init(device: DeviceID, batchSeq: Int64, changes: [[UInt8]]) {
        self.device = device
        self.batchSeq = batchSeq
        self.changes = changes.map(SyncBytes.init)
    }
}

/// Where one accepted change landed: its athlete stream, its stream sequence and the stream's
/// hash-chain head after it (`StreamChain`).
public struct PushedChange: Codable, Equatable, Sendable {
    public var stream: AthleteID
    public var sseq: Int64
    public var streamHead: SyncBytes
    /// A restored change the server held at its version or a newer one: nothing was stored
    /// (`present: true`, absent otherwise).
    public var present: Bool?

    enum CodingKeys: String, CodingKey {
        case stream, sseq
        case streamHead = "stream_head"
        case present
    }

    /// A change's place.
    public init(stream: AthleteID, sseq: Int64, streamHead: [UInt8]) {
        self.stream = stream
        self.sseq = sseq
        self.streamHead = SyncBytes(streamHead)
    }
}

/// The answer to an accepted push: one `PushedChange` per change, in the request's order.
public struct PushResponse: Codable, Equatable, Sendable {
    public var batchSeq: Int64
    public var results: [PushedChange]

    enum CodingKeys: String, CodingKey {
        case batchSeq = "batch_seq"
        case results
    }

    /// The places of a batch's changes.
    public init(batchSeq: Int64, results: [PushedChange]) {
        self.batchSeq = batchSeq
        self.results = results
    }
}

/// An object whose version moved past a pushed change's base: a `409` names each.
public struct StaleObject: Codable, Equatable, Sendable {
    public var stream: AthleteID
    public var object: String
    /// The object's version on the server (0 when it does not exist there).
    public var currentVersion: Int64
    /// The index of the stale change in the request.
    public var change: Int

    enum CodingKeys: String, CodingKey {
        case stream, object
        case currentVersion = "current_version"
        case change
    }

    /// A stale object.
    public init(stream: AthleteID, object: String, currentVersion: Int64, change: Int) {
        self.stream = stream
        self.object = object
        self.currentVersion = currentVersion
        self.change = change
    }
}
