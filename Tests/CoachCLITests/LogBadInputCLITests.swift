import Foundation
import Testing

/// Bad input to every log kind and to `log edit`: a non-zero exit, one line naming the field and
/// what is valid, and nothing written (the audit count and the full export are unchanged).
@Suite struct LogBadInputCLITests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let args: [String]
        let status: Int32
        let message: String
        var testDescription: String { name }
    }

    /// Ids of entries in Tests/Fixtures/dataset-every-field.json, which every case starts from.
    static let wellnessId = "8f0c2a52-0f44-4c44-9a65-7e0b6b1c0003",
        workoutId = "8f0c2a52-0f44-4c44-9a65-7e0b6b1c0004"
    static let hrvId = "8f0c2a52-0f44-4c44-9a65-7e0b6b1c0005",
        sleepId = "8f0c2a52-0f44-4c44-9a65-7e0b6b1c0006"
    static let foodId = "8f0c2a52-0f44-4c44-9a65-7e0b6b1c0007",
        weightId = "8f0c2a52-0f44-4c44-9a65-7e0b6b1c0008"
    static let stepsId = "steps-2026-11-24"
    static let muscles =
        "valid: chest, shoulders, upper_back, lower_back, arms, core, glutes, quads, hamstrings, calves"

    static let logCases: [Case] = [
        Case(
            name: "mood 0", args: ["mood", "0"], status: 65,
            message: "mood is out of range; the valid range is 1–5"),
        Case(
            name: "mood 6", args: ["mood", "6"], status: 65,
            message: "mood is out of range; the valid range is 1–5"),
        Case(
            name: "mood with a bad date", args: ["mood", "4", "--date", "2026-02-30"], status: 65,
            message: "'2026-02-30' is not a day"),
        Case(
            name: "mood in the future", args: ["mood", "4", "--date", "tomorrow"], status: 65,
            message: "--date is out of range; the valid range is today or earlier"),
        Case(
            name: "DOMS 11", args: ["doms", "quads=11"], status: 65,
            message: "DOMS quads is out of range; the valid range is 0–10"),
        Case(
            name: "DOMS unknown muscle", args: ["doms", "glutez=3"], status: 65,
            message: "unknown muscle group 'glutez'; " + muscles),
        Case(
            name: "DOMS without a level", args: ["doms", "quads"], status: 65,
            message: "'quads' is not a valid quantity; use GROUP=LEVEL"),
        Case(
            name: "wellness mood 6", args: ["wellness", "--mood", "6"], status: 65,
            message: "mood is out of range; the valid range is 1–5"),
        Case(
            name: "wellness DOMS 11", args: ["wellness", "--doms", "hams=11"], status: 65,
            message: "DOMS hamstrings is out of range; the valid range is 0–10"),
        Case(
            name: "workout RPE 0",
            args: ["workout", "--sport", "run", "--duration", "45m", "--rpe", "0"], status: 65,
            message: "RPE is out of range; the valid range is 1–10"),
        Case(
            name: "workout RPE 11",
            args: ["workout", "--sport", "run", "--duration", "45m", "--rpe", "11"], status: 65,
            message: "RPE is out of range; the valid range is 1–10"),
        Case(
            name: "workout HR 24",
            args: ["workout", "--sport", "run", "--duration", "45m", "--avg-hr", "24"], status: 65,
            message: "average HR is out of range; the valid range is 25–250 bpm"),
        Case(
            name: "workout HR 251",
            args: ["workout", "--sport", "run", "--duration", "45m", "--max-hr", "251"], status: 65,
            message: "max HR is out of range; the valid range is 25–250 bpm"),
        Case(
            name: "workout kcal -1",
            args: ["workout", "--sport", "run", "--duration", "45m", "--kcal", "-1"], status: 65,
            message: "energy is out of range; the valid range is 0–10000 kcal"),
        Case(
            name: "workout kcal 10001",
            args: ["workout", "--sport", "run", "--duration", "45m", "--kcal", "10001"], status: 65,
            message: "energy is out of range; the valid range is 0–10000 kcal"),
        Case(
            name: "workout bad duration", args: ["workout", "--sport", "run", "--duration", "5x"],
            status: 65, message: "'5x' is not a duration"),
        Case(
            name: "workout bad distance",
            args: ["workout", "--sport", "run", "--duration", "45m", "--distance", "42parsecs"],
            status: 65, message: "'42parsecs' is not a valid quantity"),
        Case(
            name: "workout unknown sport",
            args: ["workout", "--sport", "curling", "--duration", "45m"], status: 65,
            message: "unknown sport 'curling'; valid: cycling"),
        Case(
            name: "workout bad start",
            args: ["workout", "--sport", "run", "--duration", "45m", "--start", "25:00"],
            status: 65, message: "'25:00' is not a time"),
        Case(
            name: "biometrics HR 24", args: ["biometrics", "--rest-hr", "24"], status: 65,
            message: "heart rate is out of range; the valid range is 25–250 bpm"),
        Case(
            name: "biometrics HR 251", args: ["biometrics", "--rest-hr", "251"], status: 65,
            message: "heart rate is out of range; the valid range is 25–250 bpm"),
        Case(
            name: "biometrics HRV 0", args: ["biometrics", "--hrv", "0"], status: 65,
            message: "HRV is out of range; the valid range is 1–300 ms"),
        Case(
            name: "biometrics HRV 301", args: ["biometrics", "--hrv", "301", "--rest-hr", "50"],
            status: 65, message: "HRV is out of range; the valid range is 1–300 ms"),
        Case(
            name: "biometrics SpO2 69", args: ["biometrics", "--spo2", "69"], status: 65,
            message: "SpO2 is out of range; the valid range is 70–100 %"),
        Case(
            name: "biometrics SpO2 101", args: ["biometrics", "--spo2", "101"], status: 65,
            message: "SpO2 is out of range; the valid range is 70–100 %"),
        Case(
            name: "biometrics wrist temperature -6 °C", args: ["biometrics", "--wrist-temp", "-6"],
            status: 65, message: "wrist temperature deviation is out of range"),
        Case(
            name: "biometrics bad sleep duration", args: ["biometrics", "--sleep", "7x"],
            status: 65, message: "'7x' is not a duration"),
        Case(
            name: "biometrics sleep over 24 h", args: ["biometrics", "--sleep", "25h"], status: 65,
            message: "sleep block is out of range"),
        Case(
            name: "food kcal -1", args: ["food", "--kcal", "-1"], status: 65,
            message: "energy is out of range; the valid range is 0–10000 kcal per entry"),
        Case(
            name: "food kcal 10001", args: ["food", "--kcal", "10001"], status: 65,
            message: "energy is out of range; the valid range is 0–10000 kcal per entry"),
        Case(
            name: "food unknown meal", args: ["food", "--kcal", "300", "--meal", "brunch"],
            status: 65, message: "unknown meal 'brunch'; valid: breakfast"),
        Case(
            name: "food bad time", args: ["food", "--kcal", "300", "--time", "7pm"], status: 65,
            message: "'7pm' is not a time"),
        Case(
            name: "food protein 1001 g", args: ["food", "--kcal", "300", "--protein", "1001"],
            status: 65, message: "protein is out of range; the valid range is 0–1000 g"),
        Case(
            name: "steps -1", args: ["steps", "--", "-1"], status: 65,
            message: "steps is out of range; the valid range is 0–150000 a day"),
        Case(
            name: "steps 150001", args: ["steps", "150001"], status: 65,
            message: "steps is out of range; the valid range is 0–150000 a day"),
        Case(
            name: "steps bad distance", args: ["steps", "9000", "--distance", "9 furlongs"],
            status: 65, message: "is not a valid quantity"),
        Case(
            name: "weight 19 kg", args: ["weight", "19kg"], status: 65,
            message: "weight is out of range; the valid range is 20–400 kg"),
        Case(
            name: "weight 401 kg", args: ["weight", "401kg"], status: 65,
            message: "weight is out of range; the valid range is 20–400 kg"),
        Case(
            name: "weight bad quantity", args: ["weight", "61stone"], status: 65,
            message: "'61stone' is not a valid quantity"),
        Case(
            name: "weight body fat 80 %", args: ["weight", "61kg", "--body-fat", "80%"], status: 65,
            message: "body fat is out of range; the valid range is 2–70 %"),
    ]

    static let editCases: [Case] = [
        Case(
            name: "edit mood 6", args: [wellnessId, "--mood", "6"], status: 65,
            message: "mood is out of range; the valid range is 1–5"),
        Case(
            name: "edit DOMS 11", args: [wellnessId, "--doms", "calves=11"], status: 65,
            message: "DOMS calves is out of range; the valid range is 0–10"),
        Case(
            name: "edit DOMS unknown muscle", args: [wellnessId, "--doms", "glutez=2"], status: 65,
            message: "unknown muscle group 'glutez'; " + muscles),
        Case(
            name: "edit bad date", args: [wellnessId, "--date", "2026-13-01"], status: 65,
            message: "'2026-13-01' is not a day"),
        Case(
            name: "edit RPE 11", args: [workoutId, "--rpe", "11"], status: 65,
            message: "RPE is out of range; the valid range is 1–10"),
        Case(
            name: "edit HR 251", args: [workoutId, "--avg-hr", "251"], status: 65,
            message: "average HR is out of range; the valid range is 25–250 bpm"),
        Case(
            name: "edit bad duration", args: [workoutId, "--duration", "1h70"], status: 65,
            message: "'1h70' is not a duration"),
        Case(
            name: "edit bad start", args: [workoutId, "--start", "7 o'clock"], status: 65,
            message: "is not a"),
        Case(
            name: "edit HRV 301", args: [hrvId, "--hrv", "301"], status: 65,
            message: "HRV is out of range; the valid range is 1–300 ms"),
        Case(
            name: "edit HRV 0 as --value", args: [hrvId, "--value", "0"], status: 65,
            message: "HRV is out of range; the valid range is 1–300 ms"),
        Case(
            name: "edit SpO2 on an HRV sample", args: [hrvId, "--spo2", "98"], status: 64,
            message: "--spo2 does not apply to this hrv_rmssd sample"),
        Case(
            name: "edit sleep over 24 h", args: [sleepId, "--sleep", "25h"], status: 65,
            message: "sleep block is out of range"),
        Case(
            name: "edit food kcal 10001", args: [foodId, "--kcal", "10001"], status: 65,
            message: "energy is out of range; the valid range is 0–10000 kcal per entry"),
        Case(
            name: "edit food kcal -1", args: [foodId, "--kcal", "-1"], status: 65,
            message: "energy is out of range; the valid range is 0–10000 kcal per entry"),
        Case(
            name: "edit food bad time", args: [foodId, "--time", "25:61"], status: 65,
            message: "'25:61' is not a time"),
        Case(
            name: "edit steps 150001", args: [stepsId, "--steps", "150001"], status: 65,
            message: "steps is out of range; the valid range is 0–150000 a day"),
        Case(
            name: "edit steps to another day", args: [stepsId, "--date", "2026-11-20"], status: 64,
            message: "--date does not apply to a steps day"),
        Case(
            name: "edit weight 401 kg", args: [weightId, "--weight", "401kg"], status: 65,
            message: "weight is out of range; the valid range is 20–400 kg"),
        Case(
            name: "edit kcal on a wellness entry", args: [wellnessId, "--kcal", "500"], status: 64,
            message: "--kcal does not apply to a wellness entry; its options are --mood"),
        Case(
            name: "edit with no field", args: [foodId], status: 64,
            message: "nothing to change; give at least one option for a food entry"),
        Case(
            name: "edit unknown id", args: ["no-such-entry", "--mood", "3"], status: 66,
            message: "no record 'no-such-entry'"),
    ]

    /// A workspace whose athlete jane holds one entry of every kind.
    static func scene() throws -> CoachSandbox {
        let s = try CoachSandbox()
        try s.initialise()
        try s.expectOK(
            s.run([
                "import", "json", RepoFiles.everyFieldFixture, "--athlete", "jane", "--as",
                "olivia",
            ]))
        return s
    }

    static func expectRefused(_ c: Case, _ command: [String]) throws {
        let s = try scene()
        let export = ["export", "--athlete", "jane", "--as", "olivia"]
        let before = try s.expectOK(s.run(export)).stdout
        let audit = try s.auditEntries()
        var args = ["log"] + command
        args.insert(
            contentsOf: ["--athlete", "jane", "--as", "olivia"],
            at: args.firstIndex(of: "--") ?? args.endIndex)
        let r = try s.run(args)
        #expect(r.status == c.status, "\(c.name): exit \(r.status), stderr: \(r.stderr)")
        #expect(!r.crashed)
        #expect(r.errorLines.count == 1 && r.stderr.hasPrefix("coach: "), "one line: \(r.stderr)")
        #expect(r.stderr.contains(c.message), "\(c.name): \(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(try s.auditEntries() == audit, "nothing was audited")
        #expect(try s.expectOK(s.run(export)).stdout == before, "nothing was written")
    }

    @Test(
        "Bad input to a log command is refused with the field and its range, and writes nothing",
        arguments: logCases)
    func badLog(c: Case) throws { try Self.expectRefused(c, c.args) }

    @Test(
        "Bad input to log edit is refused with the field and its range, and changes nothing",
        arguments: editCases)
    func badEdit(c: Case) throws { try Self.expectRefused(c, ["edit"] + c.args) }
}
