import ArgumentParser
import CoachApp
import CoachKit
import CoachMCP
import Foundation

/// `coach mcp serve`: the coach tools for an MCP client, over standard input and output.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve read-only coach tools to an MCP client (an AI assistant).",
        subcommands: [Serve.self])

    struct Serve: ParsableCommand {
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

        /// Runs the server to the end of its input.
        ///
        /// The command tree stays synchronous: under an async root, every command would run on
        /// a worker of the shared thread pool, where the roster pipeline of `team` blocks the
        /// pool's two threads waiting for scoring jobs queued on the same pool (about one second
        /// of starvation on two cores). So this one command waits for its server task.
        func run() throws {
            try guarded {
                var signIn = global.signIn
                // Standard input carries the protocol, not a passphrase.
                signIn.prompt = { _ in nil }
                let session = try AppSession.open(signIn, environment: try global.environment())
                let toolbox = MCPToolbox(session: session)
                let outcome = LockedValue<(any Error)?>(nil)
                let done = DispatchSemaphore(value: 0)
                let version = CoachCommand.configuration.version
                Task {
                    do { try await CoachMCPServer.serve(toolbox, version: version) } catch {
                        outcome.withLock { $0 = error }
                    }
                    done.signal()
                }
                done.wait()
                if let error = outcome.withLock({ $0 }) {
                    throw CLIError.io("the MCP server stopped: \(error.localizedDescription)")
                }
            }
        }
    }
}
