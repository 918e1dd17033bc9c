import CoachKit
import Foundation

/// What can go wrong with a file coach keeps on this machine: the workspace file's path and
/// mode, session tokens, marks, the current athlete, and new output files.
///
/// The cases and their wording match the `StoreError` cases of the same names, which the store
/// reports in their place when its own files are concerned (`StoreError.init(_:)` in
/// CoachStore); a front end phrases both the same way.
public enum LocalFileError: LocalizedError, Equatable, Sendable {
    /// No file at the workspace path.
    case workspaceMissing(String)
    /// The workspace path names something other than a regular file.
    case notAWorkspace(String)
    /// A path refused for safety; `reason` says why, `remedy` what would make it acceptable.
    case unsafePath(String, reason: String, remedy: Remedy? = nil)
    /// An output file that already exists; coach never overwrites one.
    case fileExists(String)
    /// Several users of the workspace hold a session here, and none was named.
    case ambiguousSession([String])

    /// What went wrong, in neutral words and without the remedy.
    public var problem: String {
        switch self {
        case .workspaceMissing(let p): "no workspace at \(p)"
        case .notAWorkspace(let p): "\(p) is not a workspace"
        case .unsafePath(let p, let reason, _): "refusing workspace \(p): \(reason)"
        case .fileExists(let p): "a file already exists at \(p)"
        case .ambiguousSession(let handles):
            "several users are unlocked (\(handles.joined(separator: ", ")))"
        }
    }

    /// What kind of fix helps, for the front end to phrase.
    public var remedy: Remedy? {
        switch self {
        case .workspaceMissing: .createWorkspace
        case .notAWorkspace: .checkWorkspacePath
        case .unsafePath(_, _, let remedy): remedy
        case .fileExists: .chooseAnotherOutputPath
        case .ambiguousSession: .nameActingUser
        }
    }

    /// The problem followed by the neutral phrasing of the remedy, if there is one.
    public var errorDescription: String? {
        remedy.map { "\(problem); \($0)" } ?? problem
    }
}

extension LocalFileError: CoachFailure {
    /// The class of failure: the same as the `StoreError` case of the same name.
    public var category: FailureCategory {
        switch self {
        case .workspaceMissing: .notFound
        case .notAWorkspace: .corrupt
        case .unsafePath, .ambiguousSession: .usage
        case .fileExists: .conflict
        }
    }

    /// The problem in neutral words.
    public var problemDescription: String { problem }
}
