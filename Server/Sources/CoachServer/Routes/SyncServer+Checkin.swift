import CoachKit
import CoachSync
import Hummingbird
import Metrics
import NIOCore

extension SyncServer {
    /// The check-in routes (issue 28), registered by `router()`.
    func checkinRoutes() -> [(HTTPRequest.Method, String, Handler)] {
        [
            (.post, "/v1/ws/{ws}/pairings", createPairing),
            (.get, "/v1/ws/{ws}/pairings/{proof}", readPairing),
            (.post, "/v1/ws/{ws}/pairings/{proof}/request", requestPairing),
            (.get, "/v1/ws/{ws}/checkin/{device}", checkinBundle),
            (.post, "/v1/ws/{ws}/inbox", postInbox),
            (.post, "/v1/ws/{ws}/inbox/claim", claimInbox),
            (.post, "/v1/ws/{ws}/inbox/ack", ackInbox),
        ]
    }

    /// A route's handler.
    typealias Handler = @Sendable (Request, BasicRequestContext) async -> Response

    func createPairing(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await answer(status: 201) {
            let ws = try workspace(context)
            let session = try await authenticate(request, ws)
            let body = try await decode(PairingCreate.self, request)
            return try await store.createPairing(body, session: session, now: now())
        }
    }

    func readPairing(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await answer {
            let ws = try workspace(context)
            let session = try await authenticate(request, ws)
            return try await store.pairing(
                context.parameters.get("proof") ?? "", session: session, now: now())
        }
    }

    func requestPairing(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await answer(status: 202) {
            let ws = try workspace(context)
            let body = try await checkinBody(request, limit: SyncLimits.maxPairingRequestBytes)
            try await store.requestPairing(
                ws, proof: context.parameters.get("proof") ?? "", body: body, now: now())
            return CheckinAccepted()
        }
    }

    func checkinBundle(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await answer {
            let ws = try workspace(context)
            return try await store.checkinBundle(
                ws, device: DeviceID(context.parameters.get("device") ?? ""),
                authorization: request.headers[.authorization] ?? "", path: request.uri.path,
                now: now())
        }
    }

    func postInbox(_ request: Request, _ context: BasicRequestContext) async -> Response {
        var result = "stored"
        let response = await answerStatus {
            let ws = try workspace(context)
            let body = try await checkinBody(request, limit: SyncLimits.maxCheckinItemBytes)
            do {
                let posted = try await store.postInbox(ws, body: body, now: now())
                result = posted == .stored ? "stored" : "replayed"
                return (posted == .stored ? 201 : 200, CheckinAccepted())
            } catch let problem as CheckinProblem {
                result = problem.reason.rawValue
                throw problem
            }
        }
        Counter(label: "coach_inbox_posts_total", dimensions: [("result", result)]).increment()
        return response
    }

    func claimInbox(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await answer {
            let ws = try workspace(context)
            let session = try await authenticate(request, ws)
            let body = try await decode(InboxClaimRequest.self, request)
            let claim = try await store.claimInbox(body, session: session, now: now())
            Counter(label: "coach_inbox_claimed_total").increment(by: claim.items.count)
            return claim
        }
    }

    func ackInbox(_ request: Request, _ context: BasicRequestContext) async -> Response {
        await answer {
            let ws = try workspace(context)
            let session = try await authenticate(request, ws)
            let body = try await decode(InboxAckRequest.self, request)
            return try await store.ackInbox(body, session: session, now: now())
        }
    }

    /// A check-in request's raw body, up to `limit` bytes.
    ///
    /// - Throws: `CheckinProblem` (`too_large`).
    func checkinBody(_ request: Request, limit: Int) async throws -> [UInt8] {
        do {
            return try await request.body.collect(upTo: limit).array
        } catch {
            throw CheckinProblem(.tooLarge, "the request body is over \(limit) bytes")
        }
    }
}
