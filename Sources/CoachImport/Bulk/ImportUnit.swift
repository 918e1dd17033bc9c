import CoachKit
import Foundation

/// Settings every importer shares.
public struct ImportSettings: Sendable {
    /// Records before this day are skipped.
    public var since: LocalDay?
    /// The athlete's zone, for formats whose times carry no offset (FIT, TCX, GPX).
    public var zone: TimeZone
    /// Whether CSV columns no log kind has are ignored instead of rejected.
    public var ignoreUnknownColumns: Bool

    /// Creates settings.
    public init(since: LocalDay? = nil, zone: TimeZone, ignoreUnknownColumns: Bool = false) {
        self.since = since; self.zone = zone; self.ignoreUnknownColumns = ignoreUnknownColumns
    }
}

/// One file to import on its own (all or nothing): a file named on the command line, a file
/// in a folder, or an entry of a bulk export zip.
public struct ImportUnit: Sendable {
    /// The name reports and errors use.
    public let name: String
    /// The format of the content.
    public let format: ImportFormat
    /// Bytes on disk, for progress (compressed size for archive entries).
    public let size: Int64?
    /// A title and sport from a bulk export's index, for the workout the file holds.
    public var title: String?
    let open: @Sendable () throws -> ByteStream
    let gzipped: Bool
    let path: String?

    /// Opens the unit's (decompressed) content.
    public func stream() throws -> ByteStream {
        let s = try open()
        return gzipped ? try InflateStream(source: s, wrapping: .gzip, name: name) : s
    }

    /// Reads the unit's whole content (small files only).
    public func bytes() throws -> [UInt8] { try stream().readAll() }

    /// Runs the unit's importer into `sink`.
    ///
    /// - Throws: `ImportError` for bad content; whatever the sink throws. JSON units are not
    ///   run here (the application imports them as whole datasets).
    public func run(into sink: ImportSink, settings: ImportSettings) throws {
        let target: ImportSink = title == nil ? sink : TitlingSink(inner: sink, title: title!)
        switch format {
        case .appleHealth:
            let importer = AppleHealthImporter(file: name, since: settings.since)
            if let path, !gzipped,
                try FileStream(path: path, length: 4).readAll().starts(
                    with: [0x50, 0x4B, 0x03, 0x04])
            {
                try importer.importZip(at: path, into: target)
            } else {
                try importer.run(stream: try stream(), into: target)
            }
        case .fit:
            try FITImporter(file: name, zone: settings.zone).run(bytes: try bytes(), into: target)
        case .tcx, .gpx:
            try TrackImporter(file: name, zone: settings.zone).run(
                stream: try stream(), format: format, into: target)
        case .csv:
            try CSVImporter(file: name, ignoreUnknown: settings.ignoreUnknownColumns).run(
                text: String(decoding: try bytes(), as: UTF8.self), into: target)
        case .json, .bulk:
            throw ImportError(
                file: name, position: .file, problem: .unknownFormat,
                message: "this content is imported as a whole, not record by record")
        }
    }
}

/// Gives the workouts a unit yields the title a bulk export's index has for it.
final class TitlingSink: ImportSink {
    let inner: ImportSink
    let title: String
    init(inner: ImportSink, title: String) { self.inner = inner; self.title = title }

    func record(_ record: ImportedRecord) throws {
        var r = record
        if case .workout(var w) = r.payload {
            w.title = title
            r.payload = .workout(w)
        }
        try inner.record(r)
    }
    func skip(_ label: String, reason: String) { inner.skip(label, reason: reason) }
    func merged(_ label: String, into target: String) { inner.merged(label, into: target) }
    func progress(bytesRead: Int64) { inner.progress(bytesRead: bytesRead) }
}
