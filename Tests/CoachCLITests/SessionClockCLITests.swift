import Foundation
import Testing

@testable import CoachCLI

/// Sessions live and die by the system clock: `COACH_NOW` moves the day views show, never which
/// sessions survive (issue 24, where a command at the real time deleted a scene's session).
@Suite struct SessionClockCLITests {
    /// A replayed "now" in the past (the scene clock of the end-to-end tests) and one far ahead.
    static let past = ["COACH_NOW": "2026-11-25T12:00:00+01:00"]
    static let future = ["COACH_NOW": "2099-01-01T00:00:00Z"]

    enum Step: String, CaseIterable, Sendable {
        case realClock, laterReplayedClock
        var env: [String: String] {
            self == .realClock ? [:] : SessionClockCLITests.future
        }
    }

    @Test("A coach run under libfaketime sees its arguments (the runtime captures none there)")
    func argumentsUnderFakeTime() throws {
        let binary = try #require(CoachSandbox.binary)
        let s = try CoachSandbox()
        // Started straight from another program (not through a shell that libfaketime also
        // runs in), Swift's runtime sees an empty argv; coach must still read its own.
        let clock = try FakeSystemClock.ahead(seconds: 3600)
        let missing = s.root + "/no such/ws.sqlite"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments =
            clock.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + [binary, "whoami", "--workspace", missing]
        p.environment = s.environment
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 66 && text.contains("no such/ws.sqlite"), "\(text)")
    }

    @Test("A NUL-separated command line splits into its arguments, empty ones kept")
    func kernelCommandLine() {
        #expect(
            ProcessArguments.parse(Data("coach\0log\0\0mood\0".utf8)) == [
                "coach", "log", "", "mood",
            ])
        #expect(ProcessArguments.parse(Data()) == [])
    }

    @Test(
        "A session outlives commands at a later COACH_NOW and on the real clock, in either order",
        arguments: [[Step.realClock, .laterReplayedClock], [.laterReplayedClock, .realClock]],
        [false, true])
    func survives(order: [Step], unlockedInThePast: Bool) throws {
        let s = try CoachSandbox()
        try s.initialise(unlock: false)
        let pass = s.root + "/secrets/owner"
        try s.expectOK(
            s.run(
                ["unlock", "--as", "olivia", "--passphrase-file", pass, "--ttl", "1h"],
                env: unlockedInThePast ? Self.past : [:]))
        for step in order + order {
            let r = try s.run(["athlete", "list", "--json"], env: step.env)
            #expect(r.status == 0, "\(step.rawValue): \(r.stderr)")
            #expect(r.stdout.contains("jane"), "\(step.rawValue): \(r.stdout)")
        }
        #expect(try s.sqlite("SELECT COUNT(*) FROM sessions") == "1")
        try s.expectOK(s.run(["whoami"], env: unlockedInThePast ? Self.past : [:]))
    }

    @Test("whoami after a 24 h unlock at COACH_NOW=2031 shows a deadline within 24 h of real time")
    func realDeadline() throws {
        let s = try CoachSandbox()
        try s.initialise(unlock: false)
        let pass = s.root + "/secrets/owner"
        let in2031 = ["COACH_NOW": "2031-01-01T00:00:00Z"]
        let before = Date()
        try s.expectOK(
            s.run(
                ["unlock", "--as", "olivia", "--passphrase-file", pass, "--ttl", "24h"],
                env: in2031))
        let after = Date()
        for env in [in2031, [:]] {
            let r = try s.expectOK(s.run(["whoami", "--json"], env: env))
            let text = try #require(r.object["session_expires"] as? String, "\(r.stdout)")
            let deadline = try #require(ISO8601DateFormatter().date(from: text), "\(text)")
            #expect(deadline >= before.addingTimeInterval(86_400 - 2), "\(text)")
            #expect(deadline <= after.addingTimeInterval(86_400 + 1), "\(text)")
        }
        // A day and a minute on in real time, the session is over even at the replayed clock.
        let over = try s.run(["whoami"], env: in2031, systemClockAhead: 86_460)
        #expect(over.status == 77 && over.stderr.contains("expired"), "\(over.stderr)")
    }
}
