"""Readiness, re-implemented from the specification: form, the HRV/RHR modifier and vitals."""
import math
from datetime import timedelta

from cc_common import ASLEEP, FLOORS, NOISE, VITALS, clamp, instant, robust_z, round_score, upper_median
from cc_load import Load

# ---------------------------------------------------------------- readiness

class Physiology:
    """Daily HRV (per kind), resting HR and the smoothed adjustment, walked from the first day."""

    def __init__(self, ath):
        self.ath = ath
        self.samples = {}   # type -> [(epoch, local day, value)] in time order
        # Samples at the same instant are ordered by record id (the later id counts as later).
        for s in ath.data.get("biometrics", []):
            t = instant(s["time"])
            self.samples.setdefault(s["type"], []).append((t.timestamp(), s["id"], t.astimezone(ath.tz).date(), s["value"]))
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
    pmc = ath.a.get("pmc", {}) or {}
    typed = pmc.get("start_ctl") is not None and pmc.get("start_atl") is not None
    settle = math.ceil(2 * (pmc.get("ctl_days") or 42))
    if not typed and (d - load.first).days + 1 < settle:
        # Building: a chart started at 0 needs two CTL time constants of history.
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
    low, high = (0.0, 0.0) if ill else (None, None) if ctl < 10 else (max(0.0, ctl * lo), ctl * hi)
    flags = ["possible_illness"] if ill else []
    for kind in VITALS:
        today = phys.last_of_day(kind, d)
        base = [v for v in (phys.last_of_day(kind, d - timedelta(k)) for k in range(1, 29)) if v is not None]
        floor = max(FLOORS[kind], 0.6745 * NOISE[kind])
        if today is not None and len(base) >= 7 and abs(robust_z(today, base, floor)) >= 2:
            flags.append("unusual_" + kind)
    values = dict(zip(names, (raw, adj, p["hrv_z"], p["rhr_z"], tsb, ctl, low, high)))
    return {"status": "ok", "score": score, "values": values, "flags": flags}
