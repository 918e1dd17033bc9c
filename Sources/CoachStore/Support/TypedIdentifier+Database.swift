import CoachCrypto
import CoachKit
import GRDB

// Typed identifiers bind to SQL as their text, so a query takes an `AthleteID` where it took a
// `String`. Retroactive: the types live in CoachKit (which knows nothing of SQLite) and the
// protocol in GRDB; only this module runs SQL, so no other conformance can exist.

extension DatabaseValueConvertible where Self: TypedIdentifier {
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        String.fromDatabaseValue(dbValue).map(Self.init)
    }
}

extension AthleteID: DatabaseValueConvertible {}
extension UserID: DatabaseValueConvertible {}
extension RecordID: DatabaseValueConvertible {}
extension PlannedSessionID: DatabaseValueConvertible {}
extension Handle: DatabaseValueConvertible {}

extension AthleteID: ADField {
    public func append(to ad: inout AssociatedData) { rawValue.append(to: &ad) }
}

extension UserID: ADField {
    public func append(to ad: inout AssociatedData) { rawValue.append(to: &ad) }
}
