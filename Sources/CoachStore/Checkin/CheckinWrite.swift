import CoachKit

/// A check-in ready to be written: the wellness entry (already validated) and whose it is.
public struct CheckinWrite {
    /// The athlete, opened for the writer.
    public let athlete: AthleteAccess
    /// The entry, its origin the phone.
    public let entry: WellnessEntry
    /// The phone that sent it.
    public let device: DeviceID

    /// A write of `entry` for `athlete`, sent by `device`.
    public init(athlete: AthleteAccess, entry: WellnessEntry, device: DeviceID) {
        self.athlete = athlete
        self.entry = entry
        self.device = device
    }
}
