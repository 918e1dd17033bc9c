import CoachKit
import CoachPluginProtocol
import Foundation

/// The plugin side of the protocol without any I/O: one request line in, one answer line out.
///
/// `PluginServer` drives it over stdio; tests drive it directly.
public struct PluginSession: Sendable {
    /// Who the plugin is.
    public let plugin: PeerInfo
    /// The metrics it provides.
    public let providers: [any MetricProvider]

    /// A session serving `providers` as `plugin`.
    public init(plugin: PeerInfo, providers: [any MetricProvider]) {
        self.plugin = plugin
        self.providers = providers
    }

    /// The handshake answer.
    public func handshake() -> InitializeResult {
        InitializeResult(
            protocolVersion: PluginProtocol.version, plugin: plugin,
            providers: providers.map(\.descriptor))
    }

    /// Answers one request line.
    ///
    /// - Returns: the answer line (newline included), and whether the plugin should now exit.
    public func handle(_ line: [UInt8]) -> (reply: [UInt8]?, done: Bool) {
        let data = Data(line)
        guard let head = try? JSONDecoder().decode(RPCRequestHead.self, from: data) else {
            return (error(nil, RPCError.invalidRequestCode, "not a JSON-RPC request"), false)
        }
        let id = head.id ?? 0
        switch PluginProtocol.Method(rawValue: head.method) {
        case .initialize:
            guard
                let request = try? JSONDecoder().decode(
                    RPCRequest<InitializeParams>.self, from: data)
            else { return (error(id, RPCError.invalidParamsCode, "bad initialize"), false) }
            guard request.params.protocolVersions.contains(PluginProtocol.version) else {
                let offered = request.params.protocolVersions.map(String.init)
                    .joined(separator: ", ")
                return (
                    error(
                        id, RPCError.invalidRequestCode,
                        "plugin speaks protocol \(PluginProtocol.version); host offers \(offered)"),
                    true
                )
            }
            return (reply(id, handshake()), false)
        case .evaluate:
            return (evaluate(id, data), false)
        case .shutdown:
            return (reply(id, RPCNull()), true)
        case nil:
            return (error(id, RPCError.methodNotFoundCode, "unknown method \(head.method)"), false)
        }
    }

    private func evaluate(_ id: Int, _ data: Data) -> [UInt8]? {
        let request: RPCRequest<EvaluateParams>
        do {
            request = try JSONDecoder().decode(RPCRequest<EvaluateParams>.self, from: data)
        } catch {
            return self.error(id, RPCError.invalidParamsCode, "bad evaluate parameters")
        }
        guard let provider = providers.first(where: { $0.id == request.params.provider }) else {
            return self.error(
                id, RPCError.invalidParamsCode, "no metric '\(request.params.provider)'")
        }
        do {
            return reply(id, try provider.evaluate(request.params.input))
        } catch {
            let message = (error as? any LocalizedError)?.errorDescription ?? "\(error)"
            return self.error(id, RPCError.internalErrorCode, message)
        }
    }

    private func reply<R: Codable & Sendable>(_ id: Int, _ result: R) -> [UInt8]? {
        if let line = try? PluginProtocol.line(RPCResponse(id: id, result: result)) { return line }
        return error(id, RPCError.internalErrorCode, "the result could not be encoded")
    }

    private func error(_ id: Int?, _ code: Int, _ message: String) -> [UInt8]? {
        try? PluginProtocol.line(
            RPCResponse<RPCNull>(id: id, error: RPCError(code: code, message: message)))
    }
}
