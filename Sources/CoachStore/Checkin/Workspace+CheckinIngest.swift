import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation
import GRDB

extension Workspace {
    /// Checks and opens one check-in a server served from the athlete's inbox.
    ///
    /// The server checked the item before storing it, so anything those checks would have
    /// refused means its database was altered: bytes that are not a strict item, another
    /// workspace, an athlete other than the one claimed, a device that is not a check-in
    /// device of that athlete in this replica's roster, or a signature that is not the
    /// device's. A revoked phone's item is dropped; one that does not open under the epoch's
    /// inbox key is refused, and so is one sealed to an epoch this replica does not hold.
    /// - Parameters:
    ///   - body: the item's bytes as served.
    ///   - athlete: the athlete it was served for, opened once for the command.
    /// - Returns: the item, its phone's name and what it holds.
    /// - Throws: `StoreError.tampered` naming the item for what the server must have refused.
    public func openCheckin(_ body: [UInt8], for athlete: AthleteAccess) throws
        -> CheckinOpening
    {
        let item: CheckinItem
        do {
            item = try CheckinItem.decode(body)
        } catch {
            throw StoreError.tampered("a check-in served by the server (\(error.message))")
        }
        let named = "check-in \(item.item)"
        let actor = athlete.actor
        guard item.workspace == actor.anchor.workspaceId, item.athlete == athlete.id else {
            throw StoreError.tampered("\(named) (served for another workspace or athlete)")
        }
        return try read { db in
            guard let device = try verifiedCheckinDevice(db, item.device, as: actor) else {
                throw StoreError.tampered(
                    "\(named) (device \(item.device) is no check-in device of this workspace)")
            }
            let certificate = device.certificate
            guard certificate.athleteId == item.athlete else {
                throw StoreError.tampered(
                    "\(named) (phone '\(certificate.name)' checks in for another athlete)")
            }
            guard item.signatureValid(devicePK: certificate.signPK) else {
                throw StoreError.tampered(
                    "\(named) (not signed by phone '\(certificate.name)')")
            }
            let outcome: CheckinOpening.Outcome
            if device.revocation != nil {
                outcome = .revoked
            } else if try Row.fetchOne(
                db, sql: CheckinTables.ledgerItem, arguments: [item.item]) != nil
            {
                outcome = .ingested
            } else {
                outcome = try open(db, item, keyring: athlete.keyring)
            }
            return CheckinOpening(item: item, phone: certificate.name, outcome: outcome)
        }
    }

    /// The plaintext of a signed item, or why it does not open.
    private func open(_ db: Database, _ item: CheckinItem, keyring: AthleteKeyring) throws
        -> CheckinOpening.Outcome
    {
        guard item.suite == CheckinItem.suiteAES256GCM else {
            return .unopened(
                "it is sealed with suite \(item.suite), which this version cannot open")
        }
        guard item.epoch >= 1, item.epoch <= keyring.currentEpoch else {
            return .unopened("it is sealed to key epoch \(item.epoch), which this replica lacks")
        }
        let pair = try HPKEBase.inboxKeyPair(
            epochKey: try keyring.dataKey(epoch: item.epoch, db), epoch: item.epoch)
        let padded: [UInt8]
        do {
            padded = try HPKEBase.open(
                HPKEBase.Sealed(enc: item.enc, ciphertext: item.ciphertext), recipient: pair,
                info: item.info, aad: item.aad, aead: .aes256GCM)
        } catch {
            return .unopened("it does not open: it was altered after the phone sealed it")
        }
        guard let plaintext = CheckinPadding.unpad(padded) else {
            return .unopened("its padding is malformed")
        }
        return .plaintext(plaintext)
    }

    /// Writes a page of check-ins in one transaction: each entry as its athlete's wellness
    /// record, and each item's ledger row, so a redelivered item is known. An item already in
    /// the ledger (ingested meanwhile) is skipped.
    ///
    /// - Parameter writes: the entries, each validated as a logged one.
    /// - Returns: how many were written.
    /// - Throws: `StoreError` (nothing is written then).
    public func saveCheckins(_ writes: [CheckinWrite]) throws -> Int {
        guard !writes.isEmpty else { return 0 }
        return try write { db in
            var written = 0
            for w in writes {
                guard let origin = w.entry.origin,
                    try Row.fetchOne(
                        db, sql: CheckinTables.ledgerItem, arguments: [origin.item]) == nil
                else { continue }
                _ = try putRecord(
                    db, keyring: try writingKeyring(db, w.athlete), id: RecordID(w.entry.id),
                    kind: .wellness, day: w.entry.day.description,
                    payload: try JSONCoding.encode(w.entry), actor: w.athlete.actor,
                    action: "log.wellness")
                try db.execute(
                    sql: CheckinTables.insertLedger,
                    arguments: [
                        origin.item, w.athlete.id.rawValue, w.device.rawValue, w.entry.id,
                        nowMilliseconds,
                    ])
                written += 1
            }
            return written
        }
    }
}
