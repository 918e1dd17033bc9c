import ArgumentParser
import CoachStore
import Foundation

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Create a throw-away workspace with sample athletes and show it.")

    @Option(help: "Where to create the demo workspace (default: a new temporary folder).") var workspace: String?
    @OptionGroup var output: OutputOptions

    func run() throws {
        try guarded {
            let clock = try CommandContext.clock(from: ProcessInfo.processInfo.environment)
            let path = try workspace ?? (Self.temporaryFolder() + "/demo.sqlite")
            let (ws, coach) = try DemoWorkspace.build(at: path, clock: clock)
            let athletes = try ws.listAthletes(as: coach)
            if output.json { print(try Render.json(athletes.map(\.profile))); return }
            print(Terminal.bold("coach demo") + Terminal.dim("  throw-away workspace \(path)"))
            print("Users: owner, coach (signed in as coach). Every athlete's data is encrypted under their own key.\n")
            print(Render.table(["HANDLE", "NAME", "SPORTS", "AGE", "THRESHOLDS", "TIME ZONE"], athletes.map { a in
                let p = a.profile
                let today = LocalDayNow.today(clock: clock, zone: p.zone)
                var t: [String] = []
                if let ftp = p.thresholds.ftpW { t.append("FTP \(Render.number(ftp)) W") }
                if let pace = p.thresholds.thresholdPaceSPerKm { t.append("pace \(Pace.format(pace))/km") }
                if let css = p.thresholds.cssSPer100m { t.append("CSS \(Pace.format(css))/100m") }
                if let lthr = p.thresholds.lthrBpm { t.append("LTHR \(Render.number(lthr))") }
                return [p.handle, p.name, p.sports.map(\.rawValue).joined(separator: ","),
                        p.age(on: today).map(String.init) ?? "", t.joined(separator: ", "), p.timeZone]
            }))
        }
    }

    static func temporaryFolder() throws -> String {
        let tmp = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        var template = Array((tmp + "coach-demo-XXXXXX").utf8CString)
        guard let p = mkdtemp(&template) else { throw CLIError.io("cannot create a temporary folder") }
        return String(cString: p)
    }
}

import CoachKit

/// Today's date in a zone, from a clock.
enum LocalDayNow {
    static func today(clock: any Clock, zone: TimeZone) -> LocalDay { LocalDay(date: clock.now(), timeZone: zone) }
}
