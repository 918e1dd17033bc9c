"""Adherence, re-implemented from the specification (§5 and its precise readings)."""
from datetime import date, timedelta

from cc_common import clamp, instant, round_score
from cc_load import computed_tss

ADHERENCE_NAMES = ("adherence_28d", "adherence_week", "adherence_all", "sessions_counted", "sessions_missed")


def assess(s, w, ath):
    """(adherence, missed) of one past session and its workout (or None)."""
    ratio = None
    if w is not None:
        t = computed_tss(w, ath)
        secs = w.get("elapsed_s") if w.get("elapsed_s") is not None else w.get("moving_s")
        if (s.get("planned_tss") or 0) > 0 and t is not None:
            ratio = t / s["planned_tss"]
        elif (s.get("planned_duration_s") or 0) > 0 and secs is not None:
            ratio = secs / s["planned_duration_s"]
    if s.get("adherence_pct") is not None:
        return clamp(s["adherence_pct"], 0, 100), False
    if w is not None:
        if ratio is None:
            return 100.0, False
        return (100 * min(ratio, 1 / ratio) if ratio > 0 else 0.0), False
    return 0.0, True


def adherence(ath, d):
    sessions = [s for week in ath.data.get("weeks", []) for s in week.get("sessions", [])]
    workouts = [w for w in ath.data.get("workouts", []) if ath.day_of(w["start"]) <= d]
    linked = {s["linked_workout"] for s in sessions if s.get("linked_workout")}
    by_id = {w["id"]: w for w in workouts if w["id"] in linked}
    free = {}
    for w in sorted((w for w in workouts if w["id"] not in linked),
                    key=lambda w: (instant(w["start"]).timestamp(), w["id"])):
        free.setdefault(ath.day_of(w["start"]), []).append(w)
    past = sorted(((date.fromisoformat(s["date"]), s.get("order", 0), i, s) for i, s in enumerate(sessions)
                   if date.fromisoformat(s["date"]) < d), key=lambda e: e[:3])
    rows = []
    for day, _, _, s in past:
        w = None
        if s.get("linked_workout"):
            w = by_id.get(s["linked_workout"])
        elif s.get("sport"):
            pool = free.get(day, [])
            k = next((i for i, c in enumerate(pool) if c.get("sport") == s["sport"]), None)
            if k is not None:
                w = pool.pop(k)
        rows.append((day, *assess(s, w, ath)))

    def mean(xs):
        return sum(x[1] for x in xs) / len(xs) if xs else None
    window = [r for r in rows if r[0] >= d - timedelta(28)]
    week = [r for r in rows if r[0] >= d - timedelta(d.weekday())]
    values = {"adherence_28d": mean(window), "adherence_week": mean(week), "adherence_all": mean(rows),
              "sessions_counted": len(window), "sessions_missed": sum(1 for r in window if r[2])}
    if not window:
        return {"status": "insufficient_data", "score": None, "values": values, "flags": []}
    return {"status": "ok", "score": round_score(clamp(mean(window), 0, 100)), "values": values, "flags": []}
