#!/usr/bin/env python3
"""Independent re-implementation of the eight coach metrics, for cross-checking the Swift providers.

Usage: crosscheck.py DATASET.json DAY [DAY ...]

The helpers live beside this file: cc_common.py, cc_load.py (TSS and PMC), cc_readiness.py,
cc_daily.py (stress, nutrition, exertion, activity) and cc_plan.py (adherence).

DATASET.json is one athlete in the coach/1 interchange format; each DAY is YYYY-MM-DD. Prints one
JSON object: {DAY: {provider id: {"status", "score", "values", "flags"}}} for every built-in
provider, each day evaluated as a finished day ("now" = 23:59:59). Standard library only. Written from the metric specification, not
translated from the Swift code, so that two implementations have to agree.

Decisions the specification leaves open are made the same way as coach's docs/metrics.md:
hours fall back to moving time when elapsed time is missing; a power stream's 1 Hz series covers
the longer of the elapsed time and the stream; "30 s of samples" counts recorded (non-null)
samples times the interval.
"""
import json
import sys
from datetime import date, timedelta

from cc_common import MUSCLES, Athlete, clamp, round_score
from cc_load import training_load, workout_tss
from cc_daily import Stress, activity, exertion, nutrition
from cc_plan import adherence
from cc_readiness import Physiology, readiness


# ---------------------------------------------------------------- self-assessment

def self_assessment(ath, d):
    days = {}
    for e in ath.data.get("wellness", []):
        x = date.fromisoformat(e["day"])
        cur = days.setdefault(x, {"mood": None, "doms": {}})
        if e.get("mood") is not None:
            cur["mood"] = e["mood"]
        cur["doms"].update(e.get("doms") or {})

    def soreness(doms):
        if not doms:
            return None
        v = [clamp(doms.get(m, 0), 0, 10) for m in MUSCLES]
        return 0.7 * sum(v) / 10 + 0.3 * max(v)

    def score(entry):
        mood = None if entry["mood"] is None else clamp(entry["mood"], 1, 5)
        s = soreness(entry["doms"])
        if mood is not None and s is not None:
            return 100 * (0.5 * (mood - 1) / 4 + 0.5 * (1 - s / 10))
        if mood is not None:
            return 100 * (mood - 1) / 4
        if s is not None:
            return 100 * (1 - s / 10)
        return None

    num = den = 0.0
    logged = 0
    for k in range(7):
        e = days.get(d - timedelta(k))
        s = score(e) if e else None
        if s is not None:
            num, den, logged = num + (7 - k) * s, den + (7 - k), logged + 1
    today = days.get(d)
    worst = None
    if today:
        best = 0
        for m in MUSCLES:
            if today["doms"].get(m, 0) > best:
                worst, best = m, today["doms"][m]
    values = {"mood_today": today["mood"] if today else None,
              "soreness_today": soreness(today["doms"]) if today else None,
              "days_logged": logged, "worst_group": worst}
    if den == 0:
        return {"status": "insufficient_data", "score": None, "values": values, "flags": []}
    sore = {m for m, v in (today["doms"] if today else {}).items() if v >= 6}
    flags = []
    for week in ath.data.get("weeks", []):
        for s in week.get("sessions", []):
            if date.fromisoformat(s["date"]) in (d, d + timedelta(1)) and sore & set(s.get("targets", [])):
                flags = ["sore_group_planned"]
    return {"status": "ok", "score": round_score(clamp(num / den, 0, 100)), "values": values, "flags": flags}


# ---------------------------------------------------------------- main

def main(argv):
    if len(argv) < 3:
        sys.stderr.write("usage: crosscheck.py DATASET.json DAY [DAY ...]\n")
        return 2
    with open(argv[1], encoding="utf-8") as f:
        ath = Athlete(json.load(f))
    days = [date.fromisoformat(x) for x in argv[2:]]
    daily = {}
    for w in ath.data.get("workouts", []):
        x = ath.day_of(w["start"])
        daily[x] = daily.get(x, 0.0) + workout_tss(w, ath)
    phys = Physiology(ath)
    adjustments = phys.adjustments(max(days))
    stress = Stress(ath, phys)
    out = {}
    for d in days:
        out[d.isoformat()] = {
            "training-load": training_load(ath, d, daily),
            "readiness": readiness(ath, d, daily, adjustments, phys),
            "self-assessment": self_assessment(ath, d),
            "stress": stress.evaluate(d),
            "nutrition": nutrition(ath, d),
            "adherence": adherence(ath, d),
            "exertion": exertion(ath, d),
            "activity": activity(ath, d),
        }
    json.dump(out, sys.stdout, sort_keys=True, allow_nan=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
