/// Where a user's marks live outside the workspace file: a copy of what they have verified
/// (newest key epochs, certificate versions, the audit head they saw), so that putting back an
/// older copy of the whole file, or of their sealed state row, shows up at their next sign-in.
///
/// The store never decides where that is: a front end passes a keeper (a folder in the user's
/// state directory), and tests pass their own, so the store itself never touches a home folder.
/// The bytes are sealed before they reach the keeper; it stores them as they are.
public protocol MarksKeeper: Sendable {
    /// The sealed marks of `userId` in workspace `workspaceId`, or nil when there are none.
    ///
    /// - Throws: `LocalFileError.unsafePath` when the file is a link, another user's, or readable
    ///   by others.
    func load(workspaceId: String, userId: String) throws -> [UInt8]?

    /// Replaces the sealed marks of `userId` in workspace `workspaceId` (atomically).
    ///
    /// - Throws: `LocalFileError.unsafePath` when they cannot be written.
    func save(_ sealed: [UInt8], workspaceId: String, userId: String) throws

    /// Forgets every user's marks of workspace `workspaceId` (after a deliberate restore).
    func forget(workspaceId: String)

    /// Where the marks of `userId` are kept, for messages.
    func location(workspaceId: String, userId: String) -> String

    /// Whether a file older than the marks only is reported (for a health check that must
    /// name the problem) instead of refusing the sign-in; the marks are then left as they are.
    var reportsOnly: Bool { get }
}
