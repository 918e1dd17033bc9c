/// Joins a long option to a following value that begins with a dash, so `--date -3d`,
/// `--duration -5m` and `--days -3` read as `--date=-3d`, `--duration=-5m` and `--days=-3`.
///
/// ArgumentParser takes any word that starts with `-` for an option of its own, so a value
/// such as a relative day (`-3d`), a negative number (`-0.25kg`, `-.5`) or a negative count is
/// "missing" unless it is attached with `=`. No option of coach is a dash and a digit, and no
/// positional argument may start with one, so such a word after a long option can only be that
/// option's value: it is attached, and the option's own parser judges it (a flag given one says
/// it takes no value). Nothing after a bare `--` is touched.
enum DashValues {
    /// `arguments` with every dash-led value attached to the long option before it.
    static func joined(_ arguments: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(arguments.count)
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            if word == "--" {
                result.append(contentsOf: arguments[index...])
                break
            }
            let next = arguments.index(after: index)
            if isLongOption(word), next < arguments.endIndex, isDashValue(arguments[next]) {
                result.append(word + "=" + arguments[next])
                index = arguments.index(after: next)
            } else {
                result.append(word)
                index = next
            }
        }
        return result
    }

    /// Whether `word` is a long option without an attached value (`--date`, not `--date=x`).
    static func isLongOption(_ word: String) -> Bool {
        word.count > 2 && word.hasPrefix("--") && !word.contains("=")
    }

    /// Whether `word` is a value that begins with a dash: a dash, then a digit or a decimal point
    /// and a digit (`-3d`, `-5m`, `-3`, `-0.25kg`, `-.5`).
    static func isDashValue(_ word: String) -> Bool {
        let characters = Array(word.unicodeScalars.prefix(3))
        guard characters.count >= 2, characters[0] == "-" else { return false }
        if isDigit(characters[1]) { return true }
        return characters[1] == "." && characters.count == 3 && isDigit(characters[2])
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }
}
