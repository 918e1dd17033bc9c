extension AthleteAccess {
    /// The athlete's key epoch the access was opened at: the newest one this user holds.
    public var epoch: Int { keyring.currentEpoch }
}
