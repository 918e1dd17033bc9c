import ArgumentParser
import CoachApp
import CoachKit
import CoachViews
import Foundation

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Create a throw-away workspace with sample athletes and show it.")

    @Option(help: "Where to create the demo workspace (default: a new temporary folder).")
    var workspace: String?
    @OptionGroup var output: OutputOptions

    /// What `--json` prints: the athletes, the team view and the first athlete's dashboard.
    struct Output: Encodable {
        let workspace: String
        let team: [TeamRow]
        let dashboard: Dashboard
        let passphraseFiles: [String: String]
        let removedDemos: [String]
        enum CodingKeys: String, CodingKey {
            case workspace, team, dashboard
            case passphraseFiles = "passphrase_files"
            case removedDemos = "removed_demos"
        }
    }

    func run() throws {
        try guarded {
            let environment = try AppEnvironment(variables: ProcessInfo.processInfo.environment)
            let folder =
                try workspace.map { ($0 as NSString).deletingLastPathComponent }
                ?? Self.temporaryFolder()
            let path = workspace ?? folder + "/demo.sqlite"
            let removed =
                workspace == nil
                ? AppDemo.removeOlder(keeping: folder, environment: environment) : []
            let demo = try AppDemo.create(at: path, environment: environment)
            let (team, dashboard, files) = (demo.team, demo.dashboard, demo.passphraseFiles)
            if output.json {
                print(
                    try Render.json(
                        Output(
                            workspace: path, team: team.rows, dashboard: dashboard,
                            passphraseFiles: files, removedDemos: removed), shape: "demo"))
                return
            }
            print(Terminal.bold("coach demo") + Terminal.dim("  throw-away workspace \(path)"))
            print(
                Render.fitLines(
                    "A coach with three athletes and four months of their data, each athlete "
                        + "encrypted under their own key.") + "\n")
            print(Terminal.bold("$ coach team --sort readiness"))
            print(TeamText.render(team.rows) + "\n")
            print(Terminal.bold("$ coach dashboard --athlete jane"))
            print(Render.fitLines(DashboardText.render(dashboard)) + "\n")
            print(DemoFolders.guide(workspace: path, files: files, removed: removed))
        }
    }

    static func temporaryFolder() throws -> String {
        let tmp =
            NSTemporaryDirectory().hasSuffix("/")
            ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        var template = Array((tmp + "coach-demo-XXXXXX").utf8CString)
        guard let p = mkdtemp(&template) else {
            throw CLIError.io("cannot create a temporary folder")
        }
        return String(cString: p)
    }
}

/// Today's date in a zone, from a clock.
enum LocalDayNow {
    static func today(clock: any Clock, zone: TimeZone) -> LocalDay {
        LocalDay(date: clock.now(), timeZone: zone)
    }
}
