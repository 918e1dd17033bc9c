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
    @OptionGroup var serverKey: ServerKeyOption

    @Option(name: .long, help: "HOST:PORT to listen on (port 0 takes a free one)")
    var listen: String = "127.0.0.1:8080"

    @Option(name: .long, help: "Milliseconds between the log sequencer's rounds")
    var sequenceIntervalMs: Int = 250

    @Flag(name: .customLong("checkin-page"), help: "Serve the web check-in page at /checkin")
    var checkinPage = false

    func run() async throws {
        let url = try options.url()
        let key = try serverKey.load()
        let (host, port) = try Self.address(listen)
        guard (1...60_000).contains(sequenceIntervalMs) else {
            throw ServerError.badInterval(sequenceIntervalMs)
        }
        let logger = Logger(label: "coach-server")
        let environment = ProcessInfo.processInfo.environment
        try await withDatabase(url, logger: logger) { client in
            try await Migrator(client: client, logger: logger).checkCurrent()
            try await SchemaCheck.check(client, logger: logger)
            let registry = PrometheusCollectorRegistry()
            MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
            let store = SyncStore(
                client: client, key: key, logger: logger, crash: CrashPoints.from(environment))
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
            let loop = SequencerLoop(
                sequencer: Sequencer(store: store, now: SyncServer.systemMilliseconds),
                interval: .milliseconds(sequenceIntervalMs))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await loop.run() }
                defer { group.cancelAll() }
                try await app.runService()
            }
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
