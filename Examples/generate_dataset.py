#!/usr/bin/env python3
"""Writes a realistic coach/1 dataset: DAYS days of daily data for one athlete.

Usage: generate_dataset.py HANDLE DAYS END_DAY [SEED] > file.json
Roughly 9 records a day: wellness, a workout on 6 days of 7, two HRV and one resting-HR sample,
a sleep block, three food entries, steps, and a weekly weight.
"""
import json, random, sys, uuid, datetime as dt

def main():
    handle, days, end = sys.argv[1], int(sys.argv[2]), dt.date.fromisoformat(sys.argv[3])
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    uid = lambda: str(uuid.UUID(int=rng.getrandbits(128)))
    off = "+01:00"
    athlete = {"handle": handle, "name": handle.title() + " Example", "sex": "female", "birth_date": "1994-05-02",
               "units": "metric", "time_zone": "Etc/GMT-1", "height_cm": 168, "weight_kg": 61.0, "body_fat_pct": 21.0,
               "sports": ["cycling", "running"],
               "thresholds": {"ftp_w": 250, "threshold_pace_s_per_km": 270, "lthr_bpm": 168, "rest_hr_bpm": 48, "max_hr_bpm": 190},
               "activity": {"step_goals": [{"from": (end - dt.timedelta(days=days)).isoformat(), "steps": 10000}]}}
    out = {"format": "coach/1", "athlete": athlete, "weeks": [], "wellness": [], "workouts": [], "biometrics": [],
           "sleep": [], "food": [], "steps": [], "weight": []}
    for i in range(days):
        d = end - dt.timedelta(days=days - 1 - i)
        ds = d.isoformat()
        out["wellness"].append({"id": uid(), "day": ds, "mood": rng.randint(2, 5),
                                "doms": {"quads": rng.randint(0, 7), "calves": rng.randint(0, 4)}})
        if d.weekday() != 0:
            sport = "cycling" if d.weekday() % 2 else "running"
            dur = rng.choice([2700, 3600, 4500, 5400, 7200])
            w = {"id": uid(), "start": f"{ds}T07:00:00{off}", "sport": sport, "elapsed_s": dur, "moving_s": dur - 60,
                 "rpe": rng.randint(3, 9), "avg_hr_bpm": rng.randint(125, 165), "kcal": dur // 6, "source": "generated"}
            if sport == "cycling":
                w["np_w"] = rng.randint(170, 260); w["avg_power_w"] = w["np_w"] - 15
            else:
                w["distance_m"] = round(dur / rng.uniform(260, 330) * 1000)
            out["workouts"].append(w)
        for t, v in (("06:30", rng.gauss(62, 8)), ("06:35", rng.gauss(62, 8))):
            out["biometrics"].append({"id": uid(), "time": f"{ds}T{t}:00{off}", "type": "hrv_rmssd", "value": round(max(10, v), 1)})
        out["biometrics"].append({"id": uid(), "time": f"{ds}T06:40:00{off}", "type": "resting_hr", "value": rng.randint(44, 54)})
        prev = (d - dt.timedelta(days=1)).isoformat()
        out["sleep"].append({"id": uid(), "start": f"{prev}T22:{rng.randint(10, 59)}:00{off}", "end": f"{ds}T06:20:00{off}", "stage": "asleep"})
        for meal, t, kcal in (("breakfast", "08:00", 550), ("lunch", "12:30", 800), ("dinner", "19:00", 900)):
            out["food"].append({"id": uid(), "time": f"{ds}T{t}:00{off}", "kcal": kcal + rng.randint(-150, 150),
                                "protein_g": rng.randint(20, 45), "carbs_g": rng.randint(50, 120), "fat_g": rng.randint(10, 35), "meal": meal})
        out["steps"].append({"day": ds, "steps": rng.randint(4000, 16000)})
        if d.weekday() == 6:
            out["weight"].append({"id": uid(), "time": f"{ds}T07:05:00{off}", "kg": round(rng.uniform(60, 62.5), 1)})
    json.dump(out, sys.stdout, indent=1)

if __name__ == "__main__":
    main()
