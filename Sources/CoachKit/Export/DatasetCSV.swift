import Foundation

/// Renders an athlete's logs as one CSV table that spreadsheets open.
///
/// Shape: a header row, then one row per log entry, grouped by kind in the order of the JSON
/// export (wellness, workout, biometric, sleep, food, steps, weight) and within a kind in the
/// export's order. The first columns are `kind`, `id`, `day` (athlete-local) and `time` (ISO 8601
/// with offset: a workout's start, a sleep block's start, a sample's or meal's time); the rest
/// carry the JSON field names of the kinds included, in a fixed order, left empty where a kind
/// has no such field. Soreness is one column per muscle group (`doms_quads`…). Plans, the
/// profile and workout sample streams are not part of the CSV; the JSON export has them.
public enum DatasetCSV {
    /// The log kinds a CSV can hold, in row order.
    public static let kinds: [RecordKind] = [
        .wellness, .workout, .biometric, .sleep, .food, .steps, .weight,
    ]

    /// Every column in order, with the kinds that fill it.
    static let columns: [(name: String, kinds: Set<RecordKind>)] = {
        let all = Set(kinds)
        var c: [(String, Set<RecordKind>)] = [
            ("kind", all), ("id", all), ("day", all),
            ("time", [.workout, .biometric, .sleep, .food, .weight]), ("end", [.sleep]),
        ]
        c +=
            [("mood", [.wellness])]
            + MuscleGroup.allCases.map { ("doms_\($0.rawValue)", [.wellness]) } + [
                ("notes", [.wellness])
            ]
        c += ["sport", "elapsed_s", "moving_s"].map { ($0, [.workout]) }
        c += [("distance_m", [.workout, .steps])]
        c += ["rpe", "tss", "avg_power_w", "np_w", "avg_hr_bpm", "max_hr_bpm"].map {
            ($0, [.workout])
        }
        c += [
            ("kcal", [.workout, .food]), ("title", [.workout]), ("source", [.workout, .biometric]),
        ]
        c += [("type", [.biometric]), ("value", [.biometric]), ("stage", [.sleep])]
        c += ["protein_g", "carbs_g", "fat_g", "meal", "note"].map { ($0, [.food]) }
        c += [
            ("steps", [.steps]), ("active_kcal", [.steps]), ("kg", [.weight]),
            ("body_fat_pct", [.weight]),
        ]
        return c
    }()

    /// The header of a CSV holding `kinds` (all log kinds when empty).
    public static func header(kinds wanted: [RecordKind] = []) -> [String] {
        let set = Set(wanted.isEmpty ? kinds : wanted)
        return columns.filter { !$0.kinds.isDisjoint(with: set) }.map(\.name)
    }

    /// The CSV text (UTF-8, CRLF line ends, RFC 4180 quoting) of `dataset`'s logs of `kinds`.
    ///
    /// - Parameters:
    ///   - dataset: the athlete's data, as `exportDataset` returns it.
    ///   - kinds: which log kinds to include; all of them when empty. Profiles and weeks are ignored.
    /// - Returns: the header row and one row per entry; the same data always gives the same bytes.
    public static func render(_ dataset: AthleteDataset, kinds wanted: [RecordKind] = []) -> String
    {
        let names = header(kinds: wanted)
        let set = Set(wanted.isEmpty ? kinds : wanted)
        var out = CSVText.record(names)
        for row in rows(dataset) where set.contains(row.kind) {
            out += CSVText.record(names.map { row.cells[$0] ?? "" })
        }
        return out
    }

    /// One row: its kind and its cells by column name, already quoted.
    struct Row {
        let kind: RecordKind
        var cells: [String: String]
    }

    static func rows(_ d: AthleteDataset) -> [Row] {
        let zone = d.athlete.zone
        func row(_ kind: RecordKind, _ id: String, _ day: LocalDay, _ time: Instant?) -> Row {
            var r = Row(
                kind: kind,
                cells: ["kind": kind.rawValue, "id": CSVText.field(id), "day": day.description])
            r.cells["time"] = time?.description
            return r
        }
        func put(_ r: inout Row, _ name: String, _ v: Double?) {
            if let v { r.cells[name] = CSVText.number(v) }
        }
        func put(_ r: inout Row, _ name: String, text v: String?) {
            if let v { r.cells[name] = CSVText.text(v) }
        }
        var out: [Row] = []
        for e in d.wellness {
            var r = row(.wellness, e.id, e.day, nil)
            put(&r, "mood", e.mood.map(Double.init))
            for (group, level) in e.doms { r.cells["doms_\(group.rawValue)"] = String(level) }
            put(&r, "notes", text: e.notes)
            out.append(r)
        }
        for w in d.workouts {
            var r = row(.workout, w.id, w.start.day(in: zone), w.start)
            r.cells["sport"] = w.sport.rawValue
            let numbers: [(String, Double?)] = [
                ("elapsed_s", w.elapsedS), ("moving_s", w.movingS), ("distance_m", w.distanceM),
                ("rpe", w.rpe.map(Double.init)), ("tss", w.tss), ("avg_power_w", w.avgPowerW),
                ("np_w", w.npW), ("avg_hr_bpm", w.avgHrBpm), ("max_hr_bpm", w.maxHrBpm),
                ("kcal", w.kcal),
            ]
            for (name, v) in numbers { put(&r, name, v) }
            put(&r, "title", text: w.title)
            put(&r, "source", text: w.source)
            out.append(r)
        }
        for s in d.biometrics {
            var r = row(.biometric, s.id, s.time.day(in: zone), s.time)
            r.cells["type"] = s.type.rawValue
            put(&r, "value", s.value)
            put(&r, "source", text: s.source)
            out.append(r)
        }
        for s in d.sleep {
            var r = row(.sleep, s.id, s.end.day(in: zone), s.start)
            r.cells["end"] = s.end.description
            r.cells["stage"] = s.stage.rawValue
            out.append(r)
        }
        for f in d.food {
            var r = row(.food, f.id, f.time.day(in: zone), f.time)
            for (name, v) in [
                ("kcal", f.kcal), ("protein_g", f.proteinG), ("carbs_g", f.carbsG),
                ("fat_g", f.fatG),
            ] { put(&r, name, v) }
            put(&r, "meal", text: f.meal)
            put(&r, "note", text: f.note)
            out.append(r)
        }
        for s in d.steps {
            var r = row(.steps, s.id, s.day, nil)
            put(&r, "steps", Double(s.steps))
            put(&r, "distance_m", s.distanceM)
            put(&r, "active_kcal", s.activeKcal)
            out.append(r)
        }
        for w in d.weight {
            var r = row(.weight, w.id, w.time.day(in: zone), w.time)
            put(&r, "kg", w.kg)
            put(&r, "body_fat_pct", w.bodyFatPct)
            out.append(r)
        }
        return out
    }
}
