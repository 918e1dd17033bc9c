import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Metrics
import Prometheus

/// `coach-server serve`: answers the sync API on a database that is current.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the sync API (the first line of output names the address bound).")

    @OptionGroup var options: DatabaseOption

    @Option(name: .long, help: "HOST:PORT to listen on (port 0 takes a free one)")
    var listen: String = "127.0.0.1:8080"

    @Flag(name: .customLong("checkin-page"), help: "Serve the web check-in page at /checkin")
    var checkinPage = false

    func run() async throws {
        let url = try options.url()
        let (host, port) = try Self.address(listen)
        let logger = Logger(label: "coach-server")
        let environment = ProcessInfo.processInfo.environment
        try await withDatabase(url, logger: logger) { client in
            try await Migrator(client: client, logger: logger).checkCurrent()
            try await SchemaCheck.check(client, logger: logger)
            let registry = PrometheusCollectorRegistry()
            MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
            let store = SyncStore(
                client: client, logger: logger, crash: CrashPoints.from(environment))
            var server = SyncServer(store: store, metrics: registry)
            server.servesCheckinPage = checkinPage
            let app = Application(
                router: server.router().router,
                configuration: .init(
                    address: .hostname(host, port: port), serverName: "coach-server"),
                onServerRunning: { channel in
                    let bound = channel.localAddress?.port ?? port
                    let line = "coach-server listening on http://\(host):\(bound)\n"
                    FileHandle.standardOutput.write(Data(line.utf8))
                },
                logger: logger)
            try await app.runService()
        }
    }

    /// Reads `HOST:PORT`.
    static func address(_ text: String) throws -> (String, Int) {
        guard let colon = text.lastIndex(of: ":"),
            let port = Int(text[text.index(after: colon)...]),
            (0...65_535).contains(port), colon > text.startIndex
        else { throw ServerError.badListen(text) }
        return (String(text[..<colon]), port)
    }
}
