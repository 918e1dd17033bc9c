import ArgumentParser
import CoachApp
import CoachKit
import CoachStore
import Foundation

/// `--athlete` and `--date`, shared by every `coach log` command.
struct LogTarget: ParsableArguments {
    @Option(name: [.customShort("a"), .long], help: "The athlete (athlete users log for themselves without it).", completion: .athletes) var athlete: String?
    @Option(parsing: .unconditional, help: "Day: today (default), yesterday, -3d or YYYY-MM-DD.")
    var date: String = "today"
}

/// One log command's book (athlete opened once, day resolved) and its confirmation line.
struct LogContext {
    let book: LogBook

    init(_ global: GlobalOptions, _ target: LogTarget) throws {
        book = try global.session().logBook(target.athlete.map(Handle.init), date: target.date)
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
        confirm(try book.save(value, id: id, kind: kind), what: what)
    }

    /// Builds, validates and stores a wellness entry, then confirms it.
    func saveWellness(mood: Int?, doms: [String], notes: String?, what: String) throws {
        confirm(try book.saveWellness(mood: mood, doms: doms, notes: notes), what: what)
    }

    private func confirm(_ receipt: LogReceipt, what: String) {
        print("Logged \(what) for \(receipt.athlete) on \(receipt.day) (id \(receipt.id)).")
    }
}
