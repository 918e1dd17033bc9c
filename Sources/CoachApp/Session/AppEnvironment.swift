import CoachCrypto
import CoachKit
import CoachLocal
import CoachStore
import Foundation

/// What a front end hands the application layer about its surroundings: the environment
/// variables it runs with and the clock.
///
/// The only place that reads `COACH_NOW`, so views and the demo can be replayed at a fixed
/// instant while the libraries below never read the environment themselves.
public struct AppEnvironment: Sendable {
    /// The process environment (or a test's).
    public let variables: [String: String]
    /// The clock every use case reads "now" from.
    public let clock: any Clock
    /// Report a workspace older than the user's marks instead of refusing to sign in (for a
    /// health check that must name every problem).
    public var reportRollback = false
    /// Makes the id of a new record or session (random UUIDs; a test may fix them).
    public var newID: @Sendable () -> String = { UUID().uuidString.lowercased() }
    /// Where keys, nonces and salts come from (the system's; known-answer tests seed one).
    public var random: any RandomSource = SystemRandom()
    /// How sync reaches its server (HTTP; a test may answer in process).
    public var syncTransport: any SyncTransport = URLSessionSyncTransport()

    /// `newID` as the store takes it: every id the workspace mints comes from here.
    public var ids: IdentifierSource { IdentifierSource(newID) }

    /// Builds the environment from `variables`; `COACH_NOW` fixes the clock when set.
    ///
    /// - Throws: `AppError.invalidNow` when `COACH_NOW` is not an ISO 8601 instant.
    public init(variables: [String: String]) throws {
        self.variables = variables
        if let fixed = variables["COACH_NOW"], !fixed.isEmpty {
            guard let instant = Instant(fixed) else { throw AppError.invalidNow(fixed) }
            clock = FixedClock(instant.date)
        } else {
            clock = SystemClock()
        }
    }

    /// The workspace path: the explicit one, else `COACH_WORKSPACE`, else the XDG default.
    public func workspacePath(explicit: String?) -> String {
        WorkspaceLocation.resolve(flag: explicit, environment: variables)
    }

    /// Where users' marks of the workspace at `path` are kept on this machine:
    /// `$XDG_STATE_HOME/coach/marks` (default `~/.local/state/coach/marks`).
    public func marks(for path: String) -> MarksFolder {
        var folder = MarksFolder(
            directory: WorkspaceLocation.stateHome(variables) + "/coach/marks",
            workspacePath: path)
        folder.reportsOnly = reportRollback
        return folder
    }

    /// The session-token store for the workspace at `path`.
    public func tokens(for path: String) -> SessionTokenStore {
        SessionTokenStore(workspacePath: path, environment: variables)
    }

    /// The kept sync-server sessions of the devices of the workspace at `path`.
    public func syncSessions(for path: String) -> DeviceFileStore {
        DeviceFileStore.syncSessions(workspacePath: path, environment: variables)
    }
}
