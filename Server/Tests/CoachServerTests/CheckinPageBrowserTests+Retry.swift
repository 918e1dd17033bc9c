import Foundation
import Testing

/// Retries on the page (review finding 7): the item as first sealed is resent byte for byte,
/// the page's own item reported reused counts as sent, a clock the server finds ahead keeps
/// the draft, and an item sent is never posted again.
extension CheckinPageBrowserTests {
    /// The drafts in the page's IndexedDB, as a JSON array text.
    static let storedDrafts = """
        (async () => {
          const db = await new Promise((resolve, reject) => {
            const q = indexedDB.open("coach-checkin");
            q.onsuccess = () => resolve(q.result);
            q.onerror = () => reject(q.error);
          });
          const all = await new Promise((resolve) => {
            const q = db.transaction("drafts").objectStore("drafts").getAll();
            q.onsuccess = () => resolve(q.result);
          });
          db.close();
          return JSON.stringify(all);
        })()
        """

    /// Puts the drafts of a JSON array text back into the page's IndexedDB.
    static func putDrafts(_ json: String) -> String {
        """
        (async (drafts) => {
          const db = await new Promise((resolve, reject) => {
            const q = indexedDB.open("coach-checkin");
            q.onsuccess = () => resolve(q.result);
            q.onerror = () => reject(q.error);
          });
          await new Promise((resolve, reject) => {
            const tx = db.transaction("drafts", "readwrite");
            for (const d of drafts) { tx.objectStore("drafts").put(d); }
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          });
          db.close();
          return drafts.length;
        })(\(json))
        """
    }

    /// Chooses mood `mood` and presses Send.
    static func submit(_ page: CheckinBrowser, _ double: CheckinContractDouble, mood: Int) throws {
        try page.evaluate("document.querySelector('[data-mood=\"\(mood)\"]').click()")
        try page.evaluate("document.getElementById('send').click()")
    }

    /// Opens the page on `double`'s link with the phone approved already, ready to send.
    static func ready(_ page: CheckinBrowser, _ double: CheckinContractDouble) throws {
        try Self.answer(page, with: double)
        double.approved = true
        try page.open(fragment: double.fragment)
        #expect(try page.waitForState("ready") == "ready")
        #expect(try page.wait("!document.getElementById('send').disabled"))
    }

    @Test("A lost answer: the retry posts the same bytes, and an item sent is never posted again")
    func lostAnswerResendsSameBytes() async throws {
        try await CheckinBrowser.run { page in
            let double = try CheckinContractDouble()
            try Self.ready(page, double)
            double.loseAnswers = true
            try Self.submit(page, double, mood: 4)
            #expect(try page.waitForState("offline") == "offline")
            #expect(double.items.count == 1 && double.posts.count == 1)
            let kept = try #require(try page.evaluate(Self.storedDrafts) as? String)
            double.loseAnswers = false
            try page.browser.call("Page.reload", session: page.session)
            #expect(try page.waitForState("sent") == "sent")
            #expect(double.posts.count == 2 && double.items.count == 1)
            if double.posts.count == 2 {
                #expect(double.posts[0] == double.posts[1], "the retry was sealed again")
            }
            #expect(try page.evaluate(Self.storedDrafts) as? String == "[]")
            // The same draft back in storage (a second tab's copy): it is not posted again.
            #expect(try page.evaluate(Self.putDrafts(kept)) as? Int == 1)
            try page.evaluate("document.body.dataset.state = 'reloading'")
            try page.browser.call("Page.reload", session: page.session)
            #expect(try page.waitForState("sent") == "sent")
            #expect(double.posts.count == 2, "an item sent already was posted again")
            #expect(try page.evaluate(Self.storedDrafts) as? String == "[]")
            #expect(double.violations.isEmpty, "\(double.violations)")
        }
    }

    @Test("The page's own item answered item_reused was delivered: it is shown sent, not failed")
    func ownItemReusedIsSent() async throws {
        try await CheckinBrowser.run { page in
            let double = try CheckinContractDouble()
            try Self.ready(page, double)
            double.refusals = [(409, "item_reused")]
            try Self.submit(page, double, mood: 5)
            #expect(try page.waitForState("sent") == "sent")
            let status = try page.evaluate("document.getElementById('status').textContent")
            #expect(status as? String == "Sent. Thank you.")
            #expect(double.posts.count == 1)
            #expect(try page.evaluate(Self.storedDrafts) as? String == "[]")
            #expect(double.violations.isEmpty, "\(double.violations)")
        }
    }

    @Test("A clock_ahead refusal keeps the draft; it is sealed again and sent under its own id")
    func clockAheadKeepsDraft() async throws {
        try await CheckinBrowser.run { page in
            let double = try CheckinContractDouble()
            try Self.ready(page, double)
            double.refusals = [(422, "clock_ahead")]
            try Self.submit(page, double, mood: 2)
            #expect(
                try page.wait(
                    "document.getElementById('status').textContent.includes('clock is ahead')"))
            let kept = try #require(try page.evaluate(Self.storedDrafts) as? String)
            let drafts = try JSONSerialization.jsonObject(with: Data(kept.utf8)) as? [[String: Any]]
            #expect(drafts?.count == 1 && drafts?.first?["sealed"] == nil)
            #expect(double.items.isEmpty && double.posts.count == 1)
            try page.browser.call("Page.reload", session: page.session)
            #expect(try page.waitForState("sent") == "sent")
            #expect(double.items.count == 1 && double.posts.count == 2)
            #expect(double.items.first?.string("item") == drafts?.first?["item"] as? String)
            #expect(try page.evaluate(Self.storedDrafts) as? String == "[]")
            #expect(double.violations.isEmpty, "\(double.violations)")
        }
    }
}
