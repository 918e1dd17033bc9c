import CoachApp
import Foundation
import MCP

/// The MCP server of coach: the toolbox over standard input and output.
public enum CoachMCPServer {
    /// Serves `toolbox` on standard input and output until the client closes the connection.
    ///
    /// - Throws: when the transport cannot be set up.
    public static func serve(_ toolbox: MCPToolbox, version: String) async throws {
        let server = Server(
            name: "coach", version: version,
            instructions: "Tools to read one athlete's coaching context at a time, redacted. "
                + "Athletes are named by athlete_ref. No tool changes the plan.",
            capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: MCPToolbox.tools) }
        await server.withMethodHandler(CallTool.self) { params in
            await toolbox.call(params.name, params.arguments ?? [:])
        }
        try await server.start(transport: BoundedStdioTransport())
        await server.waitUntilCompleted()
    }
}
