import CoachApp
import CoachKit
import CoachStore
import CoachTestSupport
import Foundation
import Testing

/// A check-in a phone sent is saved through `LogBook.saveWellness`, the call `log mood` makes:
/// the same validation, the same record, and its origin kept.
@Suite struct CheckinOriginLogTests {
    static let origin = WellnessOrigin(
        device: "9435f78754b12b4088783ac4f5968ba3", item: "6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b",
        sentAt: 1_764_000_000_000)

    @Test("a wellness entry saved with an origin equals log mood's but for id and origin")
    func sameRecordButOrigin() throws {
        let sandbox = try WorkspaceSandbox()
        let session = try sandbox.session()
        defer { session.close() }
        let typed = try session.logBook(Handle("jane"), date: "today")
            .saveWellness(mood: 4, doms: ["quads=6"], notes: "x")
        let sent = try session.logBook(Handle("jane"), date: "today")
            .saveWellness(mood: 4, doms: ["quads=6"], notes: "x", origin: Self.origin)
        let book = try session.logBook(Handle("jane"), date: "today")
        let stored = try session.workspace.records(
            of: book.athlete, monthsFrom: book.day, through: book.day
        ).wellness
        let a = try #require(stored.first { $0.id == typed.id.rawValue })
        let b = try #require(stored.first { $0.id == sent.id.rawValue })
        #expect(a.origin == nil)
        #expect(b.origin == Self.origin)
        var same = b
        same.id = a.id
        same.origin = nil
        #expect(same == a)
    }

    @Test(
        "an invalid check-in is refused with log mood's own error",
        arguments: [(6, ["quads=6"]), (4, ["quads=11"]), (4, ["elbows=3"])])
    func sameRefusal(mood: Int, doms: [String]) throws {
        let sandbox = try WorkspaceSandbox()
        let session = try sandbox.session()
        defer { session.close() }
        let book = try session.logBook(Handle("jane"), date: "today")
        func refusal(_ origin: WellnessOrigin?) -> String {
            do {
                _ = try book.saveWellness(mood: mood, doms: doms, notes: nil, origin: origin)
                return "accepted"
            } catch let failure as any CoachFailure {
                return "\(failure.category) \(failure.problemDescription)"
            } catch {
                return "\(error)"
            }
        }
        let typed = refusal(nil)
        #expect(typed != "accepted")
        #expect(refusal(Self.origin) == typed)
    }
}
