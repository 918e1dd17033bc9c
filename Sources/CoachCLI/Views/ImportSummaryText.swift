import CoachApp
import Foundation

/// The text summary of an import: one line per record type, then the files that failed.
enum ImportSummaryText {
    static func render(_ r: ImportReport) -> String {
        var lines: [String] = []
        let verb = r.dryRun ? "would import" : "imported"
        lines.append(
            "type".padding(toLength: 34, withPad: " ", startingAt: 0)
                + "\(verb.padding(toLength: 13, withPad: " ", startingAt: 0))updated  duplicate  merged  skipped"
        )
        for t in r.types {
            let skipped = t.skipped.values.reduce(0, +)
            let label = t.label.count > 33 ? String(t.label.prefix(32)) + "…" : t.label
            lines.append(
                label.padding(toLength: 34, withPad: " ", startingAt: 0)
                    + pad(t.imported, 13) + pad(t.updated, 9) + pad(t.duplicate, 11)
                    + pad(t.merged, 8) + "\(skipped)")
            for (reason, n) in t.skipped.sorted(by: { $0.key < $1.key }) {
                lines.append("    skipped \(n): \(reason)")
            }
        }
        let ok = r.files.filter(\.imported).count
        lines.append(
            "\(ok) of \(r.files.count) file(s) \(r.dryRun ? "read (dry run)" : "imported").")
        for f in r.failures { lines.append("not imported: \(f.error ?? f.file)") }
        return lines.joined(separator: "\n")
    }

    static func pad(_ n: Int, _ width: Int) -> String {
        "\(n)".padding(toLength: width, withPad: " ", startingAt: 0)
    }
}

/// A one-line progress bar on stderr: percent of bytes, records per second, time left.
final class ProgressBar {
    let enabled: Bool
    var lastDraw = -1.0
    var drawn = false

    init(enabled: Bool) { self.enabled = enabled }

    func update(_ p: ImportProgress) {
        guard enabled, p.elapsedS - lastDraw >= 0.2 || lastDraw < 0 else { return }
        lastDraw = p.elapsedS
        let rate = p.elapsedS > 0 ? Double(p.records) / p.elapsedS : 0
        var line = "\r\(p.records) records  \(Int(rate)) rec/s"
        if let total = p.totalBytes, total > 0, p.bytes > 0 {
            let f = min(1, Double(p.bytes) / Double(total))
            let filled = Int(f * 24)
            let left = f > 0 ? p.elapsedS * (1 - f) / f : 0
            line =
                "\r[" + String(repeating: "#", count: filled)
                + String(repeating: ".", count: 24 - filled)
                + "] \(Int(f * 100))%  \(p.records) records  \(Int(rate)) rec/s  \(Int(left)) s left"
        }
        FileHandle.standardError.write(Data((line + "\u{1B}[K").utf8))
        drawn = true
    }

    func finish() {
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
