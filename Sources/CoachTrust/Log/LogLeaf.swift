import CoachKit

/// The data of a leaf in a workspace's log: one accepted change of a stream, or one roster entry.
///
/// A leaf names its position in its stream and the stream's chain head after it, so the proof
/// that a stream's last change is in the log covers every change before it in that stream.
/// Layout (integers big-endian):
/// - a change: `0x01 ‖ change hash (32) ‖ stream tag (1: roster 0, athlete 1) ‖ id length (4)
///   ‖ athlete id (UTF-8) ‖ sequence (8) ‖ stream head after it (32)`;
/// - a roster entry: `0x02 ‖ entry hash (32) ‖ sequence (8) ‖ roster head after it (32)`.
public enum LogLeaf {
    /// The leaf data of change number `sequence` of `stream`.
    ///
    /// - Parameters:
    ///   - stream: the change's stream.
    ///   - sequence: its number in the stream, from 1.
    ///   - changeHash: `ChangeEnvelope.hash` of the change.
    ///   - head: the stream's chain head after the change.
    /// - Returns: the bytes to hash as a leaf.
    public static func change(
        stream: ChangeStream, sequence: UInt64, changeHash: [UInt8], head: [UInt8]
    ) -> [UInt8] {
        var bytes: [UInt8] = [0x01]
        bytes += changeHash
        let id = Array(stream.id.utf8)
        switch stream {
        case .roster: bytes.append(0)
        case .athlete: bytes.append(1)
        }
        bytes += (0..<4).map { UInt8(truncatingIfNeeded: UInt32(id.count) >> UInt32(24 - 8 * $0)) }
        bytes += id
        bytes += bigEndian(sequence)
        bytes += head
        return bytes
    }

    /// The leaf data of roster entry number `sequence`.
    ///
    /// - Parameters:
    ///   - sequence: the entry's number in the roster, from 1.
    ///   - entryHash: the hash the roster chain takes of the entry.
    ///   - head: the roster head after the entry.
    /// - Returns: the bytes to hash as a leaf.
    public static func rosterEntry(sequence: UInt64, entryHash: [UInt8], head: [UInt8])
        -> [UInt8]
    {
        var bytes: [UInt8] = [0x02]
        bytes += entryHash
        bytes += bigEndian(sequence)
        bytes += head
        return bytes
    }

    private static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> UInt64(56 - 8 * $0)) }
    }
}
