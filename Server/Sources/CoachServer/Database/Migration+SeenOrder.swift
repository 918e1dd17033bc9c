extension Migration {
    /// Each device's last `seen` (issue 27): the log size the last change it pushed named as
    /// verified, and that change's clock (Unix milliseconds), so a push can refuse a change
    /// whose `seen` goes back along the device's chain with the row the push locks anyway.
    /// Devices start with none; their next change naming a head sets it.
    static let seenOrder = """
        ALTER TABLE devices ADD COLUMN seen_size bigint, ADD COLUMN seen_at bigint;
        """
}
