import CoachKit
import CoachTrust
import Foundation
import GRDB

extension SignedTreeHead {
    /// Checks `head`, the file's verified tree head, again under the log key the owner
    /// certified, before anything takes it.
    ///
    /// - Parameters:
    ///   - head: the file's head (`held(in:)`), nil before one.
    ///   - db: the read.
    ///   - anchor: the workspace id and owner key the certificate answers to.
    /// - Returns: whether its signature was checked: false for a head signed by an earlier
    ///   key (rotated since; the file holds only the current certificate), which the marks
    ///   then do not take.
    /// - Throws: `StoreError.tampered` for a head without a certified key, or one that the
    ///   certified key should have signed and did not (a head planted in the file).
    static func checked(_ head: SignedTreeHead?, in db: Database, anchor: TrustAnchor) throws
        -> Bool
    {
        guard let head else { return true }
        let what = "the server's verified tree head in this file"
        guard let bytes = try Data.fetchOne(db, sql: SyncLogTables.keyCertificate),
            let cert = try? LogKeyCertificate.decode([UInt8](bytes)), cert.valid(anchor: anchor)
        else { throw StoreError.tampered("\(what) (no certified log key signed it)") }
        do {
            try LogVerifier(anchor: anchor, certificates: [cert]).check(head)
            return true
        } catch .uncertifiedKey where head.keyId != cert.keyId {
            return false
        } catch {
            throw StoreError.tampered("\(what) (\(error.problemDescription))")
        }
    }
}
