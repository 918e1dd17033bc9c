import CoachKit
import Foundation

/// Who is on the other end: a host (`name`, `version`) or a plugin (also its `id`).
public struct PeerInfo: Codable, Sendable, Equatable {
    public var id: String?
    public var name: String
    public var version: String

    /// A peer; hosts leave `id` nil.
    public init(id: String? = nil, name: String, version: String) {
        self.id = id
        self.name = name
        self.version = version
    }
}

/// The parameters of `initialize`: the versions the host speaks and who it is.
public struct InitializeParams: Codable, Sendable, Equatable {
    public var protocolVersions: [Int]
    public var host: PeerInfo

    /// Parameters offering `protocolVersions`.
    public init(protocolVersions: [Int] = PluginProtocol.supportedVersions, host: PeerInfo) {
        self.protocolVersions = protocolVersions
        self.host = host
    }
}

/// The answer to `initialize`: the chosen version, the plugin and the metrics it provides.
///
/// Each provider is announced with the same descriptor shape the built-ins have (its manifest).
public struct InitializeResult: Codable, Sendable, Equatable {
    public var protocolVersion: Int
    public var plugin: PeerInfo
    public var providers: [MetricDescriptor]

    /// A handshake answer.
    public init(protocolVersion: Int, plugin: PeerInfo, providers: [MetricDescriptor]) {
        self.protocolVersion = protocolVersion
        self.plugin = plugin
        self.providers = providers
    }
}

/// The parameters of `evaluate`: which provider, and the input fields beside it.
///
/// On the wire the input's fields (`day`, `timeZone`, `now`, `athlete`, `inputs`) sit next to
/// `provider` in one object.
public struct EvaluateParams: Codable, Sendable, Equatable {
    public var provider: String
    public var input: MetricInput

    /// Parameters asking `provider` to score `input`.
    public init(provider: String, input: MetricInput) {
        self.provider = provider
        self.input = input
    }

    enum CodingKeys: String, CodingKey { case provider }

    public init(from decoder: Decoder) throws {
        provider = try decoder.container(keyedBy: CodingKeys.self)
            .decode(String.self, forKey: .provider)
        input = try MetricInput(from: decoder)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(provider, forKey: .provider)
        try input.encode(to: encoder)
    }
}
