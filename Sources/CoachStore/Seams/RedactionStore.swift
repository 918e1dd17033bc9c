import CoachKit

/// The replica's side of redaction: which athletes' superseded bodies it should ask the server
/// to drop, remembering that it asked, and refusing a body the server withheld.
public protocol RedactionStore: AnyObject {
    func redactionsDue(as actor: Principal) throws -> [AthleteID: Int64]
    func noteRedactionsPosted(_ epochs: [AthleteID: Int64]) throws
    func checkWithheld(as actor: Principal) throws
}

extension Workspace: RedactionStore {}
