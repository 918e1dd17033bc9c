import ArgumentParser
import CoachApp
import CoachKit
import Foundation

/// `coach brief [--team]`: the morning brief, as text, one status line or JSON.
struct BriefCommand: ParsableCommand {
    /// How the brief is printed.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        /// A few lines, short enough for a notification.
        case text
        /// One line for a status bar.
        case status
        /// The whole brief for scripts (docs/brief.schema.json).
        case json
    }

    static let configuration = CommandConfiguration(
        commandName: "brief",
        abstract:
            "The morning brief: who needs attention and why, check-ins, missed and planned sessions, body battery and load.",
        discussion: """
            Without --team, the brief of one athlete (--athlete, or the current one). Exits with \
            3 when anyone needs attention (any flag, as in 'coach team'), so a cron job or a \
            status bar can act on it.

            """ + "\n\n" + HelpExamples.brief)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: MetricsTarget
    @Flag(help: "Every athlete you hold.") var team = false
    @Option(help: "text (default), status (one line for a status bar) or json.")
    var format: Format = .text
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if team && target.athlete != nil {
            throw ValidationError("--team and --athlete do not go together; give one of them")
        }
        if output.json && format != .text && format != .json {
            throw ValidationError("--json and --format \(format.rawValue) do not go together")
        }
    }

    func run() throws {
        try guarded {
            let session = try global.session()
            let brief =
                team
                ? try session.teamBrief(date: target.date)
                : try session.brief(target.handle, date: target.date)
            switch output.json ? .json : format {
            case .json: print(try Render.json(brief, shape: "brief"))
            case .status: print(BriefText.status(brief))
            case .text: print(team ? BriefText.roster(brief) : BriefText.athlete(brief))
            }
            if !brief.needingAttention.isEmpty { throw ExitCode(ExitStatus.flagged) }
        }
    }
}
