#!/usr/bin/env python3
"""Writes the hostile FIT fixtures of this folder: one session message each, valid CRC, with
one field holding a value no device writes. Run from this folder: python3 make-fit.py"""
import struct

TABLE = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
         0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]


def crc(data):
    c = 0
    for byte in data:
        for nibble in (byte & 0xF, byte >> 4):
            t = TABLE[c & 0xF]
            c = (c >> 4) & 0x0FFF
            c = c ^ t ^ TABLE[nibble]
    return c


def session(fields):
    """fields: (number, base type, struct format, value) of one session (global 18)."""
    definition = bytes([0x40, 0, 0]) + struct.pack("<HB", 18, len(fields))
    data = bytes([0x00])
    for number, base, fmt, value in fields:
        size = struct.calcsize("<" + fmt)
        definition += bytes([number, size, base])
        data += struct.pack("<" + fmt, value)
    body = definition + data
    header = struct.pack("<BBHI", 12, 0x10, 2132, len(body)) + b".FIT"
    out = header + body
    return out + struct.pack("<H", crc(out))


FILES = {
    "fit-start-float.fit": [(2, 0x89, "d", 1e300)],
    "fit-start-negative.fit": [(2, 0x85, "i", -5)],
    "fit-elapsed-huge.fit": [(2, 0x86, "I", 1_136_419_200), (7, 0x89, "d", 1e15)],
    "fit-sport-float.fit": [(2, 0x86, "I", 1_136_419_200), (5, 0x89, "d", 1e300)],
}

for name, fields in FILES.items():
    with open(name, "wb") as f:
        f.write(session(fields))
