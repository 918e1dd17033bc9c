#!/usr/bin/env python3
"""Plays someone with write access to the club server's PostgreSQL who makes up a change.

Usage: envelope.py forge|replay LAST_RUN_HEX STREAM_HEAD_HEX
       envelope.py post URL WORKSPACE DEVICE TOKEN_HEX BATCH ENVELOPE_HEX
       envelope.py envelopes          (run bodies in hex on stdin, one a line)
       envelope.py flip RUN_HEX INDEX
       envelope.py drop WS SID SSEQ [--rechain]   (the stream's runs on stdin)
       envelope.py redact ENVELOPE_HEX
       envelope.py hash ENVELOPE_HEX

The server stores a stream's changes in runs (server migration 7, `runs`): one row per
pushed batch and stream whose body is each change as a 4-byte big-endian word (its length,
the top bit set when its previous hash is elided) and its bytes; an elided previous hash is
32 zero bytes standing for the hash of the change before it in the run.

forge and replay read the stream's newest run (its body in hex, as psql's encode(..., 'hex')
prints it), take its last change, and the stream's current head, and print five lines: the
made-up envelope and the stream head after it in hex, chained the way the server chains
(head = BLAKE2b-256(previous head || change hash)), so only the checks of the signature and
of the device's chain can stop it; its device and its record; and the body of a run holding
only the made-up change, the row to insert.

envelopes prints every change the runs on stdin hold, as the server serves it, one a line.
flip prints the run with the last byte of its INDEX-th change (from 0) flipped.

  forge   a tombstone of the same record, as the device's next change: the next sequence,
          the previous hash right, the base the record's version, the body empty, and the
          old signature kept (the forger has no device key).
  replay  the same signed envelope again, unchanged: a genuine signature on a change the
          device already made.

drop plays an insider who takes change SSEQ out of the middle of the stream SID of workspace
WS. Its runs come on stdin, one a line in stream order: "SSEQ N GSEQ HEAD_HEX BODY_HEX" (the
run's last sequence, its count, where the log numbers its first change, the stream head before
it, its body). It prints the SQL that rewrites the run holding SSEQ and every later one as runs
of one change each, with their `log_runs` rows at their changes' places in the log. Without
--rechain the other changes keep their numbers (a gap at SSEQ); with --rechain every later
change is numbered one lower and every stream head after SSEQ is chained again, so the stream
reads whole, and `streams` and `log_streams` end at the new head. The signed log is not
touched: nobody without the server's key can sign another.

redact prints the envelope in its redacted form (the server's redaction: the body replaced
by its BLAKE2b-256 hash, version 2 becoming 4 and 3 becoming 5); hash prints a change's hash
in hex, the same for an envelope and its redacted form.

post sends the envelope to the server's push route as a batch of its own, signed in with a
session token (32 bytes in hex) whose hash someone put into the sessions table, and prints
the answer's status and reason.

The byte forms follow Sources/CoachTrust/Sync/ChangeEnvelope.swift,
ChangeEnvelope+ByteForm.swift and Sources/CoachCrypto/AssociatedData.swift. What is signed and
hashed is the version-1 form: fields of a 4-byte big-endian length and their bytes, integers as
8 bytes big-endian. What the server stores is the compact form (version 2: magic 0xCE 0x02,
LEB128 integers, UUID ids as a 0 byte and 16 bytes, other ids and texts length-prefixed); a
change that names the log its device had verified (`seen`) is version 3 (0xCE 0x03): the
seen size (LEB128) and root (32 bytes) after the previous hash, and in what is signed and
hashed the signed version 2 with the size (8 bytes) and the root as two more header fields.
A redacted change is version 4 (0xCE 0x04), or 5 with `seen`: the same fields with the body's
32-byte hash in place of the length-prefixed body.
A made-up change is written in the form the one it copies was stored in. Standard library
only.
"""

import base64
import hashlib
import json
import struct
import sys
import urllib.error
import urllib.request

# The header's fields after the label, in order; True for an 8-byte integer.
HEADER = [
    ("format", True), ("workspace", False), ("tag", False), ("stream", False),
    ("object", False), ("kind", False), ("day", False), ("operation", True),
    ("base", True), ("clock", True), ("device", False), ("author", False),
    ("epoch", True), ("sequence", True), ("previous", False),
]


def blake2b(data):
    return hashlib.blake2b(data, digest_size=32).digest()


def field(data):
    return struct.pack(">I", len(data)) + data


def integer(value):
    return field(struct.pack(">q", value))


def decode(data):
    if data[:2] in (COMPACT, COMPACT_SEEN, COMPACT_REDACTED, COMPACT_REDACTED_SEEN):
        return decode_compact(data)
    fields, at = [], 0
    while at < len(data):
        (n,) = struct.unpack(">I", data[at:at + 4])
        fields.append(data[at + 4:at + 4 + n])
        at += 4 + n
    if len(fields) != 1 + len(HEADER) + 2 or fields[0] != b"coach/1/change-envelope":
        sys.exit("not a change envelope")
    env = {}
    for (name, is_int), raw in zip(HEADER, fields[1:]):
        env[name] = struct.unpack(">q", raw)[0] if is_int else raw
    env["signature"], env["body"] = fields[-2], fields[-1]
    return env


COMPACT = b"\xce\x02"
COMPACT_SEEN = b"\xce\x03"
COMPACT_REDACTED = b"\xce\x04"
COMPACT_REDACTED_SEEN = b"\xce\x05"


def varint(data, at):
    value, shift = 0, 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte & 0x80 == 0:
            return value, at


def put_varint(value):
    out = b""
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out += bytes([byte | 0x80])
        else:
            return out + bytes([byte])


def compact_id(data, at):
    if data[at] == 0:
        h = data[at + 1:at + 17].hex()
        return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}".encode(), at + 17
    n, at = varint(data, at)
    return data[at:at + n - 1], at + n - 1


def put_compact_id(value):
    text = value.decode()
    parts = text.split("-")
    if len(text) == 36 and [len(p) for p in parts] == [8, 4, 4, 4, 12] and text == text.lower():
        return b"\x00" + bytes.fromhex(text.replace("-", ""))
    return put_varint(len(value) + 1) + value


def decode_compact(data):
    env, at = {"format": 1, "compact": True}, 2
    env["workspace"], at = compact_id(data, at)
    if data[at] != 1:
        sys.exit("not an athlete stream's change")
    env["tag"] = b"athlete"
    env["stream"], at = compact_id(data, at + 1)
    env["object"], at = compact_id(data, at)
    for name in ("kind", "day"):
        n, at = varint(data, at)
        env[name], at = data[at:at + n], at + n
    env["operation"], at = data[at], at + 1
    env["base"], at = varint(data, at)
    env["clock"], at = struct.unpack(">q", data[at:at + 8])[0], at + 8
    env["device"], at = compact_id(data, at)
    env["author"], at = compact_id(data, at)
    env["epoch"], at = varint(data, at)
    env["sequence"], at = varint(data, at)
    env["previous"], at = data[at:at + 32], at + 32
    if data[:2] in (COMPACT_SEEN, COMPACT_REDACTED_SEEN):
        env["format"] = 2
        size, at = varint(data, at)
        env["seen"], at = (size, data[at:at + 32]), at + 32
    env["signature"], at = data[at:at + 64], at + 64
    if data[:2] in (COMPACT_REDACTED, COMPACT_REDACTED_SEEN):
        env["body"], env["body_hash"] = b"", data[at:at + 32]
        return env
    n, at = varint(data, at)
    env["body"] = data[at:at + n]
    return env


def encode_compact(env):
    if "body_hash" in env:
        out = COMPACT_REDACTED_SEEN if "seen" in env else COMPACT_REDACTED
    else:
        out = COMPACT_SEEN if "seen" in env else COMPACT
    out += put_compact_id(env["workspace"]) + b"\x01" + put_compact_id(env["stream"])
    out += put_compact_id(env["object"])
    for name in ("kind", "day"):
        out += put_varint(len(env[name])) + env[name]
    out += bytes([env["operation"]]) + put_varint(env["base"]) + struct.pack(">q", env["clock"])
    out += put_compact_id(env["device"]) + put_compact_id(env["author"])
    out += put_varint(env["epoch"]) + put_varint(env["sequence"]) + env["previous"]
    if "seen" in env:
        out += put_varint(env["seen"][0]) + env["seen"][1]
    if "body_hash" in env:
        return out + env["signature"] + env["body_hash"]
    return out + env["signature"] + put_varint(len(env["body"])) + env["body"]


def header(env, label):
    out = field(label)
    for name, is_int in HEADER:
        out += integer(env[name]) if is_int else field(env[name])
    if "seen" in env:
        out += integer(env["seen"][0]) + field(env["seen"][1])
    return out


def encode(env):
    return header(env, b"coach/1/change-envelope") + field(env["signature"]) + \
        field(env["body"])


def change_hash(env):
    body_hash = env.get("body_hash") or blake2b(env["body"])
    signed = header(env, b"coach/1/change") + field(body_hash)
    return blake2b(field(b"coach/1/change-hash") + field(signed) + field(env["signature"]))


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def post(url, workspace, device, token, batch, envelope):
    body = json.dumps({"device": device, "batch_seq": int(batch),
                       "changes": [b64url(bytes.fromhex(envelope))]}).encode()
    request = urllib.request.Request(
        f"{url}/v1/ws/{workspace}/changes", data=body, method="POST",
        headers={"Content-Type": "application/json",
                 "Authorization": "Coach " + b64url(bytes.fromhex(token))})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            print(answer.status, "accepted")
    except urllib.error.HTTPError as refusal:
        print(refusal.code, json.loads(refusal.read()).get("reason"))


def entries(run):
    """Each change of a run body: its start, stored bytes and whether its hash is elided."""
    at, out = 0, []
    while at + 4 <= len(run):
        word = struct.unpack(">I", run[at:at + 4])[0]
        length = word & 0x7FFFFFFF
        out.append((at + 4, run[at + 4:at + 4 + length], word >> 31 == 1))
        at += 4 + length
    return out


def unpack(run):
    """The changes of a run body as the server serves them: elided hashes put back."""
    changes, previous = [], None
    for _, data, elided in entries(run):
        if elided:
            env = decode(data)
            env["previous"] = change_hash(previous)
            data = encode_compact(env)
        previous = decode(data)
        changes.append(data)
    return changes


def drop(ws, sid, target, rechain):
    runs = [line.split() for line in sys.stdin.read().strip().splitlines()]
    changes, first_run = [], None
    for last, n, gseq, head, body in runs:
        last, n, gseq = int(last), int(n), int(gseq)
        if last < target:
            continue
        if first_run is None:
            first_run, start = last - n + 1, bytes.fromhex(head)
        for offset, data in enumerate(unpack(bytes.fromhex(body))):
            changes.append((last - n + 1 + offset, gseq + offset, data))
    if first_run is None or first_run > target:
        sys.exit(f"no run holds change {target}")
    out = ["BEGIN;",
           f"DELETE FROM runs WHERE sid = {sid} AND sseq >= {target};",
           f"DELETE FROM log_runs WHERE ws = '{ws}' AND sid = {sid} AND seq >= {target};"]
    kept_head, served_head = start, start
    for sseq, gseq, data in changes:
        hashed = change_hash(decode(data))
        if sseq == target:
            kept_head = blake2b(kept_head + hashed)
            continue
        number = sseq - 1 if rechain and sseq > target else sseq
        before = served_head if rechain else kept_head
        body = struct.pack(">I", len(data)) + data
        out.append(f"INSERT INTO runs (sid, sseq, n, head, body) VALUES ({sid}, {number}, 1, "
                   f"'\\x{before.hex()}', '\\x{body.hex()}');")
        out.append(f"INSERT INTO log_runs (ws, gseq, sid, seq, n) VALUES ('{ws}', {gseq}, "
                   f"{sid}, {number}, 1);")
        kept_head = blake2b(kept_head + hashed)
        served_head = blake2b(before + hashed)
    if rechain:
        end = changes[-1][0] - 1
        out.append(f"UPDATE streams SET sseq = {end}, head = '\\x{served_head.hex()}' "
                   f"WHERE sid = {sid};")
        out.append(f"UPDATE log_streams SET seq = {end}, head = '\\x{served_head.hex()}' "
                   f"WHERE ws = '{ws}' AND sid = {sid};")
    out.append("COMMIT;")
    print("\n".join(out))


def main():
    if sys.argv[1] == "drop":
        drop(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), "--rechain" in sys.argv[5:])
        return
    if sys.argv[1] == "post":
        post(*sys.argv[2:8])
        return
    if sys.argv[1] == "envelopes":
        for line in sys.stdin.read().split():
            for data in unpack(bytes.fromhex(line)):
                print(data.hex())
        return
    if sys.argv[1] in ("redact", "hash"):
        env = decode(bytes.fromhex(sys.argv[2]))
        if sys.argv[1] == "hash":
            print(change_hash(env).hex())
            return
        env["body_hash"] = env.get("body_hash") or blake2b(env["body"])
        env["body"], env["compact"] = b"", True
        print(encode_compact(env).hex())
        return
    if sys.argv[1] == "flip":
        run = bytearray(bytes.fromhex(sys.argv[2]))
        start, data, _ = entries(bytes(run))[int(sys.argv[3])]
        run[start + len(data) - 1] ^= 1
        print(run.hex())
        return
    mode, run, head = sys.argv[1], bytes.fromhex(sys.argv[2]), bytes.fromhex(sys.argv[3])
    last = unpack(run)[-1]
    env = decode(last)
    if mode == "forge":
        made = dict(env)
        made["previous"] = change_hash(env)
        made["sequence"] = env["sequence"] + 1
        made["base"] = env["base"] + 1
        made["operation"] = 3
        made["body"] = b""
        made["clock"] = env["clock"] + (1 << 16)
    elif mode == "replay":
        made = env
    else:
        sys.exit("forge or replay")
    print((encode_compact(made) if made.get("compact") else encode(made)).hex())
    print(blake2b(head + change_hash(made)).hex())
    print(made["device"].decode())
    print(made["object"].decode())
    data = encode_compact(made) if made.get("compact") else encode(made)
    print((struct.pack(">I", len(data)) + data).hex())


main()
