import CoachApp
import CoachCrypto
import CoachKit
import CoachSync
import Foundation

/// The fake sync server plus the web pairing routes and the `/checkin` page, recording every
/// request: pairings registered by proof, a phone's one request (made by `answer`), and the
/// page served as the test sets it.
final class PairingSyncServer: SyncTransport {
    struct Pairing {
        var create: PairingCreate
        var expiresAt: Int64
        var request: PairingRequest?
    }

    let inner = FakeSyncServer()
    let requests = LockedValue<[SyncHTTPRequest]>([])
    /// Pairings by their proof's base64url.
    let pairings = LockedValue<[String: Pairing]>([:])
    /// The page `/checkin` answers; nil for `404`.
    let page = LockedValue<[UInt8]?>(CheckinPage.bytes)
    /// The server's time, in Unix milliseconds.
    let nowMs: Int64

    init(nowMs: Int64) { self.nowMs = nowMs }

    func send(_ request: SyncHTTPRequest, to server: URL) throws -> SyncHTTPResponse {
        requests.withLock { $0.append(request) }
        if request.path == "/checkin" {
            guard let page = page.withLock({ $0 }) else {
                return SyncHTTPResponse(status: 404, body: [])
            }
            return SyncHTTPResponse(status: 200, body: page)
        }
        let parts = request.path.split(separator: "/").map(String.init)
        // /v1/ws/{ws}/pairings[/{proof}]
        if parts.count >= 4, parts[3] == "pairings" {
            if parts.count == 4, request.method == "POST" {
                let body = try SyncJSON.decode(PairingCreate.self, from: request.body ?? [])
                let ends = nowMs + body.expiresIn * 1000
                pairings.withLock {
                    $0[body.proof.text] = Pairing(create: body, expiresAt: ends, request: nil)
                }
                return SyncHTTPResponse(
                    status: 201,
                    body: try SyncJSON.encode(
                        PairingCreated(proof: body.proof.bytes, expiresAt: ends)))
            }
            if parts.count == 5, request.method == "GET",
                let pairing = pairings.withLock({ $0[parts[4]] })
            {
                return SyncHTTPResponse(
                    status: 200,
                    body: try SyncJSON.encode(
                        PairingStatus(athlete: pairing.create.athlete, request: pairing.request)))
            }
            let problem = SyncProblem(status: 404, reason: .notFound, message: "no pairing")
            return SyncHTTPResponse(status: 404, body: try SyncJSON.encode(problem))
        }
        return try inner.send(request, to: server)
    }

    /// Stores a phone's request to the pairing of `proof`, its MAC under `code` (the link's,
    /// or another for an attacker who does not hold it).
    func answer(
        proof: String, workspace: String, code: String, keys: SigningKeyPair,
        name: String = "phone browser"
    ) {
        pairings.withLock { all in
            guard var pairing = all[proof] else { return }
            let athlete = pairing.create.athlete
            let device = DeviceID(Hashing.hex(Array(Hashing.sha256(keys.publicKey).prefix(16))))
            let mac = Hashing.hmacSHA256(
                CheckinBytes.pairRequest(
                    workspace: workspace, athlete: athlete, device: device,
                    signPK: keys.publicKey, name: name),
                key: CheckinBytes.pairMACKey(workspace: workspace, athlete: athlete, code: code))
            pairing.request = PairingRequest(
                device: device, signPK: keys.publicKey, name: name, mac: mac)
            all[proof] = pairing
        }
    }

    /// The `checkin_device` entries pushed onto the roster.
    var checkinDevices: [RosterCheckinDevice] {
        inner.state.withLock { $0.roster }.compactMap {
            if case .checkinDevice(let d) = $0 { return d }
            return nil
        }
    }
}
