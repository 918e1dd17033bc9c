import Foundation
import Testing

extension CoachSandbox {
    /// Starts `processes` shell loops at once, each running the coach binary `count` times, and
    /// waits for all of them.
    ///
    /// - Parameters:
    ///   - arguments: the shell words after the binary for loop `i`; `$i` is the loop number and
    ///     `$n` the run number (1…count) inside the loop.
    /// - Returns: each loop's exit status and what its runs wrote to stderr (failures as `FAIL p<i>-<n>`).
    func concurrentLoops(processes: Int, count: Int, arguments: (Int) -> String) throws -> [(
        status: Int32, log: String
    )] {
        let binary = try #require(Self.binary)
        var loops: [(Process, String)] = []
        for i in 0..<processes {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            let log = root + "/tmp/loop-\(i)-\(UUID().uuidString).log"
            p.arguments = [
                "-c",
                """
                i=\(i); n=1
                while [ $n -le \(count) ]; do
                  "$0" \(arguments(i)) >/dev/null 2>>"\(log)" || echo "FAIL p$i-$n" >>"\(log)"
                  n=$((n+1))
                done
                """, binary,
            ]
            p.environment = environment
            p.standardInput = FileHandle.nullDevice
            try p.run()
            loops.append((p, log))
        }
        return loops.map { p, log in
            p.waitUntilExit()
            return (p.terminationStatus, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        }
    }
}
