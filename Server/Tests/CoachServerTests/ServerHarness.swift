import CoachKit
import CoachSync
import CoachTrust
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PostgresNIO
import Testing

@testable import CoachServer

/// A client of the in-process server (HummingbirdTesting, no socket) on a database of its own.
/// Every answer's status is checked against docs/openapi.yaml for its route.
struct Api: Sendable {
    /// The owner binding an invitation carries unless a test gives another.
    static let binding = Array(repeating: UInt8(0xB1), count: JoinCode.bindingLength)

    let client: any TestClientProtocol
    let fixture: ClubFixture

    /// An answer: its status and body.
    struct Answer: Sendable {
        let status: Int
        let body: [UInt8]

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try SyncJSON.decode(type, from: body)
        }

        var problem: SyncProblem? { try? decode(SyncProblem.self) }
    }

    /// Sends a request to the route `template` (`{ws}` replaced by the club's workspace and
    /// `{proof}` by `proof`); its status is checked against the template's documented ones.
    func send(
        _ method: HTTPRequest.Method, _ template: String, proof: String? = nil,
        json: [UInt8]? = nil, token: String? = nil, query: String = ""
    ) async throws -> Answer {
        var uri = template.replacingOccurrences(of: "{ws}", with: ClubFixture.workspace) + query
        if let proof { uri = uri.replacingOccurrences(of: "{proof}", with: proof) }
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "\(SyncPath.authScheme) \(token)" }
        let response = try await client.execute(
            uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(bytes: $0) })
        let answer = Answer(
            status: Int(response.status.code), body: Array(response.body.readableBytesView))
        #expect(
            OpenAPIDocument.shared.documents(method.rawValue, template, answer.status),
            "\(method) \(template) answered \(answer.status), which docs/openapi.yaml omits")
        return answer
    }

    /// Posts a wire value.
    func post(_ template: String, _ value: some Encodable, token: String? = nil) async throws
        -> Answer
    {
        try await send(.post, template, json: try SyncJSON.encode(value), token: token)
    }

    /// Registers the club with its roster.
    @discardableResult
    func register() async throws -> RegistrationResponse {
        let answer = try await post(
            SyncPath.workspaces,
            RegistrationRequest(registration: fixture.registration, roster: fixture.roster))
        #expect(answer.status == 201, "\(answer.problem?.message ?? "")")
        return try answer.decode(RegistrationResponse.self)
    }

    /// Signs `device` in and returns its token.
    func signIn(_ device: DeviceID) async throws -> String {
        let challenge = try await post(
            SyncPath.challenge, ChallengeRequest(workspace: ClubFixture.workspace, device: device)
        ).decode(ChallengeResponse.self)
        let answer = try await post(
            SyncPath.session,
            SessionRequest(
                workspace: ClubFixture.workspace, device: device, challenge: challenge,
                key: fixture.keys[device]!))
        #expect(answer.status == 200, "\(answer.problem?.message ?? "")")
        return try answer.decode(SessionResponse.self).token
    }

    /// Pushes a batch of `device`'s changes.
    func push(
        _ device: DeviceID, batch: Int64, _ changes: [ChangeEnvelope], token: String
    ) async throws -> Answer {
        try await post(
            "/v1/ws/{ws}/changes",
            PushRequest(device: device, batchSeq: batch, changes: changes.map { $0.encoded() }),
            token: token)
    }

    /// Registers an invitation of `handle` for `code`, signed in with `token`.
    func invite(
        _ handle: String, code: String, token: String?, expiresIn: Int64 = 3_600,
        verifier: [UInt8]? = nil, binding: [UInt8] = Api.binding
    ) async throws -> Answer {
        let user =
            fixture.roster.compactMap { entry -> UserID? in
                if case .user(let u) = entry, u.handle == handle { return u.userId }
                return nil
            }.first ?? "u-unknown"
        let proof =
            verifier
            ?? JoinCode.verifier(
                workspace: ClubFixture.workspace, user: user,
                code: JoinCode.normalized(code) ?? code)
        return try await post(
            "/v1/ws/{ws}/invitations",
            InvitationRequest(
                handle: handle, verifier: proof, binding: binding, expiresIn: expiresIn),
            token: token)
    }

    /// Asks to join as `handle` with `code`.
    func join(_ handle: String, code: String) async throws -> Answer {
        try await post("/v1/ws/{ws}/join", JoinRequest(handle: handle, code: code))
    }

    /// The roster head the server holds.
    func rosterHead(token: String) async throws -> RosterHead {
        try await send(.get, "/v1/ws/{ws}/roster", token: token).decode(RosterPage.self).head
    }
}

/// Starts the server on a fresh migrated database of `suite`'s cluster and runs `body`.
func withServer(
    _ suite: String, fixture: ClubFixture, now: Int64 = ClubFixture.now,
    clock: (@Sendable () -> Int64)? = nil, crash: CrashPoints = .none,
    _ body: @Sendable (Api, PostgresClient) async throws -> Void
) async throws {
    let cluster = try await PostgresCluster.shared(suite)
    let url = try await cluster.database()
    let logger = PostgresCluster.logger
    try await withDatabase(url, logger: logger) { client in
        let store = SyncStore(
            client: client, key: .test, logger: logger, crash: crash, now: clock ?? { now })
        let server = SyncServer(store: store, now: clock ?? { now })
        let app = Application(router: server.router().router, logger: logger)
        try await app.test(.router) { testClient in
            try await body(Api(client: testClient, fixture: fixture), client)
        }
    }
}

extension ServerKey {
    /// The key the in-process servers of the suites sign tree heads with.
    static let test: ServerKey = try! ServerKey.generate()
}
