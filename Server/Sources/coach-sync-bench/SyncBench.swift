import CoachCrypto
import CoachKit
import CoachSync
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Pushes athlete-day batches from concurrent clients against a running `coach-server` and
/// reports pushes per second and latency percentiles. The batches are signed before timing;
/// `COACH_BENCH_ENVELOPE=1` sends them in the version-1 byte form; `COACH_BENCH_INBOX=1` posts
/// check-ins to the inbox instead (`inbox`); `coach-sync-bench proofs N` times the client's
/// log proof checks on a log of N leaves (`ProofBench`).
@main
struct SyncBench {
    static func main() async throws {
        let args = CommandLine.arguments
        if args.count >= 3, args[1] == "proofs", let size = UInt64(args[2]), size > 1 {
            return try ProofBench.run(
                size: size, pairs: args.count > 3 ? Int(args[3]) ?? 10_000 : 10_000)
        }
        guard args.count == 6 || args.count == 7, let athletes = Int(args[2]),
            let days = Int(args[3]), let clients = Int(args[4]), let changes = Int(args[5]),
            let grow = args.count == 7 ? Int(args[6]) : 0
        else {
            FileHandle.standardError.write(
                Data(
                    "usage: coach-sync-bench BASE_URL ATHLETES DAYS CLIENTS CHANGES [GROW_DAYS]\n"
                        .utf8))
            exit(64)
        }
        let base = args[1]
        if ProcessInfo.processInfo.environment["COACH_BENCH_INBOX"] == "1" {
            return try await inbox(base: base, athletes: athletes, days: days, clients: clients)
        }
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let club = try BenchClub(athletes: athletes, now: now)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = clients
        let session = URLSession(configuration: configuration)
        let http = Http(base: base, session: session)
        try await http.expect(201, SyncPath.workspaces, club.registration)
        var tokens: [String] = []
        for index in 0..<athletes {
            let challenge = try await http.call(
                SyncPath.challenge,
                ChallengeRequest(workspace: club.workspace, device: club.device(index)),
                as: ChallengeResponse.self)
            tokens.append(
                try await http.call(
                    SyncPath.session,
                    SessionRequest(
                        workspace: club.workspace, device: club.device(index),
                        challenge: challenge, key: club.deviceKeys[index]),
                    as: SessionResponse.self
                ).token)
        }
        let version1 = ProcessInfo.processInfo.environment["COACH_BENCH_ENVELOPE"] == "1"
        let work = (0..<athletes).map {
            club.batches(
                athlete: $0, days: days + grow, changes: changes, bodyBytes: 110,
                version1: version1)
        }
        // The request bodies are encoded before timing too: the load is the server's.
        let bodies = try work.map { batches in try batches.map { Data(try SyncJSON.encode($0)) } }
        let path = SyncPath.changes(club.workspace)
        try await load(
            bodies.map { Array($0.prefix(days)) }, tokens: tokens, clients: clients, path: path,
            http: http, changes: changes)
        guard grow > 0 else { return }
        // Growth: the caller measures the database, then says go on a line of its own.
        FileHandle.standardOutput.write(Data("grown: waiting\n".utf8))
        _ = readLine()
        try await load(
            bodies.map { Array($0.dropFirst(days)) }, tokens: tokens, clients: clients,
            path: path, http: http, changes: changes)
    }

    /// Pushes `bodies` (each athlete's batches, in order) and prints the throughput and the
    /// latency percentiles.
    static func load(
        _ bodies: [[Data]], tokens: [String], clients: Int, path: String, http: Http,
        changes: Int
    ) async throws {
        let started = Date()
        let latencies = try await run(
            bodies, tokens: tokens, clients: clients, path: path, http: http)
        let wall = Date().timeIntervalSince(started)
        let count = latencies.count
        func percentile(_ p: Double) -> Double {
            latencies[min(count - 1, Int((Double(count) * p).rounded(.up)) - 1)] * 1000
        }
        let line = String(
            format:
                "%d pushes of %d changes from %d clients in %.2f s: %.0f pushes/s "
                + "(%.0f changes/s), p50 %.1f ms, p99 %.1f ms, max %.1f ms",
            count, changes, clients, wall, Double(count) / wall,
            Double(count * changes) / wall, percentile(0.5), percentile(0.99),
            (latencies.last ?? 0) * 1000)
        // Unbuffered, so that a reader waiting for the growth line has this one first.
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

extension SyncBench {
    /// Pushes every batch: `clients` tasks, each taking every `clients`-th athlete and pushing
    /// its batches in order. Returns every push's latency in seconds, sorted.
    nonisolated static func run(
        _ work: [[Data]], tokens: [String], clients: Int, path: String, http: Http
    ) async throws -> [Double] {
        try await withThrowingTaskGroup(of: [Double].self) { group in
            for client in 0..<clients {
                group.addTask {
                    var mine: [Double] = []
                    for athlete in stride(from: client, to: work.count, by: clients) {
                        for batch in work[athlete] {
                            let t0 = Date()
                            try await http.expect(200, path, body: batch, token: tokens[athlete])
                            mine.append(Date().timeIntervalSince(t0))
                        }
                    }
                    return mine
                }
            }
            var all: [Double] = []
            for try await mine in group { all += mine }
            return all.sorted()
        }
    }
}

/// JSON over HTTP for the benchmark.
struct Http: Sendable {
    let base: String
    let session: URLSession

    func send(_ path: String, body: Data, token: String?) async throws -> (Int, Data) {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Coach \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    func expect(_ status: Int, _ path: String, _ body: some Encodable, token: String? = nil)
        async throws
    {
        try await expect(status, path, body: Data(try SyncJSON.encode(body)), token: token)
    }

    func expect(_ status: Int, _ path: String, body: Data, token: String?) async throws {
        let (got, data) = try await send(path, body: body, token: token)
        guard got == status else {
            throw BenchError("\(path) answered \(got): \(String(decoding: data, as: UTF8.self))")
        }
    }

    func call<T: Decodable>(_ path: String, _ body: some Encodable, as type: T.Type)
        async throws -> T
    {
        let (got, data) = try await send(path, body: Data(try SyncJSON.encode(body)), token: nil)
        guard got == 200 else {
            throw BenchError("\(path) answered \(got): \(String(decoding: data, as: UTF8.self))")
        }
        return try SyncJSON.decode(type, from: [UInt8](data))
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
