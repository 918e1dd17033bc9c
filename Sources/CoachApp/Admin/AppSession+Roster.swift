import CoachKit
import CoachStore
import Foundation

extension AppSession {
    /// Adds the athletes of a roster file (`RosterCSV`), all or none.
    ///
    /// - Parameters:
    ///   - text: the CSV text.
    ///   - dryRun: check everything (handles free, values in range) and add nothing.
    /// - Returns: the athletes as they would be or were stored.
    /// - Throws: `CoachKitError.invalidRow` for a bad row; `StoreError.duplicateHandle` for a
    ///   handle that is taken (or given twice); what a single add throws.
    public func importRoster(_ text: String, dryRun: Bool) throws -> [AthleteProfile] {
        let profiles = try RosterCSV.parse(text, defaultZone: TimeZone.current.identifier)
        let taken = Set(try listAthletes().map(\.profile.handle))
        if let clash = profiles.first(where: { taken.contains($0.handle) }) {
            throw StoreError.duplicateHandle(clash.handle)
        }
        for p in profiles { try p.nutrition.validateGoal(currentWeightKg: p.weightKg) }
        if !dryRun { _ = try workspace.addAthletes(profiles, as: principal) }
        return profiles
    }
}
