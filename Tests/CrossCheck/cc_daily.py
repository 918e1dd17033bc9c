"""Stress, nutrition, exertion and activity, re-implemented from the specification."""
import math
from datetime import date, timedelta

from cc_common import clamp, instant, robust_z, round_score, upper_median
from cc_load import one_hz


def age_on(ath, x):
    """Age in completed years on local day x, from the profile's birth date."""
    b = ath.a.get("birth_date")
    if not b:
        return None
    b = date.fromisoformat(b)
    return x.year - b.year - (1 if (x.month, x.day) < (b.month, b.day) else 0)


def mean(xs):
    return sum(xs) / len(xs) if xs else None


# ---------------------------------------------------------------- stress

STRESS_NAMES = ("stress", "hrv", "hrv_baseline", "hr", "rhr_baseline", "confidence", "trend_delta",
                "hrv_z", "hr_z")


def stress_part(z):
    """The share of the way from half a z (the smallest worthwhile change) to 3 z."""
    return clamp((z - 0.5) / 2.5, 0, 1)


class Stress:
    """Stress: the day's latest HRV sample of the day's kind as robust z-scores (ln HRV, heart rate)
    against the athlete's own 30 days before."""

    def __init__(self, ath, phys):
        self.ath, self.phys = ath, phys
        self.hr = sorted((instant(s["time"]).timestamp(), instant(s["time"]).astimezone(ath.tz).date(), s["value"])
                         for s in ath.data.get("biometrics", []) if s["type"] == "heart_rate")

    def reading(self, x, d):
        """The reading of day x as seen when evaluating day d (nothing after d is visible)."""
        phys = self.phys
        kind = phys.kind_for(x)
        today = [s for s in phys.samples.get(kind, []) if s[2] == x]
        if not today or today[-1][3] <= 0:
            return None
        t, _, _, hrv = today[-1]
        base = [v for v in (phys.hrv(kind, x - timedelta(k)) for k in range(1, 31)) if v is not None]
        rests = [v for v in (phys.last_of_day("resting_hr", x - timedelta(k)) for k in range(1, 31)) if v is not None]
        near = [v for (u, day, v) in self.hr if abs(u - t) <= 300 and day <= d]
        hr = mean(near) if near else phys.last_of_day("resting_hr", x)
        measured = sum(1 for k in range(7) if (kind, x - timedelta(k)) in phys.by_day)
        heart = min(1, len(near) / 3) if near else 0.5
        r = {"hrv": hrv, "hrv_baseline": upper_median(base) if base else None, "hr": hr,
             "rhr_baseline": upper_median(rests) if rests else None, "stress": None,
             "hrv_z": None, "hr_z": None,
             "confidence": (min(1, len(base) / 28) + heart + measured / 7) / 3}
        if len(base) < 7 or r["rhr_baseline"] is None or hr is None or min(base) <= 0:
            return r
        r["hrv_z"] = robust_z(math.log(hrv), [math.log(v) for v in base], 0.05)
        r["hr_z"] = robust_z(hr, rests, 2.0)
        r["stress"] = 100 * (0.7 * stress_part(-r["hrv_z"]) + 0.3 * stress_part(r["hr_z"]))
        return r

    def evaluate(self, d):
        def day_stress(k):
            r = self.reading(d - timedelta(k), d)
            return None if r is None else r["stress"]
        last7 = [s for s in (day_stress(k) for k in range(7)) if s is not None]
        prev7 = [s for s in (day_stress(k) for k in range(7, 14)) if s is not None]
        trend = mean(last7) - mean(prev7) if last7 and prev7 else None
        r = self.reading(d, d)
        if r is None:
            values = dict.fromkeys(STRESS_NAMES)
            values["trend_delta"] = trend
            return {"status": "insufficient_data", "score": None, "values": values, "flags": []}
        values = {k: r[k] for k in STRESS_NAMES if k in r}
        values["trend_delta"] = trend
        if r["stress"] is None:
            values["confidence"] = None
            return {"status": "insufficient_data", "score": None, "values": values, "flags": []}
        return {"status": "ok", "score": round_score(r["stress"]), "values": values, "flags": []}


# ---------------------------------------------------------------- nutrition

MULTIPLIER = {"sedentary": 1.2, "light": 1.375, "moderate": 1.55, "very": 1.725, "extreme": 1.9}
PROTEIN = {"lose": 2.0, "maintain": 1.6, "gain": 1.8, "muscle": 2.0}
NUTRITION_NAMES = ("bmr", "tdee", "kcal_target", "protein_target", "kcal_today", "protein_today", "days_logged")


def workout_kcal(w):
    if w.get("kcal") is not None:
        return w["kcal"]
    powers = (w.get("samples") or {}).get("power_w") or []
    if any(p is not None for p in powers):
        series = one_hz(powers, w["samples"].get("interval_s", 1), w.get("elapsed_s"))
        return sum(series) / 1000
    if w.get("avg_power_w") is not None and w.get("elapsed_s") is not None:
        return w["avg_power_w"] * w["elapsed_s"] / 1000
    return 0.0


def weekly_change(settings, x, kg):
    """The set weekly change, else the pace that reaches a target weight by its date (±1 kg cap)."""
    change, goal = settings.get("weekly_change_kg", 0), settings.get("goal", "maintain")
    target, by = settings.get("target_weight_kg"), settings.get("target_date")
    if change != 0:
        return change
    if goal == "maintain" or target is None or by is None or date.fromisoformat(by) <= x:
        return 0
    rate = clamp((target - kg) * 7 / (date.fromisoformat(by) - x).days, -1.0, 1.0)
    return min(rate, 0) if goal == "lose" else max(rate, 0)


def nutrition(ath, d):
    a, settings = ath.a, ath.a.get("nutrition") or {}
    kcal, protein, burned = {}, {}, {}
    for f in ath.data.get("food", []):
        x = ath.day_of(f["time"])
        if d - timedelta(6) <= x <= d:
            kcal[x] = kcal.get(x, 0.0) + f["kcal"]
            protein[x] = protein.get(x, 0.0) + (f.get("protein_g") or 0.0)
    for w in ath.data.get("workouts", []):
        x = ath.day_of(w["start"])
        if d - timedelta(6) <= x <= d:
            burned[x] = burned.get(x, 0.0) + workout_kcal(w)
    weights = sorted((ath.day_of(e["time"]), instant(e["time"]).timestamp(), e) for e in ath.data.get("weight", []))

    def body(x):
        kg, bf = a.get("weight_kg"), a.get("body_fat_pct")
        for day, _, e in weights:
            if day <= x:
                kg = e["kg"]
                if e.get("body_fat_pct") is not None:
                    bf = e["body_fat_pct"]
        return kg, bf

    age, sex = age_on(ath, d), a.get("sex")

    def targets(x):
        kg, bf = body(x)
        if not kg or kg <= 0:
            return None
        if settings.get("bmr_formula") == "katch" and bf is not None and 0 <= bf < 100:
            bmr = 370 + 21.6 * kg * (1 - bf / 100)
        elif a.get("height_cm") is None or age is None:
            return None
        else:
            s = {"male": 5, "female": -161}.get(sex, -78)
            bmr = 10 * kg + 6.25 * a["height_cm"] - 5 * age + s
        if settings.get("target_mode") == "training":
            tdee = bmr * 1.2 + burned.get(x, 0.0)
        else:
            tdee = bmr * MULTIPLIER[settings.get("activity_level", "moderate")]
        raw = tdee + weekly_change(settings, x, kg) * 7700 / 7
        floor = {"male": 1500, "female": 1200}.get(sex, 1350)
        return {"bmr": bmr, "tdee": tdee, "kcal_target": max(raw, floor), "floored": raw < floor,
                "protein_target": kg * PROTEIN[settings.get("goal", "maintain")]}

    logged = [d - timedelta(k) for k in range(6, -1, -1) if d - timedelta(k) in kcal]
    values = dict.fromkeys(NUTRITION_NAMES)
    values.update(kcal_today=kcal.get(d), protein_today=protein.get(d), days_logged=len(logged))
    t = targets(d)
    if t is None:
        return {"status": "insufficient_data", "score": None, "values": values, "flags": []}
    values.update({k: t[k] for k in ("bmr", "tdee", "kcal_target", "protein_target")})
    scores = []
    for x in logged:
        tx = targets(x)
        if tx is None:
            continue
        energy = max(0.0, 1 - abs(kcal[x] - tx["kcal_target"]) / tx["kcal_target"])
        prot = min(1.0, protein[x] / tx["protein_target"]) if tx["protein_target"] > 0 else 1.0
        scores.append(100 * (0.6 * energy + 0.4 * prot))
    flags = ["target_floor"] if t["floored"] else []
    kg, bf = body(d)
    low = False
    if bf is not None and kg is not None and d in kcal and 0 <= bf < 100:
        if (kcal[d] - burned.get(d, 0.0)) / (kg * (1 - bf / 100)) < 30:
            flags.append("low_energy_availability")
            low = True
    if len(scores) < 3:
        return {"status": "insufficient_data", "score": None, "values": values, "flags": []}
    score = round_score(clamp(mean(scores), 0, 100))
    return {"status": "ok", "score": min(score, 49) if low else score, "values": values, "flags": flags}


# ---------------------------------------------------------------- exertion

EXERTION_NAMES = ("acute3", "chronic3", "load7", "monotony", "strain", "acwr")


def exertion(ath, d):
    loads = {}
    for w in ath.data.get("workouts", []):
        r = w.get("rpe")
        secs = w.get("elapsed_s") if w.get("elapsed_s") is not None else w.get("moving_s")
        x = ath.day_of(w["start"])
        if r is not None and 1 <= r <= 10 and secs and secs > 0 and x <= d:
            loads[x] = loads.get(x, 0.0) + r * secs / 60
    if not loads:
        return {"status": "insufficient_data", "score": None, "values": dict.fromkeys(EXERTION_NAMES), "flags": []}
    first = min(loads)
    since = (d - first).days
    n = min(28, since + 1)

    def total(days):
        return sum(loads.get(d - timedelta(k), 0.0) for k in range(days))
    acute3, chronic3 = total(3), 3 * total(n) / n
    week = [loads.get(d - timedelta(k), 0.0) for k in range(7)]
    m = mean(week)
    sd = math.sqrt(sum((x - m) ** 2 for x in week) / 7)
    monotony = m / sd if sd > 0 else None
    ea = ec = loads[first]
    x = first + timedelta(1)
    while x <= d:
        ea = 2 / 8 * loads.get(x, 0.0) + (1 - 2 / 8) * ea
        ec = 2 / 29 * loads.get(x, 0.0) + (1 - 2 / 29) * ec
        x += timedelta(1)
    acwr = ea / ec if ec > 0 else None
    values = {"acute3": acute3, "chronic3": chronic3, "load7": sum(week), "monotony": monotony,
              "strain": None if monotony is None else sum(week) * monotony, "acwr": acwr}
    if since < 14:
        return {"status": "insufficient_data", "score": None, "values": values, "flags": []}
    score = round_score(clamp(100 * acute3 / (2 * chronic3), 0, 100)) if chronic3 > 0 else 0
    flags = []
    if acwr is not None and acwr > 1.5:
        flags.append("load_spike")
    # detraining: the 21 days ending on d average under half the 28 days before them (only days of
    # history, at least 7 of them, and some load there).
    recent_start = d - timedelta(20)
    ref_from = max(recent_start - timedelta(28), first)
    ref_days = (recent_start - ref_from).days
    if ref_days >= 7:
        ref = sum(loads.get(ref_from + timedelta(k), 0.0) for k in range(ref_days)) / ref_days
        if ref > 0 and total(21) / 21 < 0.5 * ref:
            flags.append("detraining")
    return {"status": "ok", "score": score, "values": values, "flags": flags}


# ---------------------------------------------------------------- activity

def activity(ath, d):
    settings = ath.a.get("activity") or {}
    goals = sorted((date.fromisoformat(g["from"]), g["steps"]) for g in settings.get("step_goals", []))
    every, cap = settings.get("bonus_every", 7), settings.get("max_bonus", 3)
    steps, entry = {}, None
    for s in ath.data.get("steps", []):
        x = date.fromisoformat(s["day"])
        if x <= d:
            steps[x] = s["steps"]
        if x == d:
            entry = s
    now = ath.wall(d, 23) + 3599  # 23:59:59 wall clock
    recency = max(0, settings.get("hr_recency_min", 10)) * 60
    recent = sorted((instant(s["time"]).timestamp(), s["id"], s["value"]) for s in ath.data.get("biometrics", [])
                    if s["type"] == "heart_rate" and now - recency <= instant(s["time"]).timestamp() <= now)
    extra = {"active_kcal_today": entry.get("active_kcal") if entry else None,
             "distance_m_today": entry.get("distance_m") if entry else None,
             "heart_rate_now": recent[-1][2] if recent else None}

    def goal(x):
        g = None
        for start, n in goals:
            if start <= x:
                g = n
        return g
    today = steps.get(d, 0)
    g = goal(d)
    if g is None:
        values = dict.fromkeys(("goal_today", "bot_today", "streak", "bonus_days", "steps_week", "bot_week"))
        values["steps_today"] = today
        values.update(extra)
        return {"status": "insufficient_data", "score": None, "values": values, "flags": []}
    streak = bank = run = 0
    x = goals[0][0]
    while x <= d:
        met = steps.get(x, 0) >= goal(x)
        if x == d and not met:
            break
        if met:
            streak, run = streak + 1, run + 1
            if every > 0 and run % every == 0:
                bank = min(bank + 1, max(0, cap))
        elif bank > 0:
            bank, streak, run = bank - 1, streak + 1, 0
        else:
            streak = run = 0
        x += timedelta(1)
    bot = g  # "now" is 23:59:59 of d: floor(goal · 86399 / 86399)
    week = [d - timedelta(k) for k in range(6, -1, -1)]
    values = {"steps_today": today, "goal_today": g, "bot_today": bot, "streak": streak, "bonus_days": bank,
              "steps_week": sum(steps.get(x, 0) for x in week),
              "bot_week": sum(goal(x) or 0 for x in week[:-1]) + bot, **extra}
    score = min(100, round_score(100 * today / g)) if g > 0 else 100
    return {"status": "ok", "score": score, "values": values, "flags": []}
