import CoachKit

/// One generated athlete in the interchange format (JSON text), seeded so a run is repeatable.
///
/// The shape of `Examples/generate_dataset.py`: per day a wellness entry, a workout on six days
/// of seven, two HRV and one resting-HR sample, a sleep block, three meals and a step count, and
/// a weight on Sundays — about ten records a day.
struct ScaleDataset {
    let handle: String
    let days: Int
    let end: LocalDay
    var rng: SplitMix

    init(handle: String, days: Int, end: LocalDay, seed: UInt64) {
        self.handle = handle
        self.days = days
        self.end = end
        rng = SplitMix(seed: seed)
    }

    /// The dataset as `coach/1` JSON.
    mutating func json() -> String {
        let start = end.adding(days: 1 - days)
        var wellness: [String] = [], workouts: [String] = [], bio: [String] = []
        var sleep: [String] = [], food: [String] = [], steps: [String] = [], weight: [String] = []
        let off = "+01:00"
        for i in 0..<days {
            let d = end.adding(days: i - days + 1), ds = d.description
            let prev = d.adding(days: -1).description
            wellness.append(
                #"{"id":"\#(uuid())","day":"\#(ds)","mood":\#(int(2, 5)),"#
                    + #""doms":{"quads":\#(int(0, 7)),"calves":\#(int(0, 4))}}"#)
            if d.isoWeekday != 1 {
                let cycling = d.isoWeekday % 2 == 0
                let dur = [2700, 3600, 4500, 5400, 7200][int(0, 4)]
                var w =
                    #"{"id":"\#(uuid())","start":"\#(ds)T07:00:00\#(off)","#
                    + #""sport":"\#(cycling ? "cycling" : "running")","elapsed_s":\#(dur),"#
                    + #""moving_s":\#(dur - 60),"rpe":\#(int(3, 9)),"avg_hr_bpm":\#(int(125, 165)),"#
                    + #""kcal":\#(dur / 6),"source":"generated""#
                if cycling {
                    let np = int(170, 260)
                    w += #","np_w":\#(np),"avg_power_w":\#(np - 15)}"#
                } else {
                    w += #","distance_m":\#(dur * 1000 / int(260, 330))}"#
                }
                workouts.append(w)
            }
            for t in ["06:30", "06:35"] {
                let v = (max(10, 62 + 8 * (unit() + unit() + unit() - 1.5)) * 10).rounded() / 10
                bio.append(
                    #"{"id":"\#(uuid())","time":"\#(ds)T\#(t):00\#(off)","type":"hrv_rmssd","#
                        + #""value":\#(v)}"#)
            }
            bio.append(
                #"{"id":"\#(uuid())","time":"\#(ds)T06:40:00\#(off)","type":"resting_hr","#
                    + #""value":\#(int(44, 54))}"#)
            sleep.append(
                #"{"id":"\#(uuid())","start":"\#(prev)T22:\#(int(10, 59)):00\#(off)","#
                    + #""end":"\#(ds)T06:20:00\#(off)","stage":"asleep"}"#)
            for (meal, t, kcal) in [("breakfast", "08:00", 550), ("lunch", "12:30", 800)]
                + [("dinner", "19:00", 900)]
            {
                food.append(
                    #"{"id":"\#(uuid())","time":"\#(ds)T\#(t):00\#(off)","#
                        + #""kcal":\#(kcal + int(-150, 150)),"protein_g":\#(int(20, 45)),"#
                        + #""carbs_g":\#(int(50, 120)),"fat_g":\#(int(10, 35)),"meal":"\#(meal)"}"#)
            }
            steps.append(#"{"day":"\#(ds)","steps":\#(int(4000, 16000))}"#)
            if d.isoWeekday == 7 {
                let kg = (60 + 2.5 * unit()) * 10
                weight.append(
                    #"{"id":"\#(uuid())","time":"\#(ds)T07:05:00\#(off)","#
                        + #""kg":\#(kg.rounded() / 10)}"#)
            }
        }
        let athlete =
            #"{"handle":"\#(handle)","name":"\#(handle) Example","sex":"female","#
            + #""birth_date":"1994-05-02","units":"metric","time_zone":"Etc/GMT-1","#
            + #""height_cm":168,"weight_kg":61.0,"body_fat_pct":21.0,"#
            + #""sports":["cycling","running"],"thresholds":{"ftp_w":250,"#
            + #""threshold_pace_s_per_km":270,"lthr_bpm":168,"rest_hr_bpm":48,"max_hr_bpm":190},"#
            + #""activity":{"step_goals":[{"from":"\#(start.adding(days: -1))","steps":10000}]}}"#
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
        return #"{"format":"coach/1","athlete":\#(athlete),"weeks":[],"#
            + #""wellness":\#(list(wellness)),"workouts":\#(list(workouts)),"#
            + #""biometrics":\#(list(bio)),"sleep":\#(list(sleep)),"food":\#(list(food)),"#
            + #""steps":\#(list(steps)),"weight":\#(list(weight))}"#
    }

    private mutating func int(_ lo: Int, _ hi: Int) -> Int {
        lo + Int(rng.next() % UInt64(hi - lo + 1))
    }

    private mutating func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }

    private mutating func uuid() -> String {
        let a = rng.next(), b = rng.next()
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for i in 0..<32 {
            if i == 8 || i == 12 || i == 16 || i == 20 { out.append(UInt8(ascii: "-")) }
            let word = i < 16 ? a : b
            let nibble = Int(word >> UInt64(60 - 4 * (i % 16)) & 0xF)
            out.append(i == 12 ? UInt8(ascii: "4") : i == 16 ? UInt8(ascii: "a") : digits[nibble])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// SplitMix64: a tiny seeded generator (the benchmark needs repeatability, not quality).
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
