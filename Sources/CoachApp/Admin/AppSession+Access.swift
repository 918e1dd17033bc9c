import CoachKit
import CoachStore
import Foundation

extension AppSession {
    /// Grants a user the athlete's key.
    public func grantAccess(athlete handle: Handle, to user: Handle) throws {
        try workspace.grantAccess(athleteId: try athlete(handle).id, to: user, as: principal)
    }

    /// Revokes a user's access and rotates the athlete's key so later data is out of their reach.
    public func revokeAccess(athlete handle: Handle, from user: Handle) throws {
        try workspace.revokeAccess(athleteId: try athlete(handle).id, from: user, as: principal)
    }

    /// Holders of the newest key of every athlete the user holds, or of one athlete.
    public func listAccess(athlete handle: Handle?) throws -> [AccessEntry] {
        try workspace.listAccess(athleteId: try handle.map { try athlete($0).id }, as: principal)
    }

    /// Rotates an athlete's key; returns the new epoch.
    public func rekey(athlete handle: Handle) throws -> Int {
        try workspace.rekey(athleteId: try athlete(handle).id, as: principal)
    }
}
