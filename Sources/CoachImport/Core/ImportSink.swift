import Foundation

/// Receives what an importer reads, as it reads it.
///
/// Importers stream: they hand each record over as soon as it is complete and never hold a
/// whole file's records. A sink may batch and write them; it is a resource owner (it holds the
/// batch and the counts), hence a class protocol.
public protocol ImportSink: AnyObject {
    /// Takes one record.
    ///
    /// - Throws: whatever writing a batch throws; the importer stops and passes it on.
    func record(_ record: ImportedRecord) throws
    /// Counts one source element that was read but not imported, with the reason.
    func skip(_ label: String, reason: String)
    /// Counts one source element whose value was folded into another record (a daily total).
    func merged(_ label: String, into target: String)
    /// Reports how many bytes of the input have been read so far.
    func progress(bytesRead: Int64)
}

/// A sink that keeps everything in memory (tests, dry runs of small files).
public final class CollectingSink: ImportSink {
    /// The records, in the order they arrived.
    public private(set) var records: [ImportedRecord] = []
    /// Skipped elements per label and reason.
    public private(set) var skipped: [String: [String: Int]] = [:]
    /// The last byte count reported.
    public private(set) var bytesRead: Int64 = 0

    /// Creates an empty sink.
    public init() {}

    public func record(_ record: ImportedRecord) throws { records.append(record) }
    public func skip(_ label: String, reason: String) {
        skipped[label, default: [:]][reason, default: 0] += 1
    }
    public func progress(bytesRead: Int64) { self.bytesRead = bytesRead }
    public func merged(_ label: String, into target: String) { merged[label, default: 0] += 1 }
    /// Elements folded into other records, per label.
    public private(set) var merged: [String: Int] = [:]

    /// Records counted per label.
    public var countsByLabel: [String: Int] {
        records.reduce(into: [:]) { $0[$1.label, default: 0] += 1 }
    }
    /// Skipped elements counted per label (all reasons together).
    public var skippedByLabel: [String: Int] { skipped.mapValues { $0.values.reduce(0, +) } }
}
