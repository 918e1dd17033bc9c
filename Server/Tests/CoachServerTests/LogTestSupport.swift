import CoachKit
import CoachSync
import CoachTrust
import Logging
import NIOCore
import PostgresNIO
import Testing

@testable import CoachServer

/// The log a test expects, rebuilt from scratch: the leaves of what it pushed (computed here,
/// from the envelopes and the answers) and of the fixture's roster, in the order the server's
/// `log_runs` gives them.
struct LogExpectation {
    /// Leaf hashes by stream (athlete id, "" for the roster) and sequence.
    var leaves: [String: [Int64: [UInt8]]] = [:]

    /// Expects the roster `entries`, from its start.
    mutating func roster(_ entries: [RosterEntry]) {
        var head = RosterHead.empty
        for entry in entries {
            head = head.appending(entry)
            leaves["", default: [:]][head.count] = MerkleHasher.blake2b256.leaf(
                LogLeaf.rosterEntry(
                    sequence: UInt64(head.count), entryHash: entry.hash, head: head.hash.bytes))
        }
    }

    /// Expects pushed `changes`, placed as `results` says.
    mutating func pushed(_ changes: [ChangeEnvelope], _ results: [PushedChange]) {
        for (change, result) in zip(changes, results) {
            leaves[result.stream.rawValue, default: [:]][result.sseq] =
                MerkleHasher.blake2b256.leaf(
                    LogLeaf.change(
                        stream: change.stream, sequence: UInt64(result.sseq),
                        changeHash: change.hash, head: result.streamHead.bytes))
        }
    }

    /// The log the server's numbering gives: every `log_runs` row in `gseq` order, which must
    /// start at 0 and leave no gap, each stream's runs in order without a gap.
    func rebuild(_ db: PostgresClient) async throws -> MerkleLog {
        var athletes: [Int64: String] = [0: ""]
        for try await (sid, id) in try await db.query("SELECT sid, athlete_id FROM streams")
            .decode((Int64, String).self)
        {
            athletes[sid] = id
        }
        var log = MerkleLog()
        var ends: [Int64: Int64] = [:]
        let runs = try await db.query(
            """
            SELECT gseq, sid, seq, n FROM log_runs WHERE ws = \(ClubFixture.workspace)
            ORDER BY gseq
            """
        )
        for try await (gseq, sid, seq, n) in runs.decode((Int64, Int64, Int64, Int32).self) {
            #expect(gseq == Int64(log.size), "run \(sid)/\(seq) numbered \(gseq)")
            #expect(seq - Int64(n) == ends[sid] ?? 0, "stream \(sid) out of order at \(seq)")
            ends[sid] = seq
            for s in (seq - Int64(n) + 1)...seq {
                let leaf = try #require(leaves[athletes[sid] ?? "?"]?[s], "leaf \(sid)/\(s)")
                try log.append(leafHash: leaf)
            }
        }
        return log
    }

    /// The number of leaves expected.
    var count: Int { leaves.values.map(\.count).reduce(0, +) }
}

/// The signed heads of the club's workspace, smallest first.
func storedHeads(_ db: PostgresClient) async throws -> [ServerTreeHead] {
    var heads: [ServerTreeHead] = []
    let rows = try await db.query(
        "SELECT size, root, time, key_id, signature FROM tree_heads ORDER BY size")
    for try await (size, root, time, keyId, signature) in rows.decode(
        (Int64, ByteBuffer, Int64, ByteBuffer, ByteBuffer).self)
    {
        heads.append(
            ServerTreeHead(
                workspace: ClubFixture.workspace, keyId: keyId.array, size: size,
                root: root.array, time: time, signature: signature.array))
    }
    return heads
}

/// One row count.
func rowCount(_ db: PostgresClient, _ table: String) async throws -> Int {
    let row = try await db.query(PostgresQuery(unsafeSQL: "SELECT count(*)::int8 FROM \(table)"))
        .collect().first
    return Int(try row?.decode(Int64.self) ?? -1)
}
