import CoachCrypto
import CoachKit
import CoachLocal
import CoachMetrics
import CoachStore
import CoachViews
import Foundation

/// Builds the throw-away workspace `coach demo` shows: an owner, a coach and three athletes with
/// four months of generated history each.
enum DemoWorkspace {
    /// The three demo athletes, with realistic profiles.
    static func athletes() -> [AthleteProfile] {
        var jane = AthleteProfile(handle: "jane", name: "Jane Doe", timeZone: "Europe/Berlin")
        jane.sex = .female; jane.birthDate = LocalDay("1994-05-02");
        jane.sports = [.cycling, .running]
        jane.heightCm = 168; jane.weightKg = 61; jane.bodyFatPct = 21
        jane.thresholds = Thresholds(
            ftpW: 250, thresholdPaceSPerKm: 270, lthrBpm: 168, restHrBpm: 48, maxHrBpm: 190)
        jane.notes.goals = "Sub-10h Ironman 70.3 bike split in June"
        var marco = AthleteProfile(handle: "marco", name: "Marco Rossi", timeZone: "Europe/Rome")
        marco.sex = .male; marco.birthDate = LocalDay("1988-09-14"); marco.sports = [.running]
        marco.heightCm = 178; marco.weightKg = 70
        marco.thresholds = Thresholds(
            thresholdPaceSPerKm: 232, lthrBpm: 172, restHrBpm: 44, maxHrBpm: 188)
        marco.nutrition.goal = .lose; marco.nutrition.weeklyChangeKg = -0.25
        marco.notes.goals = "Marathon under 2:50"
        var aiko = AthleteProfile(handle: "aiko", name: "Aiko Tanaka", timeZone: "America/New_York")
        aiko.sex = .female; aiko.birthDate = LocalDay("2001-02-20");
        aiko.sports = [.swimming, .strength]
        aiko.units = .imperial; aiko.heightCm = 163; aiko.weightKg = 57
        aiko.thresholds = Thresholds(lthrBpm: 176, cssSPer100m: 88, restHrBpm: 52, maxHrBpm: 198)
        aiko.nutrition.goal = .muscle
        aiko.notes.goals = "200 m freestyle PB at nationals"
        // Established athletes (about 60 TSS a day): the coach types that as the chart's start,
        // as TrainingPeaks asks, rather than let fitness climb from 0 for months.
        var all = [jane, marco, aiko]
        for i in all.indices {
            all[i].pmc.startCtl = 60
            all[i].pmc.startAtl = 60
        }
        return all
    }

    /// Creates the demo workspace at `path` and returns it with the coach signed in, plus an
    /// 8-hour session for the coach so later commands on the demo need no passphrase.
    ///
    /// - Parameters:
    ///   - passphrases: the owner's and the coach's passphrases (readable text, which the demo
    ///     writes to private files so the user can sign in again after the session ends).
    static func build(
        at path: String, environment: AppEnvironment,
        passphrases: (owner: String, coach: String)
    ) throws -> (Workspace, Principal, SessionToken) {
        let clock = environment.clock
        let ownerPass = try Passphrase(text: passphrases.owner).key
        let coachPass = try Passphrase(text: passphrases.coach).key
        let ws = try Workspace.create(
            at: path, owner: "owner", passphrase: ownerPass, preset: .interactive, clock: clock,
            random: environment.random, ids: environment.ids)
        let owner = try ws.authenticate(handle: "owner", passphrase: ownerPass)
        try ws.addUser(
            handle: "coach", role: .coach, athleteHandle: nil, passphrase: coachPass, as: owner)
        let coach = try ws.authenticate(handle: "coach", passphrase: coachPass)
        let stories: [DemoHistory.Story] = [.steady, .runDown, .taper]
        for (i, profile) in athletes().enumerated() {
            var history = DemoHistory(
                profile: profile, story: stories[i], now: clock.now(), seed: UInt64(i + 1))
            _ = try ws.importDataset(
                history.dataset(), handle: Handle(profile.handle), create: true, as: coach)
        }
        return (
            ws, coach, try ws.unlock(handle: "coach", passphrase: coachPass, ttlSeconds: 8 * 3600)
        )
    }

    /// A readable random passphrase: four groups of five letters and digits that cannot be
    /// confused (about 100 bits).
    static func passphrase(using random: some RandomSource = SystemRandom()) -> String {
        let alphabet = Array("23456789abcdefghjkmnpqrstuvwxyz")
        let chars = random.bytes(20).map { alphabet[Int($0) % alphabet.count] }
        return stride(from: 0, to: 20, by: 5).map { String(chars[$0..<$0 + 5]) }
            .joined(separator: "-")
    }

    /// Writes each user's passphrase to `<workspace>.<user>.passphrase` (mode 0600).
    ///
    /// - Returns: the file of each user.
    static func writePassphrases(_ passphrases: [String: String], next workspace: String) throws
        -> [String: String]
    {
        var files: [String: String] = [:]
        for (user, passphrase) in passphrases {
            let file = "\(workspace).\(user).passphrase"
            unlink(file)
            try SecureFiles.writeNew(Array((passphrase + "\n").utf8), to: file)
            files[user] = file
        }
        return files
    }
}
