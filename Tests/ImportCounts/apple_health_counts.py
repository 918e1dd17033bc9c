#!/usr/bin/env python3
"""Independent expected counts for an Apple Health export.xml (standard library only).

Written separately from the Swift importer, from Apple's export layout and the rules in
docs/imports.md, so the importer's tests compare against a second implementation rather than
against themselves. Uses xml.etree's iterparse (expat) on the whole document, so it reads only
well-formed exports (the real sample fixtures), not the damaged ones the Swift tests also feed.

Prints JSON:
  records_by_type   top-level <Record>s per short type name (nested Correlation records excluded)
  samples           distinct (start, end, value) per mapped instantaneous type
  sleep             distinct (start, end, stage) sleep records
  workouts          top-level <Workout>s
  correlations      top-level <Correlation>s
  steps_days        per day: sum over UTC hours of the largest single-source step total
  food_entries      distinct (source, start) groups of dietary records with an energy value
  weights           BodyMass records

Usage: python3 apple_health_counts.py export.xml|export.zip
"""
import json
import sys
import xml.etree.ElementTree as ET
import zipfile
from collections import defaultdict
from datetime import datetime

PREFIXES = ("HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKDataType")
INSTANT = {"HeartRate", "RestingHeartRate", "HeartRateVariabilitySDNN", "RespiratoryRate",
           "OxygenSaturation", "HeartRateRecoveryOneMinute"}
DIETARY = {"DietaryEnergyConsumed", "DietaryProtein", "DietaryCarbohydrates", "DietaryFatTotal"}


def short(t):
    for p in PREFIXES:
        if t.startswith(p):
            return t[len(p):]
    return t


def parse(d):
    return datetime.strptime(d, "%Y-%m-%d %H:%M:%S %z")


def main(path):
    by_type = defaultdict(int)
    samples = defaultdict(set)
    sleep = set()
    workouts = correlations = weights = 0
    hours = defaultdict(lambda: defaultdict(float))
    food = {}
    depth = 0
    source = path
    if path.endswith(".zip"):
        archive = zipfile.ZipFile(path)
        name = next(n for n in archive.namelist() if n.endswith(".xml") and "cda" not in n)
        source = archive.open(name)
    for event, el in ET.iterparse(source, events=("start", "end")):
        if event == "start":
            depth += 1
            continue
        depth -= 1
        if depth != 1:
            continue  # only children of <HealthData>; nested Correlation records are skipped
        if el.tag == "Record":
            t = short(el.get("type"))
            by_type[t] += 1
            start, end, value = el.get("startDate"), el.get("endDate"), el.get("value")
            if t in INSTANT:
                samples[t].add((start, end, float(value)))
            elif t == "SleepAnalysis":
                sleep.add((start, end, value))
            elif t == "StepCount":
                utc_hour = int(parse(start).timestamp() // 3600)
                hours[(start[:10], utc_hour)][el.get("sourceName")] += float(value)
            elif t == "BodyMass":
                weights += 1
            elif t in DIETARY:
                key = (el.get("sourceName"), start)
                food.setdefault(key, False)
                if t == "DietaryEnergyConsumed":
                    food[key] = True
        elif el.tag == "Workout":
            workouts += 1
        elif el.tag == "Correlation":
            correlations += 1
        el.clear()
    steps = defaultdict(float)
    for (day, _), per_source in hours.items():
        steps[day] += max(per_source.values())
    print(json.dumps({
        "records_by_type": dict(sorted(by_type.items())),
        "samples": {k: len(v) for k, v in sorted(samples.items())},
        "sleep": len(sleep),
        "workouts": workouts,
        "correlations": correlations,
        "steps_days": {d: round(s) for d, s in sorted(steps.items())},
        "food_entries": sum(1 for has_energy in food.values() if has_energy),
        "weights": weights,
    }, indent=1))


if __name__ == "__main__":
    main(sys.argv[1])
