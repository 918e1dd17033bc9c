import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust

/// A workspace's roster as the server holds it: the public rows the entries made, applied in
/// order, and what the trust checks made of them.
///
/// `apply` takes entries one at a time with the checks that need no signature (no second
/// athlete of one id, epochs in order, a certificate only replaced by a higher version, a
/// revocation never withdrawn, each plugin entry naming the plugin's newest entry
/// (`RosterPluginChain`: a replayed owner's entry is refused), a sealed key row signed by its
/// user, following their newest certificate, with a counter above their earlier rows);
/// `verify` then runs `CoachTrust`'s verifiers over the whole result, against the
/// registration's owner key only.
public struct ServerRoster: Sendable {
    /// A device and its revocation, if any.
    public struct Device: Sendable, Equatable {
        public var certificate: DeviceCertificate
        public var revocation: DeviceRevocation?
    }

    public let registration: WorkspaceRegistration
    public private(set) var rows: PublicRowSet
    public private(set) var sealedKeys: [UserID: [UInt8]] = [:]
    public private(set) var users: [UserID: RosterUser] = [:]
    public private(set) var devices: [DeviceID: Device] = [:]
    /// The check-in devices (phones), each with its revocation if any.
    public internal(set) var checkinDevices: [DeviceID: CheckinDevice] = [:]
    /// Each athlete's inbox keys, by epoch.
    public internal(set) var inboxKeys: [AthleteID: [Int: InboxKeyStatement]] = [:]
    public private(set) var removed: Set<AthleteID> = []
    public private(set) var plugins: [String: RosterPlugin] = [:]
    /// Each plugin's newest entry, which its next entry must name.
    public private(set) var pluginChain = RosterPluginChain()
    public private(set) var removals: [RosterRemoval] = []
    public private(set) var head: RosterHead = .empty
    /// The users' certificates and sealed key rows, as key-row entries must follow them.
    public private(set) var keys: RosterKeyLedger
    /// The log key the owner certified last (`RosterLogKey`), if any.
    public private(set) var logKey: LogKeyCertificate?
    /// The number of the owner's last log reset (`RosterLogReset`), 0 before the first.
    public private(set) var logResetCounter: UInt64 = 0
    /// When the owner signed the last log reset (Unix milliseconds), 0 before one.
    public private(set) var logResetTime: Int64 = 0
    /// The owner's last checkpoint of the log (`RosterLogCheckpoint`), if any.
    public private(set) var logCheckpoint: TreeHeadCountersignature?

    /// An empty roster of the workspace `registration` registers.
    public init(registration: WorkspaceRegistration) {
        self.registration = registration
        keys = RosterKeyLedger(workspaceId: registration.workspaceId)
        rows = PublicRowSet(certificates: [:], athletes: [], epochRows: [:], grantRows: [:])
    }

    /// The trust anchor: the registration's workspace id and owner key.
    public var anchor: TrustAnchor { registration.anchor }
    var workspaceId: String { registration.workspaceId }

    /// Applies one entry and moves the head.
    ///
    /// - Throws: `RosterRefusal` when the entry cannot follow the roster as it stands.
    public mutating func apply(_ entry: RosterEntry) throws {
        switch entry {
        case .user(let user): try apply(user)
        case .athlete(let athlete):
            guard !rows.athletes.contains(athlete.athleteId.rawValue) else {
                throw RosterRefusal("athlete \(athlete.athleteId) is on the roster already")
            }
            rows.athletes.append(athlete.athleteId.rawValue)
        case .epoch(let epoch):
            let id = epoch.athleteId.rawValue
            try requireLive(epoch.athleteId)
            let count = rows.epochRows[id]?.count ?? 0
            guard epoch.epoch == count + 1 else {
                throw RosterRefusal(
                    "epoch \(epoch.epoch) of athlete \(id) does not follow epoch \(count)")
            }
            rows.epochRows[id, default: []].append(epoch.row)
        case .grant(let grant):
            let id = grant.athleteId.rawValue
            try requireLive(grant.athleteId)
            guard grant.epoch >= 1, grant.epoch <= rows.epochRows[id]?.count ?? 0 else {
                throw RosterRefusal("a grant names epoch \(grant.epoch) of athlete \(id)")
            }
            var list = rows.grantRows[id]?[grant.epoch] ?? []
            list.removeAll { $0.userId == grant.userId.rawValue }
            list.append(grant.row)
            rows.grantRows[id, default: [:]][grant.epoch] = list
        case .device(let device):
            guard devices[device.deviceId] == nil, checkinDevices[device.deviceId] == nil else {
                throw RosterRefusal("device \(device.deviceId) is certified already")
            }
            devices[device.deviceId] = Device(certificate: device.certificate)
        case .deviceRevocation(let revocation) where checkinDevices[revocation.deviceId] != nil:
            try applyCheckin(revocation.revocation)
        case .deviceRevocation(let revocation):
            guard var device = devices[revocation.deviceId], device.revocation == nil else {
                throw RosterRefusal("device \(revocation.deviceId) is unknown or revoked already")
            }
            device.revocation = revocation.revocation
            devices[revocation.deviceId] = device
        case .plugin(let plugin):
            do { try pluginChain.append(entry) } catch { throw RosterRefusal(error.message) }
            plugins[plugin.pluginId] = plugin
        case .removal(let removal):
            try requireLive(removal.athleteId)
            removed.insert(removal.athleteId)
            removals.append(removal)
        case .keyRow(let row):
            do { try keys.add(entry) } catch { throw RosterRefusal(error.message) }
            users[row.userId]?.sealedKeys = row.sealedKeys
            sealedKeys[row.userId] = row.sealedKeys.bytes
        case .checkinDevice(let device): try applyCheckin(device)
        case .inboxKey(let key): try applyCheckin(key)
        case .logKey(let key):
            guard let cert = key.verified(anchor: anchor),
                RosterLogKey.follows(logKey, with: cert)
            else {
                throw RosterRefusal(
                    "a log key entry is not the owner's or is older than the current key")
            }
            logKey = cert
        case .logReset(let entry):
            guard let reset = entry.verified(anchor: anchor),
                RosterLogReset.follows(logResetCounter, with: reset)
            else {
                throw RosterRefusal(
                    "a log reset is not the owner's or is not numbered \(logResetCounter + 1)")
            }
            logResetCounter = reset.counter
            logResetTime = reset.time
        case .logCheckpoint(let entry):
            guard let checkpoint = entry.verified(anchor: anchor, key: logKey),
                RosterLogCheckpoint.follows(logCheckpoint, with: checkpoint)
            else {
                throw RosterRefusal(
                    "a log checkpoint is not the owner's, not of a head this server signed,"
                        + " or older than the last")
            }
            logCheckpoint = checkpoint
        }
        head = head.appending(entry)
    }

    private mutating func apply(_ user: RosterUser) throws {
        guard let certificate = user.certificate else {
            throw RosterRefusal("user \(user.userId) has the unknown status '\(user.status)'")
        }
        if let old = users[user.userId] {
            guard user.version > old.version else {
                throw RosterRefusal(
                    "user \(user.userId)'s certificate version \(user.version) does not "
                        + "replace version \(old.version)")
            }
        }
        users[user.userId] = user
        keys.follow(user)
        sealedKeys[user.userId] = user.sealedKeys.bytes
        rows.certificates[user.userId.rawValue] = certificate
        rows.users[user.userId.rawValue] = PublicRowSet.User(
            handle: certificate.handle, signPK: certificate.signPK)
    }

    func requireLive(_ athlete: AthleteID) throws {
        guard rows.athletes.contains(athlete.rawValue), !removed.contains(athlete) else {
            throw RosterRefusal("athlete \(athlete) is not on the roster")
        }
    }
}

/// Why the server refuses roster entries: one line naming the entry's subject.
public struct RosterRefusal: Error, Equatable, Sendable {
    public let message: String

    /// A refusal saying `message`.
    public init(_ message: String) { self.message = message }
}
