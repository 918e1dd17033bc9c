"""Shared helpers of the cross-check: instants, local days, statistics and rounding."""
import math
from datetime import datetime
from zoneinfo import ZoneInfo

MUSCLES = ["chest", "shoulders", "upper_back", "lower_back", "arms", "core", "glutes", "quads",
           "hamstrings", "calves"]
VITALS = ["respiratory_rate", "wrist_temp", "spo2", "hr_recovery"]
FLOORS = {"resting_hr": 1.0, "heart_rate": 1.0, "hr_recovery": 1.0, "hrv_sdnn": 1.0, "hrv_rmssd": 1.0,
          "respiratory_rate": 0.5, "spo2": 0.5, "wrist_temp": 0.1}
# Each vital's day-to-day noise as one standard deviation; its MAD is never taken below 0.6745 of it.
NOISE = {"respiratory_rate": 1.0, "wrist_temp": 0.2, "spo2": 1.0, "hr_recovery": 5.0}
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
