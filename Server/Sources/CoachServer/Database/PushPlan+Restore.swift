import CoachKit
import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO

extension PushPlan {
    /// Writes a restore batch as `write` writes a push (runs, log leaves, object buckets,
    /// stream ends) in one statement, but records no batch, and raises each signing device's
    /// chain position to its newest change given back when that is past where it stands.
    func writeRestore(_ ws: String, store: SyncStore, on connection: PostgresConnection)
        async throws
    {
        let write = try streamWrite(ws)
        // Each device's newest change given back: its sequence and hash.
        var newest: [String: (sequence: Int64, hash: [UInt8])] = [:]
        for envelope in envelopes
        where envelope.sequence > newest[envelope.device.rawValue]?.sequence ?? 0 {
            newest[envelope.device.rawValue] = (envelope.sequence, envelope.hash)
        }
        let devices = newest.keys.sorted()
        try await connection.query(
            """
            WITH \(write)
            UPDATE devices SET dev_seq = u.s, dev_head = u.h
            FROM unnest(\(devices), \(devices.map { newest[$0]?.sequence ?? 0 }),
                \(devices.map { (newest[$0]?.hash ?? []).buffer })) AS u(d, s, h)
            WHERE devices.ws = \(ws) AND devices.device_id = u.d AND devices.dev_seq < u.s
            """, logger: store.logger)
    }
}
