import CoachKit
import CoachSync
import Foundation

/// The typed calls of the sync API over a transport: JSON in, JSON out, a refusal as
/// `SyncRemoteFailure.refused` with the server's reason.
struct SyncClient: Sendable {
    let server: URL
    let transport: any SyncTransport
    var token: String?
    /// When the session of `token` ends (Unix milliseconds, the server's clock), when known.
    var expiresAt: Int64?

    /// Calls `path` with `body` and decodes the answer as `Answer`.
    func call<Answer: Decodable>(
        _ method: String, _ path: String, _ body: (some Encodable)?, as answer: Answer.Type
    ) throws -> Answer {
        let bytes = try body.map { try SyncJSON.encode($0) }
        let response = try transport.send(
            SyncHTTPRequest(method: method, path: path, body: bytes, token: token), to: server)
        guard (200..<300).contains(response.status) else {
            guard let problem = try? SyncJSON.decode(SyncProblem.self, from: response.body) else {
                throw SyncRemoteFailure.badAnswer(server: server.absoluteString, path: path)
            }
            throw SyncRemoteFailure.refused(problem)
        }
        guard let decoded = try? SyncJSON.decode(Answer.self, from: response.body) else {
            throw SyncRemoteFailure.badAnswer(server: server.absoluteString, path: path)
        }
        return decoded
    }

    /// Signs in as the device: a challenge, answered with the device's signature.
    mutating func signIn(
        workspace: String, device: DeviceID, sign: ([UInt8]) throws -> [UInt8]
    ) throws {
        let challenge = try call(
            "POST", SyncPath.challenge, ChallengeRequest(workspace: workspace, device: device),
            as: ChallengeResponse.self)
        let message = SessionProof.message(
            workspace: workspace, device: device, nonce: challenge.nonce.bytes,
            serverTime: challenge.serverTime)
        let proof = SessionRequest(
            workspace: workspace, device: device, nonce: challenge.nonce.bytes,
            serverTime: challenge.serverTime, signature: try sign(message))
        let session = try call("POST", SyncPath.session, proof, as: SessionResponse.self)
        token = session.token
        expiresAt = session.expiresAt
    }
}
