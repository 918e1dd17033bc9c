import CoachKit
import CoachStore
import Foundation

extension AppSession {
    /// Signs in when someone can be: `nil` when nobody is (no session, or an expired one), for
    /// commands that do less without a user rather than refuse (audit verify, doctor).
    ///
    /// - Parameters:
    ///   - signIn: how the command names the workspace and the user.
    ///   - environment: the process's environment and clock.
    ///   - ambiguousIsNobody: whether several unlocked users, none named, count as nobody
    ///     (else that is the failure it always is).
    /// - Throws: every other sign-in failure: a wrong passphrase, a missing workspace, tampering.
    public static func openIfSignedIn(
        _ signIn: SignIn, environment: AppEnvironment, ambiguousIsNobody: Bool = false
    ) throws -> AppSession? {
        do {
            return try open(signIn, environment: environment)
        } catch StoreError.noSession, StoreError.sessionExpired, AppError.sessionExpired {
            return nil
        } catch StoreError.ambiguousSession where ambiguousIsNobody {
            return nil
        }
    }
}
