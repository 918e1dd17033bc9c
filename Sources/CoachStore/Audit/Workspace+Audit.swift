import CoachCrypto
import CoachKit
import Foundation
import GRDB

extension Workspace {
    /// Appends a signed, hash-chained audit entry inside the caller's transaction.
    ///
    /// - Parameters:
    ///   - targetCiphertext: the ciphertext written, whose hash the entry records (never the payload).
    ///
    /// When the owner writes after entries of other users, an owner checkpoint covering them is
    /// appended first (`appendCheckpointIfDue`).
    func appendAudit(
        _ db: Database, actor: Principal, action: String, athleteId: String? = nil,
        target: String? = nil, targetCiphertext: [UInt8]? = nil
    ) throws {
        if actor.role == .owner, action != Self.checkpointAction {
            try appendCheckpointIfDue(db, owner: actor)
        }
        try appendEntry(
            db, actor: actor, action: action, athleteId: athleteId, target: target,
            targetHash: targetCiphertext.map { Hashing.blake2b($0) })
    }

    /// Appends one entry whose target hash is given as it is.
    func appendEntry(
        _ db: Database, actor: Principal, action: String, athleteId: String? = nil,
        target: String? = nil, targetHash: [UInt8]? = nil
    ) throws {
        let last = try Row.fetchOne(
            db, sql: AuditTable.last)
        let seq: Int64 = (last?["seq"] ?? 0) + 1
        let prev =
            last.map { [UInt8]($0["entry_hash"] as Data) } ?? [UInt8](repeating: 0, count: 32)
        let time = Instant(epochSeconds: Double(wallSeconds), offsetSeconds: 0).description
        let hash = Self.auditHash(
            seq: seq, prev: prev, actor: actor.userId.rawValue, action: action,
            athleteId: athleteId,
            target: target, targetHash: targetHash, time: time)
        try db.execute(
            sql: AuditTable.insert,
            arguments: [
                seq, Data(prev), actor.userId.rawValue, action, athleteId, target,
                targetHash.map { Data($0) },
                time, Data(hash), Data(actor.signKeys.sign(hash)),
            ])
        // The actor has now seen the log up to this entry: a later rewrite of the tail that
        // drops or changes it is tampering to them (checked whenever they sign in).
        try UserState.update(db, of: actor) { state in
            state.auditSeq = Int(seq)
            state.auditHash = hash
        }
    }

    /// Checks that the audit entry a user last saw is still there, unchanged.
    ///
    /// - Throws: `StoreError.tampered` when it was deleted or rewritten.
    static func checkAuditMark(_ db: Database, state: UserState, handle: String) throws {
        guard state.auditSeq > 0 else { return }
        let stored = try Data.fetchOne(
            db, sql: AuditTable.entryHashOfSeq, arguments: [state.auditSeq])
        guard let stored, [UInt8](stored) == state.auditHash else {
            throw StoreError.tampered(
                "the audit log (entry \(state.auditSeq), which user '\(handle)' saw, was removed or"
                    + " rewritten)")
        }
    }

    static func auditHash(
        seq: Int64, prev: [UInt8], actor: String, action: String, athleteId: String?,
        target: String?, targetHash: [UInt8]?, time: String
    ) -> [UInt8] {
        Hashing.blake2b(
            AssociatedData("coach/1/audit").with(
                seq, prev, actor, action, athleteId ?? "", target ?? "",
                targetHash ?? [], time
            ).bytes)
    }

    /// Audit entries, newest last; limited to one athlete when `athleteId` is given.
    ///
    /// Athlete users see only entries about themselves.
    public func auditEntries(athleteId: AthleteID?, as actor: Principal) throws -> [AuditEntry] {
        let athleteId = athleteId?.rawValue
        let scope = actor.role == .athlete ? actor.athleteId?.rawValue : athleteId
        return try read { db in
            let handles = Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: UsersTable.idsAndHandles)
                    .map { ($0["id"] as String, $0["handle"] as String) })
            let rows =
                scope == nil
                ? try Row.fetchAll(db, sql: AuditTable.all)
                : try Row.fetchAll(
                    db, sql: AuditTable.ofAthlete,
                    arguments: [scope])
            return rows.map { r in
                AuditEntry(
                    seq: r["seq"], time: r["time"], actor: handles[r["actor_id"] as String] ?? "?",
                    action: r["action"], athleteId: r["athlete_id"], targetId: r["target_id"])
            }
        }
    }

    /// A sign key a reset retired, and the first audit entry it may no longer sign.
    typealias RetiredKey = (key: [UInt8], before: Int64)

    /// Sign keys retired by a passphrase reset, per user, with the first entry they may no
    /// longer sign; each listed key must carry the owner's signature (the `users` row's key, as
    /// for the entries themselves).
    private func retiredKeys(_ db: Database) throws -> [String: [RetiredKey]] {
        guard
            let owner = try Data.fetchOne(
                db, sql: UsersTable.ownerSigningKey),
            let workspaceId = try String.fetchOne(
                db, sql: "SELECT value FROM meta WHERE key = 'workspace_id'")
        else { return [:] }
        var out: [String: [RetiredKey]] = [:]
        for r in try Row.fetchAll(db, sql: "SELECT * FROM retired_keys") {
            let user: String = r["user_id"], key = [UInt8](r["sign_pk"] as Data)
            let before: Int64 = r["before_seq"]
            let message = Self.retiredKeyMessage(
                workspaceId: workspaceId, userId: user, signPK: key, beforeSeq: before)
            guard
                SigningKeyPair.verify(
                    [UInt8](r["signature"] as Data), of: message, publicKey: [UInt8](owner))
            else { continue }
            out[user, default: []].append((key, before))
        }
        return out
    }

    /// Checks the whole chain: sequence, previous hashes, entry hashes, every signature, and
    /// that each checkpoint is the owner's and matches the entry it covers.
    public func verifyAudit() throws -> AuditVerification {
        try read { db in
            let keys = Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: UsersTable.signingKeys)
                    .map { ($0["id"] as String, [UInt8]($0["sign_pk"] as Data)) })
            let retired = try retiredKeys(db)
            let roles = Dictionary(
                try Row.fetchAll(db, sql: UsersTable.roles).map {
                    ($0["id"] as String, $0["role"] as String)
                }, uniquingKeysWith: { a, _ in a })
            var hashes: [[UInt8]] = []
            var checkpoint: Int64?
            var prev = [UInt8](repeating: 0, count: 32)
            var expected: Int64 = 1
            var count = 0
            let cursor = try Row.fetchCursor(db, sql: AuditTable.all)
            while let r = try cursor.next() {
                count += 1
                let seq: Int64 = r["seq"]
                func fail(_ why: String) -> AuditVerification {
                    AuditVerification(entries: count, ok: false, failedSeq: seq, reason: why)
                }
                if seq != expected { return fail("entry \(expected) is missing or out of order") }
                let rowPrev = [UInt8](r["prev_hash"] as Data)
                if rowPrev != prev { return fail("does not chain to the entry before it") }
                let hash = Self.auditHash(
                    seq: seq, prev: rowPrev, actor: r["actor_id"], action: r["action"],
                    athleteId: r["athlete_id"], target: r["target_id"],
                    targetHash: (r["target_hash"] as Data?).map { [UInt8]($0) }, time: r["time"])
                if hash != [UInt8](r["entry_hash"] as Data) {
                    return fail("its contents were edited")
                }
                let actor: String = r["actor_id"], signature = [UInt8](r["signature"] as Data)
                let candidates =
                    (keys[actor].map { [$0] } ?? [])
                    + (retired[actor] ?? []).filter { seq < $0.before }.map(\.key)
                guard
                    candidates.contains(where: {
                        SigningKeyPair.verify(signature, of: hash, publicKey: $0)
                    })
                else {
                    return fail("its signature does not verify")
                }
                if r["action"] == Self.checkpointAction {
                    if let problem = Self.checkpointProblem(r, roles: roles, hashes: hashes) {
                        return fail(problem)
                    }
                    checkpoint = seq
                }
                hashes.append(hash)
                prev = hash
                expected += 1
            }
            return AuditVerification(
                entries: count, ok: true, failedSeq: nil, reason: nil, checkpoint: checkpoint)
        }
    }
}
