/// The EXAMPLES sections of command help: a few commands as they are typed, each with what it
/// does, so `coach COMMAND --help` shows the usual ways in before the list of options.
enum HelpExamples {
    /// An `EXAMPLES:` block: each command line, and what it does indented under it (help is
    /// wrapped at 80 columns, so a comment beside a long command would break it).
    static func block(_ lines: [(String, String)]) -> String {
        "EXAMPLES:\n"
            + lines.map { command, what in
                "  " + command + (what.isEmpty ? "" : "\n      " + what)
            }.joined(separator: "\n")
    }

    static let initialise = block([
        ("coach init --owner olga", "asks for the owner's passphrase twice"),
        ("coach init --owner olga --new-passphrase-file pass.txt", "for scripts"),
    ])
    static let unlock = block([
        ("coach unlock --as olga", "one passphrase, then an 8-hour session"),
        ("coach unlock --as carl --passphrase-file -", "the passphrase from stdin"),
    ])
    static let team = block([
        ("coach team", "one row per athlete; exit 3 when anyone is flagged"),
        ("coach team --sort readiness --flagged-first", "who to look at first"),
        ("coach team --date yesterday --json", "for scripts (coach-team/1)"),
    ])
    static let dashboard = block([
        ("coach dashboard -a jane", "today: body battery, load, sessions, every metric"),
        ("coach dashboard -a jane --date -3d", "three days ago"),
    ])
    static let metrics = block([
        ("coach metrics -a jane", "every metric of today"),
        ("coach metrics -a jane --provider readiness,stress --json", "two, for scripts"),
    ])
    static let trend = block([
        ("coach trend -a jane --metric ctl,atl,tsb --days 90", "fitness, fatigue and form"),
        ("coach trend -a jane --metric weight,weight.target", "7-day mean weight against target"),
        ("coach trend -a jane --metric readiness --json", "the series for scripts"),
    ])
    static let brief = block([
        ("coach brief --team", "who needs attention and why, today's sessions"),
        ("coach brief --team --format status", "one line for a status bar"),
        ("coach brief -a jane --json", "one athlete, for scripts"),
    ])
    static let report = block([
        ("coach report -a jane --out jane.html", "one athlete's charts, 90 days"),
        ("coach report team --out team.html", "every athlete, flagged first"),
    ])
    static let importing = block([
        ("coach import export.zip -a jane", "Apple Health, recognised from the content"),
        ("coach import ride.fit run.tcx -a jane --dry-run", "count what would change"),
        ("coach import moods.csv -a jane --skip-bad", "CSV per log kind"),
        ("coach import json jane.json -a jane", "a coach/1 export"),
    ])
    static let logWorkout = block([
        ("coach log workout -a jane --sport cycling --duration 1h30m --np 230", "a ride"),
        ("coach log workout --sport running --duration 45m --rpe 6 --date yesterday", "a run"),
    ])
    static let logMood = block([
        ("coach log mood 4 -a jane", "mood 1–5 for today"),
        ("coach log mood 3 --doms quads=6,hamstrings=3", "with soreness 0–10 per group"),
    ])
    static let logShow = block([
        ("coach log show -a jane --days 7", "the last week, in time order"),
        ("coach log show -a jane --kind wellness --json", "for scripts"),
    ])
    static let athleteAdd = block([
        ("coach athlete add jane --name \"Jane Doe\" --sport cycling --ftp 250", "a cyclist"),
        ("coach athlete add bert --name Bert --time-zone Europe/Berlin --weight 72kg", ""),
    ])
    static let sessionAdd = block([
        (
            "coach plan session add -a jane --date tomorrow --title \"Threshold 3x12\"",
            "a session"
        ),
        ("coach plan session add -a jane --date fri --title Squats --targets quads", ""),
    ])
    static let planWeek = block([
        ("coach plan week -a jane", "this week with compliance and totals"),
        ("coach plan week -a jane --week next --create", "create next week"),
    ])
}
