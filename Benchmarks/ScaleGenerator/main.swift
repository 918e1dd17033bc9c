// coach-scale-gen: fills a workspace with generated athletes for the scale benchmark.
//
// Writes through the library (`AppSession.importDataset`, one transaction per athlete), so the
// records, snapshots and audit entries are exactly what `coach import json` would store, without
// a process, a passphrase check and a JSON file per athlete. Signs in with the unlocked session
// of the environment (`COACH_WORKSPACE`, `XDG_RUNTIME_DIR`), like any command.
//
// Usage: coach-scale-gen PREFIX FIRST LAST DAYS END_DAY
//   creates athletes PREFIXFIRST … PREFIXLAST, each with DAYS days of data ending on END_DAY
//   (YYYY-MM-DD), about ten records a day (the shape of Examples/generate_dataset.py).
import CoachApp
import CoachKit
import Foundation

let args = CommandLine.arguments
guard args.count == 6, let first = Int(args[2]), let last = Int(args[3]),
    let days = Int(args[4]), let end = LocalDay(args[5]), first <= last, days > 0
else {
    FileHandle.standardError.write(
        Data("usage: coach-scale-gen PREFIX FIRST LAST DAYS END_DAY\n".utf8))
    exit(64)
}
do {
    let environment = try AppEnvironment(variables: ProcessInfo.processInfo.environment)
    let session = try AppSession.open(SignIn(), environment: environment)
    for i in first...last {
        let handle = "\(args[1])\(i)"
        var generator = ScaleDataset(handle: handle, days: days, end: end, seed: UInt64(i))
        let json = generator.json()
        let dataset = try JSONDecoder().decode(AthleteDataset.self, from: Data(json.utf8))
        _ = try session.importDataset(dataset, athlete: Handle(handle), create: true)
    }
} catch {
    FileHandle.standardError.write(Data("coach-scale-gen: \(error)\n".utf8))
    exit(1)
}
