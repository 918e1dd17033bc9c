import CoachKit
import CoachSync
import CoachTrust
import NIOCore
import PostgresNIO

/// Where a stored batch's changes went: per stream its integer id and the sequences of its
/// first and last change there, each 8 bytes big-endian (`batches.placed`).
struct BatchPlacement: Equatable {
    var sid: Int64
    var first: Int64
    var last: Int64

    /// The stored form of `placements`.
    static func encode(_ placements: [BatchPlacement]) -> [UInt8] {
        placements.flatMap { place in
            [place.sid, place.first, place.last].flatMap { value in
                (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
            }
        }
    }

    /// The placements a stored form holds (a trailing partial entry is ignored).
    static func decode(_ bytes: [UInt8]) -> [BatchPlacement] {
        stride(from: 0, to: bytes.count - bytes.count % 24, by: 24).map { start in
            let values = (0..<3).map { field in
                bytes[start + 8 * field..<start + 8 * field + 8].reduce(Int64(0)) {
                    $0 << 8 | Int64($1)
                }
            }
            return BatchPlacement(sid: values[0], first: values[1], last: values[2])
        }
    }
}

extension SyncStore {
    /// The answer to a batch stored before, rebuilt from the runs its changes went into: each
    /// change of the batch, in its order, takes the next sequence of its stream from the
    /// first the batch had there, with the head the run gives it. The server keeps where a
    /// batch went instead of its answer (whose heads are most of its bytes).
    ///
    /// - Parameters:
    ///   - encoded: the batch's changes (the same batch: its digest matched).
    ///   - batchSeq: its number.
    ///   - placed: the stored placements.
    /// - Returns: the answer the batch got.
    /// - Throws: `ServerError.database` when the runs no longer hold a change of the batch.
    func storedAnswer(
        _ encoded: [[UInt8]], batchSeq: Int64, placed: [BatchPlacement],
        on connection: PostgresConnection
    ) async throws -> PushResponse {
        let rows = try await connection.query(
            """
            SELECT s.athlete_id, p.first, r.sseq, r.n, r.head, r.body
            FROM unnest(\(placed.map(\.sid)), \(placed.map(\.first)), \(placed.map(\.last)))
                AS p(sid, first, last)
            JOIN streams s ON s.sid = p.sid
            JOIN runs r ON r.sid = p.sid AND r.sseq >= p.first AND r.sseq - r.n < p.last
            """, logger: logger)
        var heads: [String: [Int64: [UInt8]]] = [:]
        var next: [String: Int64] = [:]
        for try await (athlete, start, sseq, count, head, body) in rows.decode(
            (String, Int64, Int64, Int32, ByteBuffer, ByteBuffer).self)
        {
            next[athlete] = start
            let first = sseq - Int64(count) + 1
            for (offset, change) in ChangeRun.unpack(body.array, head: head.array).enumerated() {
                heads[athlete, default: [:]][first + Int64(offset)] = change.head
            }
        }
        var results: [PushedChange] = []
        for bytes in encoded {
            let envelope = try ChangeEnvelope.decode(bytes)
            let athlete = PushPlan.athlete(envelope)
            guard let sseq = next[athlete], let head = heads[athlete]?[sseq] else {
                throw ServerError.database("the runs no longer hold batch \(batchSeq)'s changes")
            }
            next[athlete] = sseq + 1
            results.append(PushedChange(stream: AthleteID(athlete), sseq: sseq, streamHead: head))
        }
        return PushResponse(batchSeq: batchSeq, results: results)
    }
}
