import CoachApp
import CoachKit
import CoachPrompt
import CoachTestSupport
import Foundation
import MCP
import Testing

@testable import CoachMCP

/// The MCP tools in process, on a toolbox over a signed-in session: the tool list, a call that
/// reads an athlete, and bad arguments as typed failures (and as `isError` results whose line
/// ends with the failure's category).
@Suite struct MCPToolboxTests {
    static func toolbox() throws -> (WorkspaceSandbox, MCPToolbox) {
        let s = try ConsentingAthlete.sandbox()
        return (s, MCPToolbox(session: try s.session()))
    }

    static func text(_ result: CallTool.Result) -> String {
        guard case .text(let text, _, _) = result.content.first else { return "" }
        return text
    }

    static func zedRef(_ s: WorkspaceSandbox) throws -> String {
        let zed = try #require(try s.session().listAthletes().first { $0.profile.handle == "zed" })
        return PromptReference.athlete(zed.id)
    }

    @Test("The toolbox lists its five tools, each with an object schema")
    func listTools() {
        #expect(
            MCPToolbox.tools.map(\.name) == [
                "list_athletes", "get_athlete_context", "get_metrics", "get_plan_weeks",
                "propose_plan",
            ])
        for tool in MCPToolbox.tools {
            #expect(tool.inputSchema.objectValue?["type"] == .string("object"), "\(tool.name)")
        }
    }

    @Test("list_athletes names every athlete by reference and consent, never by handle")
    func listAthletes() async throws {
        let (s, toolbox) = try Self.toolbox()
        let result = await toolbox.call("list_athletes", [:])
        #expect(result.isError == false)
        let rows = try JSONDecoder().decode(
            [[String: String]].self, from: Data(Self.text(result).utf8))
        let athletes = try s.session().listAthletes()
        #expect(rows.map { $0["athlete_ref"] } == athletes.map { PromptReference.athlete($0.id) })
        #expect(
            rows.map { $0["ai_consent"] } == athletes.map { $0.profile.aiConsent ? "yes" : "no" })
        #expect(!Self.text(result).contains("zed") && !Self.text(result).contains("jane"))
    }

    @Test("get_metrics gives the today section of a redacted export, and is audited")
    func getMetrics() async throws {
        let (s, toolbox) = try Self.toolbox()
        let ref = try Self.zedRef(s)
        let before = try s.session().auditEntries(athlete: ConsentingAthlete.handle).count
        let result = await toolbox.call("get_metrics", ["athlete_ref": .string(ref)])
        #expect(result.isError == false, "\(Self.text(result))")
        let body = try JSONDecoder().decode(
            PromptSectionBody.self, from: Data(Self.text(result).utf8))
        #expect(body.number == PromptSection.today.rawValue)
        for c in Canary.fragments { #expect(!Self.text(result).contains(c)) }
        let after = try s.session().auditEntries(athlete: ConsentingAthlete.handle)
        #expect(after.count == before + 1)
        let target = after.last?.targetId ?? ""
        #expect(target.hasSuffix("via=mcp"))
    }

    @Test("A bad argument, an unknown athlete and an unknown tool are typed failures")
    func badArguments() async throws {
        let (s, toolbox) = try Self.toolbox()
        let ref = try Self.zedRef(s)
        let plan = await #expect(throws: MCPToolError.self) {
            try await toolbox.run("propose_plan", ["athlete_ref": .string(ref), "plan": .int(3)])
        }
        if case .argument(let name, _) = plan {
            #expect(name == "plan")
        } else {
            Issue.record("expected a bad plan argument, got \(String(describing: plan))")
        }
        #expect(plan?.category == .usage)
        let missing = await #expect(throws: MCPToolError.self) {
            try await toolbox.run("get_metrics", [:])
        }
        #expect(missing?.category == .usage)
        let unknown = await #expect(throws: MCPToolError.self) {
            try await toolbox.run(
                "get_metrics", ["athlete_ref": .string("ath_00000000000000000000")])
        }
        #expect(unknown?.category == .notFound)
        let tool = await #expect(throws: MCPToolError.self) { try await toolbox.run("rm_rf", [:]) }
        #expect(tool?.category == .usage)
        // Through `call` the same failures are results marked isError, category last.
        let result = await toolbox.call(
            "propose_plan", ["athlete_ref": .string(ref), "plan": .int(3)])
        #expect(result.isError == true && Self.text(result).hasSuffix("[usage]"))
    }

    @Test("Without consent the context is refused as a permission failure")
    func noConsent() async throws {
        let (s, toolbox) = try Self.toolbox()
        let jane = try #require(
            try s.session().listAthletes().first { $0.profile.handle == "jane" })
        let ref = PromptReference.athlete(jane.id)
        let error = await #expect(throws: PromptError.consentMissing(athlete: "jane")) {
            try await toolbox.run("get_athlete_context", ["athlete_ref": .string(ref)])
        }
        #expect(error?.category == .permission)
        let result = await toolbox.call("get_athlete_context", ["athlete_ref": .string(ref)])
        #expect(result.isError == true && Self.text(result).hasSuffix("[permission]"))
    }
}
