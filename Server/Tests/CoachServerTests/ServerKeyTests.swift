import CoachCrypto
import CoachSync
import Foundation
import Testing

@testable import CoachServer

/// The server's tree-head key file: written once with mode 0600, read back only when it is
/// private and whole, and served as its public half.
@Suite struct ServerKeyTests {
    /// A fresh folder for one test's files.
    static func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("coach-server-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test("a written key has mode 0600 and reads back as the same key that signs the same")
    func roundTrip() throws {
        let path = try Self.folder() + "/server.key"
        let key = try ServerKey.generate()
        try key.write(to: path)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        let read = try ServerKey.read(from: path)
        #expect(read.publicKey == key.publicKey)
        #expect(read.keyId == Hashing.blake2b(key.publicKey))
        let message = Array("tree head".utf8)
        #expect(
            SigningKeyPair.verify(read.sign(message), of: message, publicKey: key.publicKey))
    }

    @Test("an existing file is never overwritten: its bytes stay as they were")
    func refusesOverwrite() throws {
        let path = try Self.folder() + "/server.key"
        try ServerKey.generate().write(to: path)
        let before = FileManager.default.contents(atPath: path)
        #expect(throws: ServerError.keyFileExists(path)) {
            try ServerKey.generate().write(to: path)
        }
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    @Test("a key file other users may read is refused, naming the fix")
    func refusesShared() throws {
        let path = try Self.folder() + "/server.key"
        try ServerKey.generate().write(to: path)
        chmod(path, 0o644)
        let error = #expect(throws: ServerError.self) { try ServerKey.read(from: path) }
        #expect(error?.description.contains("chmod 600") == true)
    }

    @Test(
        "a key file whose public half was swapped for another key's is refused",
        arguments: [true, false])
    func refusesSwappedHalf(swapped: Bool) throws {
        let dir = try Self.folder()
        let path = dir + "/server.key"
        let key = try ServerKey.generate()
        var secret = key.pair.secretKey.exportBytes()
        if swapped { secret.replaceSubrange(32..<64, with: try ServerKey.generate().publicKey) }
        let text = "coach-server-key/1\n\(Base64URL.encode(secret))\n"
        #expect(
            FileManager.default.createFile(
                atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]))
        if swapped {
            let error = #expect(throws: ServerError.self) { try ServerKey.read(from: path) }
            #expect(error?.description.contains("does not match") == true)
        } else {
            #expect(try ServerKey.read(from: path).publicKey == key.publicKey)
        }
    }

    @Test(
        "a file that is not a key file is refused in one line",
        arguments: ["", "coach-server-key/1\n", "coach-server-key/2\nAAAA\n", "junk\njunk\n"])
    func refusesJunk(text: String) throws {
        let path = try Self.folder() + "/server.key"
        #expect(
            FileManager.default.createFile(
                atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]))
        let error = #expect(throws: ServerError.self) { try ServerKey.read(from: path) }
        #expect(error?.description.contains("is not a coach-server-key/1 key file") == true)
        #expect(error?.description.contains("\n") == false)
    }
}
