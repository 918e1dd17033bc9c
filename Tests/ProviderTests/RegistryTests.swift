import CoachKit
import CoachMetrics
import Foundation
import Testing

@Suite struct RegistryTests {
    /// The repository's `Plugins/` folder, found from this file's location.
    static var pluginsFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Plugins")
    }

    @Test("every folder under Plugins/ is registered in BuiltinPlugins, and nothing else is")
    func pluginsOnDisk() throws {
        let entries = try FileManager.default.contentsOfDirectory(
            at: Self.pluginsFolder, includingPropertiesForKeys: [.isDirectoryKey])
        let folders = try entries.filter {
            try $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true
        }
        .map(\.lastPathComponent).sorted()
        #expect(folders.count >= 8)
        // A built-in metric plugin's module is `<Folder>Plugin` (e.g. TrainingLoadPlugin.TrainingLoadMetric).
        let modules = BuiltinPlugins.types.map {
            String(String(reflecting: $0).split(separator: ".")[0])
        }.sorted()
        #expect(
            modules == folders.map { $0 + "Plugin" }.sorted(),
            "Plugins/ holds \(folders) but BuiltinPlugins registers \(modules)")
    }

    @Test("the built-in ids are the eight documented ones, distinct and valid")
    func ids() {
        let ids = ProviderRegistry.builtins.ids
        #expect(
            Set(ids) == [
                "training-load", "readiness", "stress", "nutrition", "adherence", "self-assessment",
                "exertion", "activity",
            ])
        #expect(ids.count == 8)
        #expect(ids.allSatisfy(MetricDescriptor.isValidID))
    }

    @Test(
        "every descriptor is well formed: bands inside the range with #RRGGBB colours, inputs unique"
    )
    func descriptors() {
        for d in BuiltinPlugins.descriptors {
            #expect(
                !d.name.isEmpty && !d.summary.isEmpty && !d.version.isEmpty && !d.unit.isEmpty,
                "\(d.id)")
            #expect(!d.bands.isEmpty, "\(d.id) has no bands")
            for b in d.bands {
                #expect(
                    b.min >= d.range.min && b.max <= d.range.max && b.min <= b.max,
                    "\(d.id) band \(b.name)")
                #expect(
                    b.colour.count == 7 && b.colour.hasPrefix("#")
                        && b.colour.dropFirst().allSatisfy { $0.isHexDigit && !$0.isLowercase },
                    "\(d.id) colour \(b.colour)")
            }
            // Bands tile the integer scores of the first band's start to the last band's end without gaps.
            let sorted = d.bands.sorted { $0.min < $1.min }
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                #expect(b.min == a.max + 1, "\(d.id): gap after \(a.name)")
            }
            #expect(
                Set(d.inputs.map(\.kind)).count == d.inputs.count, "\(d.id) repeats an input kind")
        }
    }

    @Test("lookup by id, and duplicates are refused")
    func lookup() throws {
        var registry = ProviderRegistry.builtins
        #expect(registry.provider(id: "readiness")?.descriptor.name == "Readiness")
        #expect(registry.provider(id: "nope") == nil)
        #expect(throws: ProviderRegistry.RegistrationError.duplicateID("stress")) {
            try registry.register(BuiltinPlugins.all.first { $0.id == "stress" }!)
        }
        #expect(try registry.evaluate(id: "nope", MetricInput(day: Fx.day("2026-01-01"))) == nil)
    }

    @Test(
        "with no data every provider says insufficient_data, with a reason, its own id and finite JSON"
    )
    func emptyInput() throws {
        let input = MetricInput(day: Fx.day("2026-01-01"))
        for p in BuiltinPlugins.all {
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

extension RegistryTests {
    /// One day of every kind of record, all on `day`.
    static func oneDay(_ day: LocalDay) -> AthleteDataset {
        var p = AthleteProfile(handle: "one", name: "One Day", timeZone: "UTC")
        p.birthDate = LocalDay("1990-01-01"); p.sex = .male; p.heightCm = 180; p.weightKg = 75
        p.thresholds.ftpW = 250
        p.activity.stepGoals = [.init(from: day, steps: 8000)]
        var ds = AthleteDataset(athlete: p)
        let at = Fx.at(day, hour: 7)
        ds.workouts = [
            Fx.workout("w", at) {
                $0.elapsedS = 3600; $0.npW = 200; $0.rpe = 6
            }
        ]
        ds.biometrics = [Fx.sample(.hrv_rmssd, 60, at), Fx.sample(.resting_hr, 50, at)]
        ds.wellness = [WellnessEntry(id: "m", day: day, mood: 4)]
        ds.food = [FoodEntry(id: "f", time: at, kcal: 2500)]
        ds.steps = [StepsDay(day: day, steps: 9000)]
        ds.weeks = [ProgramWeek(id: "wk", start: day, sessions: [Fx.session("s", day)])]
        return ds
    }

    @Test(
        "with a single day of data each provider scores or says what it still needs",
        arguments: [
            // Issue 29: readiness says it is building its baseline instead of a default 50.
            ("training-load", "ok"), ("readiness", "insufficient_data"),
            ("stress", "insufficient_data"),
            ("nutrition", "insufficient_data"),
            ("adherence", "insufficient_data"), ("self-assessment", "ok"),
            ("exertion", "insufficient_data"), ("activity", "ok"),
        ])
    func oneDayOfData(id: String, status: String) throws {
        let day = Fx.day("2026-05-04")
        let p = try #require(ProviderRegistry.builtins.provider(id: id))
        let r = try p.evaluate(
            MetricInput.make(descriptor: p.descriptor, dataset: Self.oneDay(day), day: day))
        #expect(r.status.rawValue == status, "\(id): \(r.reason ?? r.explanation)")
        #expect((r.score != nil) == (status == "ok"))
        if id == "readiness" {
            #expect(r.reason?.hasPrefix("building baseline, 1 of 84 days") == true)
        }
    }
}
