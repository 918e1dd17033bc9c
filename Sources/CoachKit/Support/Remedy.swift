/// What a user can do about a failure or a failed check, named by intent.
///
/// Each front end phrases a remedy its own way: a command line suggests a command or an option,
/// a tool server names one of its tools or arguments. `description` is a neutral phrasing.
public enum Remedy: Hashable, Sendable, CustomStringConvertible {
    /// Create a workspace at the path, or open one elsewhere.
    case createWorkspace
    /// Open the workspace at another path.
    case checkWorkspacePath
    /// Write the new workspace (a backup, a restore) to another path.
    case chooseAnotherWorkspacePath
    /// Write the output file to another path, or remove the file that is there.
    case chooseAnotherOutputPath
    /// Make the file at the path private to its owner, or accept a shared file explicitly.
    case makePrivateOrAllowShared(path: String)
    /// Move the file out of a folder everyone may write to, or accept that explicitly.
    case moveOrAllowShared
    /// Restore the workspace from a backup.
    case restoreBackup
    /// When an older copy of the workspace was put back on purpose (a backup restored by hand),
    /// remove the marks kept at the path so that they start again from the file.
    case confirmRestoredBackup(marks: String)
    /// Rebuild athlete snapshots from their records.
    case repairSnapshots
    /// Use a newer version of the software.
    case upgrade
    /// Carry the data of an earlier version's workspace into a new one.
    case moveToNewWorkspace
    /// Start a session by signing in with a handle and passphrase.
    case unlock
    /// Sign in again after the session ended.
    case unlockAgain
    /// Say which of the signed-in users acts.
    case nameActingUser
    /// Name the athlete the request is about.
    case nameAthlete
    /// Give the athlete a name.
    case giveAthleteName
    /// Give the new user the coach or the athlete role.
    case chooseCoachOrAthleteRole
    /// Look the athlete up among those the user can access.
    case listAthletes
    /// Look the user up among the workspace's users.
    case listUsers
    /// Look the record up among the athlete's log entries.
    case listRecords
    /// List the workspace's devices to find the id.
    case listDevices
    /// Look the planned session up in its program week.
    case listPlannedSessions
    /// Create the program week that starts on the Monday.
    case createWeek(monday: String)
    /// Copy the week to another week or to other athletes.
    case chooseAnotherCopyTarget
    /// Ask explicitly to replace what is there.
    case replaceWeek
    /// Athletes record adherence on their own planned sessions.
    case recordAdherence
    /// Close the other programs that have the workspace open, then checkpoint it again.
    case finishCheckpoint
    /// Redeem the one-time enrolment code the user was given, choosing a passphrase.
    case enrol(handle: String)
    /// Write the evidence the replica kept of the server's log it refused to a file, to show
    /// the server's operator or anyone checking it.
    case writeLogEvidence

    /// The remedy in neutral words, e.g. "sign in with a handle and passphrase".
    public var description: String {
        switch self {
        case .createWorkspace: "create one there or open another workspace"
        case .checkWorkspacePath: "check the workspace path"
        case .chooseAnotherWorkspacePath: "choose another workspace path"
        case .chooseAnotherOutputPath: "choose another output path or remove that file first"
        case .makePrivateOrAllowShared:
            "make it private to its owner (mode 600) or allow a shared workspace"
        case .moveOrAllowShared: "move it or allow a shared workspace"
        case .restoreBackup: "restore it from a backup"
        case .confirmRestoredBackup(let marks):
            "if an older copy was put back on purpose, remove \(marks) and sign in again"
        case .repairSnapshots: "rebuild the snapshots from the records"
        case .upgrade: "upgrade to open it"
        case .moveToNewWorkspace:
            "export its athletes with the earlier version and import them into a new workspace"
        case .unlock: "sign in with a handle and passphrase"
        case .unlockAgain: "sign in again"
        case .nameActingUser: "say which user acts"
        case .nameAthlete: "name the athlete by handle"
        case .giveAthleteName: "give a name"
        case .chooseCoachOrAthleteRole: "choose another role: athlete or coach"
        case .listAthletes: "list the athletes you can access"
        case .listUsers: "list the users"
        case .listRecords: "list the athlete's entries"
        case .listDevices: "list the devices"
        case .listPlannedSessions: "see the week's plan for session ids"
        case .createWeek(let monday): "create the week of \(monday) first"
        case .chooseAnotherCopyTarget: "choose another week or other athletes"
        case .replaceWeek: "ask to replace it to overwrite it"
        case .recordAdherence: "athletes may record adherence on their own sessions"
        case .enrol: "redeem the one-time enrolment code and choose a passphrase"
        case .finishCheckpoint:
            "close the other programs that have the workspace open, then checkpoint it again"
        case .writeLogEvidence: "the evidence is kept: write it to a file to show it"
        }
    }
}
