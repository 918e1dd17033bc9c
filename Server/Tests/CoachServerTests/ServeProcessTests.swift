import CoachKit
import CoachSync
import CoachTrust
import Foundation
import PostgresNIO
import Testing

@testable import CoachServer

@Suite(.enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"))
struct ServeProcessTests {
    let fixture: ClubFixture
    typealias Spec = ClubFixture.Spec

    init() throws { fixture = try ClubFixture() }

    /// The base URL from the first line of `serve`; a server that says anything else is
    /// killed, so no test leaves one running.
    static func baseURL(_ serve: ServerProcess) throws -> String {
        let line = serve.firstLine()
        let prefix = "coach-server listening on "
        guard line.hasPrefix(prefix), line.range(of: #":\d+$"#, options: .regularExpression) != nil
        else {
            kill(serve.pid, SIGKILL)
            _ = serve.wait()
            throw HarnessError("unexpected first line: \(line)")
        }
        return String(line.dropFirst(prefix.count))
    }

    @Test("serve refuses a database that is behind, in one line, and migrate brings it up")
    func behind() async throws {
        let cluster = try await PostgresCluster.shared("ServeProcessTests")
        let url = try await cluster.database(migrated: false)
        let text = "postgres://coach@127.0.0.1:\(cluster.port)/\(url.database)"
        let refused = try ServerProcess(
            ["serve", "--listen", "127.0.0.1:0"], environment: ["COACH_SERVER_DATABASE": text])
        let said = refused.readAll(refused.errors)
        #expect(refused.wait() != 0)
        #expect(said.contains("the database is at schema version 0 and this server needs"))
        #expect(said.split(separator: "\n").count == 1, "\(said)")
        let migrate = try ServerProcess(["migrate", "--database", text])
        #expect(migrate.readAll().hasPrefix("applied migrations 1, 2"))
        #expect(migrate.wait() == 0)
        let serve = try ServerProcess(["serve", "--database", text, "--listen", "127.0.0.1:0"])
        let base = try Self.baseURL(serve)
        let (status, _) = await ServerProcess.post(
            base + "/v1/auth/challenge", json: Array("{}".utf8))
        #expect(status == 400)
        serve.stop()
    }

    /// Registers the club, signs carl in and pushes one batch with `COACH_SERVER_CRASH` set:
    /// the server must die by SIGKILL without answering. Returns the database's client.
    func crash(at point: String, db: DatabaseURL, cluster: PostgresCluster) async throws
        -> [ChangeEnvelope]
    {
        let text = "postgres://coach@127.0.0.1:\(cluster.port)/\(db.database)"
        let serve = try ServerProcess(
            ["serve", "--database", text, "--listen", "127.0.0.1:0"],
            environment: ["COACH_SERVER_CRASH": point])
        let base = try Self.baseURL(serve)
        let status: Int?
        let changes: [ChangeEnvelope]
        do {
            let registration = RegistrationRequest(
                registration: fixture.registration, roster: fixture.roster)
            #expect(
                await ServerProcess.post(
                    base + SyncPath.workspaces, json: try SyncJSON.encode(registration)
                ).0 == 201)
            let (_, challengeBody) = await ServerProcess.post(
                base + SyncPath.challenge,
                json: try SyncJSON.encode(
                    ChallengeRequest(workspace: ClubFixture.workspace, device: "d-carl")))
            let challenge = try SyncJSON.decode(ChallengeResponse.self, from: challengeBody)
            let (_, sessionBody) = await ServerProcess.post(
                base + SyncPath.session,
                json: try SyncJSON.encode(
                    SessionRequest(
                        workspace: ClubFixture.workspace, device: "d-carl", challenge: challenge,
                        key: fixture.keys["d-carl"]!)))
            let token = try SyncJSON.decode(SessionResponse.self, from: sessionBody).token
            changes = fixture.changes("d-carl", [Spec(object: "r-1"), Spec(object: "r-2")])
            let push = PushRequest(
                device: "d-carl", batchSeq: 1, changes: changes.map { $0.encoded() })
            (status, _) = await ServerProcess.post(
                base + SyncPath.changes(ClubFixture.workspace), json: try SyncJSON.encode(push),
                token: token)
        } catch {
            kill(serve.pid, SIGKILL)
            _ = serve.wait()
            throw error
        }
        #expect(status == nil)
        if status != nil { kill(serve.pid, SIGKILL) }
        #expect(serve.wait() == -SIGKILL)
        return changes
    }

    static func count(_ client: PostgresClient, _ table: String) async throws -> Int64 {
        try await client.query(
            PostgresQuery(
                unsafeSQL: table == "changes"
                    ? "SELECT coalesce(sum(n), 0)::int8 FROM runs"
                    : "SELECT count(*)::int8 FROM \(table)")
        )
        .collect().first?.decode(Int64.self) ?? -1
    }

    @Test("COACH_SERVER_CRASH=after-commit:push kills the server after the commit: all is stored")
    func afterCommit() async throws {
        let cluster = try await PostgresCluster.shared("ServeProcessTests")
        let db = try await cluster.database()
        _ = try await crash(at: "after-commit:push", db: db, cluster: cluster)
        let counts = try await cluster.withClient(database: db.database) { client in
            (try await Self.count(client, "changes"), try await Self.count(client, "batches"))
        }
        #expect(counts == (2, 1))
    }

    @Test("COACH_SERVER_CRASH=before-commit:push kills the server before the commit: nothing is")
    func beforeCommit() async throws {
        let cluster = try await PostgresCluster.shared("ServeProcessTests")
        let db = try await cluster.database()
        _ = try await crash(at: "before-commit:push", db: db, cluster: cluster)
        let counts = try await cluster.withClient(database: db.database) { client in
            (try await Self.count(client, "changes"), try await Self.count(client, "batches"))
        }
        #expect(counts == (0, 0))
    }
}
