import ArgumentParser
import CoachApp
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

        func run() throws {
            try guarded {
                guard global.passphraseFile == nil else {
                    throw CLIError.usage(
                        "coach mcp serve runs under an unlocked session; run 'coach unlock' "
                            + "and leave out --passphrase-file")
                }
                var signIn = global.signIn
                // Standard input carries the protocol, not a passphrase.
                signIn.prompt = { _ in nil }
                let session = try AppSession.open(signIn, environment: try global.environment())
                let toolbox = MCPToolbox(session: session)
                let outcome = ServeOutcome()
                let done = DispatchSemaphore(value: 0)
                let version = CoachCommand.configuration.version
                Task {
                    do { try await CoachMCPServer.serve(toolbox, version: version) } catch {
                        outcome.fail(error)
                    }
                    done.signal()
                }
                done.wait()
                if let error = outcome.error {
                    throw CLIError.io("the MCP server stopped: \(error.localizedDescription)")
                }
            }
        }
    }
}

/// The error the server task ended with, handed back to the blocked command.
///
/// `@unchecked Sendable`: written once by the server task before it signals the semaphore and
/// read by the command only after the wait, so the two never touch it at the same time; the
/// lock makes that explicit.
final class ServeOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Error?

    func fail(_ error: Error) {
        lock.lock()
        stored = error
        lock.unlock()
    }
    var error: Error? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
