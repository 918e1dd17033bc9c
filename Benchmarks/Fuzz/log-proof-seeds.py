#!/usr/bin/env python3
"""Writes the seed inputs of the log-proof fuzz target (Benchmarks/Fuzz/log-proof.swift) into
Tests/Fixtures/fuzz/log-proof: tree heads over BLAKE2b-256 Merkle logs (RFC 9162 §2.1) with
valid consistency and inclusion proofs, and heads at sizes near 2^64 - 1. The signatures are
zero bytes: the target cannot forge one, and the decoders do not check them."""
import hashlib
import os
import struct

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "Fixtures", "fuzz", "log-proof")
WORKSPACE = bytes.fromhex("0f8e7d6c5b4a49388271605f4e3d2c1b")


def h(data):
    return hashlib.blake2b(data, digest_size=32).digest()


def leaf(i):
    return h(b"\x00" + b"entry %d" % i)


def split(n):
    k = 1
    while k * 2 < n:
        k *= 2
    return k


def mth(leaves):
    if not leaves:
        return h(b"")
    if len(leaves) == 1:
        return leaves[0]
    k = split(len(leaves))
    return h(b"\x01" + mth(leaves[:k]) + mth(leaves[k:]))


def path(m, leaves):
    if len(leaves) <= 1:
        return []
    k = split(len(leaves))
    if m < k:
        return path(m, leaves[:k]) + [mth(leaves[k:])]
    return path(m - k, leaves[k:]) + [mth(leaves[:k])]


def subproof(m, leaves, whole):
    n = len(leaves)
    if m == n:
        return [] if whole else [mth(leaves)]
    k = split(n)
    if m <= k:
        return subproof(m, leaves[:k], whole) + [mth(leaves[k:])]
    return subproof(m - k, leaves[k:], False) + [mth(leaves[:k])]


def varint(v):
    out = b""
    while v >= 0x80:
        out += bytes([(v & 0x7F) | 0x80])
        v >>= 7
    return out + bytes([v])


def head(size, root):
    return (bytes([0xC1, 1, 0]) + WORKSPACE + h(b"key") + varint(size) + root
            + struct.pack(">q", 1_764_000_000_000) + bytes(64))


def seed(name, sth, old, index, fallback, first, proof):
    data = struct.pack(">H", len(sth)) + sth + struct.pack(">QQQ", old, index, fallback)
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data + first + b"".join(proof))


os.makedirs(OUT, exist_ok=True)
leaves = [leaf(i) for i in range(70)]
for m, n in [(1, 2), (3, 7), (8, 13), (31, 64), (69, 70)]:
    seed("valid-consistency-%d-%d.bin" % (m, n), head(n, mth(leaves[:n])), m, 0, 0,
         mth(leaves[:m]), subproof(m, leaves[:n], True))
for i, n in [(0, 1), (5, 8), (12, 13), (40, 70)]:
    seed("valid-inclusion-%d-%d.bin" % (i, n), head(n, mth(leaves[:n])), 0, i, 0,
         leaves[i], path(i, leaves[:n]))
top = 2**64 - 1
seed("huge-sizes.bin", head(top, h(b"root")), top - 1, top - 2, top, h(b"old"),
     [h(bytes([i])) for i in range(64)])
seed("no-head.bin", b"", 2**63, 2**63 + 1, top, h(b"old"), [h(b"a"), h(b"b")[:7]])
