import CoachApp
import CoachKit
import Foundation
import MCP

/// The coach tools an MCP client may call, run under one signed-in user's session.
///
/// Athletes are named by their opaque `athlete_ref`, never by handle or name, so the model sees
/// neither. Every tool that reads an athlete checks AI consent and redacts exactly like
/// `PromptExport`, and leaves an audit entry. No tool writes the plan.
///
/// An actor: the session (its keys and its workspace connection) is reached only through it,
/// so the server's concurrent request tasks run the tools one at a time.
public actor MCPToolbox {
    let session: AppSession

    /// A toolbox working as the user of `session`, which it takes over.
    public init(session: sending AppSession) { self.session = session }

    /// The tools and their input schemas.
    public static let tools: [Tool] = {
        func schema(_ properties: [String: Value], required: [String]) -> Value {
            .object([
                "type": .string("object"), "properties": .object(properties),
                "required": .array(required.map(Value.string)),
                "additionalProperties": .bool(false),
            ])
        }
        let ref: Value = .object([
            "type": .string("string"), "description": .string("athlete_ref from list_athletes"),
        ])
        return [
            Tool(
                name: "list_athletes",
                description:
                    "The athletes the signed-in user may read: their opaque athlete_ref and "
                    + "AI consent.",
                inputSchema: schema([:], required: [])),
            Tool(
                name: "get_athlete_context",
                description:
                    "One athlete's redacted coaching context (eight Markdown sections) with the "
                    + "response schema for a suggested plan.",
                inputSchema: schema(
                    [
                        "athlete_ref": ref,
                        "days": .object([
                            "type": .string("integer"), "minimum": .int(1), "maximum": .int(366),
                        ]),
                        "question": .object(["type": .string("string")]),
                        "max_tokens": .object(["type": .string("integer"), "minimum": .int(200)]),
                    ], required: ["athlete_ref"])),
            Tool(
                name: "get_metrics",
                description:
                    "Every metric of one athlete on one day: score, band, components, flags "
                    + "(JSON).",
                inputSchema: schema(
                    [
                        "athlete_ref": ref,
                        "date": .object([
                            "type": .string("string"),
                            "description": .string("YYYY-MM-DD; today when absent"),
                        ]),
                    ], required: ["athlete_ref"])),
            Tool(
                name: "get_plan_weeks",
                description:
                    "Last week, this week and next week of one athlete's plan, with adherence "
                    + "(JSON).",
                inputSchema: schema(["athlete_ref": ref], required: ["athlete_ref"])),
            Tool(
                name: "propose_plan",
                description:
                    "Check a suggested plan against the schema of get_athlete_context and show the "
                    + "changes it would make. Nothing is written: the coach applies it in coach.",
                inputSchema: schema(
                    [
                        "athlete_ref": ref,
                        "plan": .object([
                            "type": .string("object"),
                            "description": .string("the suggested-plan object"),
                        ]),
                    ],
                    required: ["athlete_ref", "plan"])),
        ]
    }()

    /// Runs tool `name`; errors come back as a result marked `isError` with one neutral line.
    public func call(_ name: String, _ arguments: [String: Value]) -> CallTool.Result {
        do {
            return CallTool.Result(
                content: [.text(text: try run(name, arguments), annotations: nil, _meta: nil)],
                isError: false)
        } catch {
            return CallTool.Result(
                content: [.text(text: Self.phrase(error), annotations: nil, _meta: nil)],
                isError: true)
        }
    }

    func run(_ name: String, _ a: [String: Value]) throws -> String {
        switch name {
        case "list_athletes":
            let rows = try session.listAthletes().map {
                [
                    "athlete_ref": PromptReference.athlete($0.id),
                    "ai_consent": $0.profile.aiConsent ? "yes" : "no",
                ]
            }
            return try Self.json(rows)
        case "get_athlete_context":
            var o = PromptOptions()
            if let days = a["days"]?.intValue { o.days = days }
            o.question = a["question"]?.stringValue
            o.maxTokens = a["max_tokens"]?.intValue
            guard let athlete = try session.athlete(ref: try Self.ref(a)) else {
                throw MCPToolError.unknownAthlete(try Self.ref(a))
            }
            return try session.exportPrompt(for: athlete, options: o, via: "mcp").text
        case "get_metrics":
            return try section(.today, a, date: a["date"]?.stringValue)
        case "get_plan_weeks":
            return try section(.plan, a, date: nil)
        case "propose_plan":
            guard let plan = a["plan"], case .object = plan else {
                throw MCPToolError.argument("plan", "an object")
            }
            let text = String(decoding: try JSONEncoder().encode(plan), as: UTF8.self)
            guard let athlete = try session.athlete(ref: try Self.ref(a)) else {
                throw MCPToolError.unknownAthlete(try Self.ref(a))
            }
            return PlanDiffText.render(try session.proposeSuggestedPlan(text, for: athlete))
        default:
            throw MCPToolError.unknownTool(name)
        }
    }

    /// One section of a redacted JSON export, as JSON.
    func section(_ s: PromptSection, _ a: [String: Value], date: String?) throws -> String {
        var o = PromptOptions()
        o.format = .json
        o.days = 1
        o.sections = [s]
        guard let athlete = try session.athlete(ref: try Self.ref(a)) else {
            throw MCPToolError.unknownAthlete(try Self.ref(a))
        }
        let export = try session.exportPrompt(for: athlete, options: o, date: date, via: "mcp")
        guard let body = export.document.body(s) else {
            throw MCPToolError.argument("athlete_ref", "an athlete")
        }
        return try Self.json(body)
    }

    /// The `athlete_ref` argument. A tool call opens the athlete it names once, among those
    /// the user holds (`AppSession.athlete(ref:)`: no other athlete's profile is decrypted to
    /// find it), and throws `unknownAthlete` when there is none.
    static func ref(_ a: [String: Value]) throws -> String {
        guard let ref = a["athlete_ref"]?.stringValue else {
            throw MCPToolError.argument("athlete_ref", "a string")
        }
        return ref
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try e.encode(value), as: UTF8.self)
    }

    /// An error in the words of an MCP client: tool arguments, no command-line flags, and the
    /// failure's category in brackets so a client can tell tampering from a bad argument.
    static func phrase(_ error: Error) -> String {
        let line = words(error)
        guard let failure = error as? any CoachFailure else { return line }
        return "\(line) [\(failure.category.rawValue)]"
    }

    private static func words(_ error: Error) -> String {
        let detail = (error as? any CoachFailure).flatMap(FailureDetail.init)
        switch (detail, error) {
        case (.prompt(.consentMissing), _):
            return "this athlete has not agreed to AI use; the athlete or the workspace owner can "
                + "allow it in coach"
        case (.prompt(.optionOutOfRange(let option, let range)), _):
            return "\(option.replacingOccurrences(of: " ", with: "_")) must be in \(range)"
        case (.prompt(.budgetTooSmall(let needed, _)), _):
            return "max_tokens must be at least \(needed)"
        case (_, let failure as any CoachFailure): return failure.problemDescription
        case (_, let e as LocalizedError): return e.errorDescription ?? "\(error)"
        default: return "\(error)"
        }
    }
}

/// What a tool call got wrong.
enum MCPToolError: LocalizedError, CoachFailure {
    case unknownTool(String)
    case unknownAthlete(String)
    case argument(String, String)

    var category: FailureCategory {
        switch self {
        case .unknownTool, .argument: .usage
        case .unknownAthlete: .notFound
        }
    }

    var errorDescription: String? {
        switch self {
        case .unknownTool(let n): "no tool '\(n)'; list_tools shows the tools"
        case .unknownAthlete(let r): "no athlete with athlete_ref \(r) is readable by this user"
        case .argument(let name, let what): "argument \(name) must be \(what)"
        }
    }
}
