import CoachCrypto
import CoachKit
import CoachTrust
import Foundation
import GRDB

/// The state of one page's apply: the keyrings opened, the clock, what was rebased.
struct SyncApplier {
    let workspace: Workspace
    let db: Database
    let actor: Principal
    let workspaceId: String
    var keyrings: [String: AthleteKeyring] = [:]
    /// The devices verified so far in this page (the rows do not change while it applies).
    var devices: [DeviceID: DeviceVerifier.Verified] = [:]
    var clock: HybridTimestamp
    /// Whether the outbox of this machine's device must be chained again at the end.
    var rechain = false
    /// The sequence and epoch of each change of the page being applied, by stream and object:
    /// what shows a redacted change re-sealed later in the same pull (`checkRedacted`).
    var pageChanges: [PageObject: [(sseq: Int64, epoch: Int64)]] = [:]
    /// The athletes whose waiting redacted changes (`sync_withheld`) this page changed.
    var withheldTouched: Set<String> = []

    init(workspace: Workspace, db: Database, actor: Principal) throws {
        self.workspace = workspace
        self.db = db
        self.actor = actor
        workspaceId = try workspace.workspaceId(db)
        guard let packed = try Int64.fetchOne(db, sql: SyncTables.clock) else {
            throw SyncFailure.notSynced
        }
        clock = HybridTimestamp(packed: UInt64(bitPattern: packed))
    }

    /// Verifies and applies one change.
    mutating func apply(_ change: ReceivedChange, report: inout ApplyReport) throws {
        let stream = change.athleteId.rawValue
        let envelope: ChangeEnvelope
        do {
            envelope = try ChangeEnvelope.decode(change.envelope)
        } catch {
            throw SyncFailure.streamBroken(
                stream: stream, reason: "change \(change.sseq) is damaged")
        }
        let keyring: AthleteKeyring, payload: [UInt8]?
        var note: SyncConflictNote?
        do {
            // The signature first: an altered change is reported by the device that signed it.
            let device = try verifyDevice(envelope)
            try checkStream(change, envelope)
            let user = device.user.handle
            try checkChain(envelope, stream: stream, user: user)
            try checkSeenOrder(envelope, user: user)
            try checkAuthor(envelope, user: user)
            try checkEpochInForce(change, envelope, user: user)
            keyring = try self.keyring(stream)
            if envelope.isRedacted {
                try checkRedacted(change, envelope)
                payload = nil
            } else if envelope.kind == SyncConflictNote.kind {
                note = try checkNote(envelope, keyring: keyring, user: user)
                payload = nil
            } else {
                payload = try openBody(envelope, keyring: keyring, user: user)
            }
        } catch SyncFailure.refusedChange(let device, let user, let reason) {
            throw SyncFailure.refusedChange(
                device: device, user: user,
                reason: "change \(change.sseq) of the stream (record \(envelope.object)): \(reason)"
            )
        }
        let now = workspace.nowMilliseconds
        let received = clock.receiving(envelope.clock, now: now)
        clock = received.clock
        if received.remoteTooFarAhead {
            try db.execute(
                sql: SyncTables.upsertSkew,
                arguments: [
                    envelope.device.rawValue, Int64(bitPattern: envelope.clock.packed), now,
                ])
            report.skewedDevices.append(envelope.device)
        }
        try justifyWithheld(change, envelope)
        if envelope.isRedacted {
            // Header only: the chains, the stream and the log move on, no row is written.
            report.redacted += 1
        } else if let note {
            try keepNote(note, envelope, athleteId: stream, report: &report)
        } else if try takesCheckinOrigin(
            envelope, payload: payload, keyring: keyring, report: &report)
        {
            try merge(envelope, payload: payload, keyring: keyring, report: &report)
        }
        try db.execute(
            sql: SyncTables.upsertStream,
            arguments: [stream, change.sseq, Data(change.streamHead)])
    }

    /// Stores the clock, chains the outbox again when a conflict rebased it, and signs the
    /// waiting redacted changes of each athlete the page changed into the audit log.
    mutating func finish(report: inout ApplyReport) throws {
        try db.execute(sql: SyncTables.setClock, arguments: [Int64(bitPattern: clock.packed)])
        if rechain { try rechainOutbox() }
        for athlete in withheldTouched.sorted() {
            try workspace.auditWithheld(db, athleteId: athlete, actor: actor)
        }
    }

    /// The change is the stream's next, and the server's head after it is the chained one.
    func checkStream(_ change: ReceivedChange, _ envelope: ChangeEnvelope) throws {
        let stream = change.athleteId.rawValue
        guard envelope.stream == .athlete(change.athleteId) else {
            throw SyncFailure.refusedChange(
                device: envelope.device, user: envelope.author.rawValue,
                reason: "it belongs to another stream than the one it was served in")
        }
        let row = try Row.fetchOne(db, sql: SyncTables.stream, arguments: [stream])
        let sseq: Int64 = row?["sseq"] ?? 0
        let head = row.map { [UInt8]($0["head"] as Data) } ?? ReceivedChange.genesisHead
        guard change.sseq == sseq + 1 else {
            throw SyncFailure.streamBroken(
                stream: stream, reason: "change \(change.sseq) where \(sseq + 1) was due")
        }
        guard change.streamHead == ReceivedChange.head(after: head, changeHash: envelope.hash)
        else {
            throw SyncFailure.streamBroken(
                stream: stream, reason: "the head after change \(change.sseq) does not chain")
        }
    }

    /// The change's device, verified against the roster (once per page), and its signature.
    mutating func verifyDevice(_ envelope: ChangeEnvelope) throws -> DeviceVerifier.Verified {
        let known = devices[envelope.device]
        guard let device = try known ?? workspace.verifiedDevice(db, envelope.device, as: actor)
        else {
            throw SyncFailure.refusedChange(
                device: envelope.device, user: envelope.author.rawValue,
                reason: "its device is not in the workspace's roster")
        }
        devices[envelope.device] = device
        // A revoked device's changes count when it signed them before its revocation.
        let before = device.revocation.map { envelope.clock.milliseconds < $0.revokedAt }
        do {
            try ChangeVerifier.verifySignature(
                envelope, device: device, workspaceId: workspaceId,
                allowRevoked: before ?? false)
        } catch let rejection as ChangeRejection {
            throw SyncFailure.refusedChange(
                device: envelope.device, user: device.user.handle,
                reason: rejection.problemDescription)
        }
        return device
    }

    /// The change continues what this replica saw of its device's changes in its stream:
    /// a later counter, naming the previous change when it is the next one. (Changes of the
    /// device in streams this replica cannot read fill the gaps; the server checks those.)
    func checkChain(_ envelope: ChangeEnvelope, stream: String, user: String) throws {
        let device = envelope.device.rawValue
        if try givenBackAfterReset(envelope, stream: stream) { return }
        if let row = try Row.fetchOne(db, sql: SyncTables.chain, arguments: [stream, device]) {
            let sequence: Int64 = row["sequence"]
            let hash = [UInt8](row["hash"] as Data)
            guard envelope.sequence > sequence,
                envelope.sequence > sequence + 1 || envelope.previousHash == hash
            else {
                throw SyncFailure.refusedChange(
                    device: envelope.device, user: user,
                    reason: "its change \(envelope.sequence) does not follow change \(sequence)")
            }
        }
        try db.execute(
            sql: SyncTables.upsertChain,
            arguments: [stream, device, envelope.sequence, Data(envelope.hash)])
    }

    /// The author holds the athlete at the change's epoch (the owner, staff with a grant that
    /// verifies, or the athlete's own user).
    func checkAuthor(_ envelope: ChangeEnvelope, user: String) throws {
        guard case .athlete(let athlete) = envelope.stream else { return }
        let rows = DatabaseRows(db: db)
        let author = try actor.certificate(db, envelope.author.rawValue)
        if author.role == .owner { return }
        let epochs = try StoreError.checking {
            try actor.verifier.epochs(in: rows, athleteId: athlete.rawValue)
        }
        guard let cert = epochs.first(where: { Int64($0.epoch) == envelope.epoch }),
            try actor.verifier.holders(in: rows, of: cert).contains(envelope.author.rawValue)
        else {
            throw SyncFailure.refusedChange(
                device: envelope.device, user: user,
                reason: "its author holds no grant of the athlete at key epoch \(envelope.epoch)")
        }
    }

    /// The athlete's keyring, opened once per page.
    mutating func keyring(_ athleteId: String) throws -> AthleteKeyring {
        if let open = keyrings[athleteId] { return open }
        let keyring = try AthleteKeyring.open(db, athleteId: athleteId, principal: actor)
        keyrings[athleteId] = keyring
        return keyring
    }

    /// The record a put's body holds, opened as the row its header describes; nil for a
    /// delete.
    func openBody(_ envelope: ChangeEnvelope, keyring: AthleteKeyring, user: String) throws
        -> [UInt8]?
    {
        guard envelope.operation == .put else {
            guard envelope.operation == .delete, envelope.body.isEmpty else {
                throw SyncFailure.refusedChange(
                    device: envelope.device, user: user,
                    reason: "it is an operation this version does not apply")
            }
            return nil
        }
        do {
            guard let kind = RecordKind(rawValue: envelope.kind) else {
                throw StoreError.invalidData("unknown kind")
            }
            return try RecordCodec.open(
                body: envelope.body, athleteId: keyring.athleteId, id: envelope.object,
                kind: kind, day: envelope.day, epoch: Int(envelope.epoch),
                version: Int(envelope.version),
                key: try keyring.recordKey(epoch: Int(envelope.epoch), db))
        } catch {
            throw SyncFailure.refusedChange(
                device: envelope.device, user: user,
                reason: "its sealed body does not open as the record its header names")
        }
    }
}
