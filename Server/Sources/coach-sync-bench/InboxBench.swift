import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension BenchClub {
    /// Adds a phone of `athlete`, approved by the owner, and the owner's inbox key of its
    /// first epoch.
    mutating func addPhone(_ athlete: AthleteID) throws {
        let phone = try SigningKeyPair.generate()
        var certificate = CheckinDeviceCertificate(
            deviceId: CheckinDeviceCertificate.deviceId(signPK: phone.publicKey),
            athleteId: athlete, approverId: UserID(ownerId), signPK: phone.publicKey,
            name: "bench phone", createdAt: now)
        certificate.sign(by: owner, workspaceId: workspace)
        var key = InboxKeyStatement(
            athleteId: athlete, epoch: 1, publicKey: SystemRandom().bytes(32))
        key.sign(by: owner, workspaceId: workspace)
        phoneKeys.append(phone)
        entries.append(.checkinDevice(RosterCheckinDevice(certificate)))
        entries.append(.inboxKey(RosterInboxKey(key)))
    }

    /// `count` check-ins of athlete `index`'s phone, signed, each sealed-size (the smallest
    /// padding bucket, 256 bytes, and its tag), as JSON request bodies.
    func checkins(athlete index: Int, count: Int) throws -> [Data] {
        let random = SystemRandom()
        let phone = phoneKeys[index]
        return try (0..<count).map { n in
            var item = CheckinItem(
                workspace: workspace, athlete: athletes[index], item: Self.newID(),
                day: "2026-11-\(10 + n % 18)",
                device: CheckinDeviceCertificate.deviceId(signPK: phone.publicKey), epoch: 1,
                enc: random.bytes(32), ciphertext: random.bytes(256 + 16), sentAt: now)
            item.sign(by: phone)
            return Data(try item.encoded())
        }
    }
}

extension SyncBench {
    /// The inbox mode (`COACH_BENCH_INBOX=1`): every athlete's phone posts `days` check-ins
    /// (at most the daily 24) from `clients` concurrent clients with no session, then the
    /// throughput and latency percentiles are printed.
    static func inbox(base: String, athletes: Int, days: Int, clients: Int) async throws {
        let club = try BenchClub(
            athletes: athletes, now: Int64(Date().timeIntervalSince1970 * 1000), checkin: true)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = clients
        let http = Http(base: base, session: URLSession(configuration: configuration))
        try await http.expect(201, SyncPath.workspaces, club.registration)
        let count = min(days, SyncLimits.checkinItemsPerDevicePerDay)
        let bodies = try (0..<athletes).map { try club.checkins(athlete: $0, count: count) }
        let path = SyncPath.inbox(club.workspace)
        let started = Date()
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for client in 0..<clients {
                group.addTask {
                    var mine: [Double] = []
                    for athlete in stride(from: client, to: bodies.count, by: clients) {
                        for body in bodies[athlete] {
                            let t0 = Date()
                            try await http.expect(201, path, body: body, token: nil)
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
        let wall = Date().timeIntervalSince(started)
        let n = latencies.count
        func percentile(_ p: Double) -> Double {
            latencies[min(n - 1, Int((Double(n) * p).rounded(.up)) - 1)] * 1000
        }
        let line = String(
            format:
                "%d inbox posts (%d bytes each) from %d clients in %.2f s: %.0f posts/s, "
                + "p50 %.1f ms, p99 %.1f ms, max %.1f ms",
            n, bodies.first?.first?.count ?? 0, clients, wall, Double(n) / wall,
            percentile(0.5), percentile(0.99), (latencies.last ?? 0) * 1000)
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
