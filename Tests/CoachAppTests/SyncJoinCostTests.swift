import CoachApp
import CoachKit
import CoachStore
import CoachSync
import CoachTestSupport
import Foundation
import Testing

/// The Argon2id costs in the sealed key row a server hands a joining machine: a server cannot
/// make the machine hash for longer than the strongest preset, nor below the user's floor.
@Suite struct SyncJoinCostTests {
    /// The fake server, with the passes over memory in the join answer's sealed key row
    /// replaced by `ops`.
    struct CostTransport: SyncTransport {
        let server: FakeSyncServer
        let ops: UInt64

        func send(_ request: SyncHTTPRequest, to url: URL) throws -> SyncHTTPResponse {
            let response = try server.send(request, to: url)
            guard request.path.hasSuffix("/join"), response.status == 200 else { return response }
            var answer = try SyncJSON.decode(JoinResponse.self, from: response.body)
            answer.user.sealedKeys = SyncBytes(Self.replacingOps(answer.user.sealedKeys.bytes, ops))
            return SyncHTTPResponse(status: 200, body: try SyncJSON.encode(answer))
        }

        /// The sealed key row's length-prefixed fields with the third (ops, 8 bytes) replaced.
        static func replacingOps(_ bytes: [UInt8], _ ops: UInt64) -> [UInt8] {
            var out: [UInt8] = []
            var at = 0, index = 0
            while at + 4 <= bytes.count {
                let n = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
                var field = Array(bytes[at + 4..<at + 4 + n])
                if index == 2 {
                    field = (0..<8).reversed().map { UInt8(truncatingIfNeeded: ops >> ($0 * 8)) }
                }
                out += bytes[at..<at + 4] + field
                at += 4 + n
                index += 1
            }
            return out
        }
    }

    /// Passes over memory a server may put in the row, none of which a preset at or above
    /// the user's floor (INTERACTIVE, 2 passes) up to SENSITIVE (4 passes) gives.
    static let costs: [(String, UInt64)] = [
        ("below the floor", 1),
        ("above SENSITIVE, within what a local file may hold", 5),
    ]

    @Test(
        "Costs outside the certified floor and the strongest preset are tampering (74)",
        arguments: costs.indices)
    func costOutsideBounds(index: Int) throws {
        let m = try SyncJoinTests.published()
        var envB = m.envB
        envB.syncTransport = CostTransport(server: m.server, ops: Self.costs[index].1)
        let raised = SyncJoinTests.Machines(
            sandbox: m.sandbox, server: m.server, folderB: m.folderB, envA: m.envA, envB: envB)
        #expect {
            _ = try raised.join("carl")
        } throws: { error in
            guard case StoreError.tampered(let what, _) = error else { return false }
            return what.contains("key derivation costs of user 'carl'")
        }
        #expect(raised.leftovers.isEmpty, "\(raised.leftovers)")
    }
}
