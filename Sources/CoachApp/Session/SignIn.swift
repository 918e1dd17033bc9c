import CoachCrypto
import CoachKit
import CoachStore
import Foundation

/// How the acting user proves who they are for one command.
///
/// A front end fills it from its own inputs; `AppSession.open` tries, in order, a passphrase the
/// front end already has, the user's unlocked session token, and finally asks `prompt`.
public struct SignIn {
    /// The workspace file, when named explicitly (else the environment decides).
    public var workspace: String?
    /// Open a workspace that others may write to.
    public var allowShared = false
    /// The user named explicitly (else `COACH_USER`, else the only or last unlocked user).
    public var user: Handle?
    /// Reads the passphrase the front end was given (a file, standard input), if any.
    public var passphrase: (() throws -> Passphrase)?
    /// Asks for the passphrase of a user interactively; returns nil when it cannot ask.
    public var prompt: (Handle) throws -> Passphrase?

    /// A sign-in that uses tokens only (and the given prompt).
    public init(
        workspace: String? = nil, allowShared: Bool = false, user: Handle? = nil,
        passphrase: (() throws -> Passphrase)? = nil,
        prompt: @escaping (Handle) throws -> Passphrase? = { _ in nil }
    ) {
        self.workspace = workspace
        self.allowShared = allowShared
        self.user = user
        self.passphrase = passphrase
        self.prompt = prompt
    }

    /// The user named by the sign-in or, failing that, by `COACH_USER`.
    public func explicitUser(_ environment: AppEnvironment) -> Handle? {
        user ?? environment.variables["COACH_USER"].map(Handle.init)
    }
}
