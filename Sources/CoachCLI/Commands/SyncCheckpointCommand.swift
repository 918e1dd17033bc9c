import ArgumentParser
import CoachApp
import CoachKit
import Foundation

/// `coach sync checkpoint`: the owner countersigns the server's log now.
struct SyncCheckpointCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkpoint",
        abstract: "Countersign the server's log now (owner): every machine holds it to this head.")
    @OptionGroup var global: GlobalOptions

    func run() throws {
        try guarded {
            guard let size = try global.session().syncCheckpoint() else {
                print("Nothing to countersign: the last checkpoint holds the newest verified head.")
                return
            }
            print("Countersigned the server's log at \(size) entries: every machine checks it.")
        }
    }
}
