import CoachCrypto
import CoachKit
import CoachSync
import Foundation
import Hummingbird
import Logging
import Metrics
import NIOCore
import Prometheus

/// The HTTP API of docs/sync-api.md on a `SyncStore`: each route decodes its body within a
/// size limit, authenticates where it must, runs one store operation, and answers with JSON
/// or a `SyncProblem`.
public struct SyncServer: Sendable {
    /// One route: its method and its path as the OpenAPI document spells it.
    public struct Route: Hashable, Sendable {
        public let method: HTTPRequest.Method
        public let path: String
    }

    let store: SyncStore
    let now: @Sendable () -> Int64
    let random: any RandomSource
    let metrics: PrometheusCollectorRegistry
    /// Whether `GET /checkin` serves the web check-in page (`serve --checkin-page`); off, the
    /// path is not routed at all.
    public var servesCheckinPage = false

    /// A server on `store`, reading the time from `now` (Unix ms) and nonces and tokens from
    /// `random`, exposing `metrics` at `/metrics`.
    public init(
        store: SyncStore, now: @escaping @Sendable () -> Int64 = SyncServer.systemMilliseconds,
        random: any RandomSource = SystemRandom(),
        metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry()
    ) {
        self.store = store
        self.now = now
        self.random = random
        self.metrics = metrics
    }

    /// The system clock in Unix milliseconds.
    @Sendable public static func systemMilliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The router with every route registered, and the list of what was registered.
    public func router() -> (router: Router<BasicRequestContext>, routes: [Route]) {
        let router = Router(context: BasicRequestContext.self)
        var routes: [Route] = []
        func on(
            _ method: HTTPRequest.Method, _ path: String,
            _ handler: @escaping @Sendable (Request, BasicRequestContext) async -> Response
        ) {
            let pattern = path.replacingOccurrences(of: "{", with: ":")
                .replacingOccurrences(of: "}", with: "")
            router.on(RouterPath(pattern), method: method) { request, context in
                await handler(request, context)
            }
            routes.append(Route(method: method, path: path))
        }
        on(.get, "/health") { _, _ in
            Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "ok")))
        }
        on(.get, "/metrics") { _, _ in metricsText() }
        on(.post, SyncPath.workspaces) { request, _ in await register(request) }
        on(.post, SyncPath.challenge) { request, _ in await challenge(request) }
        on(.post, SyncPath.session) { request, _ in await session(request) }
        on(.post, "/v1/ws/{ws}/invitations") { request, context in
            await invite(request, context)
        }
        on(.post, "/v1/ws/{ws}/join") { request, context in await join(request, context) }
        on(.get, "/v1/ws/{ws}/roster") { request, context in await rosterPage(request, context) }
        on(.post, "/v1/ws/{ws}/roster") { request, context in await rosterPush(request, context) }
        on(.post, "/v1/ws/{ws}/changes") { request, context in await push(request, context) }
        on(.post, "/v1/ws/{ws}/pull") { request, context in await pull(request, context) }
        // The transparency log (issue 27).
        on(.get, SyncPath.server) { _, _ in
            Self.json(200, ServerKeyInfo(logKey: store.key.publicKey, keyId: store.key.keyId))
        }
        on(.post, "/v1/ws/{ws}/log/proofs") { request, context in
            await logProofs(request, context)
        }
        on(.post, "/v1/ws/{ws}/redactions") { request, context in
            await redact(request, context)
        }
        if servesCheckinPage {
            on(.get, Self.checkinPagePath) { request, _ in checkinPage(request) }
        }
        // Check-in (issue 28).
        for (method, path, handler) in checkinRoutes() { on(method, path, handler) }
        return (router, routes)
    }

    private func metricsText() -> Response {
        var buffer: [UInt8] = []
        metrics.emit(into: &buffer)
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
            body: .init(byteBuffer: ByteBuffer(bytes: buffer)))
    }
}
