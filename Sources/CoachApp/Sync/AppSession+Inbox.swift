import CoachKit
import CoachStore
import CoachSync
import Foundation

extension AppSession {
    /// Ingests the check-ins phones sent, after a sync's push and pull: for the athletes whose
    /// inbox the pull counted, claims a page, checks and opens each item, validates it as
    /// `log mood` validates its values, writes the page's wellness records (their origin the
    /// phone) with their ledger rows in one transaction, pushes them, then acknowledges the
    /// page so the server deletes it. Each athlete is opened once for the whole command.
    ///
    /// A refused item (it does not open, or its values are not a valid mood) and a revoked
    /// phone's item are acknowledged and reported, one problem each; the rest is written. An
    /// athlete this replica cannot open (a grant not reached yet) is not claimed.
    /// - Parameters:
    ///   - waiting: the pull's count of waiting items per athlete.
    ///   - push: pushes the outbox, answering how many changes the server took.
    /// - Returns: what was ingested, refused and dropped, and the changes pushed.
    /// - Throws: `StoreError.tampered` for an item the server's own checks would have refused
    ///   (nothing of its page is written), `SyncRemoteFailure` for the server's refusals.
    func ingestInbox(
        _ client: SyncClient, workspace id: String, waiting: [String: Int],
        push: () throws -> Int
    ) throws -> (report: CheckinIngestReport, pushed: Int) {
        var report = CheckinIngestReport()
        var pushed = 0
        // Each athlete opened once; one this replica cannot open yet is left for another.
        var opened: [AthleteID: AthleteAccess] = [:]
        for id in waiting.filter({ $0.value > 0 }).keys.map({ AthleteID($0) }) {
            do {
                opened[id] = try workspace.openAthlete(id: id, as: principal)
            } catch StoreError.permissionDenied, StoreError.athleteNotFound {}
        }
        let athletes = opened.keys.sorted { $0.rawValue < $1.rawValue }
        var days = IngestDays()
        let crash = SyncCrashPoint.from(environment.variables)
        for start in stride(from: 0, to: athletes.count, by: SyncLimits.maxInboxClaim) {
            let group = Array(
                athletes[start..<min(start + SyncLimits.maxInboxClaim, athletes.count)])
            // The counts are the server's: each is clamped, so no answer can overflow the sum
            // or turn the bound below into an empty range.
            let total = group.reduce(0) {
                $0 + min(max(waiting[$1.rawValue] ?? 0, 0), SyncLimits.maxPendingCheckins)
            }
            // Each claim leases other items; the bound stops a server that keeps serving.
            for _ in 0...(total / SyncLimits.maxInboxClaim + 1) {
                let claim = try client.claimInbox(workspace: id, athletes: group)
                if claim.items.isEmpty { break }
                var openings: [(CheckinOpening, AthleteAccess)] = []
                for claimed in claim.items {
                    guard group.contains(claimed.athlete), let access = opened[claimed.athlete]
                    else {
                        throw SyncRemoteFailure.badAnswer(
                            server: client.server.absoluteString, path: SyncPath.inboxClaim(id))
                    }
                    openings.append(
                        (try workspace.openCheckin(claimed.body.bytes, for: access), access))
                }
                openings.sort {
                    ($0.0.item.sentAt, $0.0.item.item) < ($1.0.item.sentAt, $1.0.item.item)
                }
                var writes: [CheckinWrite] = []
                var acks: [InboxAckRequest.Ack] = []
                for (opening, access) in openings {
                    let ack = try ingest(
                        opening, for: access, days: &days, writes: &writes, report: &report)
                    acks.append(ack)
                }
                report.ingested += try workspace.saveCheckins(writes)
                pushed += try push()
                crash.hit("after-push:inbox")
                try client.ackInbox(workspace: id, acks)
            }
        }
        return (report, pushed)
    }

    /// What becomes of one opened check-in: a write (its entry validated as `log mood`
    /// validates), nothing (written already), or a problem noted; the acknowledgement to send.
    private func ingest(
        _ opening: CheckinOpening, for access: AthleteAccess, days: inout IngestDays,
        writes: inout [CheckinWrite], report: inout CheckinIngestReport
    ) throws -> InboxAckRequest.Ack {
        let item = opening.item
        // The reason is the user's; the server is told only which kind of refusal, never a
        // value of the content (an unknown muscle group's name, say).
        func problem(
            _ outcome: CheckinIngestReport.Problem.Outcome, _ reason: String,
            server: String? = nil
        ) -> InboxAckRequest.Ack {
            report.note(
                CheckinIngestReport.Problem(
                    phone: opening.phone, device: item.device.rawValue, day: item.day,
                    item: item.item, outcome: outcome, reason: reason))
            return InboxAckRequest.Ack(
                item: item.item, outcome: outcome == .refused ? .refused : .dropped,
                reason: server)
        }
        let bytes: [UInt8]
        switch opening.outcome {
        case .ingested: return InboxAckRequest.Ack(item: item.item, outcome: .applied)
        case .revoked: return problem(.dropped, "its phone was revoked: dropped unread")
        case .unopened(let reason): return problem(.refused, reason, server: "did not open")
        case .plaintext(let plaintext): bytes = plaintext
        }
        guard let content = CheckinContent.decode(bytes) else {
            return problem(.refused, "its content is not a check-in", server: "invalid")
        }
        let book: LogBook
        do {
            book = try logBook(access, date: item.day)
        } catch let failure as any CoachFailure {
            return problem(.refused, failure.problemDescription, server: "invalid")
        }
        let key = "\(access.id.rawValue)/\(book.day)"
        if days.entries[key] == nil {
            days.entries[key] = try workspace.records(
                of: access, monthsFrom: book.day, through: book.day
            ).wellness.filter { $0.day == book.day }
        }
        let held = days.entries[key] ?? []
        // Another replica ingested it and its record came down with the pull.
        if held.contains(where: { $0.origin?.item == item.item }) {
            return InboxAckRequest.Ack(item: item.item, outcome: .applied)
        }
        let origin = WellnessOrigin(
            device: item.device.rawValue, item: item.item, sentAt: item.sentAt)
        do {
            let entry = try book.wellnessEntry(
                mood: content.mood, doms: content.domsLevels, notes: content.notes,
                origin: origin, after: held.map(\.id).max())
            days.entries[key] = held + [entry]
            writes.append(CheckinWrite(athlete: access, entry: entry, device: item.device))
        } catch let failure as any CoachFailure {
            return problem(.refused, failure.problemDescription, server: "invalid")
        }
        return InboxAckRequest.Ack(item: item.item, outcome: .applied)
    }
}
