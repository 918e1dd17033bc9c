import CoachCrypto
import CoachKit
import CoachSync
import CoachTrust
import Testing

/// `RosterKeyLedger`: which sequences of a user's certificates and sealed key rows follow, and
/// which sealed row a new machine of the user opens after them.
@Suite struct RosterKeyLedgerTests {
    /// One step of a sequence: a certificate version of olga, or a key row.
    enum Step: Sendable, CustomStringConvertible {
        case user(version: Int, sealed: UInt8)
        case row(version: Int, counter: Int, sealed: UInt8)
        case forged(version: Int, counter: Int, sealed: UInt8)
        case otherWorkspace(version: Int, counter: Int, sealed: UInt8)

        var description: String {
            switch self {
            case .user(let v, let s): "user v\(v) [\(s)]"
            case .row(let v, let c, let s): "row v\(v) #\(c) [\(s)]"
            case .forged(let v, let c, let s): "forged v\(v) #\(c) [\(s)]"
            case .otherWorkspace(let v, let c, let s): "other workspace v\(v) #\(c) [\(s)]"
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let steps: [Step]
        /// The sealed row a join opens after them; nil when the sequence is refused.
        let opens: UInt8?
        var testDescription: String { steps.map(\.description).joined(separator: ", ") }
    }

    static let cases: [Case] = [
        Case(steps: [.user(version: 1, sealed: 1)], opens: 1),
        Case(
            steps: [.user(version: 1, sealed: 1), .row(version: 1, counter: 1, sealed: 2)], opens: 2
        ),
        Case(
            steps: [
                .user(version: 1, sealed: 1), .row(version: 1, counter: 1, sealed: 2),
                .row(version: 1, counter: 2, sealed: 3),
            ], opens: 3),
        // A newer certificate brings its own row; the counter goes on from the last.
        Case(
            steps: [
                .user(version: 1, sealed: 1), .row(version: 1, counter: 1, sealed: 2),
                .user(version: 2, sealed: 4),
            ], opens: 4),
        Case(
            steps: [
                .user(version: 1, sealed: 1), .row(version: 1, counter: 1, sealed: 2),
                .user(version: 2, sealed: 4), .row(version: 2, counter: 2, sealed: 5),
            ], opens: 5),
        // Refused: replayed, counter not growing, another version, unknown user, forged.
        Case(
            steps: [
                .user(version: 1, sealed: 1), .row(version: 1, counter: 1, sealed: 2),
                .row(version: 1, counter: 2, sealed: 3), .row(version: 1, counter: 1, sealed: 2),
            ], opens: nil),
        Case(
            steps: [
                .user(version: 1, sealed: 1), .row(version: 1, counter: 2, sealed: 2),
                .row(version: 1, counter: 2, sealed: 3),
            ], opens: nil),
        Case(
            steps: [
                .user(version: 1, sealed: 1), .row(version: 1, counter: 1, sealed: 2),
                .user(version: 2, sealed: 4), .row(version: 1, counter: 2, sealed: 2),
            ], opens: nil),
        Case(steps: [.row(version: 1, counter: 1, sealed: 2)], opens: nil),
        Case(
            steps: [.user(version: 1, sealed: 1), .row(version: 1, counter: 0, sealed: 2)],
            opens: nil),
        Case(
            steps: [.user(version: 1, sealed: 1), .forged(version: 1, counter: 1, sealed: 2)],
            opens: nil),
        Case(
            steps: [
                .user(version: 1, sealed: 1), .otherWorkspace(version: 1, counter: 1, sealed: 2),
            ],
            opens: nil),
    ]

    @Test(
        "a key row follows only its user's newest certificate, counting up, signed by them",
        arguments: cases)
    func sequence(_ c: Case) throws {
        let fixture = try SyncFixture()
        let other = try SigningKeyPair.generate()
        let entries: [RosterEntry] = c.steps.map { step in
            switch step {
            case .user(let version, let sealed):
                var cert = fixture.ownerCertificate
                cert.version = version
                cert.sign(by: fixture.owner, workspaceId: SyncFixture.workspace)
                return .user(RosterUser(certificate: cert, sealedKeys: [sealed]))
            case .row(let version, let counter, let sealed),
                .forged(let version, let counter, let sealed),
                .otherWorkspace(let version, let counter, let sealed):
                var row = RosterKeyRow(
                    userId: "u-olga", version: version, counter: counter, sealedKeys: [sealed])
                var key = fixture.owner
                var ws = SyncFixture.workspace
                if case .forged = step { key = other }
                if case .otherWorkspace = step { ws = "another-workspace" }
                row.sign(by: key, workspaceId: ws)
                return .keyRow(row)
            }
        }
        let ledger = try? RosterKeyLedger(workspaceId: SyncFixture.workspace, entries: entries)
        #expect(ledger?.sealedKeys(of: "u-olga") == c.opens.map { [$0] })
        // The index the roster gate compares with names the same row.
        if let opens = c.opens { #expect(RosterIndex(entries).sealedKeys["u-olga"] == [opens]) }
    }
}
