import CoachKit
import CoachPluginProtocol
import Foundation

/// One running plugin process and the conversation with it, for the length of one command.
///
/// Every athlete of a command is evaluated through the same connection; calls from several
/// threads are serialised. The first failure ends the process and is remembered, so later
/// evaluations fail at once with the same reason instead of waiting for another timeout.
public final class PluginConnection: @unchecked Sendable {
    // @unchecked Sendable: every mutable property (process, nextID, failure) is used only while
    // holding `lock`; the other properties are immutable.
    private let lock = NSLock()
    private let start: @Sendable () throws -> PluginProcess
    private var process: PluginProcess?
    private var nextID = 1
    private var failure: PluginError?
    /// The plugin's id.
    public let pluginID: String
    /// Timeout of the handshake.
    public let initializeTimeout: Duration
    /// The host's name and version sent in the handshake.
    public let host: PeerInfo
    private var handshake: InitializeResult?

    /// A connection that starts its process with `start` on first use.
    public init(
        pluginID: String, host: PeerInfo, initializeTimeout: Duration = .seconds(5),
        start: @escaping @Sendable () throws -> PluginProcess
    ) {
        self.pluginID = pluginID
        self.host = host
        self.initializeTimeout = initializeTimeout
        self.start = start
    }

    deinit { shutdown() }

    /// Starts the plugin if needed and returns its handshake.
    ///
    /// - Throws: `PluginError` when the plugin cannot be started or answers badly.
    public func initialize() throws -> InitializeResult {
        try lock.withLock { try ensureStarted() }
    }

    /// Asks provider `provider` to score `input`, waiting at most `timeout`.
    ///
    /// - Returns: the decoded result (not yet validated against the manifest).
    /// - Throws: `PluginError`.
    public func evaluate(provider: String, input: MetricInput, timeout: Duration) throws
        -> MetricResult
    {
        try lock.withLock {
            _ = try ensureStarted()
            let request = RPCRequest(
                id: nextID, method: .evaluate,
                params: EvaluateParams(provider: provider, input: input))
            return try call(request, timeout: timeout, as: MetricResult.self)
        }
    }

    /// Says goodbye: `shutdown`, close stdin, wait up to 2 s, then SIGTERM and SIGKILL.
    public func shutdown() {
        lock.withLock {
            guard let process else { return }
            if failure == nil {
                let bye = RPCRequest(id: nextID, method: .shutdown, params: RPCNull())
                _ = try? call(bye, timeout: .seconds(2), as: RPCNull.self)
            }
            process.terminate(grace: .seconds(2))
            self.process = nil
        }
    }

    private func ensureStarted() throws -> InitializeResult {
        if let failure { throw failure }
        if let handshake, process != nil { return handshake }
        do {
            process = try start()
        } catch let e as PluginFailure {
            throw remember(e)
        }
        let request = RPCRequest(
            id: nextID, method: .initialize, params: InitializeParams(host: host))
        let result = try call(request, timeout: initializeTimeout, as: InitializeResult.self)
        guard PluginProtocol.supportedVersions.contains(result.protocolVersion) else {
            throw remember(
                .versionMismatch(
                    plugin: [result.protocolVersion], host: PluginProtocol.supportedVersions))
        }
        handshake = result
        return result
    }

    /// Sends one request and decodes the answer; any failure ends the process.
    private func call<P: Codable & Sendable, R: Codable & Sendable>(
        _ request: RPCRequest<P>, timeout: Duration, as: R.Type
    ) throws -> R {
        guard let process else { throw remember(.exited(status: -1)) }
        nextID += 1
        let line: [UInt8]
        do {
            line = try process.exchange(try PluginProtocol.line(request), timeout: timeout)
        } catch let e as PluginProcess.ExchangeError {
            throw remember(Self.failure(e, timeout: timeout))
        } catch {
            throw remember(.protocolViolation("the request could not be encoded"))
        }
        let response: RPCResponse<R>
        do {
            response = try JSONDecoder().decode(RPCResponse<R>.self, from: Data(line))
        } catch {
            throw remember(Self.describeUndecodable(line, error))
        }
        guard response.id == request.id else {
            throw remember(
                .protocolViolation(
                    "answered request \(response.id.map(String.init) ?? "null") "
                        + "instead of \(request.id)"))
        }
        if let error = response.error { throw remember(.pluginError(error.message)) }
        if let result = response.result { return result }
        if let null = RPCNull() as? R { return null }
        throw remember(.protocolViolation("the answer has neither a result nor an error"))
    }

    private func remember(_ failure: PluginFailure) -> PluginError {
        let tail = process?.stderrLines.last
        process?.terminate(grace: .zero)
        let error = PluginError(
            plugin: pluginID, failure: failure, stderr: tail ?? process?.stderrLines.last)
        self.failure = error
        return error
    }

    static func failure(_ e: PluginProcess.ExchangeError, timeout: Duration) -> PluginFailure {
        switch e {
        case .timedOut:
            let (s, atto) = timeout.components
            return .timedOut(seconds: Double(s) + Double(atto) / 1e18)
        case .exited(let status): return .exited(status: status)
        case .lineTooLong(let limit): return .outputTooLong(limit: limit)
        case .brokenPipe: return .exited(status: -1)
        }
    }

    /// Names what is wrong with a line that did not decode.
    static func describeUndecodable(_ line: [UInt8], _ error: any Error) -> PluginFailure {
        let text = String(decoding: line.prefix(4096), as: UTF8.self)
        if text.range(of: #"[:\[,]\s*-?(NaN|Infinity)\b"#, options: .regularExpression) != nil {
            return .invalidResult("a number is not finite (NaN or infinity)")
        }
        guard (try? JSONSerialization.jsonObject(with: Data(line))) != nil else {
            let shown = text.prefix(60).replacingOccurrences(of: "\n", with: " ")
            return .protocolViolation("wrote a line that is not JSON: \"\(shown)\"")
        }
        if case DecodingError.keyNotFound(let key, _) = error {
            return .protocolViolation("the answer lacks '\(key.stringValue)'")
        }
        if case DecodingError.typeMismatch(_, let ctx) = error {
            let path = ctx.codingPath.map(\.stringValue).joined(separator: ".")
            return .protocolViolation("the answer's '\(path)' has the wrong type")
        }
        return .protocolViolation("the answer is not the expected message")
    }
}
