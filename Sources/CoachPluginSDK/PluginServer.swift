import CoachKit
import CoachPluginProtocol
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Serves metric providers to coach over the plugin protocol (version 1).
///
/// A Swift plugin is an executable whose `main` calls `PluginServer.serve`: the same
/// `MetricProvider` values the built-ins are, answered over standard input and output.
public enum PluginServer {
    /// Serves `providers` on standard input and output until coach says `shutdown` or closes the
    /// input, then exits.
    ///
    /// Run without `--coach-stdio` the executable prints its manifest as JSON and exits, which
    /// is handy while writing it.
    ///
    /// - Parameters:
    ///   - id: the plugin id; the executable must be named `coach-metric-<id>`.
    ///   - name: a display name.
    ///   - version: the plugin's version.
    ///   - providers: the metrics it provides.
    public static func serve(
        id: String, name: String, version: String, providers: [any MetricProvider]
    ) -> Never {
        let session = PluginSession(
            plugin: PeerInfo(id: id, name: name, version: version), providers: providers)
        guard CommandLine.arguments.contains(PluginProtocol.stdioArgument) else {
            let manifest = session.handshake()
            let data = (try? PluginProtocol.line(manifest)) ?? []
            FileHandle.standardOutput.write(Data(data))
            exit(0)
        }
        var framer = LineFramer()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            while let line = try? framer.nextLine() {
                let (reply, done) = session.handle(line)
                if let reply { writeAll(reply) }
                if done { exit(0) }
            }
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { exit(0) }
            framer.append(buffer[0..<n])
        }
    }

    private static func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { exit(1) }
            offset += n
        }
    }
}
