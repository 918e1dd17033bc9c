/// One operating-system protection and whether it is in force on this machine.
public struct Protection: Codable, Sendable, Equatable {
    /// Short name (`network`, `address-space`, …).
    public var name: String
    /// Whether it is applied to plugins started here.
    public var active: Bool
    /// What it does, or why it is not available.
    public var detail: String
    /// Whether a plugin may run only with it in force (unless the owner allowed otherwise).
    public var required: Bool

    /// A protection line.
    public init(name: String, active: Bool, detail: String, required: Bool = false) {
        self.name = name
        self.active = active
        self.detail = detail
        self.required = required
    }
}
