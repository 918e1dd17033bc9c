extension KDFParameters {
    /// Whether the costs lie between a floor and the strongest preset's (SENSITIVE).
    ///
    /// What a machine accepts from a server that hands it a sealed key row: costs below the
    /// floor the user's certificate names (never below INTERACTIVE) weaken the passphrase;
    /// costs above SENSITIVE only make the machine hash for longer than any preset would.
    ///
    /// - Parameters:
    ///   - floorOps: the least passes over memory accepted.
    ///   - floorMem: the least memory in bytes accepted.
    /// - Returns: true when both limits are within the bounds.
    public func costsWithin(floorOps: UInt64, floorMem: UInt64) -> Bool {
        let low = Preset.interactive.limits, high = Preset.sensitive.limits
        return opsLimit >= max(floorOps, low.ops) && memLimit >= max(floorMem, low.mem)
            && opsLimit <= high.ops && memLimit <= high.mem
    }
}
