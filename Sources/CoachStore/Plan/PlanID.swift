import Foundation

/// Short ids for weeks and sessions: 8 characters a person can read aloud and type.
enum PlanID {
    /// No 0/o, 1/l/i: nothing to confuse when typed from a printout.
    static let alphabet = Array("23456789abcdefghjkmnpqrstuvwxyz")

    /// A fresh id not in `taken`, with an optional one-letter prefix (`w` for weeks).
    static func make(prefix: String = "", random: () -> [UInt8], taken: Set<String>) -> String {
        while true {
            let id =
                prefix
                + random().prefix(8).map { String(alphabet[Int($0) % alphabet.count]) }.joined()
            if !taken.contains(id) { return id }
        }
    }
}
