import CoachTrust
import Foundation
import GRDB

extension SignedTreeHead {
    /// The newest tree head this file says its replica verified, nil before one.
    ///
    /// - Throws: `StoreError.tampered` when the stored head does not read.
    static func held(in db: Database) throws -> SignedTreeHead? {
        guard let bytes = try Data.fetchOne(db, sql: SyncLogTables.head) else { return nil }
        guard let head = try? SignedTreeHead.decode([UInt8](bytes)) else {
            throw StoreError.tampered("the server's verified tree head in this file")
        }
        return head
    }
}
