/// The ingest of phones' check-ins: checking and opening a served item, and writing a page of
/// them with their ledger rows.
public protocol CheckinStore: AnyObject {
    func openCheckin(_ body: [UInt8], for athlete: AthleteAccess) throws -> CheckinOpening
    func saveCheckins(_ writes: [CheckinWrite]) throws -> Int
}

extension Workspace: CheckinStore {}
