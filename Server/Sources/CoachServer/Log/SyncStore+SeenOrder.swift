import CoachKit
import CoachSync
import CoachTrust
import PostgresNIO

extension SyncStore {
    /// Refuses a pushed change whose `seen` names a smaller log than an earlier change of its
    /// device did, in this push or stored before (`422 seen_went_back`, naming the change):
    /// an honest device's verified log only grows along its chain. The device's last `seen`
    /// (its size and the clock of the change that named it) is kept on the device's row,
    /// which the push holds locked: one indexed read, and a write when the push names one.
    /// Changes stamped no later than the owner's last log reset (`resetTime`, 0 before one)
    /// may name a head of the log the reset gave up: they are not checked and not kept, and a
    /// kept `seen` from before the reset no longer counts.
    ///
    /// - Throws: `SyncProblem` naming the first change refused.
    func checkSeenOrder(
        _ ws: String, _ device: DeviceID, _ envelopes: [ChangeEnvelope], resetTime: Int64 = 0,
        on connection: PostgresConnection
    ) async throws {
        let named = envelopes.enumerated().filter {
            $0.element.seen != nil && $0.element.clock.milliseconds > resetTime
        }
        guard let newest = named.last?.element else { return }
        let row = try await connection.query(
            """
            SELECT seen_size, seen_at FROM devices
            WHERE ws = \(ws) AND device_id = \(device.rawValue)
            """, logger: logger
        ).collect().first
        var last: (size: Int64, index: Int?)?
        if let (kept, at) = try row?.decode((Int64?, Int64?).self), let size = kept,
            let at, at > resetTime
        {
            last = (size, nil)
        }
        for (index, envelope) in named {
            let size = Int64(clamping: envelope.seen?.size ?? 0)
            if let last, size < last.size {
                let earlier = last.index.map { "change \($0) of this push" } ?? "a stored change"
                throw SyncProblem.refuse(
                    .seenWentBack,
                    "change \(index) names a log of \(size) entries as seen after \(earlier) "
                        + "of its device named \(last.size)",
                    device: envelope.device, change: index)
            }
            last = (size, index)
        }
        try await connection.query(
            """
            UPDATE devices SET seen_size = \(Int64(clamping: newest.seen?.size ?? 0)),
                seen_at = \(newest.clock.milliseconds)
            WHERE ws = \(ws) AND device_id = \(device.rawValue)
            """, logger: logger)
    }
}
