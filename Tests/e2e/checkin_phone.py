#!/usr/bin/env python3
"""A phone answering a check-in pairing link as the page does (contract-28), without a browser.

Usage: checkin_phone.py LINK [CODE]. Posts {device, sign_pk, name, mac} to the pairing's
request route, the MAC under CODE (default: the link's own code; another code plays someone
who does not hold the link), and prints the HTTP status and the key's six fingerprint words,
read from Sources/CoachSync/FingerprintWords.swift. The key is 32 random bytes: the pairing
never checks it is a curve point, and this phone never signs.
"""
import base64, hashlib, hmac, json, os, re, struct, sys, urllib.error, urllib.parse
import urllib.request

def ad(label, *fields):
    out = b""
    for f in (label,) + fields:
        b = f.encode() if isinstance(f, str) else f
        out += struct.pack(">I", len(b)) + b
    return out

def b64(b):
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()

def words(sign_pk):
    root = os.path.join(os.path.dirname(__file__), "..", "..")
    src = open(os.path.join(root, "Sources/CoachSync/FingerprintWords.swift")).read()
    lists = [block.split() for block in re.findall(r'"""\n(.*?)"""', src, re.S)]
    digest = hashlib.sha256(ad("coach/1/device-words", sign_pk)).digest()
    return [lists[i % 2][digest[i]] for i in range(6)]

link = sys.argv[1]
page, fragment = link.split("#", 1)
f = dict(urllib.parse.parse_qsl(fragment))
code = sys.argv[2] if len(sys.argv) > 2 else f["c"]
ws, athlete = f["w"], f["a"]
sign_pk = os.urandom(32)
device = hashlib.sha256(sign_pk).digest()[:16].hex()
name = "e2e phone"
key = hashlib.sha256(ad("coach/1/pair-mac", ws, athlete, code)).digest()
mac = hmac.new(key, ad("coach/1/pair-request", ws, athlete, device, sign_pk, name),
               hashlib.sha256).digest()
proof = b64(hashlib.sha256(ad("coach/1/pair-proof", ws, f["c"])).digest()[:16])
base = page.rsplit("/checkin", 1)[0]
body = json.dumps({"device": device, "sign_pk": b64(sign_pk), "name": name,
                   "mac": b64(mac)}).encode()
request = urllib.request.Request(
    f"{base}/v1/ws/{ws}/pairings/{proof}/request", data=body,
    headers={"Content-Type": "application/json"}, method="POST")
try:
    status = urllib.request.urlopen(request).status
except urllib.error.HTTPError as e:
    status = e.code
print(status, " ".join(words(sign_pk)))
