import CoachCrypto
import CoachSync
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PostgresNIO
import Testing

@testable import CoachServer

/// `GET /checkin` serves the embedded check-in page with its exact security headers, and is not
/// routed at all without `serve --checkin-page`. The page needs no database: the store's client
/// points nowhere and is never used.
@Suite struct CheckinPageRouteTests {
    static func server(page: Bool) -> SyncServer {
        let client = PostgresClient(
            configuration: DatabaseURL("postgres://coach@127.0.0.1:1/unused")!.configuration,
            backgroundLogger: Logger(label: "unused"))
        var server = SyncServer(
            store: SyncStore(client: client, key: .test, logger: Logger(label: "t")))
        server.servesCheckinPage = page
        return server
    }

    /// Runs `body` against the in-process router of a server with or without the page.
    func withRouter(
        page: Bool, _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let app = Application(router: Self.server(page: page).router().router)
        try await app.test(.router) { client in try await body(client) }
    }

    static let expectedHeaders: [String: String] = [
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy":
            "default-src 'none'; script-src '\(CheckinPage.scriptHash)'; "
            + "style-src '\(CheckinPage.styleHash)'; img-src data:; connect-src 'self'; "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Cross-Origin-Resource-Policy": "same-origin",
        "Cache-Control": "no-cache",
        "ETag": "\"\(CheckinPage.sha256)\"",
    ]

    @Test("The page is served byte for byte with its exact security headers")
    func headers() async throws {
        try await withRouter(page: true) { client in
            let response = try await client.execute(uri: "/checkin", method: .get)
            #expect(response.status == .ok)
            let body = Array(response.body.readableBytesView)
            #expect(Hashing.hex(Hashing.sha256(body)) == CheckinPage.sha256)
            for (name, value) in Self.expectedHeaders {
                #expect(response.headers[HTTPFields.Element.Name(name)!] == value, "\(name)")
            }
            let policy = try #require(
                response.headers[HTTPFields.Element.Name("Permissions-Policy")!])
            let features = policy.components(separatedBy: ", ")
            #expect(features.count == SyncServer.deniedFeatures.count)
            #expect(features.allSatisfy { $0.hasSuffix("=()") })
            #expect(["camera=()", "geolocation=()", "microphone=()"].allSatisfy(features.contains))
            #expect(
                response.headers[HTTPFields.Element.Name("Access-Control-Allow-Origin")!] == nil)
            #expect(response.headers[.setCookie] == nil)
        }
    }

    @Test("The script and style the policy allows are the ones in the served page")
    func policyHashesMatchServedBytes() async throws {
        try await withRouter(page: true) { client in
            let response = try await client.execute(uri: "/checkin", method: .get)
            let html = String(decoding: response.body.readableBytesView, as: UTF8.self)
            for (tag, hash) in [
                ("script", CheckinPage.scriptHash), ("style", CheckinPage.styleHash),
            ] {
                let open = try #require(html.range(of: "<\(tag)>"))
                let close = try #require(
                    html.range(of: "</\(tag)>", range: open.upperBound..<html.endIndex))
                let digest = Hashing.sha256(Array(html[open.upperBound..<close.lowerBound].utf8))
                #expect(hash == "sha256-" + Data(digest).base64EncodedString(), "\(tag)")
            }
        }
    }

    @Test("A browser holding the same page gets 304 with no body; another entity tag gets it")
    func conditional() async throws {
        try await withRouter(page: true) { client in
            let same = try await client.execute(
                uri: "/checkin", method: .get,
                headers: [.ifNoneMatch: "\"\(CheckinPage.sha256)\""])
            #expect(same.status == .notModified)
            #expect(same.body.readableBytes == 0)
            #expect(same.headers[.eTag] == "\"\(CheckinPage.sha256)\"")
            let other = try await client.execute(
                uri: "/checkin", method: .get, headers: [.ifNoneMatch: "\"0000\""])
            #expect(other.status == .ok)
            #expect(other.body.readableBytes == CheckinPage.bytes.count)
        }
    }

    @Test("Without the flag the path is not routed: 404, and no page bytes")
    func offByDefault() async throws {
        #expect(!Self.server(page: false).router().routes.contains { $0.path == "/checkin" })
        try await withRouter(page: false) { client in
            let response = try await client.execute(uri: "/checkin", method: .get)
            #expect(response.status == .notFound)
            #expect(response.headers[.contentSecurityPolicy] == nil)
            let body = String(decoding: response.body.readableBytesView, as: UTF8.self)
            #expect(!body.contains("coachCheckin"))
        }
    }
}
