import ArgumentParser
import CoachApp
import CoachKit
import Foundation

/// `--athlete` and `--date`, shared by every `coach log` command.
struct LogTarget: ParsableArguments {
    @Option(
        name: [.customShort("a"), .long],
        help: "The athlete (athlete users log for themselves without it).", completion: .athletes)
    var athlete: String?
    @Option(parsing: .unconditional, help: "Day: today (default), yesterday, -3d or YYYY-MM-DD.")
    var date: String = "today"
    @Flag(help: "Print what was stored as JSON (with the new id) for scripts.") var json = false
}

/// One log command's book (athlete opened once, day resolved) and its confirmation line.
struct LogContext {
    let book: LogBook
    let json: Bool

    init(_ global: GlobalOptions, _ target: LogTarget) throws {
        book = try global.session().logBook(target.athlete.map(Handle.init), date: target.date)
        json = target.json
    }

    var day: LocalDay { book.day }
    var profile: AthleteProfile { book.profile }
    var instant: Instant { book.instant }

    func instant(parsing text: String) throws -> Instant { try book.instant(parsing: text) }
    func newID() -> String { book.newID() }

    /// Refuses an instant that is not on the logged day or lies in the future.
    func requireOnDay(_ at: Instant, option: String) throws {
        let d = at.day(in: profile.zone)
        guard d == day else {
            throw CLIError.usage(
                "\(option) falls on \(d), not on the logged day \(day); give --date \(d) as well")
        }
        guard at.date <= book.session.now else {
            throw CLIError.usage("\(option) is in the future")
        }
    }

    /// Stores an entry, then prints one confirmation line.
    func save<T: Encodable>(_ value: T, id: String, kind: RecordKind, what: String) throws {
        try confirm(try book.save(value, id: id, kind: kind), what: what)
    }

    /// Builds, validates and stores a wellness entry, then confirms it.
    func saveWellness(mood: Int?, doms: [String], notes: String?, what: String) throws {
        try confirm(try book.saveWellness(mood: mood, doms: doms, notes: notes), what: what)
    }

    /// Echoes what was stored (JSON with `--json`) and, for a day's second wellness entry, how
    /// the entries merge.
    private func confirm(_ receipt: LogReceipt, what: String) throws {
        if json { print(try Render.json(receipt, shape: "log-entry")); return }
        print(
            "Logged \(what) for \(receipt.athlete) on \(receipt.day): "
                + "\(LogWords(profile).summary(receipt.kind, receipt.entry)) "
                + "(id \(receipt.id.rawValue.prefix(8))).")
        if let m = receipt.merge {
            let earlier = m.others == 1 ? "1 other entry" : "\(m.others) other entries"
            let doms = m.doms.keys.sorted().map { "\($0) \(m.doms[$0]!)" }
            let day = (m.mood.map { ["mood \($0)"] } ?? []) + doms
            print(
                "Merged with \(earlier) of \(receipt.day): the metrics merge a day's entries "
                    + "field by field (soreness group by group), so the day reads "
                    + "\(day.joined(separator: ", ")). Change an entry with 'coach log edit ID'.")
        }
    }
}
