import CoachKit
import CoachStore
import Foundation

extension AppSession {
    /// Grants a user the athlete's key.
    public func grantAccess(athlete handle: Handle, to user: Handle) throws {
        try workspace.grantAccess(try athlete(handle), to: user)
    }

    /// Grants every user of `users` every athlete of `athletes`.
    ///
    /// Every athlete is opened and every user looked up before the first grant, so a mistyped
    /// handle changes nothing.
    ///
    /// - Returns: the athlete and user of each grant, in order.
    /// - Throws: `StoreError.athleteNotFound` or `.userNotFound` for a handle that names nobody.
    @discardableResult
    public func grantAccess(athletes: [Handle], to users: [Handle]) throws -> [AccessPair] {
        let opened = try athletes.map { try athlete($0) }
        try requireUsers(users)
        var out: [AccessPair] = []
        for user in users {
            for a in opened {
                try workspace.grantAccess(a, to: user)
                out.append(AccessPair(athlete: a.handle, user: user))
            }
        }
        return out
    }

    /// Revokes every user of `users` from every athlete of `athletes`, each a key rotation;
    /// handles are checked before the first change. An athlete opened for that check serves
    /// its first revocation; each later one opens it again, as the rotation before (or a
    /// pull) changed its key. In a synced workspace a rotation the server refuses because the
    /// athlete's stream moved is made again after a pull (`retryingRotation`).
    @discardableResult
    public func revokeAccess(athletes: [Handle], from users: [Handle]) throws -> [AccessPair] {
        let opened = try athletes.map { try athlete($0) }
        try requireUsers(users)
        var unused = Dictionary(opened.map { ($0.handle, $0) }) { first, _ in first }
        var out: [AccessPair] = []
        for user in users {
            for handle in opened.map(\.handle) {
                try retryingRotation { afterPull in
                    let current = afterPull ? nil : unused.removeValue(forKey: handle)
                    try workspace.revokeAccess(current ?? athlete(handle), from: user)
                }
                out.append(AccessPair(athlete: handle, user: user))
            }
        }
        return out
    }

    /// Throws for the first handle that names no user (when the user may list users).
    private func requireUsers(_ users: [Handle]) throws {
        guard let known = try? Set(listUsers().map(\.handle)) else { return }
        if let unknown = users.first(where: { !known.contains($0) }) {
            throw StoreError.userNotFound(unknown.rawValue)
        }
    }

    /// Revokes a user's access and rotates the athlete's key so later data is out of their reach
    /// (after a pull, again, when the server refused the rotation because the stream moved).
    public func revokeAccess(athlete handle: Handle, from user: Handle) throws {
        try retryingRotation { _ in try workspace.revokeAccess(try athlete(handle), from: user) }
    }

    /// Holders of the newest key of every athlete the user holds, or of one athlete.
    public func listAccess(athlete handle: Handle?) throws -> [AccessEntry] {
        try workspace.listAccess(of: try handle.map { try athlete($0) }, as: principal)
    }

    /// Rotates an athlete's key; returns the new epoch.
    public func rekey(athlete handle: Handle) throws -> Int {
        try workspace.rekey(try athlete(handle))
    }
}

/// One athlete and one user, as a grant or revocation names them.
public struct AccessPair: Codable, Sendable, Equatable {
    public let athlete: Handle
    public let user: Handle
}
