import CoachKit
import Foundation

/// `coach/1` datasets for the AI-coach tests: a profile full of canary strings, a daily history
/// of any length ending on 2026-11-20, and this week's plan with one session already done.
enum PromptDatasets {
    /// The instant the tests run at, in the athlete's zone (America/Argentina/Ushuaia, UTC-3).
    static let now = ["COACH_NOW": "2026-11-20T18:00:00-03:00"]
    static let end = LocalDay("2026-11-20")!

    /// Strings that must not appear in a redacted export.
    static let canaries = [
        "Zelda CanaryName", "canary.mail@example.invalid", "CANARY-GOAL", "CANARY-STRENGTH",
        "CANARY-WEAKNESS", "CANARY-EQUIPMENT", "CANARY-LOCATION", "Lakeside Track",
        "CANARY-SCHEDULE", "CANARY-WELLNESS", "CANARY-WORKOUT", "CANARY-FOOD",
        "CANARY-SESSION", "CANARY-WEEK", "Ushuaia", "1991-03-04",
    ]

    static func id(_ kind: Int, _ n: Int) -> String {
        String(format: "%08x-0000-4000-8000-%012x", kind, n)
    }

    /// The dataset of athlete `handle` with `days` days of history, as JSON text.
    static func json(handle: String, days: Int, consent: Bool) throws -> String {
        var wellness: [[String: Any]] = []
        var workouts: [[String: Any]] = []
        var biometrics: [[String: Any]] = []
        var sleep: [[String: Any]] = []
        var food: [[String: Any]] = []
        var steps: [[String: Any]] = []
        var weight: [[String: Any]] = []
        for i in 0..<days {
            let day = end.adding(days: i - days + 1)
            let d = day.description
            wellness.append([
                "id": id(1, i), "day": d, "mood": 1 + i % 5, "doms": ["quads": i % 7],
                "notes": i % 4 == 0 ? "CANARY-WELLNESS at Lakeside Track day \(i)" : NSNull(),
            ])
            if i % 7 != 3 {
                var w: [String: Any] = [
                    "id": id(2, i), "start": "\(d)T07:00:00-03:00", "elapsed_s": 3600 + i % 3 * 900,
                    "rpe": 3 + i % 6, "avg_hr_bpm": 140 + i % 9,
                    "title": "CANARY-WORKOUT loop \(i) around Lakeside Track",
                ]
                if i % 2 == 0 {
                    w["sport"] = "cycling"
                    w["avg_power_w"] = 180 + i % 20
                    w["np_w"] = 195 + i % 20
                } else {
                    w["sport"] = "running"
                    w["distance_m"] = 10000 + i % 5 * 500
                }
                workouts.append(w)
            }
            biometrics.append([
                "id": id(3, i), "time": "\(d)T06:30:00-03:00", "type": "hrv_rmssd",
                "value": 60 + i % 10,
            ])
            biometrics.append([
                "id": id(4, i), "time": "\(d)T06:31:00-03:00", "type": "resting_hr",
                "value": 48 + i % 4,
            ])
            sleep.append([
                "id": id(5, i), "start": "\(day.adding(days: -1))T23:00:00-03:00",
                "end": "\(d)T07:00:00-03:00", "stage": "asleep",
            ])
            food.append([
                "id": id(6, i), "time": "\(d)T12:00:00-03:00", "kcal": 2100 + i % 300,
                "protein_g": 90,
                "meal": "lunch", "note": "CANARY-FOOD at Lakeside Track",
            ])
            steps.append(["day": d, "steps": 8000 + i * 13 % 4000])
            if i % 7 == 0 {
                weight.append(["id": id(7, i), "time": "\(d)T07:05:00-03:00", "kg": 61.5])
            }
        }
        let monday = end.monday
        let sessions: [[String: Any]] = [
            [
                "id": "s-done", "date": end.description, "title": "Morning run", "sport": "running",
                "planned_duration_s": 3600, "linked_workout": id(2, days - 1),
                "notes": "CANARY-SESSION clinic letter",
            ],
            [
                "id": "s-long", "date": end.adding(days: 2).description, "title": "Long ride",
                "sport": "cycling",
                "planned_duration_s": 10800, "planned_tss": 150,
            ],
        ]
        let profile: [String: Any] = [
            "handle": handle, "name": "Zelda CanaryName \(handle)",
            "email": "canary.mail@example.invalid",
            "birth_date": "1991-03-04", "sex": "female", "units": "metric",
            "time_zone": "America/Argentina/Ushuaia",
            "height_cm": 168, "weight_kg": 61.5, "sports": ["cycling", "running"],
            "thresholds": [
                "ftp_w": 250, "threshold_pace_s_per_km": 270, "lthr_bpm": 168, "rest_hr_bpm": 48,
                "max_hr_bpm": 190,
            ],
            "ai_consent": consent,
            "notes": [
                "goals": "CANARY-GOAL sub-3", "strengths": "CANARY-STRENGTH climbing",
                "weaknesses": "CANARY-WEAKNESS descending", "equipment": "CANARY-EQUIPMENT trainer",
                "locations": "CANARY-LOCATION Lakeside Track",
                "schedule": "CANARY-SCHEDULE night shifts",
            ],
        ]
        let dataset: [String: Any] = [
            "format": "coach/1", "athlete": profile,
            "weeks": [
                [
                    "id": "w-now", "start": monday.description, "title": "Build",
                    "notes": "CANARY-WEEK travel",
                    "sessions": sessions,
                ]
            ],
            "wellness": wellness, "workouts": workouts, "biometrics": biometrics, "sleep": sleep,
            "food": food,
            "steps": steps, "weight": weight,
        ]
        let data = try JSONSerialization.data(withJSONObject: dataset, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
