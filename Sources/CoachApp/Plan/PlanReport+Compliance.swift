import AdherencePlugin
import Foundation

extension PlanReport.Session {
    /// The colour of the session's compliance band (`#RRGGBB`, TrainingPeaks' colours), when it
    /// has one.
    public var complianceHex: String? { compliance.flatMap(Compliance.init(rawValue:))?.hex }
}
