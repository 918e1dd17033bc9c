import ArgumentParser
import CoachApp
import CoachKit
import Foundation

/// The options every device import shares.
struct DeviceImportOptions: ParsableArguments {
    @Argument(help: "Files, folders or zip archives to import.") var files: [String]
    @Option(
        name: [.customShort("a"), .long],
        help: "The athlete to import into (athlete users may omit it).", completion: .athletes)
    var athlete: String?
    @Option(help: "Skip records before this day (YYYY-MM-DD).") var since: String?
    @Flag(help: "Go on past files that cannot be read; skip records out of range.")
    var skipBad = false
    @Flag(help: "Read and count everything, write nothing.") var dryRun = false
    @Flag(help: "No progress bar.") var quiet = false
    @Flag(help: "CSV: ignore columns that no log kind has.") var ignoreUnknown = false
    @Option(help: "Records per transaction (a kill loses at most one batch; re-run to finish).")
    var batch = 16000
}

/// Runs a device import and prints its summary (shared by the format subcommands).
enum DeviceImportRunner {
    static func run(
        _ global: GlobalOptions, _ output: OutputOptions, _ o: DeviceImportOptions,
        format: ImportFormat?
    ) throws {
        try guarded {
            var since: LocalDay?
            if let text = o.since {
                guard let day = LocalDay(text) else {
                    throw CLIError.usage("--since must be a day like 2026-01-31")
                }
                since = day
            }
            guard (1...1_000_000).contains(o.batch) else {
                throw CLIError.usage("--batch must be between 1 and 1000000")
            }
            var request = ImportRequest(
                paths: o.files, format: format, athlete: o.athlete.map(Handle.init), since: since,
                skipBad: o.skipBad, dryRun: o.dryRun, ignoreUnknownColumns: o.ignoreUnknown)
            request.batchSize = o.batch
            let bar = ProgressBar(enabled: !o.quiet && isatty(STDERR_FILENO) == 1)
            let report = try global.session().importFiles(request, progress: bar.update)
            bar.finish()
            if output.json { print(try Render.json(ImportJSON(report), shape: "import")); return }
            print(ImportSummaryText.render(report))
            if !report.failures.isEmpty { throw ExitCode(ExitStatus.invalidData) }
        }
    }
}

struct AutoImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auto",
        abstract: "Import files, recognising each format from its content (the default).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var options: DeviceImportOptions
    func run() throws { try DeviceImportRunner.run(global, output, options, format: nil) }
}

struct AppleHealthImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apple-health", abstract: "Import Apple Health exports (export.zip or .xml).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var options: DeviceImportOptions
    func run() throws { try DeviceImportRunner.run(global, output, options, format: .appleHealth) }
}

struct FITImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit", abstract: "Import FIT activity files.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var options: DeviceImportOptions
    func run() throws { try DeviceImportRunner.run(global, output, options, format: .fit) }
}

struct TCXImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tcx", abstract: "Import TCX activity files.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var options: DeviceImportOptions
    func run() throws { try DeviceImportRunner.run(global, output, options, format: .tcx) }
}

struct GPXImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gpx", abstract: "Import GPX tracks.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var options: DeviceImportOptions
    func run() throws { try DeviceImportRunner.run(global, output, options, format: .gpx) }
}

struct CSVImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Import CSV tables of log entries (columns named as in the JSON format).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var options: DeviceImportOptions
    func run() throws { try DeviceImportRunner.run(global, output, options, format: .csv) }
}
