import CoachApp
import CoachKit
import CoachStore
import CoachTestSupport
import Foundation
import Testing

/// Devices through the use cases, in process: one per user and machine, kept across commands,
/// revoked by the owner or their user; and the ids of device-imported records, the same on
/// every machine, and keyed anew at a key rotation (the earlier ids kept as aliases).
@Suite struct DeviceUseCaseTests {
    /// An environment for another machine of the same workspace: its own state folder.
    static func machine(_ s: WorkspaceSandbox, _ name: String) throws -> AppEnvironment {
        var variables = s.environment.variables
        variables["XDG_STATE_HOME"] = s.folder.path + "/\(name)-state"
        variables["COACH_DEVICE_NAME"] = name
        var environment = try AppEnvironment(variables: variables)
        environment.newID = s.environment.newID
        return environment
    }

    @Test("A user gets one device per machine, kept across commands, named by the machine")
    func onePerMachine() throws {
        let s = try WorkspaceSandbox()
        let desk = try Self.machine(s, "desk"), laptop = try Self.machine(s, "laptop")
        let first = try AppSession.open(s.signIn(as: "carl"), environment: desk).ensureDevice()
        let again = try AppSession.open(s.signIn(as: "carl"), environment: desk).ensureDevice()
        #expect(first == again)
        let other = try AppSession.open(s.signIn(as: "carl"), environment: laptop)
        #expect(try other.ensureDevice() != first)
        // Both were made at the sandbox's fixed instant: the listing's order is then by id.
        let listed = try other.devices().sorted { $0.name < $1.name }
        #expect(listed.map(\.name) == ["desk", "laptop"])
        #expect(listed.map(\.thisMachine) == [false, true])
        #expect(listed.allSatisfy { $0.user == Handle("carl") && !$0.revoked })
    }

    @Test("The owner or the device's user revokes it, no one else; a revoked one is replaced")
    func revocation() throws {
        let s = try WorkspaceSandbox()
        let desk = try Self.machine(s, "desk")
        let carl = try AppSession.open(s.signIn(as: "carl"), environment: desk)
        let carls = try carl.ensureDevice()
        let olivia = try AppSession.open(s.signIn(as: "olivia"), environment: desk)
        let olivias = try olivia.ensureDevice()
        let denied = #expect(throws: StoreError.self) {
            try carl.revokeDevice(String(olivias.rawValue.prefix(8)))
        }
        #expect(denied?.category == .permission)
        let revoked = try olivia.revokeDevice(carls.rawValue)
        #expect(revoked.revoked && revoked.revokedBy == Handle("olivia"))
        #expect(throws: StoreError.conflict("device \(carls) is already revoked")) {
            try carl.revokeDevice(carls.rawValue)
        }
        #expect(throws: StoreError.deviceNotFound("0000")) { try carl.revokeDevice("0000") }
        let next = try AppSession.open(s.signIn(as: "carl"), environment: desk).ensureDevice()
        #expect(next != carls)
    }

    @Test("A device-imported record's id is the same on every machine, and new after a rotation")
    func deterministicImportIds() throws {
        let s = try WorkspaceSandbox()
        let key = "fit:garmin:1234567890:2026-11-20T06:30:00Z"
        let desk = try Self.machine(s, "desk"), laptop = try Self.machine(s, "laptop")
        func maker(_ user: String, _ environment: AppEnvironment) throws -> ImportIdMaker {
            let session = try AppSession.open(s.signIn(as: user), environment: environment)
            return try session.workspace.importIdMaker(for: session.athlete(Handle("jane")))
        }
        func id(_ user: String, _ environment: AppEnvironment) throws -> String {
            try maker(user, environment).id(for: key)
        }
        let before = try id("carl", desk)
        #expect(before.hasPrefix("i") && before.count == 25)
        #expect(try id("olivia", laptop) == before)
        #expect(try maker("olivia", laptop).aliases(for: key).isEmpty)
        // The revocation rotates jane's key: what is imported after it gets ids carl, who
        // holds only the earlier key, cannot compute; the earlier id stays an alias for dedupe.
        try s.session().revokeAccess(athlete: Handle("jane"), from: Handle("carl"))
        let after = try id("olivia", desk)
        #expect(after != before && after.hasPrefix("i") && after.count == 25)
        #expect(try id("olivia", laptop) == after)
        #expect(try maker("olivia", laptop).aliases(for: key) == [before])
        #expect(
            try id("olivia", laptop)
                != s.session().workspace.importIdMaker(
                    for: s.session().athlete(Handle("bert"))
                ).id(for: key))
    }
}
