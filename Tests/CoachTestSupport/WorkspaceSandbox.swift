import CoachApp
import CoachKit
import Foundation

/// An in-process workspace in a temporary folder, driven through the application layer as a
/// front end would: owner `olivia`, coach `carl` (holding the first athlete) and a couple of
/// athletes, on a fixed clock, with every machine-local file inside the folder.
///
/// No binary is started: `session(as:)` gives an `AppSession` signed in with a passphrase,
/// `workspace` the `AppWorkspace` for the session-less use cases.
public final class WorkspaceSandbox: @unchecked Sendable {
    // @unchecked Sendable: every stored property is immutable after init.
    /// The passphrases of the sandbox's users, by handle.
    public static let passphrases = [
        "olivia": "owner passphrase for the in-process sandbox",
        "carl": "coach passphrase for the in-process sandbox",
    ]

    /// The folder everything lives in (removed when the sandbox is released).
    public let folder: TempFolder
    /// The environment every use case of the sandbox runs in, on the fixed clock.
    public let environment: AppEnvironment
    /// The athletes made at the start, in order.
    public let athletes: [Handle]

    /// Creates the workspace with owner `olivia`, the athletes `athletes` (zone Europe/Berlin)
    /// and, when `coach` is set, that coach holding the first athlete.
    public init(
        now: String = TestEnvironment.defaultNow, athletes: [String] = ["jane", "bert"],
        coach: String? = "carl"
    ) throws {
        folder = try TempFolder(prefix: "coach-app")
        environment = try TestEnvironment.make(root: folder.path, now: now)
        self.athletes = athletes.map(Handle.init)
        try workspace.create(
            owner: Handle("olivia"), passphrase: Self.passphrase("olivia"),
            strength: .interactive)
        let owner = try session()
        defer { owner.close() }
        for handle in athletes {
            try owner.addAthlete(
                AthleteProfile(
                    handle: handle, name: "Name of \(handle)", timeZone: "Europe/Berlin"))
        }
        if let coach {
            try owner.addUser(
                Handle(coach), role: .coach, athlete: nil, passphrase: Self.passphrase(coach))
            if let first = self.athletes.first {
                try owner.grantAccess(athlete: first, to: Handle(coach))
            }
        }
    }

    /// The workspace file.
    public var path: String { workspace.path }

    /// The workspace as the session-less use cases see it (create, unlock, lock, backup, …).
    public var workspace: AppWorkspace { AppWorkspace(SignIn(), environment: environment) }

    /// The passphrase of `handle` (one of `passphrases`, else one made from the handle).
    public static func passphrase(_ handle: String) throws -> Passphrase {
        var bytes = Array((passphrases[handle] ?? "passphrase of \(handle) in the sandbox").utf8)
        return try Passphrase(consuming: &bytes)
    }

    /// A sign-in as `handle` with their passphrase.
    public func signIn(as handle: String) -> SignIn {
        SignIn(user: Handle(handle), passphrase: { try Self.passphrase(handle) })
    }

    /// A session of `handle`, signed in with their passphrase.
    public func session(as handle: String = "olivia") throws -> AppSession {
        try AppSession.open(signIn(as: handle), environment: environment)
    }

    /// Imports `dataset` as a new athlete, as the owner; returns its handle.
    @discardableResult
    public func add(_ dataset: AthleteDataset) throws -> Handle {
        let owner = try session()
        defer { owner.close() }
        _ = try owner.importDataset(dataset, athlete: nil, create: true)
        return Handle(dataset.athlete.handle)
    }
}
