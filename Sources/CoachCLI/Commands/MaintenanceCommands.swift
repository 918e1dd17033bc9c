import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit", abstract: "Show the audit log, or verify its chain and signatures.",
        subcommands: [Show.self, Verify.self], defaultSubcommand: Show.self)

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List audit entries.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @Option(name: [.customShort("a"), .long], completion: .athletes) var athlete: String?

        func run() throws {
            try guarded {
                let entries = try global.session().auditEntries(athlete: athlete.map(Handle.init))
                if output.json {
                    print(try Render.json(entries, shape: "audit", key: "entries")); return
                }
                print(
                    Render.table(
                        ["SEQ", "TIME", "ACTOR", "ACTION", "TARGET"],
                        entries.map {
                            [
                                String($0.seq), $0.time, $0.actor, $0.action,
                                String(($0.targetId ?? "").prefix(12)),
                            ]
                        }))
            }
        }
    }

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check the hash chain, every signature and (signed in) each actor's role.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                // With a session the actors' certified roles are checked too; without one,
                // the chain and signatures (which need no keys).
                let session = try global.sessionIfSignedIn(ambiguousIsNobody: true)
                let result =
                    try session?.verifyAudit() ?? global.workspaceEntry().verifyAudit()
                if output.json {
                    print(try Render.json(result, shape: "audit-verify"))
                } else if result.ok {
                    print("audit ok: \(result.entries) entries, chain and signatures verify")
                    let after = result.afterCheckpoint
                    let count = "\(after) entr\(after == 1 ? "y" : "ies")"
                    print(
                        result.checkpoint.map { "owner checkpoint: entry \($0), \(count) after it" }
                            ?? "no owner checkpoint yet (\(count))")
                    if let sync = result.sync {
                        print(
                            "sync: \(sync.changes) held changes signed by their devices"
                                + (sync.logSize.map { "; log head at \($0) entries verified" }
                                    ?? "; no server log checked yet"))
                        print(
                            sync.logChecked
                                ? "log: each stream head is in the server's signed log"
                                : "log: not checked against the server (offline)")
                    }
                }
                if !result.ok {
                    Terminal.error(
                        "audit entry \(result.failedSeq ?? 0) failed: \(result.reason ?? "")")
                    throw ExitCode(ExitStatus.corrupt)
                }
            }
        }
    }
}

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check integrity, permissions, audit chain, keys and snapshots.")
    @OptionGroup var global: GlobalOptions
    @Flag(
        help: ArgumentHelp(
            "Rebuild athlete snapshots that are missing, damaged or differ from their records,"
                + " and finish a -wal checkpoint that an earlier command could not."))
    var repair = false
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            // Without a session the file-level checks still run; any other sign-in failure is reported.
            // A file older than the user's marks is one of the findings, not a refusal.
            var environment = try global.environment()
            environment.reportRollback = true
            let session = try global.sessionIfSignedIn(environment: environment)
            let checks = try session?.doctor(repair: repair) ?? global.workspaceEntry().doctor()
            let me = session?.principal
            let shown = checks.map {
                DoctorCheck(name: $0.name, ok: $0.ok, detail: ErrorText.detail(of: $0))
            }
            if output.json {
                print(try Render.json(shown, shape: "doctor", key: "findings"))
            } else {
                for c in shown {
                    print(
                        "\(c.ok ? Terminal.paint("ok  ", hex: "#38A169") : Terminal.paint("FAIL", hex: "#E53E3E"))  \(c.name): \(c.detail)"
                    )
                }
                if me == nil { print(Terminal.dim("(unlock to check key chains too)")) }
            }
            if checks.contains(where: { !$0.ok }) { throw ExitCode(ExitStatus.corrupt) }
        }
    }
}

struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Write a consistent copy of the workspace.")
    @OptionGroup var global: GlobalOptions
    @Option(help: "Where to write the backup (must not exist).") var out: String

    func run() throws {
        try guarded {
            try global.workspaceEntry().backup(to: out)
            print("Backed up to \(out).")
        }
    }
}

struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Replace the workspace with a backup.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "A backup written by 'coach backup'.") var file: String
    @Flag(help: "Do not ask for confirmation.") var yes = false

    func run() throws {
        try guarded {
            let workspace = try global.workspaceEntry()
            if workspace.exists {
                let preview = try workspace.restorePreview(from: file)
                Terminal.note(Self.describe(preview, backup: file))
                try Confirm.destructive(
                    "Replace \(workspace.path) with \(file)?", yes: yes, action: "restore")
            }
            try workspace.restore(from: file)
            print("Restored \(workspace.path) from \(file).")
        }
    }

    /// The backup's age and what the restore takes back, in one line.
    static func describe(_ p: RestorePreview, backup: String) -> String {
        let age = "The backup's last change is from \(p.backupLastChange ?? "before any change")"
        if p.otherWorkspace {
            return age + "; it is of another workspace: everything in this one is replaced."
        }
        guard let lost = p.changesLost, lost > 0 else {
            return age + "; the workspace has no change since: nothing is lost."
        }
        return age + "; the workspace's \(lost) change\(lost == 1 ? "" : "s") since (the last "
            + "from \(p.workspaceLastChange ?? "?")) would be lost ('coach audit' lists them)."
    }
}
