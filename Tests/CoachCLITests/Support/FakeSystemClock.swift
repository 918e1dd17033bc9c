import Foundation
import Testing

/// The system clock as the `coach` processes of a test see it, moved through Debian's
/// libfaketime (`LD_PRELOAD`).
///
/// `make test` runs the suites a second time with the whole test process a year ahead; the
/// variables that do that are handed on to every `coach` a sandbox starts, and a test that moves
/// the clock further for one command adds its own offset to the inherited one.
enum FakeSystemClock {
    /// The libfaketime variables of this test process (empty when it runs on the real clock).
    static let inherited: [String: String] = {
        let names = [
            "LD_PRELOAD", "FAKETIME", "FAKETIME_SHARED", "FAKETIME_DONT_FAKE_MONOTONIC",
            "FAKETIME_NO_CACHE",
        ]
        let env = ProcessInfo.processInfo.environment
        return env.filter { names.contains($0.key) && !$0.value.isEmpty }
    }()

    /// The library, wherever Debian's multiarch layout puts it.
    static let library: String? = {
        let lib = "/usr/lib"
        let arches = (try? FileManager.default.contentsOfDirectory(atPath: lib)) ?? []
        return arches.map { "\(lib)/\($0)/faketime/libfaketime.so.1" }
            .first { FileManager.default.fileExists(atPath: $0) }
    }()

    /// The offset in seconds of an inherited relative `FAKETIME` ("+365d", "-2h", "+90s").
    static func inheritedOffset() throws -> Int {
        guard let spec = inherited["FAKETIME"] else { return 0 }
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "y": 31_536_000]
        var body = Substring(spec)
        var unit = 1
        if let last = body.last, let u = units[last] {
            unit = u
            body = body.dropLast()
        }
        let value = try #require(
            Int(body.hasPrefix("+") ? body.dropFirst() : body),
            "FAKETIME '\(spec)' is not a relative offset such as +365d")
        return value * unit
    }

    /// The environment that runs a `coach` process `seconds` ahead of this test process.
    static func ahead(seconds: Int) throws -> [String: String] {
        let path = try #require(
            library, "libfaketime is needed to move the system clock; apt-get install faketime")
        let total = try inheritedOffset() + seconds
        return [
            "LD_PRELOAD": path, "FAKETIME": total >= 0 ? "+\(total)" : "\(total)",
            "FAKETIME_DONT_FAKE_MONOTONIC": "1",
        ]
    }
}
