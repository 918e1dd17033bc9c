import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct SyncLogResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log-reset",
        abstract:
            "After the server's database was restored from an older dump: accept its log again"
            + " (the owner).",
        discussion: """
            Shows the size of the log the server signs now and of the one this machine \
            verified, then pushes the roster entries the server lacks and a reset signed by \
            the owner naming the restored log. Every machine then takes the restored log at \
            its next sync and gives the server back the changes it holds that the server lost.
            """)
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Reset without asking.") var yes = false
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            let session = try global.session()
            let preview = try session.logResetPreview()
            if !output.json {
                print("Server log:     \(preview.serverSize) entries, root \(preview.serverRoot)")
                print(
                    "This machine:   "
                        + (preview.localSize.map { "\($0) entries verified" } ?? "none verified"))
                print(
                    "Checkpoint:     "
                        + (preview.lastCheckpoint.map { "\($0) entries" } ?? "none held"))
            }
            try Confirm.destructive(
                "Give up the log this machine verified and accept the server's as reset "
                    + "\(preview.counter)?", yes: yes, action: "reset the server's log")
            let report = try session.logReset()
            if output.json { print(try Render.json(report)); return }
            print(
                "Reset \(report.counter): the server's log of \(report.serverSize) entries is "
                    + "accepted; \(report.rosterPushed) roster entries pushed.")
            if let sync = report.sync {
                print(
                    "Synced: \(sync.restored) changes given back to the server, "
                        + "\(sync.applied) applied. Every other machine takes the reset at "
                        + "its next sync.")
            }
        }
    }
}
