import CoachKit
import Foundation
import GRDB
import Testing

@testable import CoachStore

/// SECURITY.md tests 2 and 3 on stored rows: editing a record's ciphertext, nonce or a plaintext
/// column bound to it, moving it to another athlete or swapping rows makes it fail to open.
@Suite struct RecordTamperTests {
    enum Tamper: String, CaseIterable, Sendable {
        case moveToOtherAthlete, swapCiphertexts, editDay, editKindToValid, editKindToUnknown,
            editVersion, editEpoch,
            renameId, flipNonce, flipCiphertext, flipTag, truncateCiphertext
    }

    @Test("A tampered record row is rejected with StoreError.tampered", arguments: Tamper.allCases)
    func tampered(tamper: Tamper) throws {
        let f = try Fixture()
        let a = try f.athlete("anna"), b = try f.athlete("bert")
        try f.put(a, id: "r1", payload: #"{"mood":4,"notes":"first"}"#)
        try f.put(a, id: "r2", day: "2026-11-25", payload: #"{"mood":2,"notes":"second"}"#)
        // Control: before tampering, both records open.
        #expect(try f.records(a)["r1"] == #"{"mood":4,"notes":"first"}"#)
        var victim = a
        try f.raw { db in
            func flip(_ column: String, at index: (Int) -> Int) throws {
                var bytes = [UInt8](
                    try Data.fetchOne(
                        db,
                        sql:
                            "SELECT \(column) FROM records WHERE \(ofAthlete) AND id = 'r1'",
                        arguments: [a])!)
                bytes[index(bytes.count)] ^= 0x01
                try db.execute(
                    sql:
                        "UPDATE records SET \(column) = ? WHERE \(ofAthlete) AND id = 'r1'",
                    arguments: [Data(bytes), a])
            }
            switch tamper {
            case .moveToOtherAthlete:
                try db.execute(
                    sql:
                        "UPDATE records SET athlete_num = (SELECT num FROM athletes WHERE id = ?)"
                        + " WHERE \(ofAthlete) AND id = 'r1'",
                    arguments: [b, a])
                victim = b
            case .swapCiphertexts:
                let rows = try Row.fetchAll(
                    db,
                    sql:
                        "SELECT id, nonce, ciphertext FROM records WHERE \(ofAthlete) AND id IN ('r1', 'r2') ORDER BY id",
                    arguments: [a])
                for (row, other) in [(rows[0], rows[1]), (rows[1], rows[0])] {
                    try db.execute(
                        sql:
                            "UPDATE records SET nonce = ?, ciphertext = ? WHERE \(ofAthlete) AND id = ?",
                        arguments: [
                            other["nonce"] as Data, other["ciphertext"] as Data, a,
                            row["id"] as String,
                        ])
                }
            case .editDay:
                try db.execute(sql: "UPDATE records SET day = '2026-11-23' WHERE id = 'r1'")
            case .editKindToValid:
                try db.execute(sql: "UPDATE records SET kind = 'workout' WHERE id = 'r1'")
            case .editKindToUnknown:
                try db.execute(sql: "UPDATE records SET kind = 'secret' WHERE id = 'r1'")
            case .editVersion:
                try db.execute(sql: "UPDATE records SET version = version + 1 WHERE id = 'r1'")
            case .editEpoch:
                try db.execute(
                    sql:
                        "INSERT INTO epochs (athlete_id, epoch, commitment) SELECT athlete_id, 0, commitment FROM epochs WHERE athlete_id = ? AND epoch = 1",
                    arguments: [a])
                try db.execute(sql: "UPDATE records SET epoch = 0 WHERE id = 'r1'")
            case .renameId: try db.execute(sql: "UPDATE records SET id = 'r9' WHERE id = 'r1'")
            case .flipNonce: try flip("nonce") { $0 / 2 }
            case .flipCiphertext: try flip("ciphertext") { _ in 3 }
            case .flipTag: try flip("ciphertext") { $0 - 1 }
            case .truncateCiphertext:
                try db.execute(
                    sql:
                        "UPDATE records SET ciphertext = substr(ciphertext, 1, length(ciphertext) - 1) WHERE id = 'r1'"
                )
            }
        }
        #expect { try f.records(victim) } throws: { isTampered($0) }
    }

    @Test("A future record format is refused before decryption")
    func newerFormat() throws {
        let f = try Fixture()
        let a = try f.athlete("anna")
        try f.put(a, id: "r1", payload: "{}")
        try f.raw { db in try db.execute(sql: "UPDATE records SET fmt = 2 WHERE id = 'r1'") }
        #expect(throws: StoreError.newerFormat("a record")) { try f.records(a) }
    }

    @Test(
        "Records are padded: payloads of different lengths in one block have equal ciphertext sizes"
    )
    func padded() throws {
        let f = try Fixture()
        let a = try f.athlete("anna")
        try f.put(a, id: "short", payload: "{}")
        try f.put(a, id: "longer", payload: #"{"notes":"a considerably longer note"}"#)
        let sizes = try f.ws.read { db in
            try Int.fetchAll(
                db, sql: "SELECT length(ciphertext) FROM records WHERE id IN ('short', 'longer')")
        }
        #expect(sizes.count == 2 && sizes[0] == sizes[1])
    }
}
