import CoachKit
import CoachMetrics
import CoachPluginProtocol
import CoachPlugins
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built-in providers served through the SDK, in a sandboxed process, give exactly the
/// results they give in-process: the protocol carries everything a metric needs.
@Suite struct SDKParityTests {
    /// The `coach-metric-builtins` example, copied where an unprivileged user can run it.
    static func builtinsExecutable() throws -> (path: String, folder: String) {
        let built = try #require(
            PluginTestSupport.product("coach-metric-builtins"),
            "build the coach-metric-builtins product first")
        let folder = "/tmp/coach-sdk-parity-\(UUID().uuidString.lowercased())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o755)
        let path = folder + "/coach-metric-builtins"
        try FileManager.default.copyItem(atPath: built, toPath: path)
        chmod(path, 0o755)
        return (path, folder)
    }

    @Test("Every built-in over the SDK equals the same provider in-process, day by day")
    func parity() throws {
        let (path, folder) = try Self.builtinsExecutable()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let context = PluginContext(
            host: PeerInfo(name: "coach-tests", version: "0"), temporaryRoot: "/tmp")
        let inspection = try PluginInspector.inspect(path: path, context: context)
        #expect(inspection.manifest.providers == BuiltinPlugins.descriptors)
        let record = PluginRecord(
            id: inspection.id, path: path, sha256: inspection.sha256,
            manifest: inspection.manifest, granted: InputKind.allCases)
        let host = PluginHost(records: [record], context: context) { _ in nil }
        defer { host.shutdown() }
        let dataset = try PluginTestSupport.dataset()
        let index = IndexedDataset(dataset)
        let last = LocalDay(year: 2026, month: 11, day: 20)!
        var compared = 0
        for back in [0, 1, 7, 30] {
            let day = last.adding(days: -back)
            for (builtin, remote) in zip(BuiltinPlugins.all, host.providers) {
                #expect(builtin.id == remote.id)
                let input = MetricInput.make(descriptor: builtin.descriptor, index: index, day: day)
                let local = builtin.evaluate(input)
                let served = try remote.evaluate(input)
                #expect(served == local, "\(builtin.id) on \(day) differs over the protocol")
                compared += 1
            }
        }
        #expect(compared == 4 * BuiltinPlugins.all.count)
    }
}
