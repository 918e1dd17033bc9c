import CoachTrust
import Foundation
import Testing

/// The verified log head in the marks outside the file, through the binary: a head put into
/// the file that the certified log key did not sign is exit 74 at sign-in, one line, before
/// the marks take it. (A file copied back behind a head the marks took: `SyncLogMarkTests`.)
@Suite struct SyncLogMarkCLITests {
    @Test("A head planted in the file without a certified key's signature: exit 74, one line")
    func plantedHead() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let head = SignedTreeHead(
            workspaceId: "w", keyId: [UInt8](repeating: 1, count: 32), size: 1_234,
            root: [UInt8](repeating: 2, count: 32), time: 1,
            signature: [UInt8](repeating: 3, count: 64))
        let hex = head.encoded().map { String(format: "%02X", $0) }.joined()
        _ = try s.sqlite(
            "INSERT INTO sync_log (id, key_certificate, head) VALUES (1, X'00', X'\(hex)')")
        let r = try s.run(["whoami", "--as", "olivia"])
        #expect(r.status == 74, "\(r.status) \(r.stderr)")
        #expect(
            r.errorLines.count == 1 && r.stderr.contains("verified tree head in this file"),
            "\(r.stderr)")
    }
}
