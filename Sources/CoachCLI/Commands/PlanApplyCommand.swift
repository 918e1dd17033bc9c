import ArgumentParser
import CoachApp
import CoachKit
import Foundation

/// `coach plan apply`: an AI assistant's suggested plan, checked and shown before it is stored.
struct PlanApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Apply the plan an AI assistant suggested in reply to 'coach prompt export'.",
        discussion: """
            The reply may be the JSON object alone or a whole chat answer with exactly one JSON \
            object in it. It must follow the export's response schema and echo its athlete_ref and \
            export_ref. Each day it lists replaces that day's planned sessions; new sessions are \
            marked AI-suggested. Refused, with nothing written, for another athlete's reply, a day \
            already past or a session already done.
            """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: PlanTarget
    @Option(help: "The assistant's reply (a file, or - for standard input).") var from: String
    @Flag(help: "Show the changes and write nothing.") var dryRun = false
    @Flag(help: "Replace planned sessions without asking.") var yes = false

    func run() throws {
        try promptGuarded {
            let data: Data?
            if from == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                data = FileManager.default.contents(atPath: from)
            }
            guard let data else { throw CLIError.io("cannot read \(from); check the path") }
            let session = try global.session()
            let reply = String(decoding: data, as: UTF8.self)
            let athlete = target.athlete.map(Handle.init)
            if !dryRun && !yes {
                let preview = try session.applySuggestedPlan(reply, athlete: athlete, dryRun: true)
                try Self.confirm(preview.days.flatMap(\.removed), yes: yes)
            }
            let result = try session.applySuggestedPlan(reply, athlete: athlete, dryRun: dryRun)
            print(Self.text(result))
        }
    }

    /// Lists the planned sessions the reply replaces and asks, as `plan import --replace` does.
    static func confirm(_ removed: [PlannedSession], yes: Bool) throws {
        guard !removed.isEmpty else { return }
        let n = removed.count
        Terminal.note("The plan replaces \(n) planned session\(n == 1 ? "" : "s"):")
        for s in removed { Terminal.note("  - \(s.summaryLine)") }
        try Confirm.destructive("Replace them?", yes: yes, action: "replace them")
    }

    /// The diff, day by day, and what was done.
    static func text(_ r: PlanApplyResult) -> String {
        var lines = ["Suggested plan for \(r.athlete) (export \(r.exportRef)):"]
        if let s = r.summary, !s.isEmpty { lines.append("  " + s) }
        for day in r.days {
            lines.append("\(day.date) \(day.date.weekdayName)")
            for s in day.removed { lines.append("  - \(s.summaryLine)") }
            for s in day.added { lines.append("  + \(s.summaryLine)") }
            if day.removed.isEmpty && day.added.isEmpty {
                lines.append("  (rest day, nothing planned)")
            }
        }
        let added = r.days.map(\.added.count).reduce(0, +)
        let removed = r.days.map(\.removed.count).reduce(0, +)
        let counts = "\(added) session(s) added, \(removed) removed on \(r.days.count) day(s)"
        lines.append(
            r.dryRun
                ? "Would apply: \(counts). Nothing was written (--dry-run)."
                : "Applied: \(counts); new sessions are marked AI-suggested.")
        return lines.joined(separator: "\n")
    }

}
