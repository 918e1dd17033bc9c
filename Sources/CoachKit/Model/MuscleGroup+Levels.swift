import Foundation

extension MuscleGroup {
    /// Parses soreness levels typed as `quads=6,hamstrings=3` (one or several arguments).
    ///
    /// Group names accept the aliases of `parse(_:)`; levels are whole numbers (their range is
    /// checked by `WellnessEntry.validate()`).
    /// - Throws: `CoachKitError.invalidQuantity` for an item that is not `GROUP=LEVEL`, or
    ///   `.unknownName` (listing the valid groups) for an unknown group.
    public static func parseLevels(_ items: [String]) throws -> [MuscleGroup: Int] {
        var map: [MuscleGroup: Int] = [:]
        for item in items.flatMap({ $0.split(separator: ",") }) {
            let kv = item.split(separator: "=", omittingEmptySubsequences: false)
            guard kv.count == 2, let level = Int(kv[1].trimmingCharacters(in: .whitespaces)) else {
                throw CoachKitError.invalidQuantity(
                    String(item), expected: "GROUP=LEVEL, e.g. quads=6")
            }
            map[try parse(String(kv[0]))] = level
        }
        return map
    }
}
