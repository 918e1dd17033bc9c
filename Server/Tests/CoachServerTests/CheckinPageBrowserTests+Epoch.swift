import Foundation
import Testing

extension CheckinPageBrowserTests {
    @Test("A new phone refuses a first bundle older than the epoch its pairing link names")
    func firstBundleBelowLinkEpoch() async throws {
        try await CheckinBrowser.run { page in
            let double = try CheckinContractDouble()
            // An operator answers with the owner-signed key of epoch 2, from before a coach
            // was removed; the link was made at epoch 3.
            double.epoch = 2
            try Self.answer(page, with: double)
            try page.open(fragment: double.fragment)
            #expect(try page.waitForState("pairing") == "pairing")
            double.approved = true
            #expect(try page.waitForState("error") == "error")
            let status = try page.evaluate("document.getElementById('status').textContent")
            #expect(
                (status as? String ?? "").contains(
                    "older key than this phone has seen (epoch 2, not at least 3)"),
                "\(status ?? "")")
            #expect(try page.evaluate("document.getElementById('form').hidden") as? Bool == true)
            #expect(double.items.isEmpty && double.violations.isEmpty)
        }
    }

    @Test("A pairing link without the athlete's epoch is refused before pairing")
    func linkWithoutEpoch() async throws {
        try await CheckinBrowser.run { page in
            let double = try CheckinContractDouble()
            try Self.answer(page, with: double)
            let fragment = double.fragment.replacingOccurrences(of: "&e=3", with: "&e=0")
            try page.open(fragment: fragment)
            #expect(try page.waitForState("error") == "error")
            let status = try page.evaluate("document.getElementById('status').textContent")
            #expect((status as? String ?? "").contains("no valid key epoch (e=)"))
            #expect(double.device == nil && double.violations.isEmpty)
        }
    }
}
