import CoachKit

/// Which log a change belongs to: one athlete's data, or the workspace's roster (certificates,
/// epochs, grants, devices, plugins).
public enum ChangeStream: Hashable, Sendable {
    case roster
    case athlete(AthleteID)

    /// The stream's tag in the byte form.
    var tag: String {
        switch self {
        case .roster: "roster"
        case .athlete: "athlete"
        }
    }

    /// The athlete's id, empty for the roster.
    var id: String {
        switch self {
        case .roster: ""
        case .athlete(let athlete): athlete.rawValue
        }
    }

    /// The stream of a tag and id as the byte form holds them, or nil when they name none.
    init?(tag: String, id: String) {
        switch (tag, id.isEmpty) {
        case ("roster", true): self = .roster
        case ("athlete", false): self = .athlete(AthleteID(id))
        default: return nil
        }
    }
}

/// What a change does to its object.
public enum ChangeOperation: UInt8, CaseIterable, Sendable {
    /// The whole record (a create or a replacement).
    case put = 1
    /// Only the fields that changed.
    case patch = 2
    /// A tombstone.
    case delete = 3
}
