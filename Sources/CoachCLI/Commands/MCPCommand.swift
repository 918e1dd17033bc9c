import ArgumentParser
import CoachApp
import CoachMCP

/// `coach mcp serve`: the coach tools for an MCP client, over standard input and output.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve read-only coach tools to an MCP client (an AI assistant).",
        subcommands: [Serve.self])

    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Serve the tools over stdio under your unlocked session "
                + "(run 'coach unlock' first).",
            discussion: """
                Tools: list_athletes, get_athlete_context, get_metrics, get_plan_weeks, \
                propose_plan. Athletes are named by athlete_ref; every answer is redacted, needs \
                the athlete's AI consent and is recorded in the audit log. No tool writes the \
                plan: apply a proposal with 'coach plan apply'.
                """)
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard global.passphraseFile == nil else {
                throw ValidationError(
                    "coach mcp serve runs under an unlocked session; run 'coach unlock' "
                        + "and leave out --passphrase-file")
            }
        }

        func run() async throws {
            let toolbox = try openToolbox()
            do {
                try await CoachMCPServer.serve(
                    toolbox, version: CoachCommand.configuration.version)
            } catch {
                try guarded {
                    throw CLIError.io("the MCP server stopped: \(error.localizedDescription)")
                }
            }
        }

        /// Signs in under the unlocked session (standard input carries the protocol, never a
        /// passphrase) and hands the session to the toolbox.
        private func openToolbox() throws -> MCPToolbox {
            do {
                var signIn = global.signIn
                signIn.prompt = { _ in nil }
                let session = try AppSession.open(signIn, environment: try global.environment())
                return MCPToolbox(session: session)
            } catch {
                try guarded { throw error }
                throw ExitCode(1)
            }
        }
    }
}
