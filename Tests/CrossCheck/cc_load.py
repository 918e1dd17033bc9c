"""Training load, re-implemented from the specification: TSS per workout and the PMC."""
import math
from datetime import timedelta

from cc_common import clamp, round_score

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
    """The TSS of one workout; 0 when no method has its inputs."""
    t = computed_tss(w, ath)
    return 0.0 if t is None else t


def computed_tss(w, ath):
    """The TSS by the first method whose inputs exist, or None when none has."""
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
    return None


class Load:
    """Daily TSS and the PMC for one evaluated day."""

    def __init__(self, ath, d, daily):
        days = [x for x in daily if x <= d]
        self.first = min(days) if days else None
        if self.first is None:
            return
        pmc = ath.a.get("pmc", {}) or {}
        tc, ta = pmc.get("ctl_days", 42) or 42, pmc.get("atl_days", 7) or 7
        self.tc = tc
        self.seed_typed = pmc.get("start_ctl") is not None and pmc.get("start_atl") is not None
        if pmc.get("model", "exponential") == "linear":
            kc, ka = 1 / tc, 1 / ta
        else:
            kc, ka = 1 - math.exp(-1 / tc), 1 - math.exp(-1 / ta)
        # TrainingPeaks' convention: a new chart starts at 0 unless the profile types starting values.
        self.seed_ctl = pmc.get("start_ctl") if pmc.get("start_ctl") is not None else 0.0
        self.seed_atl = pmc.get("start_atl") if pmc.get("start_atl") is not None else 0.0
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
                "values": {k: None for k in ("tss", "ctl", "atl", "tsb", "tsb_after", "ramp",
                                             "days_tsb_below_10", "days_tsb_below_30")}}
    y = d - timedelta(1)
    values = {"tss": daily.get(d, 0.0), "ctl": load.c(d), "atl": load.a(d), "tsb": load.c(y) - load.a(y),
              "tsb_after": load.c(d) - load.a(d), "ramp": load.c(d) - load.c(d - timedelta(7))}
    # Days in a row, ending on d, whose form going into the day was under -10 and under -30
    # (Friel's form zones): 14 and 3 of them raise sustained_overreaching.
    below10 = below30 = 0
    x = load.first
    while x <= d:
        form = load.c(x - timedelta(1)) - load.a(x - timedelta(1))
        below10 = below10 + 1 if form < -10 else 0
        below30 = below30 + 1 if form < -30 else 0
        x += timedelta(1)
    values["days_tsb_below_10"], values["days_tsb_below_30"] = below10, below30
    typed = load.seed_typed
    settled = typed or (d - load.first).days + 1 >= math.ceil(2 * load.tc)
    flags = ["sustained_overreaching"] if settled and (below10 >= 14 or below30 >= 3) else []
    return {"status": "ok", "score": round_score(load.c(d)), "values": values, "flags": flags}
