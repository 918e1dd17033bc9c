import CoachKit
import CoachMetrics
import CoachStore
import CoachViews
import Foundation

/// The demo: a throw-away workspace with an owner, a coach and three athletes, the coach
/// signed in for 8 hours, and what it shows first.
public enum AppDemo {
    /// What the demo made and shows.
    public struct Outcome {
        /// The team view of the three athletes, sorted by readiness.
        public let team: TeamReport
        /// Jane's dashboard.
        public let dashboard: Dashboard
        /// Each user's passphrase file (`owner`, `coach`), mode 0600, next to the workspace.
        public let passphraseFiles: [String: String]
    }

    /// Creates the demo workspace at `path` (which must not exist), writes the users'
    /// passphrase files next to it and leaves a session for the coach.
    ///
    /// - Parameters:
    ///   - path: where the workspace goes.
    ///   - environment: the process's environment (its clock sets the demo's today).
    /// - Throws: `StoreError` when the workspace or a passphrase file cannot be written.
    public static func create(at path: String, environment: AppEnvironment) throws -> Outcome {
        let clock = environment.clock
        let passphrases = (owner: DemoWorkspace.passphrase(), coach: DemoWorkspace.passphrase())
        let (workspace, coach, token) = try DemoWorkspace.build(
            at: path, environment: environment, passphrases: passphrases)
        let files = try DemoWorkspace.writePassphrases(
            ["owner": passphrases.owner, "coach": passphrases.coach], next: path)
        try environment.tokens(for: path).save(token)
        let builder = TeamReportBuilder(date: nil, now: clock.now())
        var dashboard: Dashboard?
        try workspace.forEachDataset(as: coach) { _, dataset in
            builder.add(dataset)
            if dataset.athlete.handle == "jane" {
                let moment = try ViewMoment.resolve(
                    nil, now: clock.now(), zone: dataset.athlete.zone)
                dashboard = try Dashboard(MetricEvaluation(dataset), at: moment)
            }
        }
        guard let dashboard else { throw StoreError.athleteNotFound("jane") }
        return Outcome(
            team: try builder.finish().sorted(by: .readiness), dashboard: dashboard,
            passphraseFiles: files)
    }
}
