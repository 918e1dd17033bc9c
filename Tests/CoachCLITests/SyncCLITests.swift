import Foundation
import Testing

/// `coach sync` through the binary where no server is needed: the usage errors and exit codes
/// of a workspace that does not sync, a refused address, a malformed pinned server key and an
/// unreachable server.
@Suite struct SyncCLITests {
    @Test("sync status and sync on a workspace that does not sync: exit 64, one line")
    func notSynced() throws {
        let s = try CoachSandbox()
        try s.initialise()
        for args in [["sync", "status"], ["sync"], ["sync", "conflicts", "--json"]] {
            let r = try s.run(args)
            #expect(r.status == 64, "\(args): \(r.stderr)")
            #expect(r.errorLines.count == 1, "\(r.stderr)")
            #expect(r.stderr.contains("not published"), "\(r.stderr)")
        }
    }

    @Test("publish to plain http on another host is refused before anything is sent")
    func insecureAddress() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let r = try s.run(["sync", "publish", "--server", "http://club.example"])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("https://"), "\(r.stderr)")
        #expect(try s.run(["sync", "status"]).status == 64)
    }

    @Test("publish to a server that does not answer: exit 73 naming it, the workspace unchanged")
    func unreachable() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let r = try s.run(["sync", "publish", "--server", "http://127.0.0.1:9"])
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.errorLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("127.0.0.1:9"), "\(r.stderr)")
        #expect(try s.run(["sync", "status"]).status == 64)
    }

    @Test(
        "publish with a --server-key that is not 16 hex digits: exit 64, one line, nothing sent",
        arguments: ["0123456789abcde", "0123456789abcdef00", "not-a-fingerprint"])
    func badServerKey(_ key: String) throws {
        let s = try CoachSandbox()
        try s.initialise()
        let r = try s.run(
            ["sync", "publish", "--server", "http://127.0.0.1:9", "--server-key", key])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.errorLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("16 hex digits"), "\(r.stderr)")
        #expect(try s.run(["sync", "status"]).status == 64)
    }
}
