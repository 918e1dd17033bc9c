/// The per-plugin chain of a roster's plugin entries, the key-free rule the server and every
/// replica apply to each plugin entry in roster order.
///
/// A plugin's first entry names no previous entry and is a record; each later entry names the
/// `RosterEntry.hash` of the plugin's newest entry so far. A removal must follow a record. So
/// a genuine entry replayed (a record after its removal, a removal after a re-add, an older
/// record after an update) names an entry that is no longer the newest and is refused.
public struct RosterPluginChain: Equatable, Sendable {
    /// A plugin's newest entry: its hash, and whether it is a record (not a removal).
    public struct Head: Equatable, Sendable {
        public var hash: [UInt8]
        public var live: Bool
    }

    /// By plugin id: its newest entry.
    public private(set) var heads: [String: Head] = [:]

    /// A chain with no plugin entries.
    public init() {}

    /// The chain after `entries` (the roster so far), every plugin entry checked.
    ///
    /// - Throws: `RosterPluginChain.Break` at the first plugin entry that does not chain.
    public init(_ entries: [RosterEntry]) throws(Break) {
        for entry in entries { try append(entry) }
    }

    /// What a new entry of `pluginId` must name as its previous entry (empty for its first).
    public func previous(of pluginId: String) -> [UInt8] { heads[pluginId]?.hash ?? [] }

    /// Takes one more roster entry; entries other than plugin entries leave the chain as is.
    ///
    /// - Throws: `RosterPluginChain.Break` naming the plugin when a plugin entry does not name
    ///   the plugin's newest entry, or removes a plugin that is not there.
    public mutating func append(_ entry: RosterEntry) throws(Break) {
        guard case .plugin(let plugin) = entry else { return }
        let id = plugin.pluginId
        guard plugin.previous.bytes == previous(of: id) else {
            throw Break(pluginId: id, reason: "does not follow the plugin's newest entry")
        }
        let removes = plugin.record.bytes.isEmpty
        if removes, heads[id]?.live != true {
            throw Break(pluginId: id, reason: "removes a plugin that is not on the roster")
        }
        heads[id] = Head(hash: entry.hash, live: !removes)
    }

    /// Why a plugin entry does not chain: the plugin and what is wrong.
    public struct Break: Error, Equatable, Sendable {
        public let pluginId: String
        public let reason: String

        /// One line naming the plugin.
        public var message: String { "the roster entry of plugin '\(pluginId)' \(reason)" }
    }
}
