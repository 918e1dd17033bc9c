import Foundation

/// A JSON-RPC 2.0 request: a method, its parameters and an id the answer repeats.
public struct RPCRequest<Params: Codable & Sendable>: Codable, Sendable {
    public var jsonrpc: String
    public var id: Int
    public var method: PluginProtocol.Method
    public var params: Params

    /// A request numbered `id`.
    public init(id: Int, method: PluginProtocol.Method, params: Params) {
        jsonrpc = "2.0"
        self.id = id
        self.method = method
        self.params = params
    }
}

/// The envelope of any request, read before its parameters: the method and the id.
public struct RPCRequestHead: Decodable, Sendable {
    public var id: Int?
    public var method: String
}

/// A JSON-RPC 2.0 error object.
public struct RPCError: Codable, Sendable, Equatable, Error {
    public var code: Int
    public var message: String

    /// An error with a JSON-RPC code and a one-line message.
    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    /// The request was not valid JSON-RPC.
    public static let invalidRequestCode = -32600
    /// The method is not known.
    public static let methodNotFoundCode = -32601
    /// The parameters could not be read.
    public static let invalidParamsCode = -32602
    /// The plugin failed while handling the request.
    public static let internalErrorCode = -32603
}

/// A JSON-RPC 2.0 response: the request's id and either a result or an error.
public struct RPCResponse<Result: Codable & Sendable>: Codable, Sendable {
    public var jsonrpc: String
    public var id: Int?
    public var result: Result?
    public var error: RPCError?

    /// A successful answer to request `id`.
    public init(id: Int, result: Result) {
        jsonrpc = "2.0"
        self.id = id
        self.result = result
        error = nil
    }

    /// A failed answer to request `id` (nil when the id could not be read).
    public init(id: Int?, error: RPCError) {
        jsonrpc = "2.0"
        self.id = id
        result = nil
        self.error = error
    }

    enum CodingKeys: String, CodingKey { case jsonrpc, id, result, error }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(jsonrpc, forKey: .jsonrpc)
        try c.encode(id, forKey: .id)
        if let error {
            try c.encode(error, forKey: .error)
        } else {
            // `shutdown` answers null, so an absent result is written as null.
            try c.encode(result, forKey: .result)
        }
    }
}

/// The `null` parameters and result of `shutdown`.
public struct RPCNull: Codable, Sendable, Equatable {
    public init() {}
    public init(from decoder: Decoder) throws {}
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encodeNil()
    }
}
