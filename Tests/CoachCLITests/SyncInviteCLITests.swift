import Foundation
import Testing

/// `coach sync invite` through the binary where no server is needed: a life out of range and
/// a handle that cannot be one are refused at the edge, and a workspace that does not sync
/// has nothing to invite to; each exit 64 with one line and no code printed.
@Suite struct SyncInviteCLITests {
    @Test(
        "bad --hours, a bad --for handle, or a workspace that does not sync: exit 64, no code",
        arguments: [
            (["--hours", "0"], "--hours must be from 1 to 168"),
            (["--hours", "169"], "--hours must be from 1 to 168"),
            (["--for", "Not A Handle"], "is not a user handle"),
            (["--for", "carl"], "not published"),
        ])
    func refused(_ extra: [String], _ message: String) throws {
        let s = try CoachSandbox()
        try s.initialise()
        let r = try s.run(["sync", "invite"] + extra)
        #expect(r.status == 64, "\(extra): \(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.errorLines.count == 1, "\(r.stderr)")
        #expect(r.stdout.isEmpty, "\(r.stdout)")
    }
}
