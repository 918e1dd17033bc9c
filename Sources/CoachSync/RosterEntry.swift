import CoachCrypto
import CoachKit
import CoachTrust

/// One entry of a workspace's roster, the linearizable stream of its public rows: a user (with
/// the sealed key row a new machine opens with the passphrase), an athlete, an epoch, a grant,
/// a device, a device revocation, an external plugin, an athlete's removal, or a user's new
/// sealed key row (a passphrase change); a check-in device or an athlete epoch's inbox key; or
/// the club server's log key the owner certified, an owner checkpoint of the server's log, or
/// the owner's reset of its log.
///
/// Each entry carries the signature its row already requires; the server applies entries to its
/// rows and accepts them only when the trust checks accept the result (`RosterState`). In JSON
/// an entry is `{"type": T, T: {…}}` with `T` one of the case names in snake_case.
public enum RosterEntry: Equatable, Sendable {
    case user(RosterUser)
    case athlete(RosterAthlete)
    case epoch(RosterEpoch)
    case grant(RosterGrant)
    case device(RosterDevice)
    case deviceRevocation(RosterDeviceRevocation)
    case plugin(RosterPlugin)
    case removal(RosterRemoval)
    case keyRow(RosterKeyRow)
    // Check-in (issue 28).
    case checkinDevice(RosterCheckinDevice)
    case inboxKey(RosterInboxKey)
    case logKey(RosterLogKey)
    // Log recovery and checkpoints (issue 27).
    case logReset(RosterLogReset)
    case logCheckpoint(RosterLogCheckpoint)

    /// The entry's type as JSON names it.
    public var type: String {
        switch self {
        case .user: "user"
        case .athlete: "athlete"
        case .epoch: "epoch"
        case .grant: "grant"
        case .device: "device"
        case .deviceRevocation: "device_revocation"
        case .plugin: "plugin"
        case .removal: "removal"
        case .keyRow: "key_row"
        case .checkinDevice: "checkin_device"
        case .inboxKey: "inbox_key"
        case .logKey: "log_key"
        case .logReset: "log_reset"
        case .logCheckpoint: "log_checkpoint"
        }
    }

    /// The canonical bytes of the entry: its type, then its fields, length-prefixed.
    public var canonicalBytes: [UInt8] {
        let fields: AssociatedData =
            switch self {
            case .user(let v): v.fields
            case .athlete(let v): v.fields
            case .epoch(let v): v.fields
            case .grant(let v): v.fields
            case .device(let v): v.fields
            case .deviceRevocation(let v): v.fields
            case .plugin(let v): v.fields
            case .removal(let v): v.fields
            case .keyRow(let v): v.fields
            case .checkinDevice(let v): v.fields
            case .inboxKey(let v): v.fields
            case .logKey(let v): v.fields
            case .logReset(let v): v.fields
            case .logCheckpoint(let v): v.fields
            }
        return AssociatedData("coach/1/roster-entry").with(type, fields.bytes).bytes
    }

    /// BLAKE2b-256 of the canonical bytes: what the roster head chains.
    public var hash: [UInt8] { Hashing.blake2b(canonicalBytes) }
}

extension RosterEntry: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let type = try c.decode(String.self, forKey: Key(stringValue: "type"))
        let key = Key(stringValue: type)
        switch type {
        case "user": self = .user(try c.decode(RosterUser.self, forKey: key))
        case "athlete": self = .athlete(try c.decode(RosterAthlete.self, forKey: key))
        case "epoch": self = .epoch(try c.decode(RosterEpoch.self, forKey: key))
        case "grant": self = .grant(try c.decode(RosterGrant.self, forKey: key))
        case "device": self = .device(try c.decode(RosterDevice.self, forKey: key))
        case "device_revocation":
            self = .deviceRevocation(try c.decode(RosterDeviceRevocation.self, forKey: key))
        case "plugin": self = .plugin(try c.decode(RosterPlugin.self, forKey: key))
        case "removal": self = .removal(try c.decode(RosterRemoval.self, forKey: key))
        case "key_row": self = .keyRow(try c.decode(RosterKeyRow.self, forKey: key))
        case "checkin_device":
            self = .checkinDevice(try c.decode(RosterCheckinDevice.self, forKey: key))
        case "inbox_key": self = .inboxKey(try c.decode(RosterInboxKey.self, forKey: key))
        case "log_key": self = .logKey(try c.decode(RosterLogKey.self, forKey: key))
        case "log_reset": self = .logReset(try c.decode(RosterLogReset.self, forKey: key))
        case "log_checkpoint":
            self = .logCheckpoint(try c.decode(RosterLogCheckpoint.self, forKey: key))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: Key(stringValue: "type"), in: c,
                debugDescription: "unknown roster entry type '\(type)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(type, forKey: Key(stringValue: "type"))
        let key = Key(stringValue: type)
        switch self {
        case .user(let v): try c.encode(v, forKey: key)
        case .athlete(let v): try c.encode(v, forKey: key)
        case .epoch(let v): try c.encode(v, forKey: key)
        case .grant(let v): try c.encode(v, forKey: key)
        case .device(let v): try c.encode(v, forKey: key)
        case .deviceRevocation(let v): try c.encode(v, forKey: key)
        case .plugin(let v): try c.encode(v, forKey: key)
        case .removal(let v): try c.encode(v, forKey: key)
        case .keyRow(let v): try c.encode(v, forKey: key)
        case .checkinDevice(let v): try c.encode(v, forKey: key)
        case .inboxKey(let v): try c.encode(v, forKey: key)
        case .logKey(let v): try c.encode(v, forKey: key)
        case .logReset(let v): try c.encode(v, forKey: key)
        case .logCheckpoint(let v): try c.encode(v, forKey: key)
        }
    }
}
