import CoachKit
import Foundation

/// One decrypted record: its plaintext index columns and its JSON payload.
public struct StoredRecord: Sendable {
    public let id: String
    public let kind: RecordKind
    public let day: String
    public let version: Int
    public let payload: [UInt8]
}
