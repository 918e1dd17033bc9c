import Foundation

/// The class of a failure: what a front end needs to decide how to report it.
///
/// The command line turns a category into its exit code in one place (`ExitStatus`); a tool
/// server turns it into an error result. The same failure has the same category on every path.
public enum FailureCategory: String, Sendable, CaseIterable {
    /// The request itself is wrong: a missing or contradictory option, an out-of-range value.
    case usage
    /// The user is not signed in, or could not be: a wrong passphrase, an ended session.
    case auth
    /// The signed-in user may not do this.
    case permission
    /// What the request names does not exist.
    case notFound
    /// Input that cannot be used: a malformed file, a value no record can hold.
    case invalidData
    /// The request contradicts what is there: a name taken, a file that exists.
    case conflict
    /// Stored data failed an integrity check: tampering or damage, never read around.
    case corrupt
}

/// A failure every layer below the front ends reports: a category, the problem in neutral
/// words, and what kind of fix helps.
///
/// Error types conform so that a front end handles all of them the same way: it maps the
/// category (an exit code, an error result) and phrases the remedy in its own terms.
public protocol CoachFailure: Error, Sendable {
    /// The class of failure.
    var category: FailureCategory { get }
    /// What went wrong, in neutral words (no option names, no commands).
    var problemDescription: String { get }
    /// What the user can do about it, if anything.
    var remedy: Remedy? { get }
}

extension CoachFailure {
    /// No remedy unless the type names one.
    public var remedy: Remedy? { nil }
}

extension CoachFailure where Self: LocalizedError {
    /// The error's own description.
    public var problemDescription: String { errorDescription ?? "\(self)" }
}
