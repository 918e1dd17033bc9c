import ArgumentParser
import CoachApp
import CoachKit
import Foundation

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring data in from files: device exports, activity files, CSV or coach JSON.",
        discussion: """
            'coach import FILE…' recognises each file from its content: an Apple Health export \
            (zip or xml), FIT, TCX, GPX, coach JSON, CSV per log kind, a folder or a zip of \
            activity files (Strava or Garmin account export). Name a format to force it.

            Options of 'coach import FILE…' (see 'coach help import auto'): -a/--athlete \
            HANDLE, --dry-run (count, write nothing), --since DAY, --skip-bad, --quiet, --json.

            """ + "\n\n" + HelpExamples.importing,
        subcommands: [
            AutoImport.self, JSON.self, AppleHealthImport.self, FITImport.self, TCXImport.self,
            GPXImport.self, CSVImport.self,
        ],
        defaultSubcommand: AutoImport.self)

    struct JSON: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "json",
            abstract: "Import a coach/1 JSON file (all or nothing; re-importing adds nothing).")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "A file written by 'coach export --format json'.") var file: String
        @Option(
            name: [.customShort("a"), .long],
            help: "The athlete to import into (athlete users may omit it).", completion: .athletes)
        var athlete: String?
        @Flag(help: "Create the athlete from the file's athlete section.") var create = false
        @Flag(help: "Report what would change and write nothing.") var dryRun = false

        func run() throws {
            try guarded {
                let dataset = try DatasetFile.read(file)
                let summary = try global.session().importDataset(
                    dataset, athlete: athlete.map(Handle.init), create: create, dryRun: dryRun)
                if output.json { print(try Render.json(summary, shape: "import-json")); return }
                print(
                    "\(dryRun ? "Would import" : "Imported") \(file): \(summary.added) added, \(summary.updated) updated, \(summary.unchanged) unchanged"
                        + (summary.createdAthlete
                            ? "; \(dryRun ? "would create" : "created") athlete '\(athlete ?? dataset.athlete.handle)'."
                            : ".") + (dryRun ? " Nothing was written (--dry-run)." : ""))
            }
        }
    }
}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export everything about one athlete (decrypted: keep the file safe).",
        discussion: """
            json writes the coach/1 format (docs/format.md): profile, plans and every log. csv writes the logs as one \
            table, a row per entry with a 'kind' column; --kind keeps only some kinds (and their columns).
            """)
    @OptionGroup var global: GlobalOptions
    @Option(
        name: [.customShort("a"), .long], help: "The athlete (athlete users may omit it).",
        completion: .athletes) var athlete: String?
    @Option(help: "json (default) or csv.") var format: String = "json"
    @Option(
        help: "csv only: wellness, workout, biometric, sleep, food, steps or weight (repeatable).")
    var kind: [String] = []
    @Option(help: "Write to a new FILE (mode 0600, never overwritten) instead of stdout.") var out:
        String?

    func validate() throws {
        guard format == "json" || format == "csv" else {
            throw ValidationError("--format must be json or csv")
        }
        guard format == "csv" || kind.isEmpty else {
            throw ValidationError("--kind needs --format csv; json exports everything")
        }
    }

    func run() throws {
        try guarded {
            let kinds: [RecordKind] = try kind.map { try parseEnum($0, "kind") }
            if let bad = kinds.first(where: { !DatasetCSV.kinds.contains($0) }) {
                throw CLIError.usage(
                    "--kind \(bad.rawValue) is not a log kind; use \(DatasetCSV.kinds.map(\.rawValue).joined(separator: ", "))"
                )
            }
            let dataset = try global.session().exportDataset(athlete.map(Handle.init))
            let text =
                format == "csv"
                ? DatasetCSV.render(dataset, kinds: kinds) : try Render.json(dataset) + "\n"
            if let out {
                try OutputFile.writeNew(text, to: out)
                print(
                    "Exported \(dataset.athlete.handle) as \(format == "csv" ? "CSV" : "coach/1 JSON") "
                        + "to \(out) (\(WrittenFile.size(text))).")
            } else {
                Terminal.writeDocument(text)
            }
        }
    }
}

/// Reads and decodes an interchange file, turning decoding errors into one line with the path.
enum DatasetFile {
    static func read(_ path: String) throws -> AthleteDataset {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError.io("cannot read \(path); check the path")
        }
        do {
            return try JSONDecoder().decode(AthleteDataset.self, from: data)
        } catch let error as DecodingError {
            throw CLIError.invalid("\(path): \(describe(error)); nothing was imported")
        } catch let error as CoachKitError {
            throw CLIError.worded(
                "\(path): \(ErrorText.message(for: error)); nothing was imported", error.category)
        } catch {
            throw CLIError.invalid("\(path) is not valid JSON; nothing was imported")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                .trimmingCharacters(in: ["."])
        }
        switch error {
        case .keyNotFound(let key, let ctx):
            return "missing field '\(key.stringValue)' at \(path(ctx.codingPath))"
        case .typeMismatch(_, let ctx), .valueNotFound(_, let ctx):
            return "wrong type at \(path(ctx.codingPath))"
        case .dataCorrupted(let ctx):
            return ctx.codingPath.isEmpty
                ? "not valid JSON" : "\(path(ctx.codingPath)): \(ctx.debugDescription)"
        @unknown default: return "unreadable"
        }
    }
}
