import Foundation

/// One finding of a workspace check: what was checked, whether it passed, and what was found.
public struct DoctorCheck: Codable, Sendable, Equatable {
    /// What was checked (`integrity`, `file mode`, …).
    public let name: String
    /// Whether the check passed.
    public let ok: Bool
    /// What was found, in neutral words.
    public let detail: String
    /// What would fix a failed check, for the front end to phrase; not part of the coded form.
    public var remedy: Remedy? = nil

    /// A finding; `remedy` says what would fix a failed check.
    public init(name: String, ok: Bool, detail: String, remedy: Remedy? = nil) {
        self.name = name; self.ok = ok; self.detail = detail; self.remedy = remedy
    }

    private enum CodingKeys: String, CodingKey { case name, ok, detail }
}
