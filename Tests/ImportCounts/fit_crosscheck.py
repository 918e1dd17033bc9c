#!/usr/bin/env python3
"""Reads FIT files with the `fitdecode` package and prints what the Swift importer should find.

An independent reading for the cross-check in Tests/CoachImportTests/FITCrossCheckTests.swift:
per session its start, sport, totals, the record messages inside it (timestamp offset, power,
heart rate) and NP computed from them the way METRICS.md section 1 defines it (1 Hz series,
gaps up to 25 s interpolated, longer gaps 0 W, 30 s rolling mean from second 29, fourth-power
mean). Run in a virtual environment with `pip install fitdecode`.

Usage: python fit_crosscheck.py FILE.fit...
"""
import json
import sys

import fitdecode

FIT_EPOCH = 631065600
SPORTS = {"cycling": "cycling", "running": "running", "swimming": "swimming",
          "walking": "walking", "hiking": "walking", "training": "strength"}


def ts(v):
    return int(v.timestamp()) if v is not None else None


def value(frame, name):
    return frame.get_value(name) if frame.has_field(name) else None


def np_of(points, duration):
    times = sorted(t for t, p in points.items() if p is not None)
    if not times:
        return None
    length = max(times[-1] + 1, int(round(duration or 0)))
    series = [0.0] * length
    for a, b in zip(times, times[1:] + [None]):
        series[a] = float(points[a])
        if b is not None and 1 < b - a <= 25:
            for s in range(a + 1, b):
                series[s] = points[a] + (points[b] - points[a]) * (s - a) / (b - a)
    if len(series) < 30:
        return None
    rolling = [sum(series[i - 29:i + 1]) / 30 for i in range(29, len(series))]
    return round((sum(r ** 4 for r in rolling) / len(rolling)) ** 0.25, 1)


def read(path):
    sessions, records = [], []
    with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.RAISE) as fit:
        for frame in fit:
            if not isinstance(frame, fitdecode.FitDataMessage):
                continue
            if frame.name == "record":
                records.append((ts(value(frame, "timestamp")), value(frame, "power"),
                                value(frame, "heart_rate")))
            elif frame.name == "session":
                sport = value(frame, "sport")
                sessions.append({
                    "start": ts(value(frame, "start_time")),
                    "sport": SPORTS.get(str(sport), "other"),
                    "elapsed_s": value(frame, "total_elapsed_time"),
                    "timer_s": value(frame, "total_timer_time"),
                    "distance_m": value(frame, "total_distance"),
                    "kcal": value(frame, "total_calories"),
                    "avg_hr": value(frame, "avg_heart_rate"),
                    "max_hr": value(frame, "max_heart_rate"),
                    "avg_power": value(frame, "avg_power"),
                })
    for s in sessions:
        end = s["start"] + round(s["elapsed_s"] or 0)
        inside = [r for r in records if s["start"] <= r[0] <= end]
        s["records"] = len(inside)
        s["power"] = {str(r[0] - s["start"]): r[1] for r in inside if r[1] is not None}
        s["hr"] = {str(r[0] - s["start"]): r[2] for r in inside if r[2] is not None}
        s["np"] = np_of({r[0] - s["start"]: r[1] for r in inside}, s["elapsed_s"])
    return {"sessions": sessions, "records": len(records)}


if __name__ == "__main__":
    print(json.dumps({p: read(p) for p in sys.argv[1:]}))
