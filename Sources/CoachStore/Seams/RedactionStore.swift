import CoachKit

/// The replica's side of redaction: which athletes' superseded bodies it should ask the server
/// to drop, and remembering that it asked.
public protocol RedactionStore: AnyObject {
    func redactionsDue(as actor: Principal) throws -> [AthleteID: Int64]
    func noteRedactionsPosted(_ epochs: [AthleteID: Int64]) throws
}

extension Workspace: RedactionStore {}
