import CoachKit
import Foundation

/// Cuts an input down to what one plugin may see.
///
/// Only kinds both declared by the provider and granted by the owner, only within the declared
/// windows (the input is already cut to those), no free-text notes or workout titles, and the
/// athlete reference replaced by a keyed hash that differs for every plugin. The athlete context
/// itself never carries names, e-mail, birth date or profile notes.
public struct PluginInputFilter: Sendable {
    /// The kinds the owner granted.
    public let granted: Set<InputKind>
    /// Turns the host's athlete reference into this plugin's (nil drops it).
    public let reference: @Sendable (String) -> String?

    /// A filter passing `granted` kinds and mapping references with `reference`.
    public init(granted: Set<InputKind>, reference: @escaping @Sendable (String) -> String?) {
        self.granted = granted
        self.reference = reference
    }

    /// The input a plugin receives for `input`.
    public func apply(_ input: MetricInput, declared: [InputRequirement]) -> MetricInput {
        var out = MetricInput(
            day: input.day, timeZone: input.timeZone, now: input.now, athlete: input.athlete)
        out.athlete.ref = input.athlete.ref.flatMap(reference)
        // The day of the last birthday would give the birth date away: age in years only.
        out.athlete.birthdayDaysAgo = nil
        let allowed = Set(declared.map(\.kind)).intersection(granted)
        for kind in allowed {
            switch kind {
            case .workouts:
                out.workouts = input.workouts.map {
                    var w = $0; w.title = nil; return w
                }
            case .wellness:
                out.wellness = input.wellness.map {
                    var w = $0; w.notes = nil; return w
                }
            case .biometrics: out.biometrics = input.biometrics
            case .sleep: out.sleep = input.sleep
            case .food:
                out.food = input.food.map {
                    var f = $0; f.note = nil; return f
                }
            case .steps: out.steps = input.steps
            case .weight: out.weight = input.weight
            case .plan:
                out.plan = input.plan.map {
                    var p = $0; p.notes = nil; return p
                }
            }
        }
        return out
    }
}
