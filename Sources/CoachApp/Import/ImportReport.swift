import CoachImport
import CoachKit
import Foundation

/// What the user asked to import, and how.
public struct ImportRequest: Sendable {
    /// Files, folders or archives, as named.
    public var paths: [String]
    /// The format to read them as; recognised from the content when `nil`.
    public var format: ImportFormat?
    /// The athlete to import into (athlete users may leave it out).
    public var athlete: Handle?
    /// Records before this day are skipped.
    public var since: LocalDay?
    /// Go on past files that cannot be read, and skip records that fail validation.
    public var skipBad: Bool
    /// Read and count, write nothing.
    public var dryRun: Bool
    /// Ignore CSV columns no log kind has.
    public var ignoreUnknownColumns: Bool
    /// Records written per transaction: a kill loses at most one batch, re-running finishes it.
    public var batchSize: Int = 16000

    /// Creates a request.
    public init(
        paths: [String], format: ImportFormat? = nil, athlete: Handle? = nil,
        since: LocalDay? = nil, skipBad: Bool = false, dryRun: Bool = false,
        ignoreUnknownColumns: Bool = false
    ) {
        self.paths = paths; self.format = format; self.athlete = athlete; self.since = since
        self.skipBad = skipBad; self.dryRun = dryRun
        self.ignoreUnknownColumns = ignoreUnknownColumns
    }
}

/// Progress of a running import, for a front end to show.
public struct ImportProgress: Sendable {
    /// Source records read so far.
    public var records: Int
    /// Bytes of the current file read so far, and its size.
    public var bytes: Int64
    public var totalBytes: Int64?
    /// Seconds since the current file started.
    public var elapsedS: Double
    /// The file being read.
    public var file: String
}

/// What an import did, per record type and per file.
public struct ImportReport: Codable, Sendable, Equatable {
    /// Counts for one record type (an Apple Health type, `FIT session`, `CSV food`…).
    public struct TypeCounts: Codable, Sendable, Equatable {
        public var label: String
        public var imported = 0
        public var updated = 0
        public var duplicate = 0
        /// Source elements folded into another record (daily totals, workout samples).
        public var merged = 0
        /// Elements read but not imported, per reason.
        public var skipped: [String: Int] = [:]
    }

    /// One unit (file or archive entry) and whether it was imported.
    public struct FileResult: Codable, Sendable, Equatable {
        public var file: String
        public var format: String
        public var imported: Bool
        /// The problem that stopped the file, in neutral words.
        public var error: String?
    }

    public var dryRun: Bool
    public var files: [FileResult] = []
    public var types: [TypeCounts] = []

    enum CodingKeys: String, CodingKey {
        case files, types
        case dryRun = "dry_run"
    }

    /// The failed units.
    public var failures: [FileResult] { files.filter { !$0.imported } }

    mutating func merge(_ counts: [String: TypeCounts]) {
        for (label, c) in counts {
            if let i = types.firstIndex(where: { $0.label == label }) {
                types[i].imported += c.imported; types[i].updated += c.updated
                types[i].duplicate += c.duplicate; types[i].merged += c.merged
                types[i].skipped.merge(c.skipped, uniquingKeysWith: +)
            } else {
                types.append(c)
            }
        }
        types.sort { $0.label < $1.label }
    }
}
