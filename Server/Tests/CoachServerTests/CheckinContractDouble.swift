import CoachCrypto
import CoachSync
import Foundation

/// Plays the club server's check-in endpoints for the page, from inside the browser (the
/// DevTools `Fetch` domain pauses every `/v1/` request and this answers it), checking each
/// request as docs/sync-api.md's check-in contract says: the pairing request's proof, device
/// id and MAC, the bundle request's signature, and the items. The real endpoints are tested in
/// their own suites; this double lets the page's whole flow run here.
final class CheckinContractDouble {
    /// How a bundle can be forged by someone who controls the server or its database.
    enum Forgery: String, CaseIterable, Sendable {
        /// Another owner key, which signs the inbox key: the phone's pin does not match.
        case ownerKey
        /// The right owner key, but the inbox key signed by another key.
        case inboxSignature
        /// A correctly signed bundle of another athlete.
        case otherAthlete
    }

    let ws = "ws-01HZXPHONE"
    let athlete = "ath-ana"
    let handle = "ana"
    let code = "QWERTYUPASDFGHJKZXCVBNM2"
    var epoch = 3
    /// The athlete's epoch the pairing link names (`e=`).
    var linkEpoch = 3
    let owner: SigningKeyPair
    let inbox: HPKEBase.KeyPair
    /// Whether the owner has approved the device (the bundle answers 404 until then).
    var approved = false
    /// Whether the bundle says the device was revoked.
    var revoked = false
    /// Whether requests fail as if the phone had no network.
    var offline = false
    /// How bundles are forged, if they are.
    var forgery: Forgery?
    /// The key a forger signs with.
    let forger: SigningKeyPair
    /// The device's key, once it asked to pair.
    var signPk: [UInt8]?
    var device: String?
    /// Items the inbox holds, as JSON objects, in the order first stored.
    var items: [[String: Any]] = []
    /// Every body posted to the inbox, as the bytes posted (retries included).
    var posts: [String] = []
    /// Whether an inbox post is stored but its answer lost on the way back (the page sees
    /// the network fail).
    var loseAnswers = false
    /// Refusals the inbox answers instead of storing, first first (status and reason).
    var refusals: [(Int, String)] = []
    /// Every contract check that failed, with the request it was about.
    var violations: [String] = []

    init() throws {
        owner = try SigningKeyPair.generate()
        forger = try SigningKeyPair.generate()
        inbox = try HPKEBase.generateKeyPair()
    }

    /// The pairing link's fragment.
    var fragment: String {
        let pin = Base64URL.encode(Hashing.sha256(owner.publicKey))
        return "#v=1&w=\(ws)&a=\(athlete)&h=\(handle)&o=\(pin)&c=\(code)&e=\(linkEpoch)"
    }

    /// Answers a paused request: its status and JSON body.
    func answer(_ request: [String: Any]) -> (Int, [String: Any]) {
        let url = URL(string: request.string("url"))
        let path = url?.path ?? ""
        let method = request.string("method")
        let body =
            (try? JSONSerialization.jsonObject(with: Data(request.string("postData").utf8)))
            as? [String: Any] ?? [:]
        let base = "/v1/ws/\(ws)"
        if method == "POST", path.hasPrefix(base + "/pairings/"), path.hasSuffix("/request") {
            return pairingRequest(path: path, body: body)
        }
        if method == "GET", let device, path == "\(base)/checkin/\(device)" {
            let headers = request["headers"] as? [String: Any] ?? [:]
            return bundle(path: path, authorization: headers.string("Authorization"))
        }
        if method == "POST", path == base + "/inbox" {
            return inbox(request.string("postData"), body)
        }
        violations.append("unexpected request \(method) \(path)")
        return (404, problem(404, "not_found"))
    }

    /// A refusal as the server words it (a `SyncProblem`).
    private func problem(_ status: Int, _ reason: String) -> [String: Any] {
        ["status": status, "reason": reason, "message": "refused by the test server"]
    }

    /// The inbox as the contract says: a forced refusal first, else an item id stored
    /// already answers `200` for the same bytes and `409 item_reused` for others.
    private func inbox(_ posted: String, _ body: [String: Any]) -> (Int, [String: Any]) {
        posts.append(posted)
        if !refusals.isEmpty {
            let (status, reason) = refusals.removeFirst()
            return (status, problem(status, reason))
        }
        if let index = items.firstIndex(where: { $0.string("item") == body.string("item") }) {
            let same = NSDictionary(dictionary: items[index]).isEqual(to: body)
            return same ? (200, [:]) : (409, problem(409, "item_reused"))
        }
        items.append(body)
        return (201, [:])
    }

    private func pairingRequest(path: String, body: [String: Any]) -> (Int, [String: Any]) {
        let proof = Base64URL.encode(
            Array(
                Hashing.sha256(AssociatedData("coach/1/pair-proof").with(ws, code).bytes)
                    .prefix(16)))
        guard path == "/v1/ws/\(ws)/pairings/\(proof)/request",
            let pk = Base64URL.decode(body.string("sign_pk")), pk.count == 32
        else {
            violations.append("pairing request: proof or key wrong: \(path)")
            return (404, problem(404, "not_found"))
        }
        let device = Hashing.hex(Array(Hashing.sha256(pk).prefix(16)))
        let key = Hashing.sha256(AssociatedData("coach/1/pair-mac").with(ws, athlete, code).bytes)
        let signed = AssociatedData("coach/1/pair-request").with(
            ws, athlete, device, pk, body.string("name")
        ).bytes
        guard body.string("device") == device,
            Base64URL.decode(body.string("mac")) == Hashing.hmacSHA256(signed, key: key)
        else {
            violations.append("pairing request: device id or MAC wrong")
            return (400, problem(400, "bad_request"))
        }
        signPk = pk
        self.device = device
        return (202, [:])
    }

    private func bundle(path: String, authorization: String) -> (Int, [String: Any]) {
        let parts = authorization.split(separator: " ", maxSplits: 1)
        let fields = parts.count == 2 ? parts[1].split(separator: ".") : []
        guard parts.first == "CoachCheckin", fields.count == 3, let device, let signPk,
            fields[0] == device, let seconds = Int64(fields[1]),
            let signature = Base64URL.decode(String(fields[2])),
            SigningKeyPair.verify(
                signature,
                of: AssociatedData("coach/1/checkin-get").with(ws, device, path, seconds).bytes,
                publicKey: signPk)
        else {
            violations.append("bundle request: bad authorization \(authorization)")
            return (401, problem(401, "unauthorized"))
        }
        guard approved else { return (404, problem(404, "not_found")) }
        let named = forgery == .otherAthlete ? "ath-bob" : athlete
        let statement = AssociatedData("coach/1/inbox-key").with(
            ws, named, epoch, inbox.publicKey
        ).bytes
        let signer = forgery == .ownerKey || forgery == .inboxSignature ? forger : owner
        let ownerKey = forgery == .ownerKey ? forger.publicKey : owner.publicKey
        return (
            200,
            [
                "workspace": ws, "owner_sign_pk": Base64URL.encode(ownerKey),
                "athlete": named, "handle": handle, "epoch": epoch, "revoked": revoked,
                "inbox_key": [
                    "public_key": Base64URL.encode(inbox.publicKey),
                    "signature": Base64URL.encode(signer.sign(statement)),
                ],
            ]
        )
    }
}
