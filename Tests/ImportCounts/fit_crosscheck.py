#!/usr/bin/env python3
"""Reads FIT files with the `fitdecode` package and prints what the Swift importer should find.

An independent reading for the cross-check in Tests/CoachImportTests/FITCrossCheckTests.swift:
per session its start, sport, totals, the record messages inside it (timestamp offset, power,
heart rate) and NP computed from them the way docs/metrics.md defines it (1 Hz series, each
value held across gaps up to the pause threshold, the longer of 25 s and twice the median
interval between records; longer gaps 0 W; 30 s rolling mean from second 29, fourth-power mean;
never below the session's average power). Run in a virtual environment with `pip install fitdecode`.

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


def pause_gap(times):
    distinct = sorted(set(times))
    if len(distinct) < 2:
        return 25
    steps = sorted(b - a for a, b in zip(distinct, distinct[1:]))
    return max(25, 2 * steps[len(steps) // 2])


def held(points, gap):
    """Second -> power with each value held until the next one when they are <= gap apart."""
    times = sorted(t for t, p in points.items() if p is not None)
    out = {}
    for a, b in zip(times, times[1:] + [None]):
        out[a] = float(points[a])
        if b is not None and b - a <= gap:
            for s in range(a + 1, b):
                out[s] = float(points[a])
    return out


def np_of(power, duration, average):
    if not power:
        return None
    length = max(max(power) + 1, int(round(duration or 0)))
    series = [power.get(s, 0.0) for s in range(length)]
    if len(series) < 30:
        return None
    rolling = [sum(series[i - 29:i + 1]) / 30 for i in range(29, len(series))]
    np = (sum(r ** 4 for r in rolling) / len(rolling)) ** 0.25
    return round(max(np, average or 0), 1)


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
        gap = pause_gap([r[0] - s["start"] for r in inside])
        power = held({r[0] - s["start"]: r[1] for r in inside}, gap)
        s["held_power_seconds"] = len(power)
        s["np"] = np_of(power, s["elapsed_s"], s["avg_power"])
    return {"sessions": sessions, "records": len(records)}


if __name__ == "__main__":
    print(json.dumps({p: read(p) for p in sys.argv[1:]}))
