import Foundation
import Testing

/// `coach device add --web` and `device approve` through the binary where no server is needed:
/// options out of range are refused at the edge, approving without words and without a
/// terminal is refused before anything is read, and a workspace that does not sync has nothing
/// to pair with; each exit 64 with one line and nothing on stdout.
@Suite struct DeviceWebCLITests {
    @Test(
        "bad options, no words without a terminal, or a workspace that does not sync: exit 64",
        arguments: [
            (["device", "add"], "pass --web"),
            (["device", "add", "--web", "--minutes", "0"], "--minutes must be from 1 to 60"),
            (["device", "add", "--web", "--minutes", "61"], "--minutes must be from 1 to 60"),
            (["device", "add", "--web", "--athlete", "Not A Handle"], "is not an athlete handle"),
            (["device", "add", "--web", "--athlete", "jane"], "not published"),
            (["device", "approve", "--words", "one two"], "needs the six words"),
            (["device", "approve"], "no terminal to ask"),
            (["device", "approve", "--words", "a b c d e f"], "not published"),
        ])
    func refused(_ args: [String], _ message: String) throws {
        let s = try CoachSandbox()
        try s.initialise()
        let r = try s.run(args)
        #expect(r.status == 64, "\(args): \(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.errorLines.count == 1, "\(r.stderr)")
        #expect(r.stdout.isEmpty, "\(r.stdout)")
    }
}
