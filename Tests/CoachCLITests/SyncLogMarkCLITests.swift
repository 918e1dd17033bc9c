import CoachTrust
import Foundation
import Testing

/// The verified log head in the marks outside the file, through the binary: a workspace file
/// copied back behind the head this machine saw is exit 74 at sign-in, one line naming both
/// sizes.
@Suite struct SyncLogMarkCLITests {
    @Test("A file copied back behind the marked log head: exit 74 naming both sizes")
    func copiedBack() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let copy = s.root + "/secrets/before-head.sqlite"
        _ = try s.sqlite("VACUUM INTO '\(copy)'")
        // The head a pull verified (its signature is checked when it is pulled, not here).
        let head = SignedTreeHead(
            workspaceId: "w", keyId: [UInt8](repeating: 1, count: 32), size: 1_234,
            root: [UInt8](repeating: 2, count: 32), time: 1,
            signature: [UInt8](repeating: 3, count: 64))
        let hex = head.encoded().map { String(format: "%02X", $0) }.joined()
        _ = try s.sqlite(
            "INSERT INTO sync_log (id, key_certificate, head) VALUES (1, X'00', X'\(hex)')")
        try s.expectOK(s.run(["whoami", "--as", "olivia"]))
        try InsiderRollbackCLITests.putBack(copy, in: s)
        InsiderRollbackCLITests.refusedAsRollback(
            try s.run(["whoami", "--as", "olivia"]),
            naming: "at 0 changes, older than the 1234")
    }
}
