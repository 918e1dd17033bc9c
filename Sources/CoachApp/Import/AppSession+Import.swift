import CoachImport
import CoachKit
import CoachLocal
import CoachStore
import Foundation

extension AppSession {
    /// Imports device files (Apple Health, FIT, TCX, GPX, CSV, coach JSON, bulk exports) into
    /// one athlete — an athlete user's own when none is named.
    ///
    /// Every file (or archive entry) is all or nothing: records are written in batches, and a
    /// file that turns out to be bad has what it added removed again. Records carry ids derived
    /// from their source, so importing the same data again only counts duplicates, and an
    /// import killed half way finishes when run again.
    /// - Parameters:
    ///   - request: the files and options.
    ///   - progress: called now and then with the progress of the current file.
    /// - Returns: counts per record type and the outcome of every file.
    /// - Throws: the first file's `ImportError` (unless `skipBad`), or `StoreError`.
    public func importFiles(
        _ request: ImportRequest, progress: ((ImportProgress) -> Void)? = nil
    ) throws -> ImportReport {
        let athlete = try athlete(request.athlete)
        let settings = ImportSettings(
            since: request.since, zone: athlete.profile.zone,
            ignoreUnknownColumns: request.ignoreUnknownColumns)
        // A dry run makes the same ids, so it finds the same duplicates as the real run.
        let ids = try workspace.importIdMaker(for: athlete)
        // Held while writing: another command then leaves this import's journal alone.
        let lock = request.dryRun ? nil : ImportLock.hold(workspace: workspace.path)
        defer { withExtendedLifetime(lock) {} }
        var report = ImportReport(dryRun: request.dryRun)
        for path in request.paths {
            let units: [ImportUnit]
            do {
                units = try ImportUnits.units(path: path, forced: request.format)
            } catch let error as ImportError {
                guard request.skipBad else { throw error }
                report.files.append(
                    .init(file: path, format: "?", imported: false, error: "\(error)"))
                continue
            }
            for unit in units {
                do {
                    let counts = try importUnit(
                        unit, athlete: athlete, ids: ids, settings: settings, request: request,
                        progress: progress)
                    report.merge(counts)
                    report.files.append(
                        .init(file: unit.name, format: unit.format.rawValue, imported: true))
                } catch let error as ImportError {
                    guard request.skipBad else { throw error }
                    report.files.append(
                        .init(
                            file: unit.name, format: unit.format.rawValue, imported: false,
                            error: "\(error)"))
                }
            }
        }
        return report
    }

    private func importUnit(
        _ unit: ImportUnit, athlete: AthleteAccess, ids: ImportIdMaker?, settings: ImportSettings,
        request: ImportRequest, progress: ((ImportProgress) -> Void)?
    ) throws -> [String: ImportReport.TypeCounts] {
        if unit.format == .json { return try importJSONUnit(unit, athlete: athlete, request) }
        let sink = StoreSink(
            workspace: workspace, athlete: athlete, ids: ids,
            skipBad: request.skipBad, file: unit.name, batchSize: max(1, request.batchSize))
        sink.dryRun = request.dryRun
        sink.since = request.since
        let started = now
        var lastBytes: Int64 = 0
        if let progress {
            sink.onProgress = { [environment] records, bytes in
                if bytes >= 0 { lastBytes = bytes }
                progress(
                    ImportProgress(
                        records: records, bytes: lastBytes, totalBytes: unit.size,
                        elapsedS: environment.clock.now().timeIntervalSince(started),
                        file: unit.name))
            }
        }
        do {
            try unit.run(into: sink, settings: settings)
            try sink.flush()
            if !request.dryRun { try workspace.finishDeviceImport(for: athlete) }
        } catch {
            try? sink.undo()
            throw error
        }
        return sink.counts
    }

    private func importJSONUnit(
        _ unit: ImportUnit, athlete: AthleteAccess, _ request: ImportRequest
    ) throws -> [String: ImportReport.TypeCounts] {
        let dataset: AthleteDataset
        do {
            dataset = try JSONDecoder().decode(AthleteDataset.self, from: Data(try unit.bytes()))
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError(
                file: unit.name, position: .file, problem: .malformed,
                message: "not a coach/1 JSON file (\(error.localizedDescription))")
        }
        var counts = ImportReport.TypeCounts(label: "coach/1 JSON")
        let summary =
            request.dryRun
            ? try workspace.previewImport(dataset, into: athlete)
            : try workspace.importDataset(dataset, into: athlete)
        counts.imported = summary.added
        counts.updated = summary.updated
        counts.duplicate = summary.unchanged
        return [counts.label: counts]
    }
}
