import CoachPluginProtocol
import Foundation
import Testing

@testable import CoachPlugins

/// The connection's life cycle without a real process: starts are counted by the test's closure.
@Suite struct PluginConnectionTests {
    /// Counts calls from any thread.
    final class Counter: @unchecked Sendable {
        // @unchecked Sendable: `value` is read and written only while holding `lock`.
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    static func connection(counting starts: Counter) -> PluginConnection {
        PluginConnection(pluginID: "p", host: PeerInfo(name: "coach", version: "test")) {
            starts.increment()
            throw PluginFailure.launch(stage: "start", reason: "not in this test")
        }
    }

    @Test("A background start after the command shut the plugins down starts nothing")
    func prestartAfterShutdown() {
        let starts = Counter()
        let c = Self.connection(counting: starts)
        c.shutdown()
        c.prestart()
        #expect(starts.value == 0)
    }

    @Test("A failed background start is reported by the first evaluation, without a second start")
    func prestartFailureIsRemembered() throws {
        let starts = Counter()
        let c = Self.connection(counting: starts)
        c.prestart()
        #expect(starts.value == 1)
        #expect(throws: PluginError.self) { try c.initialize() }
        #expect(starts.value == 1)
    }
}
