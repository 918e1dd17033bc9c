import ArgumentParser
import CoachApp
import CoachKit
import Foundation

/// `coach use HANDLE`: the athlete later commands act on when they name none.
struct UseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "use",
        abstract: "Set the current athlete, so commands need no --athlete.",
        discussion: """
            Stored per user and workspace under $XDG_STATE_HOME/coach/current; COACH_ATHLETE \
            overrides it for one shell. 'coach whoami' shows it. Athlete users always act on \
            themselves.
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The athlete's handle.", completion: .athletes) var handle: String?
    @Flag(help: "Forget the current athlete.") var clear = false
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            guard (handle == nil) == clear else {
                throw CLIError.usage("give an athlete's handle, or --clear to forget the choice")
            }
            let session = try global.session()
            let profile = try session.use(handle.map(Handle.init))
            let overridden = session.currentAthlete?.source == .environment
            if output.json {
                print(try Render.json(["current_athlete": profile?.handle], shape: "use"))
            } else if let profile {
                print("Now using \(profile.handle) (\(profile.name)); commands act on them.")
            } else {
                print("No current athlete; name one with --athlete (-a).")
            }
            if overridden {
                Terminal.note("note: COACH_ATHLETE is set and overrides this for this shell")
            }
        }
    }
}

/// Shell completion of athlete handles: asks the workspace, with the unlocked session only (no
/// prompt), for the athletes the acting user can open.
enum AthleteCompletion {
    static func handles() -> [String] {
        guard let env = try? AppEnvironment(variables: ProcessInfo.processInfo.environment),
            let session = try? AppSession.open(SignIn(), environment: env),
            let athletes = try? session.listAthletes()
        else { return [] }
        return athletes.map(\.profile.handle).sorted()
    }
}

extension CompletionKind {
    /// The handles of the athletes the acting user can open.
    static var athletes: CompletionKind {
        .custom { _, _, _ in AthleteCompletion.handles() }
    }
}
