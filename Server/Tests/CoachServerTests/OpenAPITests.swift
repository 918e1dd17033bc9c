import Foundation
import Logging
import PostgresNIO
import Testing

@testable import CoachServer

@Suite struct OpenAPITests {
    @Test(
        "every route the router registers is in docs/openapi.yaml, and the document lists no other")
    func routesDocumented() throws {
        let client = PostgresClient(
            configuration: DatabaseURL("postgres://coach@127.0.0.1:1/unused")!.configuration,
            backgroundLogger: Logger(label: "unused"))
        // With every optional route on: `GET /checkin` is routed only with --checkin-page.
        var server = SyncServer(
            store: SyncStore(client: client, key: .test, logger: Logger(label: "t")))
        server.servesCheckinPage = true
        let registered = Set(server.router().routes.map { "\($0.method.rawValue) \($0.path)" })
        let documented = Set(OpenAPIDocument.shared.operations.keys)
        #expect(registered.count == 22)
        #expect(registered == documented)
        for operation in documented {
            #expect(
                !(OpenAPIDocument.shared.operations[operation] ?? []).isEmpty,
                "\(operation) documents no status")
        }
    }
}
