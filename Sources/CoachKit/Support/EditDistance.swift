import Foundation

/// The Levenshtein distance between words, for "did you mean" suggestions.
public enum EditDistance {
    /// The number of single-character insertions, deletions and substitutions that turn `a`
    /// into `b`; a swap of two neighbours counts as one (Damerau's transposition).
    public static func between(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        var d = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }

    /// The candidate closest to `word`, when it is close enough to be a typo: at most a third
    /// of the word's length (and at least one edit) away, or one that `word` starts.
    ///
    /// - Returns: nil when no candidate is that close.
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        let w = word.lowercased()
        let limit = max(1, w.count / 3)
        let ranked = candidates.map { ($0, between(w, $0.lowercased())) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        if let best = ranked.first, best.1 <= limit { return best.0 }
        if w.count >= 3, let started = candidates.sorted().first(where: { $0.hasPrefix(w) }) {
            return started
        }
        return nil
    }
}
