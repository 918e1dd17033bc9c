import CoachApp
import CoachKit
import CoachStore
import CoachTestSupport
import Foundation
import Testing

/// Two machines of the owner through the use cases and the transport seam: each keeps a full
/// replica with its own device, works offline, and syncs through an in-process server; the
/// replicas are compared as their export JSON.
@Suite struct SyncTwoMachinesTests {
    /// Machine A (the sandbox, published) and machine B (a copy of A's file made before
    /// publishing, with a device of its own certified in both, joined by hand).
    struct Machines {
        let sandbox: WorkspaceSandbox
        let folderB: TempFolder
        let envA: AppEnvironment
        let envB: AppEnvironment

        func session(_ environment: AppEnvironment) throws -> AppSession {
            try AppSession.open(sandbox.signIn(as: "olivia"), environment: environment)
        }

        /// Jane's data on a machine, as `coach export` writes it.
        func export(_ environment: AppEnvironment) throws -> String {
            let s = try session(environment)
            defer { s.close() }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let dataset = try s.exportDataset(Handle("jane"))
            return String(decoding: try encoder.encode(dataset), as: UTF8.self)
        }
    }

    static func machines(_ server: FakeSyncServer) throws -> Machines {
        let sandbox = try WorkspaceSandbox()
        var envA = sandbox.environment
        envA.syncTransport = server
        let folderB = try TempFolder(prefix: "coach-machine-b")
        var envB = try TestEnvironment.make(root: folderB.path)
        envB.syncTransport = server
        let pathB = envB.workspacePath(explicit: nil)
        // Both machines' devices are made in A's file before B's copy, so both files certify
        // them (the roster sync that `sync join` brings is not built yet).
        let first = try AppSession.open(sandbox.signIn(as: "olivia"), environment: envA)
        try first.ensureDevice()
        first.close()
        var made = envB.variables
        made["COACH_WORKSPACE"] = sandbox.path
        let maker = try AppSession.open(
            sandbox.signIn(as: "olivia"), environment: try AppEnvironment(variables: made))
        try maker.ensureDevice()
        let user = maker.principal.userId.rawValue
        let keyB = try #require(
            try AppEnvironment(variables: made).deviceKeys(for: sandbox.path).load(userId: user))
        maker.close()
        try envB.deviceKeys(for: pathB).save(keyB, userId: user)
        try sandbox.workspace.backup(to: pathB)
        let a = try AppSession.open(sandbox.signIn(as: "olivia"), environment: envA)
        _ = try a.publish(server: try SyncAddress.parse("http://127.0.0.1:9"))
        a.close()
        // B joins by hand (what `sync join` will do from the server).
        let b = try AppSession.open(sandbox.signIn(as: "olivia"), environment: envB)
        try b.workspace.useDevice(sealedKey: keyB, as: b.principal)
        try b.workspace.startSync(
            server: "http://127.0.0.1:9", registration: [], genesis: false, as: b.principal)
        b.close()
        return Machines(sandbox: sandbox, folderB: folderB, envA: envA, envB: envB)
    }

    @Test("Two machines check in offline on the same day: both entries kept, the same export")
    func checkInsOffline() throws {
        let server = FakeSyncServer()
        let m = try Self.machines(server)
        for env in [m.envB, m.envA] {
            let s = try m.session(env)
            _ = try s.sync()
            s.close()
        }
        #expect(try m.export(m.envA) == (try m.export(m.envB)))
        let a = try m.session(m.envA)
        _ = try a.logBook(Handle("jane"), date: "2026-11-24").saveWellness(
            mood: 2, doms: [], notes: "tired legs")
        a.close()
        let b = try m.session(m.envB)
        _ = try b.logBook(Handle("jane"), date: "2026-11-24").saveWellness(
            mood: 4, doms: ["quads=6"], notes: nil)
        b.close()
        for env in [m.envA, m.envB, m.envA] {
            let s = try m.session(env)
            let report = try s.sync()
            #expect(report.queued == 0)
            s.close()
        }
        let exportA = try m.export(m.envA)
        #expect(exportA == (try m.export(m.envB)))
        let s = try m.session(m.envA)
        defer { s.close() }
        let wellness = try s.exportDataset(Handle("jane")).wellness
        #expect(wellness.count == 2)
        #expect(Set(wellness.compactMap(\.mood)) == [2, 4])
        #expect(try s.syncStatus().conflicts == 0)
    }
}
