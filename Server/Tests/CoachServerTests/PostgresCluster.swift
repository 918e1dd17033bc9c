import CoachKit
import Foundation
import Logging
import PostgresNIO
import Testing

@testable import CoachServer

/// A throw-away PostgreSQL cluster for one suite: `initdb` and `pg_ctl` on a private socket
/// folder and a free loopback port, with `fsync` off, run as the `postgres` user when the
/// tests run as root (PostgreSQL refuses root). A template database is migrated once; every
/// test gets a database of its own cloned from it.
///
/// Without `initdb` the suites are skipped with one line naming the package, unless
/// `COACH_REQUIRE_PG=1`, which turns that into a failure (`PostgresHarnessTests`).
final class PostgresCluster: Sendable {
    let folder: URL
    let port: Int
    let binaries: URL
    let asPostgres: Bool
    private let counter = LockedValue(0)

    static let template = "coach_template"
    static let logger = Logger(label: "coach-server-tests")

    /// The folder of `initdb` and `pg_ctl`: the newest under /usr/lib/postgresql, else PATH.
    static let binaryFolder: URL? = {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
            let bin = root.appendingPathComponent(version).appendingPathComponent("bin")
            if FileManager.default.isExecutableFile(
                atPath: bin.appendingPathComponent("initdb").path)
            {
                return bin
            }
        }
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let bin = URL(fileURLWithPath: String(dir))
            if FileManager.default.isExecutableFile(
                atPath: bin.appendingPathComponent("initdb").path)
            {
                return bin
            }
        }
        return nil
    }()

    /// Whether a cluster can be started here.
    static var available: Bool { binaryFolder != nil }

    private static let starting = LockedValue([String: Task<PostgresCluster, any Error>]())

    /// The cluster of `suite`, started (and its template migrated) on first use.
    static func shared(_ suite: String) async throws -> PostgresCluster {
        let task = starting.withLock { tasks in
            if let task = tasks[suite] { return task }
            let task = Task { try await PostgresCluster.start() }
            tasks[suite] = task
            return task
        }
        return try await task.value
    }

    private init(folder: URL, port: Int, binaries: URL, asPostgres: Bool) {
        self.folder = folder
        self.port = port
        self.binaries = binaries
        self.asPostgres = asPostgres
    }

    /// Starts a new cluster and migrates its template database.
    static func start() async throws -> PostgresCluster {
        guard let binaries = binaryFolder else {
            throw HarnessError("initdb not found: install PostgreSQL (apt-get install postgresql)")
        }
        let folder = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("coach-pg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let asPostgres = getuid() == 0
        if asPostgres { try run("/bin/chown", ["postgres:postgres", folder.path]) }
        let cluster = PostgresCluster(
            folder: folder, port: try freePort(), binaries: binaries, asPostgres: asPostgres)
        try cluster.tool(
            "initdb",
            [
                "-D", cluster.data, "-A", "trust", "-U", "coach", "--no-sync", "-E", "UTF8",
                "--locale=C.UTF-8",
            ])
        try cluster.tool(
            "pg_ctl",
            [
                "-D", cluster.data, "-w", "-l", folder.appendingPathComponent("log").path,
                "-o",
                "-k \(folder.path) -p \(cluster.port) -c listen_addresses=127.0.0.1 "
                    + "-c fsync=off -c synchronous_commit=off -c full_page_writes=off",
                "start",
            ])
        Self.registerStop(cluster)
        try await cluster.withClient(database: "postgres") { client in
            try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(template)"))
        }
        try await cluster.withClient(database: template) { client in
            try await Migrator(client: client, logger: logger).migrate()
        }
        // The migrating connection's backend may still be exiting (slowly, on a loaded
        // machine), and a database cannot be cloned from a template anyone is connected to.
        try await cluster.withClient(database: "postgres") { client in
            for _ in 0..<100 {
                let rows = try await client.query(
                    "SELECT count(*)::int8 FROM pg_stat_activity WHERE datname = \(template)"
                ).collect()
                if try rows.first?.decode(Int64.self) == 0 { return }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        return cluster
    }

    var data: String { folder.appendingPathComponent("data").path }

    /// The URL of a database of this cluster.
    func url(_ database: String) -> DatabaseURL {
        DatabaseURL("postgres://coach@127.0.0.1:\(port)/\(database)")!
    }

    /// A new database: a clone of the migrated template, or empty.
    func database(migrated: Bool = true) async throws -> DatabaseURL {
        let name = "t\(counter.withLock { $0 += 1; return $0 })"
        let template = migrated ? Self.template : "template0"
        // PostgreSQL refuses to clone a template while another session is on it, and two
        // clones made at once by parallel tests can meet so: wait and try again (up to 20 s).
        for attempt in 1...400 {
            do {
                try await withClient(database: "postgres") { client in
                    try await client.query(
                        PostgresQuery(unsafeSQL: "CREATE DATABASE \(name) TEMPLATE \(template)"))
                }
                break
            } catch  where attempt < 400 && Self.templateBusy(error) {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        return url(name)
    }

    /// Whether `error` is PostgreSQL's refusal to clone a template someone is connected to
    /// (SQLSTATE 55006, object in use).
    static func templateBusy(_ error: any Error) -> Bool {
        let text = String(reflecting: error) + " " + String(describing: error)
        return text.contains("55006") || text.contains("is being accessed by other users")
    }

    /// Runs `body` with a client of `database`.
    @discardableResult
    func withClient<T: Sendable>(
        database: String, _ body: @Sendable (PostgresClient) async throws -> T
    ) async throws -> T {
        try await withDatabase(url(database), logger: Self.logger, body)
    }

    /// Runs a PostgreSQL tool of this cluster, as `postgres` when root.
    func tool(_ name: String, _ arguments: [String]) throws {
        let path = binaries.appendingPathComponent(name).path
        if asPostgres {
            try Self.run("/usr/sbin/runuser", ["-u", "postgres", "--", path] + arguments)
        } else {
            try Self.run(path, arguments)
        }
    }

    /// Runs a program and waits; throws with its output when it fails. Spawned with
    /// `posix_spawn` and reaped with `waitpid`; the output goes to a file, not a pipe, since
    /// the server `pg_ctl start` leaves running keeps its descriptors.
    static func run(_ program: String, _ arguments: [String]) throws {
        let log = NSTemporaryDirectory() + "coach-pg-run-\(UUID().uuidString)"
        defer { unlink(log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { throw HarnessError("\(program) did not start: \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw HarnessError("\(program) \(arguments.joined(separator: " ")) failed: \(text)")
        }
    }

    /// A loopback port nothing listens on now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw HarnessError("no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Stops every cluster when the test process exits.
    private static func registerStop(_ cluster: PostgresCluster) {
        let first = stopList.withLock { list in
            list.append(
                (cluster.binaries.path, cluster.data, cluster.asPostgres, cluster.folder.path))
            return list.count == 1
        }
        if first {
            atexit {
                for (binaries, data, asPostgres, folder) in PostgresCluster.stopList.withLock({ $0 }
                ) {
                    let pgctl = binaries + "/pg_ctl"
                    let args = ["-D", data, "-m", "immediate", "stop"]
                    try? asPostgres
                        ? PostgresCluster.run(
                            "/usr/sbin/runuser", ["-u", "postgres", "--", pgctl] + args)
                        : PostgresCluster.run(pgctl, args)
                    try? FileManager.default.removeItem(atPath: folder)
                }
            }
        }
    }

    static let stopList = LockedValue([(String, String, Bool, String)]())
}

/// A harness failure, in one line.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
