import CoachApp
import CoachKit
import CoachStore
import CoachSync
import CoachTestSupport
import Foundation
import Testing

/// Devices made or revoked after publishing reach the server's roster with the next sync,
/// each once.
@Suite struct SyncDeviceRosterTests {
    /// The devices and revoked devices of the fake server's roster.
    static func onServer(_ server: FakeSyncServer) -> (devices: [DeviceID], revoked: [DeviceID]) {
        let roster = server.state.withLock { $0.roster }
        var devices: [DeviceID] = []
        var revoked: [DeviceID] = []
        for entry in roster {
            if case .device(let d) = entry { devices.append(d.deviceId) }
            if case .deviceRevocation(let r) = entry { revoked.append(r.deviceId) }
        }
        return (devices, revoked)
    }

    @Test("a coach's new device and its revocation by the owner each reach the roster once")
    func deviceAndRevocation() throws {
        let server = FakeSyncServer()
        let sandbox = try WorkspaceSandbox()
        var environment = sandbox.environment
        environment.syncTransport = server
        let owner = try AppSession.open(sandbox.signIn(as: "olivia"), environment: environment)
        defer { owner.close() }
        _ = try owner.publish(server: try SyncAddress.parse("http://127.0.0.1:9"))
        let published = Self.onServer(server)
        #expect(published.devices.count == 1)

        let coach = try AppSession.open(sandbox.signIn(as: "carl"), environment: environment)
        let carlDevice = try coach.ensureDevice()
        _ = try coach.sync()
        coach.close()
        #expect(Self.onServer(server).devices == published.devices + [carlDevice])
        #expect(Self.onServer(server).revoked.isEmpty)

        _ = try owner.revokeDevice(String(carlDevice.rawValue.prefix(8)))
        _ = try owner.sync()
        #expect(Self.onServer(server).revoked == [carlDevice])
        // Nothing is pushed twice.
        let count = server.state.withLock { $0.roster.count }
        _ = try owner.sync()
        #expect(server.state.withLock { $0.roster.count } == count)
        #expect(Self.onServer(server).devices == published.devices + [carlDevice])
    }
}
