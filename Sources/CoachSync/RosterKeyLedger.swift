import CoachKit

/// Follows the roster's user and key-row entries in order and refuses a key row that cannot
/// follow them: one of an unknown user, one naming another certificate version than the
/// user's newest, one whose counter does not exceed every earlier row of the user, or one the
/// user did not sign. The server applies it to what it takes; every replica to what it pulls.
public struct RosterKeyLedger: Sendable {
    /// Why a key row was refused: one line naming the user.
    public struct Refusal: Error, Equatable, Sendable {
        public let message: String
    }

    /// By user: the newest user entry so far.
    public private(set) var users: [UserID: RosterUser] = [:]
    /// By user: the highest counter of their key rows so far.
    public private(set) var counters: [UserID: Int] = [:]
    /// By user: the key row that holds their sealed keys now (none once a newer certificate
    /// came with its own).
    public private(set) var current: [UserID: RosterKeyRow] = [:]
    let workspaceId: String

    /// An empty ledger of the workspace `workspaceId`.
    public init(workspaceId: String) { self.workspaceId = workspaceId }

    /// The ledger of `entries`, in order.
    ///
    /// - Throws: `Refusal` for the first key row that cannot follow.
    public init(workspaceId: String, entries: [RosterEntry]) throws(Refusal) {
        self.init(workspaceId: workspaceId)
        for entry in entries { try add(entry) }
    }

    /// The sealed key row a new machine of `user` opens now: the current key row's, else the
    /// newest user entry's.
    public func sealedKeys(of user: UserID) -> [UInt8]? {
        current[user]?.sealedKeys.bytes ?? users[user]?.sealedKeys.bytes
    }

    /// Takes a user entry: a newer certificate comes with its own sealed key row.
    public mutating func follow(_ user: RosterUser) {
        guard user.version > users[user.userId]?.version ?? 0 else { return }
        users[user.userId] = user
        current[user.userId] = nil
    }

    /// Takes one more entry; only user and key-row entries matter.
    ///
    /// - Throws: `Refusal` when a key row cannot follow.
    public mutating func add(_ entry: RosterEntry) throws(Refusal) {
        switch entry {
        case .user(let user): follow(user)
        case .keyRow(let row):
            let id = row.userId
            guard let user = users[id], let certificate = user.certificate else {
                throw Refusal(message: "a sealed key row names user \(id), who is not on it")
            }
            guard row.version == user.version else {
                throw Refusal(
                    message: "the sealed key row of user \(id) follows certificate version "
                        + "\(row.version), not the newest (\(user.version))")
            }
            guard row.counter > counters[id] ?? 0 else {
                throw Refusal(
                    message: "the sealed key row \(row.counter) of user \(id) is not newer "
                        + "than row \(counters[id] ?? 0) (an older row replayed)")
            }
            guard row.verifies(under: certificate, workspaceId: workspaceId) else {
                throw Refusal(message: "the sealed key row of user \(id) is not signed by them")
            }
            counters[id] = row.counter
            current[id] = row
        default: break
        }
    }
}
