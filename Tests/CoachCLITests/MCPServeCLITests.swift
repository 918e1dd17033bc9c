import Foundation
import MCP
import SystemPackage
import Testing

/// `coach mcp serve` driven by the MCP Swift SDK's own client over the binary's stdin/stdout:
/// initialize, list the tools, call each; consent, redaction and the audit trail hold.
@Suite struct MCPServeCLITests {
    static let now = PromptDatasets.now

    /// The running server and a connected client.
    struct Connection {
        let process: Process
        let client: Client
        let input: FileHandle

        /// Closes the server's standard input (it stops at end of input) and waits for it.
        func close() async {
            await client.disconnect()
            try? input.close()
            process.waitUntilExit()
        }
    }

    static func connect(_ s: CoachSandbox) async throws -> Connection {
        let binary = try #require(CoachSandbox.binary, "the coach executable is not built")
        let toServer = Pipe()
        let fromServer = Pipe()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = ["mcp", "serve", "--as", "olivia"]
        p.environment = s.environment.merging(now) { _, new in new }
        p.standardInput = toServer
        p.standardOutput = fromServer
        p.standardError = FileHandle.nullDevice
        try p.run()
        let transport = StdioTransport(
            input: FileDescriptor(rawValue: fromServer.fileHandleForReading.fileDescriptor),
            output: FileDescriptor(rawValue: toServer.fileHandleForWriting.fileDescriptor))
        let client = Client(name: "coach-tests", version: "1.0.0")
        // A hung server must not hang the suite.
        let watchdog = p
        Task.detached {
            try? await Task.sleep(for: .seconds(90))
            if watchdog.isRunning { kill(watchdog.processIdentifier, SIGKILL) }
        }
        _ = try await client.connect(transport: transport)
        return Connection(process: p, client: client, input: toServer.fileHandleForWriting)
    }

    static func text(_ content: [Tool.Content]) -> String {
        content.map { if case .text(let t, _, _) = $0 { t } else { "" } }.joined(separator: "\n")
    }

    @Test(
        "An MCP client initializes, lists the tools and calls each; nothing leaks, every read is audited"
    )
    func tools() async throws {
        let s = try PromptCLITests.scene()
        let before = try s.auditEntries()
        let c = try await Self.connect(s)
        let (tools, _) = try await c.client.listTools()
        #expect(
            Set(tools.map(\.name)) == [
                "list_athletes", "get_athlete_context", "get_metrics", "get_plan_weeks",
                "propose_plan",
            ])
        let list = try await c.client.callTool(name: "list_athletes")
        #expect(list.isError != true)
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.text(list.content).utf8))
                as? [[String: String]])
        let zedRef = try #require(rows.first { $0["ai_consent"] == "yes" }?["athlete_ref"])
        let kimRef = try #require(rows.first { $0["ai_consent"] == "no" }?["athlete_ref"])
        var outputs = [Self.text(list.content)]
        let context = try await c.client.callTool(
            name: "get_athlete_context",
            arguments: ["athlete_ref": .string(zedRef), "days": .int(14)])
        #expect(
            context.isError != true
                && Self.text(context.content).contains("## 8. Question and response format"))
        outputs.append(Self.text(context.content))
        let metrics = try await c.client.callTool(
            name: "get_metrics", arguments: ["athlete_ref": .string(zedRef)])
        #expect(metrics.isError != true && Self.text(metrics.content).contains("training-load"))
        outputs.append(Self.text(metrics.content))
        let plan = try await c.client.callTool(
            name: "get_plan_weeks", arguments: ["athlete_ref": .string(zedRef)])
        #expect(plan.isError != true && Self.text(plan.content).contains("Long ride"))
        outputs.append(Self.text(plan.content))
        let exportRef = try #require(
            Self.text(context.content).firstMatch(of: /exp_[0-9a-f]{20}/).map { String($0.0) })
        let proposal: Value = .object([
            "format": .string("coach/suggested-plan/1"), "athlete_ref": .string(zedRef),
            "export_ref": .string(exportRef),
            "weeks": .array([
                .object([
                    "start": .string("2026-11-16"),
                    "days": .array([
                        .object([
                            "date": .string("2026-11-22"),
                            "sessions": .array([
                                .object([
                                    "title": .string("Easy spin"), "sport": .string("cycling"),
                                    "rationale": .string("TSB (training-load)"),
                                ])
                            ]),
                        ])
                    ]),
                ])
            ]),
        ])
        let propose = try await c.client.callTool(
            name: "propose_plan",
            arguments: ["athlete_ref": .string(zedRef), "plan": proposal])
        #expect(propose.isError != true && Self.text(propose.content).contains("+ Easy spin [ai]"))
        outputs.append(Self.text(propose.content))
        let refused = try await c.client.callTool(
            name: "get_metrics", arguments: ["athlete_ref": .string(kimRef)])
        #expect(
            refused.isError == true && Self.text(refused.content).contains("not agreed to AI use"))
        for out in outputs {
            for canary in PromptDatasets.canaries + ["zed"] {
                #expect(!out.contains(canary), "an MCP tool leaked '\(canary)'")
            }
        }
        await c.close()
        #expect(c.process.terminationStatus == 0)
        // Context, metrics and plan are exports; the proposal is its own entry; the plan is unchanged.
        #expect(try s.auditEntries() == before + 4)
        #expect(try s.sqlite("SELECT COUNT(*) FROM audit WHERE target_id LIKE '% via=mcp'") == "3")
        #expect(try s.sqlite("SELECT COUNT(*) FROM audit WHERE action = 'plan.propose'") == "1")
    }

    @Test("Without an unlocked session the server refuses to start")
    func noSession() throws {
        let s = try PromptCLITests.scene()
        try s.expectOK(s.run(["lock", "--as", "olivia"]))
        let r = try s.run(["mcp", "serve", "--as", "olivia"], env: Self.now)
        #expect(r.status != 0 && r.errorLines.count == 1 && r.stdout.isEmpty)
    }

    @Test("an 8 MiB line and a 200-deep request are answered with errors; the server goes on")
    func hostileFraming() throws {
        let s = try PromptCLITests.scene()
        let long =
            #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":""#
            + String(repeating: "A", count: 8 << 20) + "\"}}\n"
        let deep =
            #"{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":"#
            + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "}}\n"
        let ping = #"{"jsonrpc":"2.0","id":3,"method":"ping"}"# + "\n"
        let r = try s.run(
            ["mcp", "serve", "--as", "olivia"], stdin: long + deep + ping, env: Self.now,
            timeout: 60)
        #expect(!r.crashed && r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(r.stdout.prefix(500))")
        #expect(lines.first?.contains("longer than 4 MiB") == true)
        #expect(lines.dropFirst().first?.contains("nested deeper than 64") == true)
        #expect(lines.last?.contains(#""id":3"#) == true)
    }
}
