import CoachKit
import CoachProviders
import Foundation
import Testing

@Suite struct RegistryTests {
    /// The repository's `Plugins/` folder, found from this file's location.
    static var pluginsFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Plugins")
    }

    @Test("every folder under Plugins/ is registered in BuiltinProviders, and nothing else is")
    func pluginsOnDisk() throws {
        let entries = try FileManager.default.contentsOfDirectory(at: Self.pluginsFolder, includingPropertiesForKeys: [.isDirectoryKey])
        let folders = try entries.filter { try $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true }
            .map(\.lastPathComponent).sorted()
        #expect(folders.count >= 8)
        // A provider type's module is `<Folder>Provider` (e.g. TrainingLoadProvider.TrainingLoadMetric).
        let modules = BuiltinProviders.types.map { String(String(reflecting: $0).split(separator: ".")[0]) }.sorted()
        #expect(modules == folders.map { $0 + "Provider" }.sorted(),
                "Plugins/ holds \(folders) but BuiltinProviders registers \(modules)")
    }

    @Test("the built-in ids are the eight documented ones, distinct and valid")
    func ids() {
        let ids = ProviderRegistry.builtins.ids
        #expect(Set(ids) == ["training-load", "readiness", "stress", "nutrition", "adherence", "self-assessment",
                             "exertion", "activity"])
        #expect(ids.count == 8)
        #expect(ids.allSatisfy(MetricDescriptor.isValidID))
    }

    @Test("every descriptor is well formed: bands inside the range with #RRGGBB colours, inputs unique")
    func descriptors() {
        for d in BuiltinProviders.descriptors {
            #expect(!d.name.isEmpty && !d.summary.isEmpty && !d.version.isEmpty && !d.unit.isEmpty, "\(d.id)")
            #expect(!d.bands.isEmpty, "\(d.id) has no bands")
            for b in d.bands {
                #expect(b.min >= d.range.min && b.max <= d.range.max && b.min <= b.max, "\(d.id) band \(b.name)")
                #expect(b.colour.count == 7 && b.colour.hasPrefix("#")
                        && b.colour.dropFirst().allSatisfy { $0.isHexDigit && !$0.isLowercase }, "\(d.id) colour \(b.colour)")
            }
            // Bands tile the integer scores of the first band's start to the last band's end without gaps.
            let sorted = d.bands.sorted { $0.min < $1.min }
            for (a, b) in zip(sorted, sorted.dropFirst()) { #expect(b.min == a.max + 1, "\(d.id): gap after \(a.name)") }
            #expect(Set(d.inputs.map(\.kind)).count == d.inputs.count, "\(d.id) repeats an input kind")
        }
    }

    @Test("lookup by id, and duplicates are refused")
    func lookup() throws {
        var registry = ProviderRegistry.builtins
        #expect(registry.provider(id: "readiness")?.descriptor.name == "Readiness")
        #expect(registry.provider(id: "nope") == nil)
        #expect(throws: ProviderRegistry.RegistrationError.duplicateID("stress")) {
            try registry.register(BuiltinProviders.all.first { $0.id == "stress" }!)
        }
        #expect(registry.evaluate(id: "nope", MetricInput(day: Fx.day("2026-01-01"))) == nil)
    }

    @Test("with no data every provider says insufficient_data, with a reason, its own id and finite JSON")
    func emptyInput() throws {
        let input = MetricInput(day: Fx.day("2026-01-01"))
        for p in BuiltinProviders.all {
            let r = p.evaluate(input)
            #expect(r.id == p.id)
            #expect(r.status == .insufficientData, "\(p.id)")
            #expect(r.score == nil)
            #expect(r.reason?.isEmpty == false, "\(p.id)")
            #expect(r.isFinite)
            _ = try MetricResult.makeEncoder().encode(r)
        }
    }
}
