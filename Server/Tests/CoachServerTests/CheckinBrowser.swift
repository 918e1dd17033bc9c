import CoachCrypto
import CoachSync
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The check-in page served by an in-process coach-server on a real loopback port, open in
/// headless Chromium at a phone's size (390×844, touch, 2× pixels).
struct CheckinBrowser {
    let browser: ChromiumPipe
    let session: String
    let origin: String

    /// Runs `body` with a fresh browser on a fresh server; afterwards requires, from the net
    /// log, that the page was loaded from the server and asked nothing of any other origin.
    ///
    /// - Parameter host: the name the page is opened under; any name but `localhost` is mapped
    ///   to it, so the page is served from a plain-http origin that is not secure.
    static func run(
        host: String = "localhost", _ body: @Sendable (CheckinBrowser) throws -> Void
    ) async throws {
        guard let binary = ChromiumPipe.binary else {
            Issue.record("chromium is not installed: run make test-deps (apt-get install chromium)")
            return
        }
        let app = Application(router: CheckinPageRouteTests.server(page: true).router().router)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let origin = "http://\(host):\(port)"
            let rules = host == "localhost" ? [] : ["--host-resolver-rules=MAP \(host) localhost"]
            let browser = try ChromiumPipe(binary: binary, extraArguments: rules)
            let target = try browser.call("Target.createTarget", ["url": "about:blank"])
            let attached = try browser.call(
                "Target.attachToTarget", ["targetId": target["targetId"] ?? "", "flatten": true])
            let session = try #require(attached["sessionId"] as? String)
            try browser.call(
                "Emulation.setDeviceMetricsOverride",
                ["width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true],
                session: session)
            try browser.call(
                "Emulation.setTouchEmulationEnabled", ["enabled": true], session: session)
            try browser.call("Page.enable", session: session)
            try body(CheckinBrowser(browser: browser, session: session, origin: origin))
            browser.shutdown()
            let urls = try #require(browser.netLogURLs(), "no readable net log")
            #expect(urls.all.contains { $0.hasPrefix(origin + "/checkin") }, "\(urls.all)")
            let foreign = urls.page.filter { !$0.hasPrefix(origin + "/") }
            #expect(foreign.isEmpty, "the page reached another origin: \(foreign.sorted())")
        }
    }

    /// Opens `/checkin` (with `fragment`, if any) and waits until the page has started.
    func open(fragment: String = "") throws {
        try browser.call(
            "Page.navigate", ["url": origin + "/checkin" + fragment], session: session)
        let started = try wait(
            "window.coachCheckin !== undefined && document.body.dataset.state !== undefined")
        #expect(started, "the page did not start")
    }

    /// Evaluates `expression` in the page.
    @discardableResult
    func evaluate(_ expression: String, timeout: TimeInterval = 30) throws -> Any? {
        try browser.evaluate(expression, session: session, timeout: timeout)
    }

    /// Whether `condition` (JavaScript) became true within 20 seconds.
    func wait(_ condition: String) throws -> Bool {
        let script = """
            (async () => {
              const until = Date.now() + 20000;
              while (Date.now() < until) {
                try { if (\(condition)) { return true; } } catch (e) {}
                await new Promise((r) => setTimeout(r, 50));
              }
              return false;
            })()
            """
        return try evaluate(script) as? Bool ?? false
    }

    /// The page's state (`body[data-state]`) once it is `state`, or the state and status seen
    /// when 20 seconds passed.
    func waitForState(_ state: String) throws -> String {
        if try wait("document.body.dataset.state === \"\(state)\"") { return state }
        let seen = try evaluate(
            "document.body.dataset.state + ': ' + document.getElementById('status').textContent")
        return seen as? String ?? "unknown"
    }

    /// Presses and releases `key` in the focused element, as a keyboard would.
    func press(_ key: String, code: String, keyCode: Int) throws {
        for type in ["keyDown", "keyUp"] {
            try browser.call(
                "Input.dispatchKeyEvent",
                [
                    "type": type, "key": key, "code": code, "windowsVirtualKeyCode": keyCode,
                    "nativeVirtualKeyCode": keyCode,
                ], session: session)
        }
    }

    /// A PNG of what the phone's screen shows.
    func screenshot() throws -> [UInt8] {
        let shot = try browser.call("Page.captureScreenshot", ["format": "png"], session: session)
        let data = try #require(Data(base64Encoded: shot["data"] as? String ?? ""))
        return [UInt8](data)
    }
}

extension Dictionary where Key == String, Value == Any {
    /// The string at `key`, or "" (so a missing field fails the comparison that reads it).
    func string(_ key: String) -> String { self[key] as? String ?? "" }
}
