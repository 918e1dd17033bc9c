import Foundation
import Testing

/// Smaller insider edits: a corrupt integer is tampering (exit 74), never a crash; a session
/// token file that is a link, another user's or readable by others is refused.
@Suite struct InsiderSmallItemsCLITests {
    @Test(
        "A negative or absurd Argon2id parameter in the users row is exit 74, never a trap",
        arguments: ["kdf_ops = -1", "kdf_mem = -5", "kdf_ops = 9223372036854775807"])
    func corruptKDFInteger(edit: String) throws {
        let s = try CoachSandbox()
        try s.initialise(unlock: false)
        _ = try s.sqlite("UPDATE users SET \(edit) WHERE handle = 'olivia'")
        let pass = try s.secretFile("owner", CoachSandbox.ownerPass)
        let r = try s.run(["athlete", "list", "--as", "olivia", "--passphrase-file", pass])
        #expect(!r.crashed && r.status == 74, "\(r.status) \(r.stderr)")
        #expect(r.errorLines.count == 1 && r.stderr.contains("password-hashing parameters"))
    }

    @Test("A session token file that others can read, or a link to one, is refused")
    func tokenFileChecked() throws {
        let s = try CoachSandbox()
        try s.initialise()
        let dir = s.runtimeDir + "/coach"
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: dir).first {
                $0.hasSuffix(".olivia.session")
            })
        let token = dir + "/" + name
        chmod(token, 0o644)
        let wide = try s.run(["athlete", "list", "--as", "olivia"])
        #expect(wide.status != 0 && wide.stderr.contains("session file"), "\(wide.stderr)")
        chmod(token, 0o600)
        try s.expectOK(s.run(["athlete", "list", "--as", "olivia"]))
        let moved = s.root + "/secrets/moved.session"
        try FileManager.default.moveItem(atPath: token, toPath: moved)
        try FileManager.default.createSymbolicLink(atPath: token, withDestinationPath: moved)
        let link = try s.run(["athlete", "list", "--as", "olivia"])
        #expect(link.status != 0 && link.stderr.contains("session file"), "\(link.stderr)")
    }
}
