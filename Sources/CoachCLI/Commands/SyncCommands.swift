import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync this workspace with its club server: push, pull, status, conflicts.",
        subcommands: [
            SyncNowCommand.self, SyncPublishCommand.self, SyncStatusCommand.self,
            SyncConflictsCommand.self, SyncInviteCommand.self, SyncJoinCommand.self,
            SyncLogResetCommand.self,
            SyncCheckpointCommand.self,
        ],
        defaultSubcommand: SyncNowCommand.self)
}

struct SyncNowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "now",
        abstract: "Push this machine's queued changes and pull everyone else's (the default).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            let report = try global.session().sync()
            if let micros = report.logCheckMicros {
                FileHandle.standardError.write(
                    Data("Log checks: \(micros) µs of CPU in this sync.\n".utf8))
            }
            if output.json { print(try Render.json(report)) } else { render(report) }
            // A refused or dropped check-in: one line each; the rest synced; exit 65 at the end.
            guard report.checkins.problems.isEmpty else {
                Self.reportCheckins(report.checkins)
                throw ExitCode(ExitStatus.invalidData)
            }
        }
    }

    /// The report in words.
    func render(_ report: SyncReport) {
        if report.checkins.ingested > 0 {
            print("Check-ins: \(report.checkins.ingested) written from phones.")
        }
        print(
            "Synced: \(report.pushed) pushed, \(report.applied) applied, "
                + "\(report.conflicts) conflicts resolved, \(report.queued) still queued.")
        if report.conflicts > 0 { print("See them with 'coach sync conflicts'.") }
        if let key = report.serverKey {
            print("Certified the server's log key \(key) (first use): its log is checked.")
        }
        if let size = report.checkpointed {
            print("Countersigned the server's log at \(size) entries (owner checkpoint).")
        }
        for user in report.waitingFor {
            print(
                "Some queued changes were made on top of \(user)'s, still queued on this"
                    + " machine: \(user) syncs first ('coach sync --as \(user)'), then"
                    + " sync again.")
        }
    }
}

extension SyncNowCommand {
    /// Prints a line per check-in not written, naming its phone and day.
    static func reportCheckins(_ checkins: CheckinIngestReport) {
        for p in checkins.problems {
            Terminal.error(
                "check-in from phone '\(p.phone)' (\(p.device.prefix(8))) for \(p.day) "
                    + "\(p.outcome == .refused ? "refused" : "dropped"): \(p.reason)")
        }
    }
}

struct SyncStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract:
            "The server, the last sync, queued changes, conflicts, devices with a wrong clock.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @Option(
        name: .customLong("evidence"),
        help: "Write the evidence kept of a refused server log to this new file (JSON).")
    var evidence: String?

    func run() throws {
        try guarded {
            if let evidence {
                let written = try global.session().writeLogEvidence(to: evidence)
                print(
                    "Wrote the evidence of a \(written.kind) of the server's log to \(evidence) "
                        + "(\(WrittenFile.size(written.json)))")
                return
            }
            let status = try global.session().syncStatus()
            if output.json { print(try Render.json(status)); return }
            print("Server:     \(status.server)")
            print("Last sync:  \(status.lastSync ?? "never")")
            print("Queued:     \(status.queued) changes")
            print("Conflicts:  \(status.conflicts)")
            print(
                "Log key:    "
                    + (status.logKey.map { "\($0) (certified by the owner)" }
                        ?? "none certified yet: the server's log is not checked"))
            if let size = status.logSize, let root = status.logRoot {
                print("Log head:   \(size) entries, root \(root) (verified)")
            }
            if let size = status.checkpointSize, let time = status.checkpointTime {
                print(
                    "Checkpoint: \(size) entries, signed \(time) "
                        + "(\(status.checkpointAgeHours ?? 0) hours ago, countersigned by the owner)"
                )
            }
            if let warning = status.checkpointWarning {
                print("Warning:    \(warning) (the owner runs 'coach sync checkpoint')")
            }
            for kept in status.revoked {
                print(
                    "Refused:    \(kept.changes) queued changes to \(kept.athlete) "
                        + "(access revoked; kept here, not sent)")
            }
            for device in status.devicesWithWrongClock {
                print("Wrong clock: device \(device.device) stamped a change \(device.clock)")
            }
        }
    }
}

struct SyncConflictsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts",
        abstract: "Every conflict sync resolved here: the value kept and the one that lost.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            let conflicts = try global.session().syncConflicts()
            if output.json { print(try Render.json(conflicts)); return }
            if conflicts.isEmpty { print("No conflicts."); return }
            print(
                Render.table(
                    [
                        "RECORD", "KIND", "DAY", "KEPT (DEVICE)", "LOST (DEVICE)", "RESOLVED ON",
                        "LOST VALUE",
                    ],
                    conflicts.map { c in
                        [
                            c.record, c.kind, c.day, String(c.winner.device.prefix(8)),
                            String(c.loser.device.prefix(8)),
                            c.resolver.map { String($0.prefix(8)) } ?? "unknown",
                            c.loser.value ?? "(\(c.loser.operation))",
                        ]
                    }))
        }
    }
}

struct SyncPublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Register this workspace on a club server and upload it (the owner).")
    @OptionGroup var global: GlobalOptions
    @Option(help: "The server's address: https://HOST[:PORT], or http:// to this machine only.")
    var server: String
    @Option(
        name: .customLong("server-key"),
        help: "The fingerprint (16 hex digits) the server's log key must have; else trusted.")
    var serverKey: String?
    @OptionGroup var output: OutputOptions

    func validate() throws {
        do {
            _ = try SyncAddress.parse(server)
        } catch let failure as SyncRemoteFailure {
            throw ValidationError(failure.problemDescription)
        }
        if let serverKey, serverKey.filter(\.isHexDigit).count != 16 {
            throw ValidationError(
                "--server-key '\(serverKey)' is not a fingerprint of 16 hex digits: "
                    + "copy it as 'coach-server keygen' printed it")
        }
    }

    func run() throws {
        try guarded {
            let report = try global.session().publish(
                server: try SyncAddress.parse(server), serverKey: serverKey)
            if output.json { print(try Render.json(report)); return }
            print("Published to \(server): \(report.pushed) records uploaded.")
            if let key = report.serverKey {
                let note = serverKey == nil ? " (first use: compare it with the operator's)" : ""
                print("The server's log key \(key) is certified\(note).")
            }
        }
    }
}
