import CoachKit
import CoachSync
import Testing

/// `RosterPluginChain`: which sequences of a plugin's entries chain (each naming the plugin's
/// previous entry, a removal after a record) and which are refused.
@Suite struct RosterPluginChainTests {
    /// Entries of plugins `p` and `q`: a record (`r`) or a removal (`x`) of one plugin, named
    /// after the index of the entry it names as previous (`-` for none).
    struct Case: Sendable, CustomTestStringConvertible {
        let steps: [String]
        /// The index of the first entry refused; nil when all chain.
        let refused: Int?

        var testDescription: String { steps.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(steps: ["pr-", "px0", "pr1", "px2"], refused: nil),
        Case(steps: ["pr-", "qr-", "pr0", "qx1"], refused: nil),
        Case(steps: ["pr-", "px0", "pr-"], refused: 2),  // a record after its removal
        Case(steps: ["pr-", "pr-"], refused: 1),  // the first record twice
        Case(steps: ["pr-", "px0", "pr1", "px0"], refused: 3),  // a removal after a re-add
        Case(steps: ["pr-", "pr0", "pr0"], refused: 2),  // an older record after an update
        Case(steps: ["px-"], refused: 0),  // a removal of a plugin never added
        Case(steps: ["pr-", "px0", "px1"], refused: 2),  // a removal of a removed plugin
        Case(steps: ["pr-", "qr0"], refused: 1),  // naming another plugin's entry
    ]

    @Test("A plugin's entries chain only in order, naming its newest entry", arguments: cases)
    func chain(_ c: Case) throws {
        var entries: [RosterEntry] = []
        var chain = RosterPluginChain()
        var refusedAt: Int?
        for (n, step) in c.steps.enumerated() {
            let chars = Array(step)
            let previous = chars[2] == "-" ? [] : entries[Int(String(chars[2]))!].hash
            let record: [UInt8] = chars[1] == "r" ? [UInt8(n + 1)] : []
            let entry = RosterEntry.plugin(
                RosterPlugin(
                    pluginId: String(chars[0]), record: record, signerId: "u-olga",
                    previous: previous, signature: [UInt8(n)]))
            entries.append(entry)
            do { try chain.append(entry) } catch {
                refusedAt = n
                #expect(error.pluginId == String(chars[0]))
                break
            }
        }
        #expect(refusedAt == c.refused)
        if c.refused == nil {
            #expect(try RosterPluginChain(entries) == chain)
            #expect(chain.heads[String(c.steps.last!.first!)]?.hash == entries.last?.hash)
        }
    }

    @Test("Entries other than plugin entries leave the chain as it is")
    func otherEntries() throws {
        var chain = RosterPluginChain()
        try chain.append(.athlete(RosterAthlete(athleteId: "a-jane", handleTag: [1])))
        #expect(chain == RosterPluginChain())
        #expect(chain.previous(of: "p").isEmpty)
    }
}
