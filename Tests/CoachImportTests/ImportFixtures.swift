import CoachKit
import CoachTestSupport
import Foundation
import Testing

@testable import CoachImport

/// Paths of the shared fixtures and helpers to run importers on text and files.
enum ImportFixtures {
    static let root = TestFixtures.repoRoot
    static func fixture(_ rel: String) -> String { TestFixtures.path(rel) }
    static let countsScript = root.appendingPathComponent(
        "Tests/ImportCounts/apple_health_counts.py"
    ).path
    static let required = ProcessInfo.processInfo.environment["COACH_REQUIRE_CROSSCHECK"] == "1"

    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3", "/bin/python3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs a program and returns its stdout (throws with stderr when it fails).
    static func run(_ exe: String, _ args: [String]) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw ImportError(file: exe, position: .file, problem: .unreadable, message: e)
        }
        return data
    }

    /// Imports an Apple Health document given as text.
    static func appleHealth(_ xml: String, file: String = "export.xml") throws -> CollectingSink {
        let sink = CollectingSink()
        try AppleHealthImporter(file: file).run(stream: MemoryStream(Array(xml.utf8)), into: sink)
        return sink
    }

    /// A minimal export around `body`.
    static func document(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        <!ATTLIST HealthData locale CDATA #REQUIRED>
        ]>
        <HealthData locale="en_US">
         <ExportDate value="2023-11-10 08:00:00 -0800"/>
         <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
        \(body)
        </HealthData>
        """
    }

    static func record(
        _ type: String, _ start: String, _ end: String? = nil, value: String,
        unit: String = "count",
        source: String = "Jane's Apple Watch", children: String = ""
    ) -> String {
        let t = type.hasPrefix("HK") ? type : "HKQuantityTypeIdentifier\(type)"
        let tail = children.isEmpty ? "/>" : ">\(children)</Record>"
        return """
             <Record type="\(t)" sourceName="\(source)" unit="\(unit)" \
            creationDate="\(end ?? start)" startDate="\(start)" endDate="\(end ?? start)" value="\(value)"\(tail)
            """
    }

    /// The distinct dedupe keys per label.
    static func distinct(_ sink: CollectingSink) -> [String: Int] {
        Dictionary(grouping: Set(sink.records.map { "\($0.label)\u{1}\($0.dedupeKey)" })) {
            String($0.split(separator: "\u{1}")[0])
        }.mapValues(\.count)
    }
}
