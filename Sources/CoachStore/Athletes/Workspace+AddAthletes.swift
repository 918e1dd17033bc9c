import CoachKit
import Foundation

extension Workspace {
    /// Adds several athletes in one transaction, each with a fresh data key: all or none.
    ///
    /// - Parameters:
    ///   - profiles: the new athletes; their handles must be new and distinct.
    /// - Returns: the new ids, in the order of `profiles`.
    /// - Throws: `StoreError.permissionDenied` for athlete users, `StoreError.duplicateHandle`
    ///   for a handle that is taken or given twice, and the validation errors of a single add.
    public func addAthletes(_ profiles: [AthleteProfile], as actor: Principal) throws
        -> [AthleteID]
    {
        guard actor.isStaff else {
            throw StoreError.permissionDenied("athletes cannot add athletes")
        }
        var seen = Set<String>()
        for profile in profiles {
            try Handle.validate(profile.handle)
            try AthleteValidation.check(profile)
            guard seen.insert(profile.handle).inserted else {
                throw StoreError.duplicateHandle(profile.handle)
            }
        }
        let ids = profiles.map { _ in AthleteID(Self.uuidText(random.bytes(16))) }
        try write { db in
            for (id, profile) in zip(ids, profiles) {
                try insertAthlete(db, id: id, profile: profile, actor: actor)
            }
        }
        return ids
    }

    /// 16 random bytes as a lower-case UUID text (version 4 bits set).
    static func uuidText(_ bytes: [UInt8]) -> String {
        var b = bytes
        b[6] = b[6] & 0x0f | 0x40
        b[8] = b[8] & 0x3f | 0x80
        let hex = b.map { String(format: "%02x", $0) }.joined()
        let cuts = [8, 12, 16, 20]
        var out = ""
        for (i, ch) in hex.enumerated() {
            if cuts.contains(i) { out += "-" }
            out.append(ch)
        }
        return out
    }
}
