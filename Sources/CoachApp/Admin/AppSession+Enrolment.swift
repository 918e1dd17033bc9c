import CoachCrypto
import CoachKit
import CoachStore
import Foundation

extension AppSession {
    /// Adds a user who will choose their own passphrase.
    ///
    /// - Returns: the one-time code to give them, as shown (`K7QD-…`).
    public func addUserForEnrolment(_ handle: Handle, role: Role, athlete: Handle?) throws
        -> String
    {
        try workspace.addUserForEnrolment(
            handle: handle, role: role, athleteHandle: athlete, as: principal
        ).text
    }

    /// The owner's passphrase reset.
    ///
    /// - Returns: the one-time code the user redeems with `enrol`, as shown.
    public func resetUser(_ handle: Handle) throws -> String {
        try workspace.resetUser(handle: handle, as: principal).text
    }

    /// Redeems a one-time enrolment code, without a session: the user chooses their passphrase
    /// and gets keys nobody else has seen. Any session token left for the handle is removed.
    ///
    /// - Throws: `StoreError.authenticationFailed` for an unknown handle or a wrong or used code.
    public static func enrol(
        _ signIn: SignIn, environment: AppEnvironment, handle: Handle, code: Passphrase,
        newPassphrase: Passphrase
    ) throws {
        let workspace = try openWorkspace(signIn, environment: environment)
        try workspace.enrol(handle: handle, code: code.key, newPassphrase: newPassphrase.key)
        environment.tokens(for: workspace.path).remove(handle: handle.rawValue)
    }
}
