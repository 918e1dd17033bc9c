extension SyncReport {
    /// The environment variable that has a sync measure its log checks' CPU time.
    public static let logCPUVariable = "COACH_SYNC_LOG_CPU"

    /// A report that measures its log checks (`logCheckMicros` from 0) when `variables` set
    /// `logCPUVariable` to 1, else one that does not (nil).
    static func measuring(_ variables: [String: String]) -> SyncReport {
        var report = SyncReport()
        if variables[logCPUVariable] == "1" { report.logCheckMicros = 0 }
        return report
    }

    /// Runs `body`, one of the sync's checks of the served log, adding the CPU time this
    /// thread spent in it to `logCheckMicros` when that is measured.
    ///
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    mutating func logCheck<T>(_ body: () throws -> T) rethrows -> T {
        guard let before = logCheckMicros else { return try body() }
        let start = ThreadCPUTime.micros()
        defer { logCheckMicros = before + ThreadCPUTime.micros() - start }
        return try body()
    }
}
