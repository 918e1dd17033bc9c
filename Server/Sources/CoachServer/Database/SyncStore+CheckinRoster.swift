import CoachSync
import PostgresNIO

extension SyncStore {
    /// Keeps the `checkin_devices` cache in step with a roster entry: a new check-in device
    /// (its pairing, done, is deleted), or the revocation of one.
    func storeCheckin(
        _ entry: RosterEntry, workspace ws: String, on connection: PostgresConnection
    ) async throws {
        switch entry {
        case .checkinDevice(let d):
            try await connection.query(
                """
                INSERT INTO checkin_devices (ws, device_id, athlete_id, approver, sign_pk)
                VALUES (\(ws), \(d.device.rawValue), \(d.athlete.rawValue),
                    \(d.approver.rawValue), \(d.signPK.bytes.buffer))
                """, logger: logger)
            try await connection.query(
                "DELETE FROM pairings WHERE ws = \(ws) AND device_id = \(d.device.rawValue)",
                logger: logger)
        case .deviceRevocation(let r):
            try await connection.query(
                """
                UPDATE checkin_devices SET revoked = true
                WHERE ws = \(ws) AND device_id = \(r.deviceId.rawValue)
                """, logger: logger)
        default: return
        }
    }
}
