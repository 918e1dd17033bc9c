extension SyncLimits {
    /// The largest check-in item body: 8 KiB.
    public static let maxCheckinItemBytes = 8_192
    /// The longest life of a pairing, in seconds: one hour.
    public static let maxPairingSeconds: Int64 = 3_600
    /// The largest pairing request body.
    public static let maxPairingRequestBytes = 2_048
    /// The longest check-in device name, in UTF-8 bytes.
    public static let maxCheckinDeviceName = 100
    /// How far a check-in device's clock may be from the server's when it reads its bundle,
    /// in seconds.
    public static let checkinSkewSeconds: Int64 = 300
    /// How far ahead of the server an item's `sent_at` may be, in milliseconds: 24 hours.
    public static let checkinClockAheadMilliseconds: Int64 = 86_400_000
    /// The most items one check-in device may post in 24 hours.
    public static let checkinItemsPerDevicePerDay = 24
    /// The most items waiting in one athlete's inbox.
    public static let maxPendingCheckins = 200
    /// The most items one claim leases.
    public static let maxInboxClaim = 100
    /// How long a claim leases its items, in milliseconds: five minutes.
    public static let inboxLeaseMilliseconds: Int64 = 300_000
}
