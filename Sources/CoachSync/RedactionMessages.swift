import CoachKit

/// `POST /v1/ws/{ws}/redactions`: drop the bodies of the named athlete streams' changes that
/// the server's own header check proves superseded, keeping each change's header, body hash
/// and signature.
public struct RedactionRequest: Codable, Equatable, Sendable {
    /// The athlete streams to redact in.
    public var streams: [AthleteID]

    /// At most this many streams a request.
    public static let maxStreams = 64

    /// A request to redact in `streams`.
    public init(streams: [AthleteID]) {
        self.streams = streams
    }
}

/// The answer to `RedactionRequest`: for each stream named, the changes whose bodies are gone.
public struct RedactionResponse: Codable, Equatable, Sendable {
    /// One stream's redacted changes.
    public struct Stream: Codable, Equatable, Sendable {
        public var stream: AthleteID
        /// The stream sequences of the changes redacted by this request, in order.
        public var redacted: [Int64]
        /// How many of the stream's changes were redacted before this request.
        public var already: Int64

        /// One stream's answer.
        public init(stream: AthleteID, redacted: [Int64], already: Int64) {
            self.stream = stream
            self.redacted = redacted
            self.already = already
        }
    }

    public var streams: [Stream]

    /// An answer listing `streams`.
    public init(streams: [Stream]) {
        self.streams = streams
    }
}
