import Foundation

/// Constants of the plugin protocol shared by the host and the SDK.
///
/// Messages are JSON-RPC 2.0 objects, one per line (newline-delimited JSON), on the plugin's
/// standard input (host to plugin) and standard output (plugin to host).
public enum PluginProtocol {
    /// The protocol version this build speaks.
    public static let version = 1
    /// Every version this build can speak, newest first.
    public static let supportedVersions = [1]
    /// The longest line either side may send, in bytes (without its newline).
    public static let maxLineBytes = 16 << 20
    /// The argument a plugin executable is started with.
    public static let stdioArgument = "--coach-stdio"
    /// The environment variable carrying the protocol version to the plugin.
    public static let versionVariable = "COACH_PLUGIN_PROTOCOL"
    /// The file-name prefix of plugin executables (`coach-metric-<id>`).
    public static let executablePrefix = "coach-metric-"

    /// The method names.
    public enum Method: String, Codable, Sendable {
        case initialize, evaluate, shutdown
    }

    /// An encoder writing one message as compact JSON with sorted keys (no newline inside).
    public static func makeEncoder() -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }

    /// Encodes `message` as one line, newline included.
    ///
    /// - Throws: `EncodingError` when the value cannot be encoded (e.g. a NaN).
    public static func line<T: Encodable>(_ message: T) throws -> [UInt8] {
        var bytes = [UInt8](try makeEncoder().encode(message))
        bytes.append(0x0A)
        return bytes
    }
}
