import CoachKit

/// Public membership rows held as plain values: what a club server keeps, or what a test
/// builds, to run the trust checks with no database.
public struct PublicRowSet: PublicRows, Equatable, Sendable {
    /// A user as listed, whether or not a certificate is stored for them.
    public struct User: Equatable, Sendable {
        public var handle: String
        public var signPK: [UInt8]

        /// A listed user.
        public init(handle: String, signPK: [UInt8]) {
            self.handle = handle
            self.signPK = signPK
        }
    }

    /// Every listed user, by user id.
    public var users: [String: User]
    /// Every stored user certificate, by user id.
    public var certificates: [String: UserCertificate]
    /// Every athlete id on the roster (an athlete with no epoch rows is still listed).
    public var athletes: [String]
    /// Every athlete's epoch rows in epoch order, by athlete id.
    public var epochRows: [String: [EpochRow]]
    /// Every grant, by athlete id and epoch.
    public var grantRows: [String: [Int: [GrantRow]]]

    /// A set of rows; `users` defaults to the users the certificates name.
    public init(
        users: [String: User]? = nil, certificates: [String: UserCertificate],
        athletes: [String], epochRows: [String: [EpochRow]], grantRows: [String: [Int: [GrantRow]]]
    ) {
        self.users =
            users ?? certificates.mapValues { User(handle: $0.handle, signPK: $0.signPK) }
        self.certificates = certificates
        self.athletes = athletes
        self.epochRows = epochRows
        self.grantRows = grantRows
    }

    public func handle(ofUser id: String) -> String? { users[id]?.handle }
    public func certificate(ofUser id: String) -> UserCertificate? { certificates[id] }
    public func user(withSigningKey key: [UInt8]) -> String? {
        users.filter { $0.value.signPK == key }.map(\.key).min()
    }
    public func userIds() -> [String] { users.keys.sorted() }
    public func athleteIds() -> [String] { athletes }
    public func epochs(ofAthlete id: String) -> [EpochRow] { epochRows[id] ?? [] }
    public func grants(ofAthlete id: String, epoch: Int) -> [GrantRow] {
        grantRows[id]?[epoch] ?? []
    }
}
