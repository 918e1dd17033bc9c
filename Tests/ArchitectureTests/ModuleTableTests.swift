import Foundation
import Testing

/// docs/architecture.md lists every target Package.swift declares, so the module table cannot
/// fall behind a rename or a new module.
@Suite struct ModuleTableTests {
    /// The target names Package.swift declares (targets, test targets, system libraries and
    /// the built-in metric plugins' list at its top).
    static func declaredTargets() throws -> Set<String> {
        let manifest = try String(
            contentsOf: SourceTree.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = #/\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name: "([^"]+)"/#
        let plugin = #/\(name: "([^"]+)", path: "Plugins\//#
        return Set(manifest.matches(of: target).map { String($0.output.1) })
            .union(manifest.matches(of: plugin).map { String($0.output.1) })
    }

    @Test("Every target in Package.swift has a row in docs/architecture.md, and no row is stale")
    func tableMatchesManifest() throws {
        let declared = try Self.declaredTargets()
        #expect(declared.count > 30)
        let doc = try String(
            contentsOf: SourceTree.root.appendingPathComponent("docs/architecture.md"),
            encoding: .utf8)
        let rows = Set(
            doc.split(separator: "\n").compactMap { line in
                line.firstMatch(of: #/^\| `([A-Za-z-]+)` \|/#).map { String($0.output.1) }
            })
        let missing = declared.subtracting(rows).sorted()
        let stale = rows.subtracting(declared).sorted()
        #expect(missing.isEmpty, "targets without a row: \(missing)")
        #expect(stale.isEmpty, "rows without a target: \(stale)")
    }
}
