import CoachCrypto
import CoachSync
import Foundation
import Testing

@testable import CoachServer

/// The real binary: `keygen` and the key `serve` requires.
@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct ServeKeyProcessTests {
    @Test("serve without a key file refuses in one line naming --key and keygen, and exits")
    func serveNeedsKey() async throws {
        let cluster = try await PostgresCluster.shared("ServeKeyProcessTests")
        let url = try await cluster.database()
        let text = "postgres://coach@127.0.0.1:\(cluster.port)/\(url.database)"
        let refused = try ServerProcess(
            ["serve", "--database", text, "--listen", "127.0.0.1:0"],
            environment: ["COACH_SERVER_KEY_FILE": ""])
        let said = refused.readAll(refused.errors)
        #expect(refused.wait() != 0)
        #expect(said.contains("no server key: give --key FILE or set COACH_SERVER_KEY_FILE"))
        #expect(said.split(separator: "\n").count == 1, "\(said)")
    }

    @Test("keygen writes a 0600 key once; serve --key answers its public half at /v1/server")
    func keygenAndServe() async throws {
        let cluster = try await PostgresCluster.shared("ServeKeyProcessTests")
        let url = try await cluster.database()
        let text = "postgres://coach@127.0.0.1:\(cluster.port)/\(url.database)"
        let path = try ServerKeyTests.folder() + "/server.key"
        let keygen = try ServerProcess(["keygen", "--out", path])
        #expect(keygen.readAll().contains("wrote a server key to \(path)"))
        #expect(keygen.wait() == 0)
        let before = FileManager.default.contents(atPath: path)
        let again = try ServerProcess(["keygen", "--out", path])
        #expect(again.readAll(again.errors).contains("exists"))
        #expect(again.wait() != 0)
        #expect(FileManager.default.contents(atPath: path) == before)
        let key = try ServerKey.read(from: path)
        let serve = try ServerProcess(
            ["serve", "--database", text, "--key", path, "--listen", "127.0.0.1:0"],
            environment: ["COACH_SERVER_KEY_FILE": ""])
        let base = try ServeProcessTests.baseURL(serve)
        let (status, body) = await ServerProcess.get(base + SyncPath.server)
        serve.stop()
        #expect(status == 200)
        let info = try SyncJSON.decode(ServerKeyInfo.self, from: body)
        #expect(info.logKey.bytes == key.publicKey)
        #expect(info.keyId.bytes == Hashing.blake2b(key.publicKey))
    }
}
