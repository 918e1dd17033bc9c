/// The JavaScript the browser tests run in the page, each a function expression the test calls
/// with its JSON input: they use only the page's frozen `window.coachCheckin`.
enum CheckinScripts {
    /// Checks one RFC 9180 vector (hex fields as published); returns the failures and how many
    /// values it compared.
    static let vectors = """
        (async (v) => {
          const c = window.coachCheckin, h = c.bytes.fromHex, x = c.bytes.toHex;
          const out = { failures: [], checked: 0 };
          const eq = (what, a, b) => {
            out.checked++;
            if (a !== b) { out.failures.push(what + ": " + a + " != " + b); }
          };
          const r = await c.hpke.deriveKeyPair(h(v.ikmR));
          eq("pkRm", x(r.pk), v.pkRm);
          eq("skRm", x(r.sk), v.skRm);
          const { enc, context } = await c.hpke.setupSender(h(v.pkRm), h(v.info), h(v.ikmE));
          eq("enc", x(enc), v.enc);
          const s = context.schedule;
          eq("shared", x(s.shared), v.shared_secret);
          eq("ctx", x(s.context), v.key_schedule_context);
          eq("secret", x(s.secret), v.secret);
          eq("key", x(s.key), v.key);
          eq("nonce", x(s.baseNonce), v.base_nonce);
          eq("exp", x(s.exporter), v.exporter_secret);
          const recv = await c.hpke.setupReceiver(enc, h(v.skRm), h(v.info));
          for (const [i, e] of v.encryptions.entries()) {
            eq("ct" + i, x(await context.seal(h(e.pt), h(e.aad))), e.ct);
            eq("pt" + i, x(await recv.open(h(e.ct), h(e.aad))), e.pt);
          }
          for (const [i, e] of v.exports.entries()) {
            eq("exp" + i, x(await context.export(h(e.exporter_context), e.L)), e.exported_value);
          }
          const e0 = v.encryptions[0];
          for (const name of ["enc", "ct", "aad", "info"]) {
            const args = { enc: h(v.enc), ct: h(e0.ct), aad: h(e0.aad), info: h(v.info) };
            args[name][0] ^= 1;
            let opened = false;
            try {
              await c.hpke.open(h(v.skRm), args.enc, args.info, args.aad, args.ct);
              opened = true;
            } catch (err) {}
            eq("flipped " + name + " refused", opened, false);
          }
          return out;
        })
        """

    /// Builds every byte string of the contract from the inputs of `CheckinBytesFixture`.
    static let contractBytes = """
        (async (i) => {
          const c = window.coachCheckin, m = c.messages, h = c.bytes.fromHex, x = c.bytes.toHex;
          const signPk = h(i.signPk);
          const item = { workspace: i.ws, athlete: i.athlete, item: i.item, day: i.day,
            device: i.device, epoch: i.epoch, suite: i.suite, sent_at: i.sentAt };
          const macKey = await m.pairMacKey(i.ws, i.athlete, i.code);
          const request = m.pairRequest(i.ws, i.athlete, i.device, signPk, i.name);
          return {
            ad: x(c.bytes.ad("coach/1/test", i.text, h("000102"), 258, i.sentAt)),
            pairProofInput: x(m.pairProofInput(i.ws, i.code)),
            pairProof: c.bytes.b64url(await m.pairProof(i.ws, i.code)),
            pairMacKey: x(macKey),
            pairRequest: x(request),
            pairMac: c.bytes.b64url(await c.hmac(macKey, request)),
            bundleRequest: x(m.bundleRequest(i.ws, i.device, i.path, i.seconds)),
            inboxKey: x(m.inboxKey(i.ws, i.athlete, i.epoch, h(i.inboxPk))),
            info: x(m.info(i.ws, i.athlete, i.epoch)),
            aad: x(m.aad(item)),
            signed: x(m.signed(item, h(i.enc), h(i.ct))),
            deviceID: await m.deviceID(signPk),
            words: (await c.deviceWords(signPk)).join(" "),
            plaintext: x(c.plaintext(4, { quads: 6 }, "x")),
            padded512: x(c.pad(h(i.long))),
          };
        })
        """

    /// Opens a Swift-sealed message and seals one for Swift to open (hex in, hex out).
    static let sealBothWays = """
        (async (i) => {
          const c = window.coachCheckin, h = c.bytes.fromHex, x = c.bytes.toHex;
          const opened = await c.hpke.open(h(i.sk), h(i.enc), h(i.info), h(i.aad), h(i.ct));
          const sealed = await c.hpke.seal(h(i.pk), h(i.info), h(i.aad), h(i.pt));
          return { opened: x(opened), enc: x(sealed.enc), ct: x(sealed.ciphertext) };
        })
        """

    /// The device key as IndexedDB holds it: extractable?, algorithm, and whether an export
    /// of it was refused.
    static let storedKey = """
        (async () => {
          const db = await new Promise((resolve, reject) => {
            const r = indexedDB.open("coach-checkin");
            r.onsuccess = () => resolve(r.result);
            r.onerror = () => reject(r.error);
          });
          const state = await new Promise((resolve) => {
            const q = db.transaction("state").objectStore("state").get("device");
            q.onsuccess = () => resolve(q.result);
          });
          const key = state.keys.privateKey;
          let exported = "refused";
          try { await crypto.subtle.exportKey("pkcs8", key); exported = "exported"; } catch (e) {}
          return [key.extractable, key.algorithm.name, exported].join(" ");
        })()
        """

    /// The form as a person left it: the pressed mood, the quads slider and its shown value,
    /// and the note's byte counter.
    static let formState = """
        [document.querySelector('#moods [aria-pressed="true"]')?.dataset.mood,
         document.getElementById("sore-quads").value, document.getElementById("out-quads").value,
         document.getElementById("count").textContent].join(" ")
        """

    /// The median time, in milliseconds, of 20 seals of a 256-byte check-in in the page.
    static let sealTiming = """
        (async (pkHex) => {
          const c = window.coachCheckin, pk = c.bytes.fromHex(pkHex);
          const pt = new Uint8Array(256), times = [];
          for (let i = 0; i < 20; i++) {
            const t0 = performance.now();
            await c.hpke.seal(pk, c.bytes.utf8("info"), c.bytes.utf8("aad"), pt);
            times.push(performance.now() - t0);
          }
          times.sort((a, b) => a - b);
          return times[10];
        })
        """

    /// What a screen-reader or low-vision user meets on the visible page: text below WCAG AA
    /// contrast (4.5:1), inputs without a label, tap targets under 44 px, the status line's
    /// `aria-live`, and how many mood buttons say whether they are pressed.
    static let accessibility = """
        (() => {
          const channel = (v) => {
            v /= 255;
            return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
          };
          const lum = (c) => {
            const [r, g, b] = c.match(/[0-9.]+/g).slice(0, 3).map(Number).map(channel);
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
          };
          const ratio = (a, b) => {
            const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
            return (x + 0.05) / (y + 0.05);
          };
          const background = (el) => {
            for (let e = el; e; e = e.parentElement) {
              const c = getComputedStyle(e).backgroundColor;
              if (c !== "rgba(0, 0, 0, 0)" && c !== "transparent") { return c; }
            }
            return "rgb(255, 255, 255)";
          };
          const visible = (el) => !el.closest("[hidden]");
          const low = [];
          const texts = "h1, h2, legend, label, button, p, output, small, b, textarea";
          for (const el of [...document.querySelectorAll(texts)].filter(visible)) {
            const r = ratio(getComputedStyle(el).color, background(el));
            if (r < 4.5) { low.push(el.tagName + "#" + el.id + " " + r.toFixed(2)); }
          }
          const unlabeled = [...document.querySelectorAll("input, textarea")]
            .filter((i) => !i.labels || i.labels.length === 0).map((i) => i.id);
          const small = [...document.querySelectorAll("button, input")].filter(visible)
            .filter((b) => {
              const r = b.getBoundingClientRect();
              return r.height < 44 || r.width < 44;
            }).map((b) => b.id || b.textContent);
          return { low, unlabeled, small, page: getComputedStyle(document.body).backgroundColor,
            live: document.getElementById("status").getAttribute("aria-live"),
            pressed: document.querySelectorAll("#moods button[aria-pressed]").length };
        })()
        """
}
