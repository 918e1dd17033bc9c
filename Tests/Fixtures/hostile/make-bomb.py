#!/usr/bin/env python3
"""Writes ah-zip-bomb.zip: an Apple Health export whose export.xml is 64 MiB of one repeated
record in a 60 kB zip (over 1000-fold). Run from this folder: python3 make-bomb.py"""
import zipfile

LINE = b'<Record type="HKQuantityTypeIdentifierUnknownThing" value="1"/>\n'
with zipfile.ZipFile("ah-zip-bomb.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    with z.open("apple_health_export/export.xml", "w") as f:
        f.write(b'<?xml version="1.0"?>\n<HealthData locale="en_US">\n')
        chunk = LINE * 16384
        for _ in range((64 << 20) // len(chunk)):
            f.write(chunk)
        f.write(b"</HealthData>\n")
