import CoachKit
import CoachSync
import Foundation
import Hummingbird
import Logging
import NIOCore

extension SyncServer {
    /// Runs `body` and answers with its value as JSON, or with the refusal it threw.
    func answer<T: Encodable & Sendable>(
        status: Int = 200, _ body: () async throws -> T
    ) async -> Response {
        await answerStatus { (status, try await body()) }
    }

    /// Runs `body` and answers with the status and value it returns as JSON, or with the
    /// refusal it threw.
    func answerStatus<T: Encodable & Sendable>(
        _ body: () async throws -> (Int, T)
    ) async -> Response {
        do {
            let (status, value) = try await body()
            return Self.json(status, value)
        } catch let problem as CheckinProblem {
            return Self.json(problem.status, problem)
        } catch let problem as SyncProblem {
            return Self.json(problem.status, problem)
        } catch let error as ServerError {
            store.logger.error("\(error.description)")
            return Self.json(500, SyncProblem.refuse(.internalError, error.description))
        } catch {
            store.logger.error("request failed: \(String(reflecting: error))")
            return Self.json(
                500, SyncProblem.refuse(.internalError, "the server failed; see its log"))
        }
    }

    /// A JSON response.
    static func json(_ status: Int, _ value: some Encodable) -> Response {
        let bytes = (try? SyncJSON.encode(value)) ?? []
        return Response(
            status: HTTPResponse.Status(code: status),
            headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The request's body as `type`, read up to `limit` bytes.
    ///
    /// - Throws: `SyncProblem` (`too_large`, `malformed`).
    func decode<T: Decodable>(_ type: T.Type, _ request: Request, limit: Int = 65_536)
        async throws -> T
    {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw SyncProblem.refuse(.tooLarge, "the request body is over \(limit) bytes")
        }
        do {
            return try SyncJSON.decode(type, from: buffer.array)
        } catch {
            throw SyncProblem.refuse(
                .malformed, "the request body is not a \(T.self): \(Self.why(error))")
        }
    }

    /// Where and why JSON did not decode, in one line.
    static func why(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .keyNotFound(let key, _): return "'\(key.stringValue)' is missing"
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c):
            let path = c.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "not JSON" : "'\(path)' is not valid"
        @unknown default: return "not JSON"
        }
    }

    /// The workspace id of the path.
    func workspace(_ context: BasicRequestContext) throws -> String {
        guard let ws = context.parameters.get("ws"), !ws.isEmpty else {
            throw SyncProblem.refuse(.malformed, "the path names no workspace")
        }
        return ws
    }

    /// The signed-in device of `Authorization: Coach <token>`.
    ///
    /// - Throws: `SyncProblem` (`unauthenticated`, `device_revoked`).
    func authenticate(_ request: Request, _ workspace: String) async throws -> SessionDevice {
        let header = request.headers[.authorization] ?? ""
        let prefix = SyncPath.authScheme + " "
        guard header.hasPrefix(prefix) else {
            throw SyncProblem.refuse(
                .unauthenticated, "no session: send 'Authorization: Coach TOKEN'")
        }
        return try await store.authenticate(
            token: String(header.dropFirst(prefix.count)), workspace: workspace, now: now())
    }
}
