import CoachKit
import Foundation
import GRDB

/// One signed change waiting in the outbox for a push.
public struct OutboxEntry: Equatable, Sendable {
    /// The device that signed it.
    public let device: DeviceID
    /// Its place in the device's chain.
    public let sequence: Int64
    /// The athlete whose stream it belongs to.
    public let athleteId: AthleteID
    /// The record id.
    public let object: String
    /// The envelope's canonical bytes (`ChangeEnvelope.encoded()`).
    public let envelope: [UInt8]

    init(row: Row) {
        device = DeviceID(row["device_id"])
        sequence = row["sequence"]
        athleteId = AthleteID(row["athlete_id"])
        object = row["object"]
        envelope = [UInt8](row["envelope"] as Data)
    }
}
