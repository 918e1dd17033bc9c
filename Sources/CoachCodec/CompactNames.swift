import CoachKit

/// The case names of a string enum as bytes, so a chunk's enum values are read by comparing
/// bytes instead of building a `String` and matching it case by case (a chunk holds thousands).
struct CompactNames<T: RawRepresentable & Sendable>: Sendable where T.RawValue == String {
    private let table: [(name: [UInt8], value: T)]

    /// - Parameter cases: every case the reader accepts.
    init(_ cases: some Sequence<T>) {
        table = cases.map { (Array($0.rawValue.utf8), $0) }
    }

    /// The case named by exactly `bytes`, or nil.
    func value(named bytes: UnsafeBufferPointer<UInt8>) -> T? {
        for entry in table where entry.name.elementsEqual(bytes) { return entry.value }
        return nil
    }
}

extension CompactReader {
    /// A raw value written as a string, refusing names `names` does not list (like
    /// `enumeration(_:)`, without building the string).
    mutating func enumeration<T>(_ names: CompactNames<T>) throws -> T {
        let n = try length()
        guard let value = try withFixed(n, { names.value(named: $0) }) else { throw Malformed() }
        return value
    }
}

extension MuscleGroup {
    static let compactNames = CompactNames(allCases)
}

extension BiometricSample.Kind {
    static let compactNames = CompactNames(allCases)
}

extension SleepRecord.Stage {
    static let compactNames = CompactNames(allCases)
}

extension Sport {
    static let compactNames = CompactNames(allCases)
}
