/// A user's role in a workspace.
public enum Role: String, Codable, Sendable, CaseIterable {
    /// Created the workspace; holds every athlete.
    case owner
    /// Holds the athletes granted to them.
    case coach
    /// Bound to one athlete (themselves).
    case athlete
}
