import CoachCrypto
import CoachSync
import Foundation
import Testing

extension CheckinPageBrowserTests {
    /// The repository's docs folder.
    static var docs: URL {
        fixtures.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs")
    }

    @Test("Pair, approve and send on the phone-sized page; offline drafts; a revoked phone stops")
    func pairAndSend() async throws {
        try await CheckinBrowser.run { page in
            let double = try CheckinContractDouble()
            try Self.answer(page, with: double)

            try page.open(fragment: double.fragment)
            #expect(try page.waitForState("pairing") == "pairing")
            #expect(try page.evaluate("location.hash") as? String == "")
            let signPk = try #require(double.signPk)
            #expect(
                try page.evaluate("document.getElementById('words').textContent") as? String
                    == FingerprintWords.words(signingKey: signPk).joined(separator: " "))
            #expect(
                try page.evaluate(CheckinScripts.storedKey) as? String == "false Ed25519 refused")
            double.approved = true
            #expect(try page.waitForState("ready") == "ready")

            // One thumb, or a keyboard: Space on mood 4, six arrows on quads, a typed note.
            try page.evaluate("document.querySelector('[data-mood=\"4\"]').focus()")
            try page.press(" ", code: "Space", keyCode: 32)
            try page.evaluate("document.getElementById('sore-quads').focus()")
            for _ in 0..<6 { try page.press("ArrowRight", code: "ArrowRight", keyCode: 39) }
            try page.evaluate("document.getElementById('note').focus()")
            try page.browser.call("Input.insertText", ["text": "Slept well"], session: page.session)
            #expect(
                try page.evaluate(CheckinScripts.formState) as? String == "4 6 6 10 of 1800 bytes")
            try page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
            try checkScreenshot(try page.screenshot())

            try page.evaluate("document.getElementById('send').click()")
            #expect(try page.waitForState("sent") == "sent")
            #expect(double.items.count == 1)
            let first = try #require(double.items.first)
            try checkItem(
                first, double, note: #"{"mood":4,"doms":{"quads":6},"notes":"Slept well"}"#)

            // Offline: the draft stays in IndexedDB and goes at the next load.
            double.offline = true
            try page.evaluate("document.querySelector('[data-mood=\"2\"]').click()")
            try page.evaluate("document.getElementById('send').click()")
            #expect(try page.waitForState("offline") == "offline")
            #expect(double.items.count == 1)
            double.offline = false
            try page.browser.call("Page.reload", session: page.session)
            #expect(try page.waitForState("sent") == "sent")
            #expect(double.items.count == 2)
            if double.items.count == 2 {
                try checkItem(double.items[1], double, note: #"{"mood":2,"doms":{}}"#)
                #expect(double.items[1].string("item") != first.string("item"))
            }

            // Revoked: the next bundle says so, and the page stops without sealing.
            double.revoked = true
            try page.evaluate("document.querySelector('[data-mood=\"3\"]').click()")
            try page.evaluate("document.getElementById('send').click()")
            #expect(try page.waitForState("revoked") == "revoked")
            #expect(double.items.count == 2)
            #expect(double.violations.isEmpty, "\(double.violations)")
        }
    }

    /// Lets `double` answer every `/v1/` request the page makes.
    static func answer(_ page: CheckinBrowser, with double: CheckinContractDouble) throws {
        page.browser.onEvent = { method, params, session in
            guard method == "Fetch.requestPaused" else { return }
            let id = params.string("requestId")
            if double.offline {
                try page.browser.post(
                    "Fetch.failRequest",
                    ["requestId": id, "errorReason": "InternetDisconnected"],
                    session: session)
                return
            }
            let request = params["request"] as? [String: Any] ?? [:]
            let (status, body) = double.answer(request)
            if double.loseAnswers, request.string("url").hasSuffix("/inbox") {
                try page.browser.post(
                    "Fetch.failRequest", ["requestId": id, "errorReason": "ConnectionReset"],
                    session: session)
                return
            }
            let data = try JSONSerialization.data(withJSONObject: body)
            try page.browser.post(
                "Fetch.fulfillRequest",
                [
                    "requestId": id, "responseCode": status,
                    "responseHeaders": [["name": "Content-Type", "value": "application/json"]],
                    "body": data.base64EncodedString(),
                ], session: session)
        }
        try page.browser.call(
            "Fetch.enable",
            ["patterns": [["urlPattern": "*/v1/*", "requestStage": "Request"]]],
            session: page.session)
    }

    @Test(
        "A forged bundle is refused before anything is sealed",
        arguments: CheckinContractDouble.Forgery.allCases)
    func forgedBundle(forgery: CheckinContractDouble.Forgery) async throws {
        try await CheckinBrowser.run { page in
            let double = try CheckinContractDouble()
            double.forgery = forgery
            try Self.answer(page, with: double)
            try page.open(fragment: double.fragment)
            #expect(try page.waitForState("pairing") == "pairing")
            double.approved = true
            #expect(try page.waitForState("error") == "error")
            let status = try page.evaluate("document.getElementById('status').textContent")
            let expected: [CheckinContractDouble.Forgery: String] = [
                .ownerKey: "owner's key is not the one this phone was paired with",
                .inboxSignature: "inbox key is not signed by the workspace owner",
                .otherAthlete: "answered for another workspace or athlete",
            ]
            #expect((status as? String ?? "").contains(expected[forgery] ?? "?"), "\(status ?? "")")
            #expect(try page.evaluate("document.getElementById('form').hidden") as? Bool == true)
            #expect(double.items.isEmpty && double.violations.isEmpty)
        }
    }

    @Test("A bundle rolled back to an older epoch's key, though owner-signed, is not sealed to")
    func olderEpochRefused() async throws {
        try await CheckinBrowser.run { page in
            let double = try CheckinContractDouble()
            try Self.answer(page, with: double)
            try page.open(fragment: double.fragment)
            #expect(try page.waitForState("pairing") == "pairing")
            double.approved = true
            #expect(try page.waitForState("ready") == "ready")
            double.epoch -= 1
            try page.evaluate("document.querySelector('[data-mood=\"3\"]').click()")
            try page.evaluate("document.getElementById('send').click()")
            let refused = try page.wait(
                "document.getElementById('status').textContent.startsWith('Not sent')")
            #expect(refused)
            let status = try page.evaluate("document.getElementById('status').textContent")
            #expect((status as? String ?? "").contains("older key than this phone has seen"))
            #expect(double.items.isEmpty && double.violations.isEmpty)
        }
    }

    @Test("The ready page is accessible in light and dark: AA contrast, labels, 44 px targets")
    func accessible() async throws {
        try await CheckinBrowser.run { page in
            let double = try CheckinContractDouble()
            try Self.answer(page, with: double)
            try page.open(fragment: double.fragment)
            #expect(try page.waitForState("pairing") == "pairing")
            double.approved = true
            #expect(try page.waitForState("ready") == "ready")
            try page.evaluate("document.querySelector('[data-mood=\"5\"]').click()")
            let backgrounds = ["light": "rgb(255, 255, 255)", "dark": "rgb(18, 19, 22)"]
            for scheme in ["light", "dark"] {
                try page.browser.call(
                    "Emulation.setEmulatedMedia",
                    ["features": [["name": "prefers-color-scheme", "value": scheme]]],
                    session: page.session)
                let report = try #require(
                    try page.evaluate(CheckinScripts.accessibility) as? [String: Any])
                #expect(report["page"] as? String == backgrounds[scheme])
                #expect(report["low"] as? [String] == [], "\(scheme)")
                #expect(report["unlabeled"] as? [String] == [], "\(scheme)")
                #expect(report["small"] as? [String] == [], "\(scheme)")
                #expect(report["live"] as? String == "polite")
                #expect(report["pressed"] as? Int == 5)
            }
        }
    }

    /// An item as the page posted it: the contract's fields, the device's signature, and HPKE
    /// that opens with the athlete's inbox key to `note` padded to 256 bytes.
    func checkItem(_ item: [String: Any], _ double: CheckinContractDouble, note: String) throws {
        let keys: Set<String> = [
            "v", "workspace", "athlete", "item", "day", "device", "epoch", "suite", "enc",
            "ciphertext", "sent_at", "signature",
        ]
        #expect(Set(item.keys) == keys)
        #expect(item["v"] as? Int == 1 && item["suite"] as? Int == 2)
        #expect(item["epoch"] as? Int == double.epoch)
        #expect(item.string("workspace") == double.ws && item.string("athlete") == double.athlete)
        let device = try #require(double.device)
        #expect(item.string("device") == device)
        let id = item.string("item"), day = item.string("day")
        #expect(
            id.wholeMatch(
                of: #/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/#) != nil)
        #expect(day.wholeMatch(of: #/\d{4}-\d{2}-\d{2}/#) != nil)
        let sentAt = Int64(try #require(item["sent_at"] as? Int))
        let enc = try #require(Base64URL.decode(item.string("enc")))
        let ciphertext = try #require(Base64URL.decode(item.string("ciphertext")))
        let signature = try #require(Base64URL.decode(item.string("signature")))
        let signed = AssociatedData("coach/1/checkin-sig").with(
            double.ws, double.athlete, id, day, device, double.epoch, 2, enc, ciphertext, sentAt
        ).bytes
        #expect(
            SigningKeyPair.verify(signature, of: signed, publicKey: try #require(double.signPk)))
        let info = AssociatedData("coach/1/checkin-info").with(
            double.ws, double.athlete, double.epoch
        ).bytes
        let aad = AssociatedData("coach/1/checkin-item").with(
            double.ws, double.athlete, id, day, device, double.epoch, 2
        ).bytes
        let sealed = HPKEBase.Sealed(enc: enc, ciphertext: ciphertext)
        let padded = try HPKEBase.open(
            sealed, recipient: double.inbox, info: info, aad: aad, aead: .aes256GCM)
        #expect(padded.count == 256)
        let json = Array(note.utf8)
        #expect(padded == CheckinBytesFixture.isoPad(json, to: 256))
        var flipped = sealed
        flipped.ciphertext[0] ^= 1
        #expect(throws: HPKEError.authenticationFailed) {
            try HPKEBase.open(
                flipped, recipient: double.inbox, info: info, aad: aad, aead: .aes256GCM)
        }
    }

    /// A 390×844 phone screen at 2× pixels, kept in docs/ when `COACH_UPDATE_SCREENSHOTS=1`.
    func checkScreenshot(_ png: [UInt8]) throws {
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        func word(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(png.count > 24 && word(16) == 780 && word(20) == 1688)
        if ProcessInfo.processInfo.environment["COACH_UPDATE_SCREENSHOTS"] == "1" {
            try Data(png).write(to: Self.docs.appendingPathComponent("checkin-390.png"))
        }
    }
}
