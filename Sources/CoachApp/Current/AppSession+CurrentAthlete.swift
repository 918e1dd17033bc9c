import CoachKit
import CoachLocal
import CoachStore
import Foundation

/// Where the current athlete came from.
public enum CurrentAthleteSource: String, Codable, Sendable {
    /// The `COACH_ATHLETE` environment variable, which overrides the stored choice.
    case environment
    /// The choice stored for this user and workspace.
    case stored
}

/// The athlete commands act on when none is named, and why.
public struct CurrentAthlete: Codable, Sendable, Equatable {
    public let handle: Handle
    public let source: CurrentAthleteSource
}

extension AppSession {
    /// The store of this user's current athlete on this workspace.
    public var currentAthleteStore: CurrentAthleteStore {
        CurrentAthleteStore(
            workspacePath: workspace.path, user: principal.handle,
            environment: environment.variables)
    }

    /// The athlete staff act on when they name none: `COACH_ATHLETE`, else the stored choice.
    /// Athlete users always act on themselves, so they have none.
    public var currentAthlete: CurrentAthlete? {
        guard principal.role != .athlete else { return nil }
        if let env = environment.variables["COACH_ATHLETE"]?
            .trimmingCharacters(in: .whitespaces), !env.isEmpty
        {
            return CurrentAthlete(handle: Handle(env), source: .environment)
        }
        return currentAthleteStore.load().map { CurrentAthlete(handle: $0, source: .stored) }
    }

    /// Makes `handle` the current athlete of this user (checked: it must open), or forgets the
    /// choice when `handle` is nil.
    ///
    /// - Returns: the athlete's profile, or nil when the choice was cleared.
    /// - Throws: `StoreError.permissionDenied` for athlete users; `StoreError` when the athlete
    ///   does not open for this user.
    @discardableResult
    public func use(_ handle: Handle?) throws -> AthleteProfile? {
        guard principal.role != .athlete else {
            throw StoreError.permissionDenied("athlete users always act on their own athlete")
        }
        guard let handle else {
            currentAthleteStore.clear()
            return nil
        }
        let profile = try workspace.openAthlete(handle, as: principal).profile
        try currentAthleteStore.save(Handle(profile.handle))
        return profile
    }
}
