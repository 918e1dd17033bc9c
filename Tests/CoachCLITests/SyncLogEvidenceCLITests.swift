import CoachTrust
import Foundation
import Testing

@testable import CoachCLI

/// The command line's words for a refused log: one line naming the sizes, then the command
/// that writes the evidence the replica kept, whose option parses.
@Suite struct SyncLogEvidenceCLITests {
    @Test("A rollback's message points to `coach sync status --evidence FILE`")
    func pointsToEvidence() throws {
        let message = ErrorText.message(for: LogFailure.rolledBack(from: 12, to: 11))
        #expect(
            message
                == "the server's log went back from 12 to 11 entries; the evidence is kept: "
                + "write it with 'coach sync status --evidence FILE'")
        _ = try SyncStatusCommand.parse(["--evidence", "/tmp/e.json"])
    }

    @Test("sync status --evidence on a workspace that does not sync: exit 64, nothing written")
    func notSynced() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let out = s.root + "/evidence.json"
        let r = try s.run(["sync", "status", "--evidence", out, "--as", "olivia"])
        #expect(r.status == 64 && r.errorLines.count == 1, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
