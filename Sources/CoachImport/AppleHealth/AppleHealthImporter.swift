import CoachKit
import Foundation

/// Streams an Apple Health export (`export.xml`, or the zip the Health app writes) into records.
///
/// Memory stays flat as the file grows: instantaneous samples (heart rate, HRV, sleep…) go to
/// the sink as they are read; only small per-day aggregates (steps, food, weight) and the
/// workouts with their power samples wait for the end of the document. See docs/imports.md for
/// the mapping and the rule that removes double counting between sources.
public struct AppleHealthImporter {
    /// The name errors and summaries use.
    public let file: String
    /// Records before this day are skipped.
    public let since: LocalDay?

    /// Creates an importer for the file called `file`.
    public init(file: String, since: LocalDay? = nil) {
        self.file = file; self.since = since
    }

    /// Imports a zip export: finds its `export.xml` and streams it without unpacking to disk.
    ///
    /// - Throws: `ImportError` for a damaged zip or document; the sink's errors as they come.
    public func importZip(at path: String, into sink: ImportSink) throws {
        let zip = try ZipArchive(path: path, name: file)
        guard let entry = Self.exportEntry(in: zip) else {
            throw ImportError(
                file: file, position: .file, problem: .missingField,
                message: "the zip holds no Apple Health export.xml")
        }
        try run(stream: try zip.open(entry), entryName: entry.name, into: sink)
    }

    /// The document entry of a Health export zip (the XML that is not the clinical CDA one).
    static func exportEntry(in zip: ZipArchive) -> ZipArchive.Entry? {
        zip.entries.filter { $0.name.hasSuffix(".xml") && !$0.name.contains("cda") }
            .max { $0.size < $1.size }
    }

    /// Imports an `export.xml` document from `stream`.
    ///
    /// - Parameter entryName: the zip entry the stream comes from, for error positions.
    public func run(stream: ByteStream, entryName: String? = nil, into sink: ImportSink) throws {
        var scanner = XMLScanner(stream: stream, file: file)
        var state = AppleHealthState(since: since)
        var sawRoot = false
        var counter = 0
        do {
            loop: while true {
                switch try scanner.next() {
                case .endOfDocument: break loop
                case .end, .text: continue
                case .start:
                    if scanner.depth == 1 {
                        guard scanner.nameIs("HealthData") else {
                            throw scanner.error(
                                .wrongMagic, "the document is not an Apple Health export")
                        }
                        sawRoot = true
                        continue
                    }
                    guard scanner.depth == 2 else { continue }
                    if scanner.nameIs("Record") {
                        try state.record(&scanner, sink)
                    } else if scanner.nameIs("Workout") {
                        try state.workout(&scanner, sink)
                    } else if scanner.nameIs("Correlation") {
                        try scanner.skipElement()
                        sink.skip("Correlation", reason: "its records are read at top level")
                    } else if scanner.nameIs("ActivitySummary") {
                        try scanner.skipElement()
                        sink.skip("ActivitySummary", reason: "rings are derived data")
                    } else {
                        try scanner.skipElement()
                    }
                    counter += 1
                    if counter & 4095 == 0 { sink.progress(bytesRead: stream.sourceBytesRead) }
                }
            }
        } catch var e as ImportError {
            if let entryName, case .byte(let b) = e.position, e.file == file {
                e.position = .entry(entryName, byte: b)
            }
            throw e
        }
        guard sawRoot else {
            throw ImportError(
                file: file, position: .file, problem: .wrongMagic,
                message: "no <HealthData> element: not an Apple Health export")
        }
        try state.finish(sink)
        sink.progress(bytesRead: stream.sourceBytesRead)
    }
}
