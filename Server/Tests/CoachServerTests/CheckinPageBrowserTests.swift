import CoachCrypto
import CoachSync
import Foundation
import Testing

/// The check-in page's own JavaScript, run in headless Chromium on the page coach-server
/// serves: RFC 9180's vectors, the contract's bytes as Swift builds them, and HPKE both ways
/// with `HPKEBase`. Each test also requires that the page reached no other origin (net log).
@Suite(.serialized) struct CheckinPageBrowserTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures")

    /// The RFC 9180 vector for AES-256-GCM (the page's one AEAD), as JSON text.
    static func aesVector() throws -> String {
        let url = fixtures.appendingPathComponent("hpke/rfc9180-base-x25519.json")
        let data = try #require(FileManager.default.contents(atPath: url.path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let vectors = try #require(root["vectors"] as? [[String: Any]])
        let vector = try #require(vectors.first { $0["aead_id"] as? Int == 2 })
        return String(decoding: try JSONSerialization.data(withJSONObject: vector), as: UTF8.self)
    }

    @Test("RFC 9180's AES-256-GCM vector in the page: key schedule, 257 encryptions, exports")
    func vectors() async throws {
        let vector = try Self.aesVector()
        try await CheckinBrowser.run { page in
            try page.open()
            let result = try #require(
                try page.evaluate(CheckinScripts.vectors + "(\(vector))") as? [String: Any])
            #expect(result["failures"] as? [String] == [])
            // 3 key values, 6 of the schedule, 2 per encryption, 3 exports, 4 flips refused.
            #expect(result["checked"] as? Int == 3 + 6 + 2 * 257 + 3 + 4)
        }
    }

    @Test("The page builds the contract's bytes exactly as Swift does")
    func contractBytes() async throws {
        let fixture = CheckinBytesFixture()
        let json = String(
            decoding: try JSONSerialization.data(withJSONObject: fixture.inputs), as: UTF8.self)
        try await CheckinBrowser.run { page in
            try page.open()
            let computed = try #require(
                try page.evaluate(CheckinScripts.contractBytes + "(\(json))") as? [String: String])
            #expect(Set(computed.keys) == Set(fixture.expected.keys))
            for (name, value) in fixture.expected.sorted(by: { $0.key < $1.key }) {
                #expect(computed[name] == value, "\(name)")
            }
        }
    }

    @Test("A message sealed by HPKEBase opens in the page; one the page seals opens in Swift")
    func sealBothWays() async throws {
        let recipient = try HPKEBase.generateKeyPair()
        let info = Array("coach/1/checkin-info test".utf8), aad = Array("aad".utf8)
        let message = Array(#"{"mood":4,"doms":{"quads":6}}"#.utf8)
        let sealed = try HPKEBase.seal(
            message, to: recipient.publicKey, info: info, aad: aad, aead: .aes256GCM)
        let inputs: [String: String] = [
            "sk": Hashing.hex(recipient.secretKey.exportBytes()),
            "pk": Hashing.hex(recipient.publicKey), "info": Hashing.hex(info),
            "aad": Hashing.hex(aad), "enc": Hashing.hex(sealed.enc),
            "ct": Hashing.hex(sealed.ciphertext), "pt": Hashing.hex(message),
        ]
        let json = String(
            decoding: try JSONSerialization.data(withJSONObject: inputs), as: UTF8.self)
        try await CheckinBrowser.run { page in
            try page.open()
            let result = try #require(
                try page.evaluate(CheckinScripts.sealBothWays + "(\(json))") as? [String: String])
            #expect(result["opened"] == Hashing.hex(message))
            let fromPage = HPKEBase.Sealed(
                enc: try #require(Self.bytes(result["enc"])),
                ciphertext: try #require(Self.bytes(result["ct"])))
            #expect(fromPage.enc != sealed.enc, "the page must make a fresh ephemeral key")
            #expect(
                try HPKEBase.open(
                    fromPage, recipient: recipient, info: info, aad: aad, aead: .aes256GCM)
                    == message)
            let median = try page.evaluate(
                CheckinScripts.sealTiming + "(\"\(Hashing.hex(recipient.publicKey))\")")
            let ms = try #require(median as? Double)
            print("checkin.html HPKE seal of 256 bytes in Chromium: median \(ms) ms over 20")
            var flipped = fromPage
            flipped.ciphertext[3] ^= 0x10
            #expect(throws: HPKEError.authenticationFailed) {
                try HPKEBase.open(
                    flipped, recipient: recipient, info: info, aad: aad, aead: .aes256GCM)
            }
        }
    }

    @Test("The served policy stops script in the page from reaching another origin")
    func otherOriginBlocked() async throws {
        let attempt = """
            (async () => {
              const seen = new Promise((resolve) => document.addEventListener(
                "securitypolicyviolation", (e) => resolve(e.effectiveDirective), { once: true }));
              let outcome;
              try { await fetch("http://127.0.0.1:9/leak?mood=4"); outcome = "sent"; }
              catch (e) { outcome = "refused"; }
              const directive = await Promise.race([seen,
                new Promise((r) => setTimeout(() => r("no violation"), 2000))]);
              return outcome + " " + directive;
            })()
            """
        try await CheckinBrowser.run { page in
            try page.open()
            #expect(try page.evaluate(attempt) as? String == "refused connect-src")
        }
    }

    @Test("Served over plain http off loopback, the page says this browser cannot send")
    func insecureOrigin() async throws {
        try await CheckinBrowser.run(host: "club.test") { page in
            try page.open(fragment: "#v=1&w=ws&a=ath&h=ana&o=AAAA&c=CODE")
            #expect(try page.waitForState("unsupported") == "unsupported")
            #expect(try page.evaluate("isSecureContext") as? Bool == false)
            let status = try page.evaluate("document.getElementById('status').textContent")
            #expect((status as? String ?? "").hasPrefix("This browser cannot send check-ins"))
        }
    }

    /// Bytes of a hex string from the page.
    static func bytes(_ hex: String?) -> [UInt8]? {
        guard let hex, hex.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let b = UInt8(hex[index..<next], radix: 16) else { return nil }
            out.append(b)
            index = next
        }
        return out
    }
}
