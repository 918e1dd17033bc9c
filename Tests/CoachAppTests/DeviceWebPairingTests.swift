import CoachCrypto
import CoachKit
import CoachStore
import CoachSync
import CoachTestSupport
import Foundation
import Testing

@testable import CoachApp

/// `device add --web` and `device approve` as use cases: only the code's proof reaches the
/// server, the code is kept sealed on this machine, the link's fragment carries what the page
/// pins, and an approval signs the phone's roster entry only for a request MACed with the
/// code and whose words the user confirmed.
@Suite struct DeviceWebPairingTests {
    /// A synced sandbox on `address` whose server has the pairing routes.
    static func published(_ address: String = "https://sync.test") throws
        -> (PairingSyncServer, WorkspaceSandbox, AppEnvironment)
    {
        let sandbox = try WorkspaceSandbox()
        var environment = sandbox.environment
        let nowMs = Int64(environment.clock.now().timeIntervalSince1970 * 1000)
        let server = PairingSyncServer(nowMs: nowMs)
        environment.syncTransport = server
        let owner = try sandbox.session()
        try owner.ensureDevice()
        owner.close()
        let first = try sandbox.session()
        let sealed = try #require(
            try environment.deviceKeys(for: sandbox.path).load(
                userId: first.principal.userId.rawValue))
        try first.workspace.useDevice(sealedKey: sealed, as: first.principal)
        try first.workspace.startSync(
            server: address, registration: [], genesis: true, as: first.principal)
        first.close()
        return (server, sandbox, environment)
    }

    static func session(_ sandbox: WorkspaceSandbox, _ environment: AppEnvironment) throws
        -> AppSession
    {
        try AppSession.open(sandbox.signIn(as: "olivia"), environment: environment)
    }

    /// The link's fragment fields.
    static func fragment(_ link: String) throws -> [String: String] {
        let text = try #require(link.split(separator: "#", maxSplits: 1).last)
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
            fields[kv[0]] = kv.count > 1 ? kv[1].removingPercentEncoding : ""
        }
        return fields
    }

    /// A pairing made by the owner for jane, and the link's fields.
    static func paired(_ address: String = "https://sync.test") throws
        -> (PairingSyncServer, WorkspaceSandbox, AppEnvironment, [String: String])
    {
        let (server, sandbox, environment) = try published(address)
        let session = try Self.session(sandbox, environment)
        defer { session.close() }
        let report = try session.addWebDevice(Handle("jane"), minutes: 15)
        return (server, sandbox, environment, try fragment(report.link))
    }

    @Test("the link's fragment pins the owner key and carries the code; the server gets its proof")
    func linkAndProof() throws {
        let (server, sandbox, environment) = try Self.published()
        let session = try Self.session(sandbox, environment)
        defer { session.close() }
        let report = try session.addWebDevice(Handle("jane"), minutes: 15)
        let owner = try session.workspace.publication(as: session.principal).registration
        let jane = try session.workspace.resolveAthlete(Handle("jane"), as: session.principal)
        #expect(report.link.hasPrefix("https://sync.test/checkin#"))
        let f = try Self.fragment(report.link)
        let code = try #require(f["c"])
        #expect(f["v"] == "1")
        #expect(f["w"] == owner.workspaceId)
        #expect(f["a"] == jane.rawValue)
        #expect(f["h"] == "jane")
        #expect(f["o"] == Base64URL.encode(Hashing.sha256(owner.ownerSignPK.bytes)))
        #expect(JoinCode.normalized(code) == code)
        #expect(f["e"] == "1")
        let created = try #require(server.pairings.withLock { Array($0.values) }.first)
        #expect(
            created.create.proof.bytes
                == CheckinBytes.pairProof(workspace: owner.workspaceId, code: code))
        #expect(created.create.athlete == jane)
        #expect(created.create.expiresIn == 900)
        #expect(report.pageSHA256 == CheckinPage.sha256)
        #expect(report.servedPage == "same")
        // The code never crosses the wire, in a path or a body.
        for request in server.requests.withLock({ $0 }) {
            #expect(!request.path.contains(code))
            #expect(!String(decoding: request.body ?? [], as: UTF8.self).contains(code))
        }
    }

    @Test("the kept pairing file is private and holds neither the code nor the link in clear")
    func keptSealed() throws {
        let (_, sandbox, environment, f) = try Self.paired()
        let session = try Self.session(sandbox, environment)
        defer { session.close() }
        let device = try session.workspace.withDeviceKey { id, _ in id }
        let path = try #require(
            environment.pairings(for: sandbox.path).path(deviceId: device.rawValue))
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let code = try #require(f["c"])
        #expect(!String(decoding: bytes, as: UTF8.self).contains(code))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("jane"))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
        #expect((mode as? Int) == 0o600)
    }

    @Test(
        "the page link needs https, except on loopback",
        arguments: [
            ("http://sync.test", false), ("http://192.168.1.5:8080", false),
            ("https://sync.test", true), ("http://127.0.0.1:8080", true),
            ("http://localhost:9000", true), ("http://[::1]:9000", true),
        ])
    func secureContext(address: String, allowed: Bool) throws {
        let (server, sandbox, environment) = try Self.published(address)
        let session = try Self.session(sandbox, environment)
        defer { session.close() }
        if allowed {
            let report = try session.addWebDevice(Handle("jane"), minutes: 5)
            #expect(report.link.hasPrefix(address + "/checkin#"))
        } else {
            #expect(throws: PairingFailure.insecurePage(server: address)) {
                try session.addWebDevice(Handle("jane"), minutes: 5)
            }
            #expect(server.requests.withLock { $0 }.isEmpty)
        }
    }

    @Test(
        "the page the server serves is compared with the one shipped",
        arguments: [("same", true), ("differs", true), ("unavailable", false)])
    func servedPage(expected: String, serves: Bool) throws {
        let (server, sandbox, environment) = try Self.published()
        server.page.withLock {
            $0 = serves ? (expected == "same" ? CheckinPage.bytes : CheckinPage.bytes + [10]) : nil
        }
        let session = try Self.session(sandbox, environment)
        defer { session.close() }
        #expect(try session.addWebDevice(Handle("jane"), minutes: 5).servedPage == expected)
    }

    @Test("a pairing lives 1 to 60 minutes; another is refused before anything is sent")
    func lifeRange() throws {
        let (server, sandbox, environment) = try Self.published()
        let session = try Self.session(sandbox, environment)
        defer { session.close() }
        for minutes in [0, 61] {
            #expect(throws: StoreError.self) {
                try session.addWebDevice(Handle("jane"), minutes: minutes)
            }
        }
        #expect(server.requests.withLock { $0 }.isEmpty)
    }

    @Test("the link names the athlete's current key epoch, so a new phone refuses an older key")
    func linkEpoch() throws {
        let (_, sandbox, environment) = try Self.published()
        let session = try Self.session(sandbox, environment)
        defer { session.close() }
        let first = try Self.fragment(try session.addWebDevice(Handle("jane"), minutes: 5).link)
        #expect(first["e"] == "1")
        // Removing carl rotates jane's key to epoch 2, which the next link names.
        try session.revokeAccess(athlete: Handle("jane"), from: Handle("carl"))
        let second = try Self.fragment(try session.addWebDevice(Handle("jane"), minutes: 5).link)
        #expect(second["e"] == "2")
    }
}
