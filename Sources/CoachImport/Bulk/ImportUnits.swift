import CoachKit
import Foundation

/// Splits what the user named into units: a plain file is one unit; a folder or a bulk export
/// zip (a Strava or Garmin account export: `activities.csv` plus FIT, TCX and GPX files, some
/// gzipped) gives one unit per activity file.
public enum ImportUnits {
    /// The units of `path`.
    ///
    /// - Parameter forced: the format the user asked for, instead of recognising it.
    /// - Throws: `ImportError` when the file cannot be read or its format is not known.
    public static func units(path: String, forced: ImportFormat? = nil) throws -> [ImportUnit] {
        let format = try forced ?? ImportFormat.detect(path: path)
        guard format == .bulk else {
            let gz = try FileStream(path: path, length: 2).readAll() == [0x1F, 0x8B]
            return [
                ImportUnit(
                    name: path, format: format, size: FileStream.size(of: path),
                    open: { try FileStream(path: path) }, gzipped: gz, path: path)
            ]
        }
        var isDir: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
        return isDir.boolValue ? try folder(path) : try zip(path)
    }

    static func folder(_ root: String) throws -> [ImportUnit] {
        let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
            .sorted()
        var index: [String: String] = [:]
        if let csv = files.first(where: { $0.hasSuffix("activities.csv") }) {
            index = ActivityIndex.titles(
                String(decoding: try FileStream(path: "\(root)/\(csv)").readAll(), as: UTF8.self))
        }
        var out: [ImportUnit] = []
        for rel in files where activityFile(rel) {
            let full = "\(root)/\(rel)"
            if !FileStream.isRegular(full), let format = extensionFormat(rel) {
                // Refused when it is run (FileStream will not read it), naming the file, so
                // the folder's other files are still imported with skip-bad.
                out.append(
                    ImportUnit(
                        name: full, format: format, size: nil, open: { try FileStream(path: full) },
                        gzipped: false, path: nil))
                continue
            }
            let format = try ImportFormat.detect(path: full, name: "\(root)/\(rel)")
            guard format != .bulk else { continue }
            let gz = rel.hasSuffix(".gz")
            var unit = ImportUnit(
                name: full, format: format, size: FileStream.size(of: full),
                open: { try FileStream(path: full) }, gzipped: gz, path: full)
            unit.title = index[rel] ?? index[(rel as NSString).lastPathComponent]
            out.append(unit)
        }
        return out
    }

    static func zip(_ path: String) throws -> [ImportUnit] {
        let archive = try ZipArchive(path: path)
        var index: [String: String] = [:]
        if let csv = archive.entries.first(where: { $0.name.hasSuffix("activities.csv") }) {
            index = ActivityIndex.titles(
                String(decoding: try archive.open(csv).readAll(), as: UTF8.self))
        }
        var out: [ImportUnit] = []
        for e in archive.entries where activityFile(e.name) {
            let name = "\(path) (\(e.name))"
            let gz = e.name.hasSuffix(".gz")
            guard let format = extensionFormat(e.name) else { continue }
            var unit = ImportUnit(
                name: name, format: format, size: e.compressedSize,
                open: { try archive.open(e) }, gzipped: gz, path: nil)
            unit.title = index[e.name] ?? index[(e.name as NSString).lastPathComponent]
            out.append(unit)
        }
        return out
    }

    /// The activity format a file name's extension names (`.gz` looked through), or `nil`.
    static func extensionFormat(_ name: String) -> ImportFormat? {
        let bare = name.lowercased().hasSuffix(".gz") ? String(name.dropLast(3)) : name
        switch (bare as NSString).pathExtension.lowercased() {
        case "fit": return .fit
        case "tcx": return .tcx
        case "gpx": return .gpx
        default: return nil
        }
    }

    static func activityFile(_ name: String) -> Bool {
        let n = name.lowercased()
        return [".fit", ".tcx", ".gpx", ".fit.gz", ".tcx.gz", ".gpx.gz"].contains {
            n.hasSuffix($0)
        }
    }
}

/// The `activities.csv` index of a Strava-style export: file name → activity name.
enum ActivityIndex {
    static func titles(_ text: String) -> [String: String] {
        guard let rows = try? CSVTable.parse(text), let header = rows.first else { return [:] }
        let cols = header.fields.map { $0.lowercased() }
        guard let file = cols.firstIndex(where: { $0 == "filename" || $0 == "file name" }),
            let name = cols.firstIndex(where: {
                $0 == "activity name" || $0 == "name" || $0 == "title"
            })
        else { return [:] }
        var out: [String: String] = [:]
        for r in rows.dropFirst() where r.fields.count > max(file, name) && !r.fields[file].isEmpty
        {
            out[r.fields[file]] = r.fields[name]
            out[(r.fields[file] as NSString).lastPathComponent] = r.fields[name]
        }
        return out
    }
}
