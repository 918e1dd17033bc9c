import ArgumentParser
import CoachApp
import CoachKit
import Foundation

extension AthleteCommand {
    /// `coach athlete import roster.csv`: a whole roster at once.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add the athletes of a roster CSV, all or none.",
            discussion: """
                A header row names the columns: handle and name are required; sport \
                ("cycling;running"), ftp, lthr, threshold_pace (4:30/km), css (1:45/100m), \
                rest_hr, max_hr, weight (61kg), time_zone and email are optional. A bad row is \
                reported with its line and column and nothing is added.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The roster CSV file.", completion: .file(extensions: ["csv"]))
        var file: String
        @Flag(help: "Check the file and add nothing.") var dryRun = false
        @OptionGroup var output: OutputOptions

        func run() throws {
            try guarded {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw CLIError.io("cannot read \(file); check the path")
                }
                let added: [AthleteProfile]
                do {
                    added = try global.session().importRoster(
                        String(decoding: data, as: UTF8.self), dryRun: dryRun)
                } catch let CoachKitError.invalidRow(location, reason) {
                    throw CoachKitError.invalidRow(location: "\(file) \(location)", reason: reason)
                }
                if output.json {
                    print(try Render.json(added, shape: "athlete-import", key: "athletes")); return
                }
                let verb = dryRun ? "Would add" : "Added"
                print("\(verb) \(added.count) athlete\(added.count == 1 ? "" : "s"):")
                print(
                    Render.table(
                        ["HANDLE", "NAME", "SPORTS", "FTP", "LTHR", "TIME ZONE"],
                        added.map { p in
                            [
                                p.handle, p.name, p.sports.map(\.rawValue).joined(separator: ","),
                                p.thresholds.ftpW.map { Render.number($0) + " W" } ?? "",
                                p.thresholds.lthrBpm.map { Render.number($0) } ?? "", p.timeZone,
                            ]
                        }))
                if dryRun { print("Nothing was written (--dry-run).") }
            }
        }
    }
}
