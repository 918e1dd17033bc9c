import CoachKit
import CoachSync
import NIOCore
import PostgresNIO

extension SyncStore {
    /// The columns of `inbox i` joined with its device's `checkin_devices d` that render a
    /// stored item again (`inboxItem`), then its time of receipt.
    static let inboxItemColumns = """
        i.ws, d.athlete_id, i.item::text, to_char(i.day, 'YYYY-MM-DD'), d.device_id, i.epoch,
        i.enc, i.ciphertext, i.sent_at, i.signature, i.received_at
        """

    /// A stored item as the phone posted it, from the compact row of `inboxItemColumns` (the
    /// version and suite are the only ones the contract allows), and when it was received.
    ///
    /// - Throws: what decoding the row throws.
    static func inboxItem(_ row: PostgresRow) throws -> (item: CheckinItem, receivedAt: Int64) {
        let (ws, athlete, item, day, device, epoch, enc, ciphertext, sentAt, signature, at) =
            try row.decode(
                (
                    String, String, String, String, String, Int32, ByteBuffer, ByteBuffer, Int64,
                    ByteBuffer, Int64
                ).self)
        let stored = CheckinItem(
            workspace: ws, athlete: AthleteID(athlete), item: item, day: day,
            device: DeviceID(device), epoch: Int(epoch), enc: enc.array,
            ciphertext: ciphertext.array, sentAt: sentAt, signature: signature.array)
        return (stored, at)
    }
}
