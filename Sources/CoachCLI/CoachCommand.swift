import ArgumentParser
import Foundation

/// The `coach` command tree.
public struct CoachCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "coach",
        abstract: "A private, multi-user coaching workspace for the command line.",
        discussion:
            "Exit codes: 0 ok, 3 athletes flagged (team, brief), 64 usage, 65 invalid data, 66 not found, 73 conflict, 74 damaged or tampered workspace, 77 authentication or permission.",
        version: "0.1.0",
        subcommands: [
            InitCommand.self, UnlockCommand.self, LockCommand.self, WhoamiCommand.self,
            UseCommand.self,
            UserCommand.self, AccessCommand.self, AthleteCommand.self, PlanCommand.self,
            LogCommand.self, GoalCommand.self, ImportCommand.self, ExportCommand.self,
            MetricsCommand.self, ExplainCommand.self, DashboardCommand.self, TeamCommand.self,
            BriefCommand.self,
            TrendCommand.self, PluginCommand.self, DeviceCommand.self, SyncCommand.self,
            ActivityCommand.self, BiometricsCommand.self, NutritionCommand.self, ReportCommand.self,
            AuditCommand.self, DoctorCommand.self, BackupCommand.self, RestoreCommand.self,
            DemoCommand.self,
            PromptCommand.self, MCPCommand.self,
        ]
    )

    public init() {}

    /// Runs `coach` with the process's arguments; a mistyped command word is a usage error
    /// (exit 64) that suggests the nearest command. A value that begins with a dash may follow
    /// its option as a separate word (`--date -3d`, see `DashValues`).
    public static func main() {
        let arguments = DashValues.joined(ProcessArguments.current)
        if let problem = CommandSpelling.problem(in: arguments) {
            Terminal.error(problem)
            Foundation.exit(ExitStatus.usage)
        }
        run(arguments)
    }

    /// Parses `arguments` (options checked by their types and each command's `validate()`),
    /// runs the command, and exits with its status.
    ///
    /// Help, the version and completion scripts go to standard output; a parse or validation
    /// error is one line on standard error (the message without the usage block) and exit 64,
    /// like every other refusal of coach.
    static func run(_ arguments: [String]) {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
            } else if !(error is ExitCode) {
                let message = message(for: error).split(separator: "\n")
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                Terminal.error(message.joined(separator: "; "))
            }
            Foundation.exit(code.rawValue)
        }
    }
}
