import CoachApp
import CoachCrypto
import CoachKit
import CoachMCP
import CoachStore
import CoachTestSupport
import Foundation
import MCP
import Testing

/// A command opens the athlete it works on once (grant verified, data key unsealed, profile
/// decrypted) and hands the access down: every read and write of the command goes through it.
/// The signed-in user's `keyringOpens` counts every keyring open, so a second open anywhere
/// below the command (the store reopening, a view opening again) fails these tests.
@Suite struct OpenOnceTests {
    static let pass = "owner passphrase for open-once"
    static let firstDay = LocalDay("2026-03-01")!

    /// A workspace with two athletes (90 days of history each, AI consent given), and the
    /// environment a session on it runs in; the caller removes `dir`.
    static func scene() throws -> (dir: URL, path: String, environment: AppEnvironment) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "coach-open-once-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: dir, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let path = dir.appendingPathComponent("ws.sqlite").path
        var pass = Array(Self.pass.utf8)
        let ws = try Workspace.create(
            at: path, owner: "olivia", passphrase: try SecretKey(consuming: &pass),
            preset: .interactive, clock: FixedClock(Date(timeIntervalSince1970: 1_790_000_000)),
            random: SystemRandom(), ids: .randomUUIDs)
        var pass2 = Array(Self.pass.utf8)
        let owner = try ws.authenticate(
            handle: "olivia", passphrase: try SecretKey(consuming: &pass2))
        var g = HistoryGenerator(seed: 11)
        for handle in ["jane", "bert"] {
            var data = g.dataset(handle: handle, from: firstDay, days: 90)
            data.athlete.aiConsent = true
            _ = try ws.importDataset(data, handle: Handle(handle), create: true, as: owner)
        }
        let environment = try AppEnvironment(variables: [
            "HOME": dir.appendingPathComponent("home").path,
            "XDG_STATE_HOME": dir.appendingPathComponent("state").path,
            "COACH_NOW": "2026-05-29T08:00:00Z",
        ])
        return (dir, path, environment)
    }

    /// The owner signed in with her passphrase, as a command would be.
    static func session(_ path: String, _ environment: AppEnvironment) throws
        -> sending AppSession
    {
        let signIn = SignIn(
            workspace: path, user: "olivia",
            passphrase: {
                var bytes = Array(Self.pass.utf8)
                return try Passphrase(consuming: &bytes)
            })
        return try AppSession.open(signIn, environment: environment)
    }

    @Test("A plan command opens its athlete once for all its reads and writes")
    func planCommand() throws {
        let scene = try Self.scene()
        defer { try? FileManager.default.removeItem(at: scene.dir) }
        let session = try Self.session(scene.path, scene.environment)
        let before = session.principal.keyringOpens
        let book = try session.planBook("jane")
        let added = try book.addSession(
            PlannedSession(id: "", date: book.today, title: "Easy run"), week: nil, order: nil)
        // The id is resolved through the plan snapshot, then the session moved: same keys.
        _ = try book.moveSession(
            PlannedSessionID(added.id), to: book.today.adding(days: 1), order: nil)
        _ = try book.saveWeek(monday: book.today.monday, title: "Base", notes: nil)
        _ = try book.report()
        #expect(session.principal.keyringOpens - before == 1)
        // Copying the week to another athlete opens that athlete, once; the book's own
        // athlete among the targets is not opened again.
        let targets = try book.athletes(["bert", "jane"])
        _ = try book.copyWeek(
            from: book.today.monday, to: book.today.monday.adding(days: 7), targets: targets,
            replace: true)
        #expect(session.principal.keyringOpens - before == 2)
    }

    @Test("metrics opens its athlete once, whether the window answers or the whole history")
    func metrics() throws {
        let scene = try Self.scene()
        defer { try? FileManager.default.removeItem(at: scene.dir) }
        let session = try Self.session(scene.path, scene.environment)
        // Today (a window), and a day early in the history (which may fall back to it all).
        for date in [nil, "2026-03-03"] {
            let before = session.principal.keyringOpens
            let (view, results) = try session.metrics("jane", date: date)
            #expect(view.athlete.handle == "jane")
            #expect(!results.isEmpty)
            #expect(session.principal.keyringOpens - before == 1, "date \(date ?? "today")")
        }
    }

    @Test("An MCP tool call opens the athlete its athlete_ref names once, and no other")
    func mcpToolCall() async throws {
        let scene = try Self.scene()
        defer { try? FileManager.default.removeItem(at: scene.dir) }
        let session = try Self.session(scene.path, scene.environment)
        let principal = session.principal
        let ref = PromptReference.athlete(try session.athlete("jane").id)
        let toolbox = MCPToolbox(session: session)
        for tool in ["get_metrics", "get_plan_weeks", "get_athlete_context"] {
            let before = principal.keyringOpens
            let result = await toolbox.call(tool, ["athlete_ref": .string(ref)])
            #expect(result.isError != true, "\(tool): \(result.content)")
            #expect(principal.keyringOpens - before == 1, "\(tool)")
        }
        let before = principal.keyringOpens
        let unknown = await toolbox.call("get_metrics", ["athlete_ref": .string("ath_0")])
        #expect(unknown.isError == true)
        #expect(principal.keyringOpens == before, "an unknown reference opens no athlete")
    }
}
