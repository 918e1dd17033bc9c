import Foundation

/// An athlete's whole dataset, sorted once and keyed by local day, ready to cut provider inputs.
///
/// The store decrypts one `AthleteDataset` per athlete, wraps it here once, then builds every
/// provider's `MetricInput` with `MetricInput.make(descriptor:index:day:now:)`. Each record's local
/// day is computed once; a window is two binary searches and one array slice, so building eight
/// inputs costs little more than copying what they hold.
public struct IndexedDataset: Sendable {
    /// Records of one kind sorted by local day (then time), with the day ordinals alongside.
    struct Column<T: Sendable>: Sendable {
        let items: [T]
        let days: [Int]

        /// Sorts `records` by `(day, order)`, keeping input order among equal keys.
        init(_ records: [T], day: (T) -> Int, order: (T) -> Double) {
            var keys: [(day: Int, order: Double)] = []
            keys.reserveCapacity(records.count)
            var sorted = true
            for i in records.indices {
                let k = (day: day(records[i]), order: order(records[i]))
                if let last = keys.last, (k.day, k.order) < (last.day, last.order) {
                    sorted = false
                }
                keys.append(k)
            }
            if sorted {
                items = records
                days = keys.map(\.day)
                return
            }
            let order = records.indices.sorted {
                (keys[$0].day, keys[$0].order, $0) < (keys[$1].day, keys[$1].order, $1)
            }
            items = order.map { records[$0] }
            days = order.map { keys[$0].day }
        }

        /// The records whose day lies in `first ... last` (`first` `nil` = from the beginning).
        func slice(from first: Int?, through last: Int) -> [T] {
            let lo = first.map { lowerBound($0) } ?? 0
            let hi = lowerBound(last + 1)
            return lo < hi ? Array(items[lo..<hi]) : []
        }

        private func lowerBound(_ day: Int) -> Int {
            var (lo, hi) = (0, days.count)
            while lo < hi {
                let mid = (lo + hi) / 2
                if days[mid] < day { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
    }

    public let profile: AthleteProfile
    public let zone: TimeZone
    let workouts: Column<Workout>
    let wellness: Column<WellnessEntry>
    let biometrics: Column<BiometricSample>
    let sleep: Column<SleepRecord>
    let food: Column<FoodEntry>
    let steps: Column<StepsDay>
    let weight: Column<WeightEntry>
    let plan: Column<PlannedSession>

    /// Sorts and indexes `dataset` (O(n log n) once).
    public init(_ dataset: AthleteDataset) {
        let zone = dataset.athlete.zone
        profile = dataset.athlete
        self.zone = zone
        var lo = Double.infinity, hi = -Double.infinity
        func span(_ i: Instant) { lo = min(lo, i.epochSeconds); hi = max(hi, i.epochSeconds) }
        for w in dataset.workouts { span(w.start) }
        for b in dataset.biometrics { span(b.time) }
        for s in dataset.sleep { span(s.start) }
        for f in dataset.food { span(f.time) }
        for w in dataset.weight { span(w.time) }
        let days = ZoneDays(zone: zone, from: lo, through: hi)
        func day(_ i: Instant) -> Int { days.day(of: i).ordinal }
        workouts = Column(
            dataset.workouts, day: { day($0.start) }, order: { $0.start.epochSeconds })
        wellness = Column(dataset.wellness, day: { $0.day.ordinal }, order: { _ in 0 })
        biometrics = Column(
            dataset.biometrics, day: { day($0.time) }, order: { $0.time.epochSeconds })
        sleep = Column(dataset.sleep, day: { day($0.start) }, order: { $0.start.epochSeconds })
        food = Column(dataset.food, day: { day($0.time) }, order: { $0.time.epochSeconds })
        steps = Column(dataset.steps, day: { $0.day.ordinal }, order: { _ in 0 })
        weight = Column(dataset.weight, day: { day($0.time) }, order: { $0.time.epochSeconds })
        plan = Column(
            dataset.weeks.flatMap(\.sessions), day: { $0.date.ordinal }, order: { Double($0.order) }
        )
    }
}

extension MetricInput {
    /// Builds the input `descriptor` asks for from a whole dataset.
    ///
    /// Convenience for one provider; to build inputs for several providers from the same dataset,
    /// index it once with `IndexedDataset` and call `make(descriptor:index:day:now:ref:)`.
    ///
    /// - Parameters:
    ///   - descriptor: the provider's descriptor (its declared kinds and windows).
    ///   - dataset: the athlete's decrypted data.
    ///   - day: the athlete-local day to score.
    ///   - now: the moment of evaluation; `nil` means 23:59:59 of `day`.
    /// - Returns: an input holding only the declared kinds within their windows.
    public static func make(
        descriptor: MetricDescriptor, dataset: AthleteDataset, day: LocalDay,
        now: Date? = nil
    ) -> MetricInput {
        make(descriptor: descriptor, index: IndexedDataset(dataset), day: day, now: now)
    }

    /// Builds the input `descriptor` asks for from an indexed dataset.
    ///
    /// A kind's window is `InputRequirement.window(for: day)`; `nil` days mean the whole history up
    /// to the last day of the window. Sleep records are selected by the day they start, one day
    /// earlier than the window, so the night before its first day is included.
    ///
    /// - Parameters:
    ///   - descriptor: the provider's descriptor.
    ///   - index: the athlete's indexed data.
    ///   - day: the athlete-local day to score.
    ///   - now: the moment of evaluation; `nil` means 23:59:59 of `day`.
    ///   - ref: an opaque athlete reference to pass on, if any.
    /// - Returns: an input holding only the declared kinds within their windows.
    ///   - carried: states carried as of a day before `day`; for a provider that declares
    ///     `carried`, whole-history kinds then start `lookBack − 1` days before the state's day.
    public static func make(
        descriptor: MetricDescriptor, index: IndexedDataset, day: LocalDay,
        now: Date? = nil, ref: String? = nil, carried: CarriedState? = nil
    ) -> MetricInput {
        var input = MetricInput(
            day: day, timeZone: index.profile.timeZone, now: now,
            athlete: AthleteContext(profile: index.profile, day: day, ref: ref))
        let cut = descriptor.carried.flatMap { declaration in
            carried.map { $0.asOf.adding(days: 1 - declaration.lookBack) }
        }
        if descriptor.carried != nil { input.carried = carried }
        for requirement in descriptor.inputs {
            let (first, last) = requirement.window(for: day)
            let lo = (first ?? cut)?.ordinal
            let hi = last.ordinal
            switch requirement.kind {
            case .workouts: input.workouts = index.workouts.slice(from: lo, through: hi)
            case .wellness: input.wellness = index.wellness.slice(from: lo, through: hi)
            case .biometrics: input.biometrics = index.biometrics.slice(from: lo, through: hi)
            case .sleep: input.sleep = index.sleep.slice(from: lo.map { $0 - 1 }, through: hi)
            case .food: input.food = index.food.slice(from: lo, through: hi)
            case .steps: input.steps = index.steps.slice(from: lo, through: hi)
            case .weight: input.weight = index.weight.slice(from: lo, through: hi)
            case .plan: input.plan = index.plan.slice(from: lo, through: hi)
            }
        }
        return input
    }
}
