#!/usr/bin/env python3
"""Independent re-implementation of three coach metrics, for cross-checking the Swift providers.

Usage: crosscheck.py DATASET.json DAY [DAY ...]

DATASET.json is one athlete in the coach/1 interchange format; each DAY is YYYY-MM-DD. Prints one
JSON object: {DAY: {provider id: {"status", "score", "values", "flags"}}} for training-load,
readiness and self-assessment. Standard library only. Written from the metric specification, not
translated from the Swift code, so that two implementations have to agree.

Decisions the specification leaves open are made the same way as coach's docs/metrics.md:
hours fall back to moving time when elapsed time is missing; a power stream's 1 Hz series covers
the longer of the elapsed time and the stream; "30 s of samples" counts recorded (non-null)
samples times the interval.
"""
import json
import math
import sys
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

MUSCLES = ["chest", "shoulders", "upper_back", "lower_back", "arms", "core", "glutes", "quads",
           "hamstrings", "calves"]
VITALS = ["respiratory_rate", "wrist_temp", "spo2", "hr_recovery"]
FLOORS = {"resting_hr": 1.0, "heart_rate": 1.0, "hr_recovery": 1.0, "hrv_sdnn": 1.0, "hrv_rmssd": 1.0,
          "respiratory_rate": 0.5, "spo2": 0.5, "wrist_temp": 0.1}
ASLEEP = {"asleep", "core", "deep", "rem"}


# ---------------------------------------------------------------- shared helpers

def instant(text):
    return datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith("Z") else text)


def upper_median(xs):
    s = sorted(xs)
    return s[len(s) // 2]


def robust_z(value, base, floor):
    m = upper_median(base)
    mad = max(upper_median([abs(x - m) for x in base]), floor)
    return 0.6745 * (value - m) / mad


def clamp(v, lo, hi):
    return min(max(v, lo), hi)


def round_score(x):
    a = abs(x)
    f = math.floor(a)
    n = f + 1 if a - f >= 0.5 else f
    return int(n if x >= 0 else -n)


class Athlete:
    def __init__(self, data):
        self.a = data["athlete"]
        self.tz = ZoneInfo(self.a.get("time_zone", "UTC"))
        self.th = self.a.get("thresholds", {}) or {}
        self.data = data

    def day_of(self, text):
        return instant(text).astimezone(self.tz).date()

    def wall(self, day, hour):
        """Epoch seconds of a wall-clock hour of a local day."""
        return datetime(day.year, day.month, day.day, hour, tzinfo=self.tz).timestamp()


# ---------------------------------------------------------------- training load

def one_hz(values, interval, elapsed):
    points = [(i * interval, v) for i, v in enumerate(values) if v is not None]
    if not points:
        return None
    span = int(math.floor((len(values) - 1) * interval)) + 1
    length = max(span, round_score(elapsed or 0.0))
    out = [0.0] * length
    for (t0, p0), (t1, p1) in zip(points, points[1:]):
        if t1 - t0 > 25:
            continue
        s = math.floor(t0) + 1
        while s < t1 and s < length:
            if s > t0:
                out[s] = p0 + (p1 - p0) * (s - t0) / (t1 - t0)
            s += 1
    for t, p in points:
        if t == int(t) and int(t) < length:
            out[int(t)] = p
    return out


def normalized_power(series):
    if len(series) < 30:
        return None
    prefix = [0.0]
    for p in series:
        prefix.append(prefix[-1] + p)
    fourth = [((prefix[i + 1] - prefix[i - 29]) / 30) ** 4 for i in range(29, len(series))]
    return (sum(fourth) / len(fourth)) ** 0.25


def workout_tss(w, ath):
    th, sex = ath.th, ath.a.get("sex")
    if w.get("tss") is not None:
        return w["tss"]
    secs = w.get("elapsed_s") if w.get("elapsed_s") is not None else w.get("moving_s")
    hours = secs / 3600 if secs else None
    samples = w.get("samples") or {}
    ftp = th.get("ftp_w")
    if ftp:
        powers = samples.get("power_w") or []
        interval = samples.get("interval_s", 1)
        if powers and sum(1 for p in powers if p is not None) * interval >= 30:
            series = one_hz(powers, interval, w.get("elapsed_s"))
            np_ = normalized_power(series)
            if np_ is not None:
                h = hours if hours is not None else len(series) / 3600
                return h * (np_ / ftp) ** 2 * 100
        if hours is not None:
            for key in ("np_w", "avg_power_w"):
                if w.get(key) is not None:
                    return hours * (w[key] / ftp) ** 2 * 100
    sport, dist = w.get("sport"), w.get("distance_m")
    moving = w.get("moving_s") if w.get("moving_s") is not None else w.get("elapsed_s")
    if hours is not None and dist and moving and sport == "running" and th.get("threshold_pace_s_per_km"):
        return hours * (th["threshold_pace_s_per_km"] / (moving / (dist / 1000))) ** 2 * 100
    if hours is not None and dist and moving and sport == "swimming" and th.get("css_s_per_100m"):
        return hours * (th["css_s_per_100m"] / (moving / (dist / 100))) ** 3 * 100
    rest, mx, lthr = th.get("rest_hr_bpm"), th.get("max_hr_bpm"), th.get("lthr_bpm")
    if rest is not None and mx is not None and lthr is not None and mx > rest:
        a, b = (0.86, 1.67) if sex == "female" else (0.64, 1.92)

        def weight(hr):
            x = clamp((hr - rest) / (mx - rest), 0, 1)
            return x * a * math.exp(b * x)
        ref = 60 * weight(lthr)
        hrs = [h for h in (samples.get("hr_bpm") or []) if h is not None]
        if ref > 0 and hrs:
            return 100 * sum(samples.get("interval_s", 1) / 60 * weight(h) for h in hrs) / ref
        if ref > 0 and w.get("avg_hr_bpm") is not None and hours is not None:
            return 100 * hours * 60 * weight(w["avg_hr_bpm"]) / ref
    rpe = w.get("rpe")
    if rpe is not None and 1 <= rpe <= 10 and hours is not None:
        return hours * (0.5 + 0.05 * rpe) ** 2 * 100
    return 0.0


class Load:
    """Daily TSS and the PMC for one evaluated day."""

    def __init__(self, ath, d, daily):
        days = [x for x in daily if x <= d]
        self.first = min(days) if days else None
        if self.first is None:
            return
        pmc = ath.a.get("pmc", {}) or {}
        tc, ta = pmc.get("ctl_days", 42) or 42, pmc.get("atl_days", 7) or 7
        if pmc.get("model", "exponential") == "linear":
            kc, ka = 1 / tc, 1 / ta
        else:
            kc, ka = 1 - math.exp(-1 / tc), 1 - math.exp(-1 / ta)
        week = sum(daily.get(self.first + timedelta(k), 0.0) for k in range(7) if self.first + timedelta(k) <= d) / 7
        self.seed_ctl = pmc.get("start_ctl") if pmc.get("start_ctl") is not None else week
        self.seed_atl = pmc.get("start_atl") if pmc.get("start_atl") is not None else week
        self.ctl, self.atl = {}, {}
        c, a, x = self.seed_ctl, self.seed_atl, self.first
        while x <= d:
            t = daily.get(x, 0.0)
            c, a = c + kc * (t - c), a + ka * (t - a)
            self.ctl[x], self.atl[x] = c, a
            x += timedelta(1)

    def c(self, x):
        return self.ctl.get(x, self.seed_ctl) if x >= self.first else self.seed_ctl

    def a(self, x):
        return self.atl.get(x, self.seed_atl) if x >= self.first else self.seed_atl


def training_load(ath, d, daily):
    load = Load(ath, d, daily)
    if load.first is None:
        return {"status": "insufficient_data", "score": None, "flags": [],
                "values": {k: None for k in ("tss", "ctl", "atl", "tsb", "tsb_after", "ramp")}}
    y = d - timedelta(1)
    values = {"tss": daily.get(d, 0.0), "ctl": load.c(d), "atl": load.a(d), "tsb": load.c(y) - load.a(y),
              "tsb_after": load.c(d) - load.a(d), "ramp": load.c(d) - load.c(d - timedelta(7))}
    return {"status": "ok", "score": round_score(load.c(d)), "values": values, "flags": []}


# ---------------------------------------------------------------- readiness

class Physiology:
    """Daily HRV (per kind), resting HR and the smoothed adjustment, walked from the first day."""

    def __init__(self, ath):
        self.ath = ath
        self.samples = {}   # type -> [(epoch, local day, value)] in time order
        for i, s in enumerate(ath.data.get("biometrics", [])):
            t = instant(s["time"])
            self.samples.setdefault(s["type"], []).append((t.timestamp(), i, t.astimezone(ath.tz).date(), s["value"]))
        self.by_day = {}    # (type, local day) -> values in time order
        for k in self.samples:
            self.samples[k].sort()
            for _, _, dd, v in self.samples[k]:
                self.by_day.setdefault((k, dd), []).append(v)
        spans = sorted((instant(r["start"]).timestamp(), instant(r["end"]).timestamp())
                       for r in ath.data.get("sleep", []) if r["stage"] in ASLEEP)
        self.blocks = []
        for a, b in spans:
            if b < a:
                continue
            if self.blocks and a <= self.blocks[-1][1]:
                self.blocks[-1][1] = max(self.blocks[-1][1], b)
            else:
                self.blocks.append([a, b])
        self.cache = {}

    def main_block(self, x):
        lo, hi = self.ath.wall(x - timedelta(1), 14), self.ath.wall(x, 10)
        best = None
        for a, b in self.blocks:
            ca, cb = max(a, lo), min(b, hi)
            if cb > ca and (best is None or cb - ca > best[1] - best[0]):
                best = (ca, cb)
        return best

    def hrv(self, kind, x):
        key = (kind, x)
        if key not in self.cache:
            s = self.samples.get(kind, [])
            block = self.main_block(x)
            inside = [v for t, _, _, v in s if block and block[0] <= t <= block[1]]
            day = self.by_day.get((kind, x), [])
            self.cache[key] = upper_median(inside) if inside else (upper_median(day) if day else None)
        return self.cache[key]

    def last_of_day(self, kind, x):
        day = self.by_day.get((kind, x))
        return day[-1] if day else None

    def kind_for(self, x):
        lo = x - timedelta(28)
        n = {k: sum(len(self.by_day.get((k, lo + timedelta(i)), [])) for i in range(29)) for k in ("hrv_rmssd", "hrv_sdnn")}
        return "hrv_sdnn" if n["hrv_sdnn"] > n["hrv_rmssd"] else "hrv_rmssd"

    def day(self, x):
        kind = self.kind_for(x)
        out = {"hrv_z": None, "rhr_z": None, "raw": None}
        before = sum(1 for k in range(1, 29) if self.hrv(kind, x - timedelta(k)) is not None)
        today, rhr = self.hrv(kind, x), self.last_of_day("resting_hr", x)
        hb = [v for v in (self.hrv(kind, x - timedelta(k)) for k in range(3, 29)) if v is not None]
        rb = [v for v in (self.last_of_day("resting_hr", x - timedelta(k)) for k in range(3, 29)) if v is not None]
        if before < 14 or today is None or rhr is None or len(hb) < 7 or len(rb) < 7:
            return out
        hz, rz = robust_z(today, hb, 1.0), robust_z(rhr, rb, 1.0)
        h, r = clamp(hz / 1.5, -1, 1), clamp(-rz / 1.5, -1, 1)
        out.update(hrv_z=hz, rhr_z=rz, raw=clamp(10 * (0.6 * h + 0.4 * r), -12, 12))
        return out

    def adjustments(self, last):
        days = [dd for k in ("hrv_rmssd", "hrv_sdnn", "resting_hr") for _, _, dd, _ in self.samples.get(k, [])]
        out, prev = {}, None
        if not days:
            return out
        x = min(days)
        while x <= last:
            r = self.day(x)
            r["adjustment"] = None if r["raw"] is None else 0.3 * r["raw"] + 0.7 * (prev or 0.0)
            prev = r["adjustment"]
            out[x] = r
            x += timedelta(1)
        return out


ZONES = [(19, "Recovery", 0.0, 0.5), (39, "Easy Endurance", 0.5, 0.8), (59, "Tempo/Sweetspot", 0.8, 1.1),
         (79, "Threshold/VO2max", 1.1, 1.4), (100, "Race/Peak", 1.4, 1.8)]


def readiness(ath, d, daily, adjustments, phys):
    load = Load(ath, d, daily)
    names = ("raw", "adjustment", "hrv_z", "rhr_z", "tsb", "ctl", "tss_low", "tss_high")
    if load.first is None:
        return {"status": "insufficient_data", "score": None, "flags": [], "values": {k: None for k in names}}
    y = d - timedelta(1)
    tsb, ctl = load.c(y) - load.a(y), load.c(y)
    raw = clamp((tsb + 30) / 60 * 100, 0, 100)
    p = adjustments.get(d, {"hrv_z": None, "rhr_z": None, "adjustment": None})
    adj = p["adjustment"] if p["adjustment"] is not None else 0.0
    score = round_score(clamp(raw + adj, 0, 100))
    _, _, lo, hi = next(z for z in ZONES if score <= z[0])
    ill = p["hrv_z"] is not None and p["hrv_z"] <= -2 and p["rhr_z"] >= 2
    if adj >= 6:
        hi *= 1.1
    if adj <= -6:
        lo, hi = lo * 0.8, hi * 0.8
    low, high = (None, None) if ctl < 10 else (0.0, 0.0) if ill else (max(0.0, ctl * lo), ctl * hi)
    flags = ["possible_illness"] if ill else []
    for kind in VITALS:
        today = phys.last_of_day(kind, d)
        base = [v for v in (phys.last_of_day(kind, d - timedelta(k)) for k in range(1, 29)) if v is not None]
        if today is not None and len(base) >= 7 and abs(robust_z(today, base, FLOORS[kind])) >= 2:
            flags.append("unusual_" + kind)
    values = dict(zip(names, (raw, adj, p["hrv_z"], p["rhr_z"], tsb, ctl, low, high)))
    return {"status": "ok", "score": score, "values": values, "flags": flags}


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
    out = {}
    for d in days:
        out[d.isoformat()] = {
            "training-load": training_load(ath, d, daily),
            "readiness": readiness(ath, d, daily, adjustments, phys),
            "self-assessment": self_assessment(ath, d),
        }
    json.dump(out, sys.stdout, sort_keys=True, allow_nan=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
