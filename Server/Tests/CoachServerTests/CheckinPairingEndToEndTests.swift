import CoachKit
import CoachSync
import Foundation
import Testing

/// Issue 28's pairing end to end: the real coach-server (a process, on PostgreSQL, serving the
/// page), the built `coach` for the athlete's laptop, and the page in headless Chromium at a
/// phone's size following the link `device add --web` printed; the words the page shows are
/// the ones `device approve --words` needs (other words are exit 77), and the page reaches no
/// other origin; the approved page sends a check-in ("sent"), which `coach sync` on jane's own
/// laptop ingests and a granted coach's and the owner's laptops pull: all show it with the
/// phone as its origin and export jane the same. A check-in with mood 6 (from a second phone the test plays)
/// is refused on one line naming the phone, and the sync exits 65. A second check-in whose
/// ciphertext is flipped in
/// PostgreSQL makes the next ingesting sync exit 74. Once the laptop revokes the phone and
/// syncs, its next Send shows "revoked"; an item naming it for another athlete is 403.
@Suite(
    .enabled(if: PostgresCluster.available, "PostgreSQL (initdb) is not installed"),
    .enabled(if: ChromiumPipe.binary != nil, "chromium is not installed"))
struct CheckinPairingEndToEndTests {
    /// One laptop: the built `coach` with a home, state and workspace of its own.
    struct Laptop {
        let folder: URL
        static let coach = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/coach").path

        init(_ name: String) throws {
            folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("coach-e2e-\(getpid())-\(name)")
            try? FileManager.default.removeItem(at: folder)
            for sub in ["home", "state", "data", "run"] {
                try FileManager.default.createDirectory(
                    at: folder.appendingPathComponent(sub), withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            }
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o700], ofItemAtPath: folder.path)
        }

        /// A file only its owner reads, holding `text` and a newline.
        func secret(_ name: String, _ text: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            let made = FileManager.default.createFile(
                atPath: path, contents: Data((text + "\n").utf8),
                attributes: [.posixPermissions: 0o600])
            try #require(made, "could not write \(path)")
            return path
        }

        /// Runs coach with `arguments`: its status, stdout and stderr.
        @discardableResult
        func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.coach)
            process.arguments = arguments
            let path = folder.path
            process.environment = [
                "PATH": "/usr/bin:/bin", "HOME": path + "/home", "XDG_STATE_HOME": path + "/state",
                "XDG_DATA_HOME": path + "/data", "XDG_RUNTIME_DIR": path + "/run",
                "COACH_WORKSPACE": path + "/data/ws.sqlite",
            ]
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let output = out.fileHandleForReading.readDataToEndOfFile()
            let errors = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (
                process.terminationStatus, String(decoding: output, as: UTF8.self),
                String(decoding: errors, as: UTF8.self)
            )
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    @Test("device add --web, the page follows the link, its words approve it, it sends; revoked")
    func pairing() async throws {
        let started = Date()
        let cluster = try await PostgresCluster.shared("CheckinPairingEndToEndTests")
        let db = try await cluster.database(migrated: true)
        let serve = try ServerProcess([
            "serve", "--database", "postgres://coach@127.0.0.1:\(cluster.port)/\(db.database)",
            "--listen", "127.0.0.1:0", "--checkin-page",
        ])
        defer { serve.stop() }
        let base = try ServeProcessTests.baseURL(serve)
        let laptop = try Laptop("athlete")
        defer { laptop.remove() }
        let coachLaptop = try Laptop("coach")
        defer { coachLaptop.remove() }
        let janeLaptop = try Laptop("jane")
        defer { janeLaptop.remove() }
        let janePass = try janeLaptop.secret("pass", "end to end athlete passphrase")
        let pass = try laptop.secret("pass", "end to end owner passphrase")
        let carlPass = try coachLaptop.secret("pass", "end to end coach passphrase")
        for args in [
            ["init", "--owner", "olivia", "--kdf", "interactive", "--new-passphrase-file", pass],
            ["unlock", "--as", "olivia", "--passphrase-file", pass],
            ["athlete", "add", "jane", "--name", "Jane Doe", "--time-zone", "Europe/Berlin"],
            ["user", "add", "carl", "--role", "coach", "--new-passphrase-file", carlPass],
            [
                "user", "add", "jane", "--role", "athlete", "--athlete", "jane",
                "--new-passphrase-file", janePass,
            ],
            ["access", "grant", "--athlete", "jane", "--to", "carl"],
        ] {
            let r = try laptop.run(args)
            try #require(r.status == 0, "\(args): \(r.err)")
        }
        let pia = try laptop.run([
            "athlete", "add", "pia", "--name", "Pia Doe", "--time-zone", "Europe/Berlin",
            "--json",
        ])
        let piaObject = try JSONSerialization.jsonObject(with: Data(pia.out.utf8))
        let piaId = try #require(
            (piaObject as? [String: Any])?["id"] as? String, "\(pia.out) \(pia.err)")
        let publish = try laptop.run(["sync", "publish", "--server", base])
        try #require(publish.status == 0, "\(publish.err)")
        try Self.join(coachLaptop, as: "carl", passphrase: carlPass, invitedOn: laptop, base)
        try Self.join(janeLaptop, as: "jane", passphrase: janePass, invitedOn: laptop, base)
        let add = try laptop.run(["device", "add", "--web", "--athlete", "jane", "--json"])
        try #require(add.status == 0, "\(add.err)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(add.out.utf8)) as? [String: Any])
        let link = try #require(report["link"] as? String)
        #expect(report["served_page"] as? String == "same")
        #expect(report["page_sha256"] as? String == CheckinPage.sha256)
        let fragment = String(link[try #require(link.firstIndex(of: "#"))...])
        #expect(link.hasPrefix(base + "/checkin#v=1&"))

        guard let binary = ChromiumPipe.binary else { return }
        let browser = try ChromiumPipe(binary: binary)
        let target = try browser.call("Target.createTarget", ["url": "about:blank"])
        let attached = try browser.call(
            "Target.attachToTarget", ["targetId": target["targetId"] ?? "", "flatten": true])
        let session = try #require(attached["sessionId"] as? String)
        try browser.call(
            "Emulation.setDeviceMetricsOverride",
            ["width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true],
            session: session)
        try browser.call("Page.enable", session: session)
        let page = CheckinBrowser(browser: browser, session: session, origin: base)
        try page.open(fragment: fragment)
        #expect(try page.waitForState("pairing") == "pairing")
        #expect(try page.wait("document.getElementById('words').textContent.length > 0"))
        let words = try #require(
            try page.evaluate("document.getElementById('words').textContent") as? String)
        var swapped = words.split(separator: " ").map(String.init)
        try #require(swapped.count == 6, "\(words)")
        swapped.swapAt(0, 1)
        let wrong = try laptop.run(
            ["device", "approve", "--words", swapped.joined(separator: " ")])
        #expect(wrong.status == 77, "\(wrong.err)")
        let approve = try laptop.run(["device", "approve", "--words", words, "--json"])
        #expect(approve.status == 0, "\(approve.err)")
        let listed = try laptop.run(["device", "list", "--json"])
        #expect(listed.out.contains("\"web\""), "\(listed.out)")

        // Approved: the page reads its bundle (the owner's inbox key, checked against the pin)
        // and sends a sealed check-in the server takes.
        #expect(try page.waitForState("ready") == "ready")
        try page.evaluate("document.querySelector('[data-mood=\"4\"]').click()")
        try page.evaluate("document.getElementById('sore-quads').focus()")
        for _ in 0..<6 { try page.press("ArrowRight", code: "ArrowRight", keyCode: 39) }
        try page.evaluate("document.getElementById('note').value = 'Slept well'")
        try page.evaluate("document.getElementById('send').click()")
        #expect(try page.waitForState("sent") == "sent")
        let device = try #require(
            (try JSONSerialization.jsonObject(with: Data(approve.out.utf8)) as? [String: Any])?[
                "device"] as? String)
        try Self.ingest(athlete: janeLaptop, coach: coachLaptop, owner: laptop, device: device)
        try await Self.refusedCheckin(laptop, cluster: cluster, database: db.database, base)

        // A second check-in, ingested this time by the coach's laptop.
        try page.evaluate("document.body.dataset.state = 'ready'")
        try page.evaluate("document.querySelector('[data-mood=\"2\"]').click()")
        try page.evaluate("document.getElementById('send').click()")
        #expect(try page.waitForState("sent") == "sent")
        try Self.ingestOn(coachLaptop, mood: 2, device: device)

        // A third, its ciphertext flipped in the server's table: the next ingesting sync finds
        // the phone's signature broken and exits 74.
        try page.evaluate("document.body.dataset.state = 'ready'")
        try page.evaluate("document.querySelector('[data-mood=\"1\"]').click()")
        try page.evaluate("document.getElementById('send').click()")
        #expect(try page.waitForState("sent") == "sent")
        try await Self.flipStoredCiphertext(cluster, database: db.database)
        let tampered = try laptop.run(["sync"])
        #expect(tampered.status == 74, "\(tampered.out) \(tampered.err)")
        #expect(tampered.err.contains("not signed by phone"), "\(tampered.err)")

        // Revoked on the laptop and synced: the phone's next Send says so.
        // An item naming the phone for another athlete is refused before its signature.
        let ws = try #require(
            fragment.split(separator: "&").first { $0.hasPrefix("w=") }?.dropFirst(2))
        let forged = CheckinItem(
            workspace: String(ws), athlete: AthleteID(piaId),
            item: "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9", day: "2026-11-20",
            device: DeviceID(device), epoch: 1, enc: Array(repeating: 1, count: 32),
            ciphertext: Array(repeating: 2, count: 272), sentAt: 0,
            signature: Array(repeating: 3, count: 64))
        let (status, body) = await ServerProcess.post(
            base + SyncPath.inbox(String(ws)), json: try SyncJSON.encode(forged))
        #expect(status == 403, "\(String(decoding: body, as: UTF8.self))")
        #expect(String(decoding: body, as: UTF8.self).contains("out_of_role"))

        let revoke = try laptop.run(["device", "revoke", device])
        #expect(revoke.status == 0, "\(revoke.err)")
        let sync = try laptop.run(["sync"])
        #expect(sync.status == 0, "\(sync.err)")
        try page.evaluate("document.querySelector('[data-mood=\"3\"]').click()")
        try page.evaluate("document.getElementById('send').click()")
        #expect(try page.waitForState("revoked") == "revoked")
        browser.shutdown()
        let urls = try #require(browser.netLogURLs(), "no readable net log")
        let foreign = urls.page.filter { !$0.hasPrefix(base + "/") }
        #expect(foreign.isEmpty, "the page reached another origin: \(foreign.sorted())")
        #expect(Date().timeIntervalSince(started) < 90)
    }
}
