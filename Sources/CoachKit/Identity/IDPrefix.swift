import Foundation

/// Ids as people type them: any unique prefix names an id, and listings print the shortest
/// prefix that is unique (git style).
public enum IDPrefix {
    /// The fewest characters a printed prefix has, even when fewer would be unique.
    public static let minimumLength = 4

    /// The one id among `ids` that `text` names: the id itself, or the only id it starts.
    ///
    /// - Parameters:
    ///   - text: what the user typed.
    ///   - ids: every id it may name.
    /// - Returns: the full id, or nil when `text` starts none of them.
    /// - Throws: `CoachKitError.ambiguousID` listing the candidates (at most eight, sorted)
    ///   when `text` starts several.
    public static func resolve(_ text: String, among ids: some Sequence<String>) throws -> String? {
        var matches: [String] = []
        for id in ids {
            if id == text { return id }
            if !text.isEmpty && id.hasPrefix(text) { matches.append(id) }
        }
        if matches.count <= 1 { return matches.first }
        let shown = Array(Set(matches).sorted().prefix(8))
        if shown.count == 1 { return shown[0] }
        throw CoachKitError.ambiguousID(prefix: text, candidates: shown)
    }

    /// The shortest prefix of each id that no other id shares, at least `minimum` characters
    /// (or the whole id when it is shorter).
    ///
    /// - Parameters:
    ///   - ids: every id of the scope a prefix must be unique in.
    ///   - minimum: the fewest characters to print.
    /// - Returns: each id's printed prefix, keyed by id.
    public static func shortest(_ ids: some Sequence<String>, minimum: Int = minimumLength)
        -> [String: String]
    {
        let sorted = Array(Set(ids)).sorted()
        var out: [String: String] = [:]
        for (i, id) in sorted.enumerated() {
            var length = minimum
            for j in [i - 1, i + 1] where sorted.indices.contains(j) {
                length = max(length, commonPrefixLength(id, sorted[j]) + 1)
            }
            out[id] = String(id.prefix(length))
        }
        return out
    }

    static func commonPrefixLength(_ a: String, _ b: String) -> Int {
        zip(a, b).prefix { $0 == $1 }.count
    }
}
